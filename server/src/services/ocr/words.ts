/**
 * Words of OCR text and of a search keyword, normalised the same way: NFKC (full-width digits
 * become ASCII), lower case, split at anything that is not a letter or a digit. Chinese
 * characters that OCR separates with spaces are joined into one run. A digit run inside
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
/** A bib number behind a one- or two-letter prefix ('a1024'). */
const PREFIXED = /^\p{L}{1,2}(\p{Nd}{2,})$/u;

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
 * (bib 482 must not find 4821), with or without a bib's letter prefix ('A-1024', 'A1024' and
 * '1024' find the same photos); Chinese text matches inside a run; other words by prefix
 * ("marat" finds "marathon"). Null when the keyword has no searchable word.
 */
export function keywordWords(keyword: string): WordMatch[] | null {
  const words = [...new Set(wordsOf(keyword.slice(0, OCR_KEYWORD_MAX))
    .filter((w) => !(w.length < MIN_WORD && !/\p{Script=Han}/u.test(w)))
    // A bib's letter prefix ('A1024', as 'A-1024' already is): the number decides, since OCR
    // often reads the prefix apart from the number, or not at all.
    .map((w) => PREFIXED.exec(w)?.[1] ?? w))];
  // Digit runs split out of a mixed word are implied by the word itself.
  const kept = words.filter((w) => !(/^\p{Nd}+$/u.test(w) && words.some((o) => o !== w && o.includes(w))));
  if (!kept.length) return null;
  return kept.slice(0, 5).map((word) => ({
    word,
    how: /^\p{Nd}+$/u.test(word) ? 'exact' : /\p{Script=Han}/u.test(word) ? 'contains' : 'prefix'
  }));
}

/** The shortest number that gets "maybe yours" matches (shorter ones would match too much). */
export const APPROX_MIN_DIGITS = 3;
/** The shortest number whose reading without its last digit is a "maybe" (the last digit hidden or cut). */
export const APPROX_MIN_DIGITS_TRUNCATED = 4;

/** The keyword's number when it is one bib number (a letter prefix dropped), else null: what "maybe yours" is for. */
export function keywordNumber(keyword: string): string | null {
  const words = keywordWords(keyword);
  return words?.length === 1 && /^\p{Nd}+$/u.test(words[0].word) ? words[0].word : null;
}

/**
 * SQL LIKE patterns and exact words that read close to a bib number: one digit off (same
 * length, one place any digit) or the number without its last digit. Empty for short numbers.
 */
export function approxForms(num: string): { like: string[]; equal: string[] } {
  if (num.length < APPROX_MIN_DIGITS) return { like: [], equal: [] };
  const like = [...num].map((_, i) => `${num.slice(0, i)}_${num.slice(i + 1)}`);
  return { like, equal: num.length >= APPROX_MIN_DIGITS_TRUNCATED ? [num.slice(0, -1)] : [] };
}

/** Whether an indexed word reads close to the number (approxForms, in JavaScript: the bench, tests). */
export function isApprox(num: string, word: string): boolean {
  if (!/^\d+$/.test(word) || word === num) return false;
  const { like, equal } = approxForms(num);
  if (equal.includes(word)) return true;
  return like.length > 0 && word.length === num.length && [...word].filter((c, i) => c !== num[i]).length === 1;
}
