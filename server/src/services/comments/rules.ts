import { AppError, badRequest } from '../../errors';
import { ErrorCode } from '../../../../types/envelope';
import { CONTROL_CHAR_RE, LINE_CONTROL_CHAR_RE, MAX_ID } from '../../../../types/api/schema';
import { COMMENT_MESSAGES, GIFT_COUNT_MAX, IMAGE_URL_PATTERN } from '../../../../types/api/comments';
import { cleanHtml } from '../content/sanitize';

/**
 * The comment rules that need no database (types/api/comments.ts): text limits and the shape
 * of each type's JSON content. Refusals carry the stable codes of ErrorCode.COMMENT_*.
 */

/** Letters as the visitor counts them: code points (an emoji is one). */
export const letters = (s: string) => Array.from(s).length;

export const commentEmpty = () => new AppError(ErrorCode.COMMENT_EMPTY, COMMENT_MESSAGES.empty, null, 400);
export const commentTooLong = (max: number) => new AppError(ErrorCode.COMMENT_TOO_LONG, COMMENT_MESSAGES.tooLong(max), { max }, 400);
export const commentRepeat = () => new AppError(ErrorCode.COMMENT_REPEAT, COMMENT_MESSAGES.repeat, { key: COMMENT_MESSAGES.repeatKey }, 409);
export const silenced = () => new AppError(ErrorCode.COMMENT_SILENCED, COMMENT_MESSAGES.silenced, { key: 'silenced' }, 403);
export const allSilenced = () => new AppError(ErrorCode.COMMENT_ALL_SILENCED, COMMENT_MESSAGES.allSilenced, { key: 'block_all' }, 403);
export const commentsClosed = () => new AppError(ErrorCode.COMMENT_CLOSED, COMMENT_MESSAGES.closed, null, 403);
export const commentRejected = (label: string) => new AppError(ErrorCode.COMMENT_REJECTED, COMMENT_MESSAGES.rejected, { label }, 422);

/** A text or question comment: trimmed, not empty, at most `max` letters, no control characters but line breaks and tabs. */
export function checkText(content: string, max: number): string {
  const text = content.trim();
  if (!text) throw commentEmpty();
  if (letters(text) > max) throw commentTooLong(max);
  if (CONTROL_CHAR_RE.test(text)) throw badRequest('content must not contain control characters');
  return text;
}

function parseObject(content: string, type: string): Record<string, unknown> {
  let v: unknown;
  try {
    v = JSON.parse(content);
  } catch {
    throw badRequest(`content must be a JSON object for a ${type} comment`);
  }
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw badRequest(`content must be a JSON object for a ${type} comment`);
  return v as Record<string, unknown>;
}

function idField(o: Record<string, unknown>, name: string, type: string): number {
  const v = o[name];
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > MAX_ID) throw badRequest(`content.${name} must be a positive integer for a ${type} comment`);
  return v;
}

function lineField(o: Record<string, unknown>, name: string, max: number, type: string, required = true): string {
  const v = o[name];
  if (v === undefined && !required) return '';
  if (typeof v !== 'string' || (required && !v.trim()) || letters(v) > max || LINE_CONTROL_CHAR_RE.test(v)) {
    throw badRequest(`content.${name} must be one line of at most ${max} characters for a ${type} comment`);
  }
  return v;
}

const IMAGE_URL_RE = new RegExp(IMAGE_URL_PATTERN);
function urlField(o: Record<string, unknown>, name: string, type: string): string {
  const v = o[name];
  if (typeof v !== 'string' || !IMAGE_URL_RE.test(v)) throw badRequest(`content.${name} must be an http(s) address or a path on this server for a ${type} comment`);
  return v;
}

function sizeField(o: Record<string, unknown>, name: string, type: string, max: number): number | undefined {
  const v = o[name];
  if (v === undefined) return undefined;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > max) throw badRequest(`content.${name} must be an integer from 0 to ${max} for a ${type} comment`);
  return v;
}

/** `{"id", "image"}` of an emotion comment as sent. */
export function emotionChoice(content: string): { id: number | null; image: string } {
  const o = parseObject(content, 'emotion');
  return { id: o.id === undefined ? null : idField(o, 'id', 'emotion'), image: urlField(o, 'image', 'emotion') };
}

/** `{"id", "count"}` of a gift comment as sent (count 1 by default). */
export function giftChoice(content: string): { id: number; count: number } {
  const o = parseObject(content, 'gift');
  const count = o.count === undefined ? 1 : o.count;
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > GIFT_COUNT_MAX) throw badRequest(`content.count must be an integer from 1 to ${GIFT_COUNT_MAX}`);
  return { id: idField(o, 'id', 'gift'), count };
}

/** The stored content of an organiser's html, image, file or vote comment (JSON for the typed ones). */
export function organiserContent(type: 'html' | 'image' | 'file' | 'vote', content: string): string {
  if (type === 'html') {
    const html = cleanHtml(content).trim();
    if (!html) throw commentEmpty();
    return html;
  }
  const o = parseObject(content, type);
  if (type === 'image') {
    const width = sizeField(o, 'width', type, 100_000);
    const height = sizeField(o, 'height', type, 100_000);
    return JSON.stringify({ image: urlField(o, 'image', type), ...(width !== undefined ? { width } : {}), ...(height !== undefined ? { height } : {}) });
  }
  if (type === 'file') return JSON.stringify({ file: urlField(o, 'file', type), name: lineField(o, 'name', 200, type), size: sizeField(o, 'size', type, Number.MAX_SAFE_INTEGER) ?? 0 });
  return JSON.stringify({ vote_id: idField(o, 'vote_id', type), question_title: lineField(o, 'question_title', 200, type) });
}
