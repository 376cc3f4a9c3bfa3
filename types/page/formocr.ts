/**
 * `formocr`: the text-in-photo search box (spec part 2 §2). Submitting a keyword (a race bib
 * number, a word on a sign or badge) opens a full-screen overlay of the photos whose text holds
 * it (GET /api/ocr/search). Placing this component on a page is what makes the server read the
 * text in that gallery's photos (server/src/services/ocr/indexer.ts).
 */
export interface FormocrProps {
  /** The gallery searched; 0: the page's own gallery. */
  gallery_id: number;
  /** Title above the box; empty: none. */
  title: string;
  /** Hint inside the box; empty: the app's own ("Enter your bib number"). */
  placeholder: string;
}

export const FORMOCR_DEFAULTS: FormocrProps = { gallery_id: 0, title: '', placeholder: '' };
