/**
 * `formocr`: the text-in-photo search box (spec part 2 §2). Submitting a keyword (a race bib
 * number, a word on a sign or badge) opens a full-screen overlay of the photos whose text holds
 * it (GET /api/ocr/search). Placing this component on a page is what makes the server read the
 * text in that gallery's photos (server/src/services/ocr/indexer.ts).
 */
import * as T from 'typebox';
import { defineComponent, GalleryRef, Line, Props } from './kit';

export const FormocrPropsSchema = Props({
  /** The gallery searched; 0: the page's own gallery. */
  gallery_id: GalleryRef({ default: 0 }),
  /** Title above the box; empty: none. */
  title: Line(100, { default: '' }),
  /** Hint inside the box; empty: the app's own ("Enter your bib number"). */
  placeholder: Line(60, { default: '' })
});
export type FormocrProps = T.Static<typeof FormocrPropsSchema>;

export const formocrDefinition = defineComponent('formocr', FormocrPropsSchema);
export const FORMOCR_DEFAULTS: FormocrProps = formocrDefinition.defaults;
