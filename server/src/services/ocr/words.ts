/**
 * Words of OCR text and of a search keyword, normalised the same way: NFKC (full-width digits
 * become ASCII), lower case, split at anything that is not a letter or a digit. Chinese
 * characters that tesseract separates with spaces are joined into one run. A digit run inside
 * a word is a word too ("no.4821" and "a4821" give "4821"), so a bib number printed beside
 * letters is still found by the number alone.
 */
import { OCR_KEYWORD_MAX } from '../../../../types/api/ocr';

/** Words shorter than this are noise from textures (a stray "i", "1"). */
export const MIN_WORD = 2;
/** Longer runs are cut (no real sign or bib carries one). */
export const MAX_WORD = 40;
/** At most this many words are kept per photo. */
export const MAX_WORDS_PER_PHOTO = 200;

const HAN = '\\p{Script=Han}';
const HAN_GAP = new RegExp(`(${HAN})\\s+(?=${HAN})`, 'gu');
const SPLIT = /[^\p{L}\p{N}]+/u;
const DIGIT_RUN = /\p{Nd}{2,}/gu;

/** The words of a text, deduplicated, in order of first appearance. */
export function wordsOf(text: string): string[] {
  const norm = text.normalize('NFKC').toLowerCase().replace(HAN_GAP, '$1');
  const out = new Set<string>();
  for (const piece of norm.split(SPLIT)) {
    if (piece.length >= MIN_WORD || /\p{Script=Han}/u.test(piece)) out.add(piece.slice(0, MAX_WORD));
    for (const run of piece.match(DIGIT_RUN) ?? []) if (run !== piece) out.add(run.slice(0, MAX_WORD));
    if (out.size >= MAX_WORDS_PER_PHOTO) break;
  }
  return [...out].filter((w) => w.length >= MIN_WORD || /\p{Script=Han}/u.test(w));
}

/** How one keyword word matches indexed words. */
export type WordMatch = { word: string; how: 'exact' | 'prefix' | 'contains' };

/**
 * The keyword as words to match (all of them must be in a photo): a number matches whole
 * (bib 482 must not find 4821); Chinese text matches inside a run; other words by prefix
 * ("marat" finds "marathon"). Null when the keyword has no searchable word.
 */
export function keywordWords(keyword: string): WordMatch[] | null {
  const words = wordsOf(keyword.slice(0, OCR_KEYWORD_MAX)).filter((w) => !(w.length < MIN_WORD && !/\p{Script=Han}/u.test(w)));
  // Digit runs split out of a mixed word are implied by the word itself.
  const kept = words.filter((w) => !(/^\p{Nd}+$/u.test(w) && words.some((o) => o !== w && o.includes(w))));
  if (!kept.length) return null;
  return kept.slice(0, 5).map((word) => ({
    word,
    how: /^\p{Nd}+$/u.test(word) ? 'exact' : /\p{Script=Han}/u.test(word) ? 'contains' : 'prefix'
  }));
}
