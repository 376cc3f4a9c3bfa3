/**
 * Comments, the bullet screen's history, gifts, emotions and moderation (spec part 3 §2 items
 * 1–2, §3, §4, §5, §7; part 1 §5; issue 15 Deliver 1, 3). Rules (server/src/services/comments/):
 *
 * - Posting needs a logged-in (non-guest) visitor (401 otherwise), the gallery's passes (200202),
 *   `use_comment` 1 (201207), `block_all` 0 (201205 'All Silenced') and a visitor the organiser
 *   did not mute (201204 'You are being silenced').
 * - Text and question comments: empty after trimming → 201201 'Please input the comment';
 *   over COMMENT_SENDBAR_MAX letters on `POST /api/comment/post` (the send bar) or over
 *   COMMENT_TEXT_MAX on `POST /api/v2/comments/add` → 201202 'Comment should not be longer
 *   than {n} letters'; the same text as the visitor's previous comment in the gallery → 201203
 *   'Error: Same with last commment' with data `{key: 'CommentRepeat'}`.
 * - COMMENT_RATE_PER_MIN posts per visitor a minute (429, data.retry_after).
 * - A content check runs before anything is stored: reject → 201206 (nothing stored); review
 *   → stored as `status: 'held'`, answered to its author only and not broadcast until an
 *   organiser approves it (organiserCommentCalls.review).
 * - After a shown text or question comment commits, the gallery's live room gets a `text` or
 *   `question` message (types/live.ts); mute changes push `comment_block_change` (by openid)
 *   and block-all `comment_block_all`.
 * - Visitors post text, question, emotion and gift comments. Emotion content (a JSON string):
 *   `{"id": <emotion id>, "image": "<one of its images>"}`, stored as `{image, name}`. Gift
 *   content: `{"id": <gift id>, "count": 1..99}`, stored as `{id, name, image, count, price}`
 *   (price in cents: the unit price). A free gift sent again within its cooldown answers 201208
 *   with data.retry_after.
 * - Paid gifts (price above 0): `giftPrecreate {galleryid, gift_id, count}` prices gift × count on
 *   the server in integer cents (the cooldown and the comment gates are checked first, so nobody
 *   pays for a gift that would be refused) and opens an order (the configured pay provider, the
 *   sandbox by default), answering `{tradeid, order_id, amount, wxpay, …}` like the red packets'
 *   precreate. The client pays, polls `GET /api/v2/pay/charge?id=order_id`, then posts the gift
 *   comment with `tradeid`. The post checks in one transaction, under the order's row lock, that
 *   the order is the visitor's gift order in this gallery (201501), paid (201502), for this gift
 *   and count at unit × count cents (201503), and not used: a replayed or concurrent post of one
 *   trade id answers the comment already made and creates nothing (comments.order_id is unique;
 *   once that comment is deleted the trade id answers 201505). A paid gift order not sent within
 *   RED_PACKET_REFUND_AFTER_S (24 hours) is refunded whole by the red packet sweep; its trade id
 *   then answers 201506. A payment provider that cannot refund takes no gift payments (201507 on
 *   giftPrecreate: the one case where a paid gift cannot be paid; the sandbox and WeChat Pay refund).
 *   A paid gift without `tradeid` → 201500; giftPrecreate of a free gift → 201504. The cooldown
 *   is not checked again on a paid post (it was checked before paying).
 * - Organisers also post html (cleaned with the rich-content allow-list), image
 *   `{image, width?, height?}`, file `{file, name, size}` and vote `{vote_id, question_title}`.
 * - Replies: `reply_id` names a shown comment of the same gallery; a reply to a reply joins its
 *   root. Organiser, pinned and question comments take no replies (400).
 * - Delete: only the visitor's own comments (403 otherwise); a root takes its replies with it.
 * - Every text is stored as sent and answered as JSON data; clients escape it where they show it.
 *
 * The organiser's calls (moderation, gifts, emotions) are in types/api/comments-organizer.ts.
 */
import * as T from 'typebox';
import { defineCall } from './contract';
import { Count, Flag, Id, IdCsv, Line, MAX_ID, MAX_UNIX_TIME, PageNo } from './schema';
import { JsapiPayParamsSchema, PAY_CHANNELS, type PayChannel } from './pay';

