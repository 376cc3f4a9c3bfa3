import { INLINE_REPLIES, type Comment, type Reply } from '../../../types/api/comments';

/** List operations of CommentsStore (pure: they answer new lists). */

/** The envelope code of a refused call (ApiError.code), if any. */
export const codeOf = (e: unknown): number | undefined =>
  e && typeof e === 'object' && 'code' in e && typeof (e as { code: unknown }).code === 'number' ? (e as { code: number }).code : undefined;

/**
 * The newest page over the shown list: the fresh page first, then the older ones kept. Shown
 * comments inside the fresh page's span but missing from it were deleted, so they go.
 */
export function mergeNewest(shown: Comment[], fresh: Comment[]): Comment[] {
  const byId = new Set(fresh.map((c) => c.id));
  const oldestFresh = fresh.length ? fresh[fresh.length - 1].id : Infinity;
  return [...fresh, ...shown.filter((c) => !byId.has(c.id) && c.id < oldestFresh)];
}

/**
 * A posted reply joins its root: inline while the root shows all its replies and has fewer than
 * three, otherwise after those 'more' loaded (`more`, by root id, is updated in place).
 */
export function withReply(items: Comment[], posted: Comment, more: Map<number, Reply[]>): Comment[] {
  const rootId = posted.reply_id;
  const line: Reply = { id: posted.id, nick_name: posted.nickname, content: posted.content, type: posted.type, openid: posted.openid, createtime: posted.createtime };
  return items.map((c) => {
    if (c.id !== rootId && !c.replylist.some((r) => r.id === rootId)) return c;
    const inline = c.replylist.length < INLINE_REPLIES && c.reply_total === c.replylist.length;
    if (!inline) more.set(c.id, [...(more.get(c.id) ?? []), line]);
    return { ...c, replylist: inline ? [...c.replylist, line] : c.replylist, reply_total: c.reply_total + 1, has_reply: 1 };
  });
}

/** Without a deleted comment: a root goes with its replies; a reply leaves its root's lines and count. */
export function withoutComment(items: Comment[], id: number, more: Map<number, Reply[]>): Comment[] {
  if (items.some((c) => c.id === id)) return items.filter((c) => c.id !== id);
  return items.map((c) => {
    const loaded = more.get(c.id) ?? [];
    if (!c.replylist.some((r) => r.id === id) && !loaded.some((r) => r.id === id)) return c;
    more.set(c.id, loaded.filter((r) => r.id !== id));
    return { ...c, replylist: c.replylist.filter((r) => r.id !== id), reply_total: Math.max(0, c.reply_total - 1) };
  });
}
