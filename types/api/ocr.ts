/**
 * Text-in-photo search (spec part 2 §2 "OCR search box", §7 "OCR search"): the formocr page
 * component sends a keyword (a race bib number, a word of a sign or name badge) and gets the
 * gallery's photos whose text, read by OCR at ingest, holds it, and apart from them the photos
 * whose number reads close to it ("maybe yours"). Items are photos and carry the `trash` flag;
 * the client hides items with trash above 0.
 */
import * as T from 'typebox';
import { defineCall, type CallQuery } from './contract';
import { Count, Id, MAX_ID, Required } from './schema';
import { PhotoSchema } from './photo';

/** Longest keyword. */
export const OCR_KEYWORD_MAX = 40;
/** Photos per page of results. */
export const OCR_PAGE_SIZE = 30;
/** At most this many "maybe yours" photos (first page only). */
export const OCR_MAYBE_MAX = 30;

export const OcrSearchResultSchema = T.Object({
  /** Photos whose text holds the keyword (exact matches), a page at a time. */
  items: T.Array(PhotoSchema),
  /**
   * "Maybe yours" (issue 27): when the keyword is one bib number (3 digits or more, a letter
   * prefix as in 'A-1024' dropped), photos whose text reads close to it, one digit off or
   * without its last digit (4 digits or more), and that are not among the exact matches.
   * Shown apart, below them. On the first page only (offset 0), at most OCR_MAYBE_MAX; empty otherwise.
   */
  maybe: T.Array(PhotoSchema),
  total: T.Integer(),
  pagedata: T.Object({
    offset: T.Integer(),
    page_size: T.Integer(),
    next_offset: T.Integer(),
    has_more: T.Boolean()
  })
});
export type OcrSearchResult = T.Static<typeof OcrSearchResultSchema>;

export const ocrCalls = {
  /** GET /api/ocr/search?galleryid&keyword: photos of the gallery whose text holds the keyword, newest shot first. */
  search: defineCall('GET', '/api/ocr/search', {
    query: T.Object({
      galleryid: Id({ maximum: MAX_ID }),
      keyword: Required(OCR_KEYWORD_MAX),
      offset: T.Optional(Count(100_000))
    }),
    response: OcrSearchResultSchema
  })
};

export type OcrSearchQuery = CallQuery<typeof ocrCalls.search>;