/** Comment types (spec part 3 §3). */
export const COMMENT_TYPES = ['text', 'html', 'image', 'file', 'redpackage', 'question', 'gift', 'emotion', 'vote'] as const;
export type CommentType = (typeof COMMENT_TYPES)[number];
/** What a visitor may post (spec part 3 §3 Comment post). */
export const VISITOR_COMMENT_TYPES = ['text', 'question', 'emotion', 'gift'] as const;
/** What the organiser API may post (red packet comments come from the red packet calls). */
export const ORGANISER_COMMENT_TYPES = ['text', 'question', 'html', 'image', 'file', 'vote'] as const;

/** Letters a comment may have in the send bar (`POST /api/comment/post`). */
export const COMMENT_SENDBAR_MAX = 140;
/** Letters a text comment may have elsewhere (`POST /api/v2/comments/add`). */
export const COMMENT_TEXT_MAX = 120;
/** Comments a page of the lists (spec part 3 §9). */
export const COMMENT_PAGE_SIZE = 50;
/** Replies one reply-list call answers at most (spec: _limit 20). */
export const REPLY_LIST_LIMIT = 20;
/** Replies carried inline by each listed comment (three shown before 'more'). */
export const INLINE_REPLIES = 3;
/** Posts one visitor may make a minute, over all galleries. */
export const COMMENT_RATE_PER_MIN = 10;
/** Largest content (a JSON string for typed comments; html): characters. */
export const COMMENT_CONTENT_MAX = 4000;
/** Most gifts of one kind sent at once. */
export const GIFT_COUNT_MAX = 99;

/** Texts and codes of refusals (codes in types/envelope.ts ErrorCode.COMMENT_*). */
export const COMMENT_MESSAGES = {
  empty: 'Please input the comment',
  tooLong: (n: number) => `Comment should not be longer than ${n} letters`,
  repeat: 'Error: Same with last commment',
  repeatKey: 'CommentRepeat',
  silenced: 'You are being silenced',
  allSilenced: 'All Silenced',
  closed: 'Comments are closed in this gallery',
  rejected: 'The comment did not pass the content check',
  cooldown: 'Please wait before sending this gift again',
  giftTradeRequired: 'Pay for this gift first',
  giftTradeUnknown: 'No payment for a gift with this trade id',
  giftTradeUnpaid: 'The payment is not complete',
  giftTradeMismatch: 'The gift differs from the payment',
  giftFree: 'This gift is free: send it without paying',
  giftTradeUsed: 'This payment already sent its gift',
  giftTradeRefunded: 'This payment was refunded; pay again to send the gift',
  giftNoRefunds: 'Paid gifts need a payment provider that can refund',
  noReply: 'This comment takes no replies'
} as const;

/** Where a comment is: shown to everyone, held for review, or refused by an organiser. */
export const COMMENT_STATUSES = ['shown', 'held', 'rejected'] as const;
export type CommentStatus = (typeof COMMENT_STATUSES)[number];

export const oneOf = <V extends string>(values: readonly V[]) =>
  T.Unsafe<V>({ type: 'string', enum: [...values], errorMessage: `must be one of ${values.join(', ')}` });
const NullableObject = () => T.Unsafe<Record<string, unknown> | null>({ type: ['object', 'null'], additionalProperties: true });
/** An image address: http(s) or a path on this server, without quotes or angle brackets. */
export const IMAGE_URL_PATTERN = '^(https?://|/)[^\\s"\'<>\\\\]{0,1000}$';
export const ImageUrl = () => T.String({ pattern: IMAGE_URL_PATTERN, maxLength: 1000, errorMessage: 'must be an http(s) address or a path on this server' });

/** One inline reply (spec: replylist id, nick_name, content). */
export const ReplySchema = T.Object({ id: T.Integer(), nick_name: T.String(), content: T.String(), type: T.String(), openid: T.String(), createtime: T.Integer() });
export type Reply = T.Static<typeof ReplySchema>;

