import type { ContentCheckInput, ContentCheckResult, ContentChecker } from './provider';

/** Words the sandbox refuses or holds when none are configured (so the flows can be tried out). */
export const SANDBOX_REJECT_WORDS = ['sandbox-reject'];
export const SANDBOX_REVIEW_WORDS = ['sandbox-review'];

/** Lower case, full-width ASCII folded to ASCII, spaces and zero-width characters removed: "Ｂ a d" matches "bad". */
export function foldText(s: string): string {
  return s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s\u200b-\u200d\u2060\ufeff]+/g, '');
}

/**
 * The local word-list check: a text containing a reject word is rejected, one containing a
 * review word is held for review, anything else passes. Matching folds case, width and
 * spaces. Lists come from CONTENT_REJECT_WORDS / CONTENT_REVIEW_WORDS (comma-separated).
 */
export class WordListChecker implements ContentChecker {
  readonly id = 'sandbox';
  private reject: string[];
  private review: string[];

  constructor(lists: { reject: string[]; review: string[] }) {
    const clean = (words: string[]) => [...new Set(words.map(foldText).filter(Boolean))];
    this.reject = clean(lists.reject);
    this.review = clean(lists.review);
  }

  async check(input: ContentCheckInput): Promise<ContentCheckResult> {
    const text = foldText(input.text);
    const rejected = this.reject.find((w) => text.includes(w));
    if (rejected) return { verdict: 'reject', label: `word: ${rejected}` };
    const held = this.review.find((w) => text.includes(w));
    if (held) return { verdict: 'review', label: `word: ${held}` };
    return { verdict: 'pass', label: '' };
  }
}
