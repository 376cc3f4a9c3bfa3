import { COMMENT_SENDBAR_MAX, type Comment } from '../../../types/api/comments';
import { ErrorCode } from '../../../types/envelope';
import type { MessageKey } from '../../i18n';

/**
 * Comment rules of the client (spec part 3 §2 item 1, §3, §5): what a comment's content shows,
 * who may reply, the send bar's checks and the refusals' wording.
 */

/** A comment's content, read from its type and JSON (spec part 3 §3). */
export type CommentView =
  | { kind: 'text'; text: string }
  | { kind: 'question'; text: string }
  | { kind: 'html'; html: string }
  | { kind: 'image'; image: string; width?: number; height?: number }
  | { kind: 'file'; file: string; name: string; size?: number }
  | { kind: 'redpackage'; id: number; text: string }
  | { kind: 'gift'; name: string; image: string; count: number; price?: number }
  | { kind: 'emotion'; image: string; name: string }
  | { kind: 'vote'; voteId: number; title: string };

const str = (v: unknown): v is string => typeof v === 'string';
const num = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function json(content: string): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(content);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The view of one comment, or null when its content cannot be read (skipped silently, part 3 §8). */
export function viewOf(c: Pick<Comment, 'type' | 'content'>): CommentView | null {
  switch (c.type) {
    case 'text':
      return { kind: 'text', text: c.content };
    case 'question':
      return { kind: 'question', text: c.content };
    case 'html':
      return { kind: 'html', html: c.content };
    default:
      break;
  }
  const o = json(c.content);
  if (!o) return null;
  switch (c.type) {
    case 'image':
      return str(o.image) ? { kind: 'image', image: o.image, ...(num(o.width) ? { width: o.width } : {}), ...(num(o.height) ? { height: o.height } : {}) } : null;
    case 'file':
      return str(o.file) && str(o.name) ? { kind: 'file', file: o.file, name: o.name, ...(num(o.size) ? { size: o.size } : {}) } : null;
    case 'redpackage':
      return num(o.id) ? { kind: 'redpackage', id: o.id, text: str(o.content) ? o.content : '' } : null;
    case 'gift':
      return str(o.name) && str(o.image) && num(o.count) ? { kind: 'gift', name: o.name, image: o.image, count: o.count, ...(num(o.price) ? { price: o.price } : {}) } : null;
    case 'emotion':
      return str(o.image) ? { kind: 'emotion', image: o.image, name: str(o.name) ? o.name : '' } : null;
    case 'vote':
      return num(o.vote_id) && str(o.question_title) ? { kind: 'vote', voteId: o.vote_id, title: o.question_title } : null;
    default:
      return null;
  }
}

/** Integer cents as yuan with two decimals (spec part 3 §3 Gift): 1234 → '12.34'. */
export function yuan(cents: number): string {
  const c = Math.round(cents);
  const sign = c < 0 ? '-' : '';
  const a = Math.abs(c);
  return `${sign}${Math.floor(a / 100)}.${String(a % 100).padStart(2, '0')}`;
}

/** No reply option on organiser, pinned or question comments (part 1 §5, part 3 §2 item 1). */
export function canReply(c: Pick<Comment, 'master' | 'istop' | 'type'>): boolean {
  return !c.master && !c.istop && c.type !== 'question';
}

/** Letters as a reader counts them (code points, so an emoji is one). */
export const letters = (s: string): number => Array.from(s).length;

/** The send bar's check (part 3 §5): the refusal to show, or null when the text may go. */
export function draftProblem(text: string): { key: MessageKey; params?: Record<string, number> } | null {
  if (!text.trim()) return { key: 'comments.empty_input' };
  if (letters(text) > COMMENT_SENDBAR_MAX) return { key: 'comments.tooLong', params: { n: COMMENT_SENDBAR_MAX } };
  return null;
}

/** The wording of a refused post (codes 201201–201207); anything else is 'Post Comment Error'. */
export function postErrorKey(code: number | undefined): MessageKey {
  switch (code) {
    case ErrorCode.COMMENT_EMPTY:
      return 'comments.empty_input';
    case ErrorCode.COMMENT_REPEAT:
      return 'comments.repeat';
    case ErrorCode.COMMENT_SILENCED:
      return 'comments.silenced';
    case ErrorCode.COMMENT_ALL_SILENCED:
      return 'comments.allSilenced';
    case ErrorCode.COMMENT_CLOSED:
      return 'comments.closed';
    case ErrorCode.COMMENT_REJECTED:
      return 'comments.rejected';
    default:
      return 'comments.postError';
  }
}

/** Popup comments on the gallery page (part 3 §2 item 1, §9). */
export const POPUP = {
  /** The list is asked again this often. */
  REFRESH_MS: 10_000,
  /** One waiting comment comes up this often. */
  SHOW_EVERY_MS: 3_000,
  /** At most this many on screen. */
  MAX_VISIBLE: 3,
  /** Each fades after this long. */
  FADE_MS: 8_500,
  /** Only comments posted within this window (seconds). */
  FRESH_S: 120
} as const;