/** A comment (spec part 3 §3). `content` is JSON text for typed comments; `reply_id` 0 for a root. */
export const CommentSchema = T.Object({
  id: T.Integer(),
  type: T.String(),
  content: T.String(),
  galleryid: T.Integer(),
  nickname: T.String(),
  photo: T.String(),
  createtime: T.Integer(),
  istop: T.Integer(),
  master: T.Integer(),
  openid: T.String(),
  has_reply: T.Integer(),
  reply_id: T.Integer(),
  /** Up to INLINE_REPLIES replies, oldest first; `reply_total` counts them all. */
  replylist: T.Array(ReplySchema),
  reply_total: T.Integer(),
  gallery_data: NullableObject(),
  video_data: NullableObject(),
  /** 'held' only reaches its author and the organiser. */
  status: T.String()
});
export type Comment = T.Static<typeof CommentSchema>;

export const CommentPageSchema = T.Object({ items: T.Array(CommentSchema), total: T.Integer(), page: T.Integer(), page_size: T.Integer() });
export type CommentPage = T.Static<typeof CommentPageSchema>;

/** `GET /api/comment/list`: newest first; `has_more` while older ones remain (pass the last id as `before`). */
export const CommentSliceSchema = T.Object({ items: T.Array(CommentSchema), total: T.Integer(), has_more: T.Integer() });
export type CommentSlice = T.Static<typeof CommentSliceSchema>;

/** Replies of one root comment (replylist). */
export const ReplyGroupSchema = T.Object({ id: T.Integer(), total: T.Integer(), items: T.Array(CommentSchema) });
export type ReplyGroup = T.Static<typeof ReplyGroupSchema>;

/** Gift (spec part 3 §3): price in integer cents (shown in yuan with two decimals); cooldown in seconds. */
export const GiftSchema = T.Object({ id: T.Integer(), name: T.String(), image: T.String(), price: T.Integer(), cooldown: T.Integer() });
export type Gift = T.Static<typeof GiftSchema>;
/** Emotion (spec part 3 §3): a name and its images. */
export const EmotionSchema = T.Object({ id: T.Integer(), name: T.String(), images: T.Array(T.String()) });
export type Emotion = T.Static<typeof EmotionSchema>;

/** `_with` of gallery/show. */
export const GALLERY_SHOW_WITH = ['gift_detail', 'emotion_detail'] as const;
export const GalleryShowSchema = T.Object({
  id: T.Integer(),
  use_comment: T.Integer(),
  block_all: T.Integer(),
  gift_detail: T.Optional(T.Array(GiftSchema)),
  emotion_detail: T.Optional(T.Array(EmotionSchema))
});
export type GalleryShow = T.Static<typeof GalleryShowSchema>;

/** The block check: may this visitor comment here now? `blocked` 1: muted; `block_all` 1: everyone. */
export const BlockStateSchema = T.Object({ gallery_id: T.Integer(), blocked: T.Integer(), block_all: T.Integer(), openid: T.String() });
export type BlockState = T.Static<typeof BlockStateSchema>;

/** A bullet-screen history item (spec part 3 §3): id, type (text or question), content. */
export const DanmakuItemSchema = T.Object({ id: T.Integer(), type: T.String(), content: T.String(), nickname: T.String(), photo: T.String() });
export const DanmakuHistorySchema = T.Object({ items: T.Array(DanmakuItemSchema), total: T.Integer() });
export type DanmakuHistory = T.Static<typeof DanmakuHistorySchema>;
/** Pages of history the bullet screen fetches at most (spec part 3 §9). */
export const DANMAKU_HISTORY_PAGES = 3;

/** A comment's content as sent (text, or JSON text for typed comments). */
export const Content = () => T.String({ maxLength: COMMENT_CONTENT_MAX, pattern: '^[^\\u0000]*$', errorMessage: `must be text of at most ${COMMENT_CONTENT_MAX} characters` });
/** A gallery a comment mentions (`gallery_data`). */
const GalleryData = () => T.Object({ id: Id(), name: T.Optional(Line(100)), link_id: T.Optional(Line(16)) }, { additionalProperties: false });
/** A video a comment mentions (`video_data`). */
const VideoData = () => T.Object({ id: Id(), title: T.Optional(Line(100)) }, { additionalProperties: false });

