import type { FastifyInstance } from 'fastify';
import { route } from '../http';
import { COMMENT_SENDBAR_MAX, COMMENT_TEXT_MAX, commentCalls } from '../../../types/api/comments';
import { organiserCommentCalls } from '../../../types/api/comments-organizer';
import { splitIds } from '../../../types/api/schema';
import type { Services } from '../services';

/** Comments (types/api/comments.ts): the rules are in services/comments/. */
export default async function commentRoutes(app: FastifyInstance, s: Services) {
  route(app, commentCalls.post, ({ viewer, body }) =>
    s.comments.post(viewer, { galleryId: body.galleryid, type: body.type, content: body.content, replyId: body.reply_id, tradeid: body.tradeid }, COMMENT_SENDBAR_MAX)
  );
  route(app, commentCalls.add, ({ viewer, body }) =>
    s.comments.post(
      viewer,
      { galleryId: body.gallery_id, type: body.type, content: body.content, replyId: body.reply_id, galleryData: body.gallery_data, videoData: body.video_data, tradeid: body.tradeid },
      COMMENT_TEXT_MAX
    )
  );
  route(app, commentCalls.destroy, ({ viewer, body }) => s.comments.remove(viewer, body.id));
  route(app, commentCalls.del, ({ viewer, body }) => s.comments.remove(viewer, body.id));
  route(app, commentCalls.list, ({ viewer, query }) => s.commentReads.slice(viewer, query.galleryid, query));
  route(app, commentCalls.top, ({ viewer, query }) => s.commentReads.top(viewer, query.galleryid));
  route(app, commentCalls.my, ({ viewer, query }) => s.commentReads.mine(viewer, query.galleryid));
  route(app, commentCalls.galleryList, ({ viewer, params, query }) => s.commentReads.page(viewer, params.id, query.page));
  route(app, commentCalls.replyList, ({ viewer, query }) => s.commentReads.replies(viewer, splitIds(query.ids), query._limit ?? 20, query._offset ?? 0));
  route(app, commentCalls.galleryShow, ({ viewer, query }) => s.commentReads.show(viewer, query.id, (query._with ?? '').split(',')));
  route(app, commentCalls.selfInfo, ({ viewer, params }) => s.commentReads.blockState(viewer, params.orderid));
  route(app, commentCalls.blockCheck, ({ viewer, query }) => s.commentReads.blockState(viewer, query.galleryid));
  route(app, commentCalls.gifts, ({ viewer, query }) => s.commentReads.gifts(viewer, query.galleryid));
  route(app, commentCalls.giftPrecreate, ({ viewer, body }) => s.comments.gifts.precreate(viewer, body));
  route(app, commentCalls.emotions, ({ viewer, query }) => s.commentReads.emotions(viewer, query.galleryid));
  route(app, commentCalls.history, ({ viewer, query }) => s.commentReads.history(viewer, query.galleryid, query.page, query.paging ?? 1));

  const m = organiserCommentCalls;
  route(app, m.list, ({ viewer, params, query }) => s.commentModeration.list(viewer, params.id, query.status, query.page));
  route(app, m.post, ({ viewer, params, body }) => s.commentModeration.post(viewer, params.id, body));
  route(app, m.pin, ({ viewer, params, body }) => s.commentModeration.pin(viewer, params.comment_id, body.top === 1));
  route(app, m.remove, ({ viewer, params }) => s.commentModeration.remove(viewer, params.comment_id));
  route(app, m.review, ({ viewer, params, body }) => s.commentModeration.review(viewer, params.comment_id, body.action));
  route(app, m.mute, ({ viewer, params, body }) => s.commentModeration.mute(viewer, params.id, body.openid, body.muted === 1));
  route(app, m.mutes, ({ viewer, params }) => s.commentModeration.mutes(viewer, params.id));
  route(app, m.blockAll, ({ viewer, params, body }) => s.commentModeration.blockAll(viewer, params.id, body.block_all));
  route(app, m.addGift, ({ viewer, params, body }) => s.commentModeration.addGift(viewer, params.id, body));
  route(app, m.removeGift, ({ viewer, params }) => s.commentModeration.removeGift(viewer, params.gift_id));
  route(app, m.addEmotion, ({ viewer, params, body }) => s.commentModeration.addEmotion(viewer, params.id, body));
  route(app, m.removeEmotion, ({ viewer, params }) => s.commentModeration.removeEmotion(viewer, params.emotion_id));
}
