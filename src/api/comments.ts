import { commentCalls, type CommentAdd, type CommentPost, type GiftPrecreate } from '../../types/api/comments';
import { call } from './call';

/**
 * Comment calls (types/api/comments.ts): posting and deleting, the lists, replies, gifts and
 * emotions, the block check and the bullet screen's history. Refusals arrive as ApiError with
 * the envelope's code (ErrorCode.COMMENT_*, GIFT_*) and the spec's text in its body's msg.
 */
export const commentApi = {
  /** The send bar (140 letters). */
  post: (body: CommentPost) => call(commentCalls.post, { body }),
  /** A comment or a reply elsewhere (120 letters for text). */
  add: (body: CommentAdd) => call(commentCalls.add, { body }),
  destroy: (id: number) => call(commentCalls.destroy, { body: { id } }),
  del: (id: number) => call(commentCalls.del, { body: { id } }),
  /** Newest first: `time` for the popup's refresh, `before` (a comment id) for load more. */
  list: (galleryid: number, o: { time?: number; before?: number; pagesize?: number } = {}) => call(commentCalls.list, { query: { galleryid, ...o } }),
  top: (galleryid: number) => call(commentCalls.top, { query: { galleryid } }),
  my: (galleryid: number) => call(commentCalls.my, { query: { galleryid } }),
  /** Pinned first, then newest, 50 a page. */
  galleryList: (galleryId: number, page = 1) => call(commentCalls.galleryList, { params: { id: galleryId }, query: { page } }),
  replyList: (ids: number[], limit = 20, offset = 0) => call(commentCalls.replyList, { query: { ids: ids.join(','), _limit: limit, _offset: offset } }),
  galleryShow: (id: number, withs: Array<'gift_detail' | 'emotion_detail'> = []) =>
    call(commentCalls.galleryShow, { query: withs.length ? { id, _with: withs.join(',') } : { id } }),
  selfInfo: (galleryId: number) => call(commentCalls.selfInfo, { params: { orderid: galleryId } }),
  blockCheck: (galleryid: number) => call(commentCalls.blockCheck, { query: { galleryid } }),
  gifts: (galleryid: number) => call(commentCalls.gifts, { query: { galleryid } }),
  emotions: (galleryid: number) => call(commentCalls.emotions, { query: { galleryid } }),
  /** A paid gift's order (price × count in cents); pay it, then post the gift with its tradeid. */
  giftPrecreate: (body: GiftPrecreate) => call(commentCalls.giftPrecreate, { body }),
  /** The bullet screen's history (kind 'danmuku'), 50 a page, newest first. */
  history: (galleryid: number, page = 1) => call(commentCalls.history, { query: { galleryid, kind: 'danmuku', paging: 1, page } })
};
export type CommentApi = typeof commentApi;