/** An order's trade id (letters and digits). */
export const TradeId = () => T.String({ pattern: '^[A-Za-z0-9_-]{1,64}$', errorMessage: 'must be a trade id' });

/** `POST /api/v2/comments/gift/precreate`: which gift, how many, and how the client pays. */
export const GiftPrecreateSchema = T.Object({
  galleryid: Id(),
  gift_id: Id(),
  count: T.Integer({ minimum: 1, maximum: GIFT_COUNT_MAX, errorMessage: `must be an integer from 1 to ${GIFT_COUNT_MAX}` }),
  channel: T.Optional(T.Unsafe<PayChannel>({ type: 'string', enum: [...PAY_CHANNELS], errorMessage: `must be one of ${PAY_CHANNELS.join(', ')}` }))
});
export type GiftPrecreate = T.Static<typeof GiftPrecreateSchema>;

/** giftPrecreate's answer: the order to pay (as the red packets' precreate answers it). */
export const GiftOrderSchema = T.Object({
  tradeid: T.String(),
  /** Polled with GET /api/v2/pay/charge?id= until paid. */
  order_id: T.Integer(),
  /** Cents to pay: the gift's price × count. */
  amount: T.Integer(),
  gift_id: T.Integer(),
  count: T.Integer(),
  provider: T.String(),
  /** Parameters for requestPayment / getBrandWCPayRequest (the sandbox's are not WeChat's: open sandbox_url instead). */
  wxpay: T.Union([JsapiPayParamsSchema, T.Null()]),
  code_url: T.Optional(T.String()),
  sandbox_url: T.Optional(T.String())
});
export type GiftOrder = T.Static<typeof GiftOrderSchema>;

/** `POST /api/v2/comments/add` (spec Comment post). `has_reply` is accepted and ignored (the server knows). */
export const CommentAddSchema = T.Object({
  type: T.Optional(oneOf(VISITOR_COMMENT_TYPES)),
  content: Content(),
  gallery_id: Id(),
  reply_id: T.Optional(Count(MAX_ID)),
  has_reply: T.Optional(Flag()),
  gallery_data: T.Optional(GalleryData()),
  video_data: T.Optional(VideoData()),
  /** A paid gift: the trade id giftPrecreate answered (the order must be paid). */
  tradeid: T.Optional(TradeId())
});
export type CommentAdd = T.Static<typeof CommentAddSchema>;

/** `POST /api/comment/post`: the send bar (spec: content, galleryid). */
export const CommentPostSchema = T.Object({
  content: Content(),
  galleryid: Id(),
  type: T.Optional(oneOf(VISITOR_COMMENT_TYPES)),
  reply_id: T.Optional(Count(MAX_ID)),
  /** A paid gift: the trade id giftPrecreate answered (the order must be paid). */
  tradeid: T.Optional(TradeId())
});
export type CommentPost = T.Static<typeof CommentPostSchema>;

const GalleryQuery = () => T.Object({ galleryid: Id() });
const IdBody = () => T.Object({ id: Id() });
export const DeletedSchema = T.Object({ id: T.Integer() });

export const commentCalls = {
  // --- the spec's v1 calls ---
  /** Delete one of the visitor's own comments. */
  destroy: defineCall('POST', '/api/comment/destroy', { body: IdBody(), response: DeletedSchema }),
  /** Post from the send bar (COMMENT_SENDBAR_MAX letters). */
  post: defineCall('POST', '/api/comment/post', { body: CommentPostSchema, response: CommentSchema }),
  /**
   * A gallery's shown root comments, newest first, each with its first replies. `time`: only
   * comments posted at or after it (the popup's refresh); `before`: older than that comment id
   * (load more); `pagesize` up to 50.
   */
  list: defineCall('GET', '/api/comment/list', {
    query: T.Object({
      galleryid: Id(),
      time: T.Optional(Count(MAX_UNIX_TIME)),
      before: T.Optional(Id()),
      pagesize: T.Optional(T.Integer({ minimum: 1, maximum: COMMENT_PAGE_SIZE, default: COMMENT_PAGE_SIZE, errorMessage: `must be an integer from 1 to ${COMMENT_PAGE_SIZE}` }))
    }),
    response: CommentSliceSchema
  }),
  /** The gallery's pinned comments, latest pinned first. */
  top: defineCall('GET', '/api/comment/gallery/top', { query: GalleryQuery(), response: T.Array(CommentSchema) }),
  /** The visitor's own comments in a gallery (held ones included), newest first, 50 at most. */
  my: defineCall('GET', '/api/comment/my', { query: GalleryQuery(), response: T.Array(CommentSchema) }),
  // --- the spec's v2 calls ---
  /** Delete one of the visitor's own comments. */
  del: defineCall('POST', '/api/v2/comment/del', { body: IdBody(), response: DeletedSchema }),
  /** Post a comment or a reply (COMMENT_TEXT_MAX letters for text). */
  add: defineCall('POST', '/api/v2/comments/add', { body: CommentAddSchema, response: CommentSchema }),
  /** A gallery's shown root comments (`id`: the gallery), pinned first then newest, 50 a page. */
  galleryList: defineCall('GET', '/api/v2/comments/:id/list', { params: T.Object({ id: Id() }), query: T.Object({ page: T.Optional(PageNo()) }), response: CommentPageSchema }),
  /** Replies of up to 50 root comments, oldest first, `_limit` (≤ 20) each from `_offset`. */
  replyList: defineCall('GET', '/api/v2/comments/replylist', {
    query: T.Object({
      ids: IdCsv(COMMENT_PAGE_SIZE),
      _limit: T.Optional(T.Integer({ minimum: 1, maximum: REPLY_LIST_LIMIT, default: REPLY_LIST_LIMIT, errorMessage: `must be an integer from 1 to ${REPLY_LIST_LIMIT}` })),
      _offset: T.Optional(Count(100_000))
    }),
    response: T.Array(ReplyGroupSchema)
  }),
  /** A gallery's comment settings, with its gifts and/or emotions (`_with` gift_detail, emotion_detail or both, comma-separated). */
  galleryShow: defineCall('GET', '/api/v2/gallery/show', {
    query: T.Object({
      id: Id(),
      _with: T.Optional(T.String({ pattern: '^(gift_detail|emotion_detail)(,(gift_detail|emotion_detail))?$', errorMessage: 'must be gift_detail, emotion_detail or both' }))
    }),
    response: GalleryShowSchema
  }),
  /** The block check of the spec's path: `orderid` names the gallery (our galleries' id). */
  selfInfo: defineCall('GET', '/api/v2/block/:orderid/selfinfo', { params: T.Object({ orderid: Id() }), response: BlockStateSchema }),
  // --- our paths (the spec shows none) ---
  /** Block check: is this visitor muted, is the gallery block_all? */
  blockCheck: defineCall('GET', '/api/v2/comments/block', { query: GalleryQuery(), response: BlockStateSchema }),
  /** A gallery's gifts. */
  gifts: defineCall('GET', '/api/v2/comments/gifts', { query: GalleryQuery(), response: T.Array(GiftSchema) }),
  /** A paid gift's order: price × count in cents, then pay, then post the gift with its tradeid. */
  giftPrecreate: defineCall('POST', '/api/v2/comments/gift/precreate', { body: GiftPrecreateSchema, response: GiftOrderSchema }),
  /** A gallery's emotions. */
  emotions: defineCall('GET', '/api/v2/comments/emotions', { query: GalleryQuery(), response: T.Array(EmotionSchema) }),
  /**
   * The bullet screen's history: shown text and question comments, newest first, 50 a page
   * (`paging` 0: the first page only). `kind` is 'danmuku' (the spec's value).
   */
  history: defineCall('GET', '/api/v2/comments/history', {
    query: T.Object({
      galleryid: Id(),
      kind: T.Optional(oneOf(['danmuku'] as const)),
      paging: T.Optional(Flag()),
      page: T.Optional(PageNo(DANMAKU_HISTORY_PAGES * 100))
    }),
    response: DanmakuHistorySchema
  })
};
