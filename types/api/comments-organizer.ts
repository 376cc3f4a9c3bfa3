/**
 * The organiser's side of comments (issue 15 Deliver 3, 5): the review queue, posting as the
 * organiser, pin, delete, approve or reject held comments, mute and block-all (pushed live), a
 * gallery's gifts and emotions. Every call needs `Authorization: Bearer <ORGANIZER_TOKEN>`
 * (checked in the service). The visitors' calls and the rules are in types/api/comments.ts.
 */
import * as T from 'typebox';
import { defineCall } from './contract';
import { Count, Empty, Flag, Id, MAX_ID, PageNo, Required } from './schema';
import { COMMENT_STATUSES, CommentSchema, Content, DeletedSchema, EmotionSchema, GiftSchema, ImageUrl, ORGANISER_COMMENT_TYPES, oneOf } from './comments';

/** A comment as the organiser lists it: the visitor's user id and what the content check said. */
export const OrganizerCommentSchema = T.Object({ ...CommentSchema.properties, user_id: T.Integer(), check_label: T.String() });
export type OrganizerComment = T.Static<typeof OrganizerCommentSchema>;
export const OrganizerCommentPageSchema = T.Object({ items: T.Array(OrganizerCommentSchema), total: T.Integer(), page: T.Integer(), page_size: T.Integer() });
export type OrganizerCommentPage = T.Static<typeof OrganizerCommentPageSchema>;

export const MutedSchema = T.Object({ openid: T.String(), nickname: T.String(), user_id: T.Integer(), since: T.Integer() });
export type Muted = T.Static<typeof MutedSchema>;

export const OrganizerPostSchema = T.Object(
  {
    type: T.Optional(oneOf(ORGANISER_COMMENT_TYPES)),
    content: Content(),
    reply_id: T.Optional(Count(MAX_ID)),
    /** The name shown with the organiser tag (default 'Organiser'). */
    nickname: T.Optional(Required(40)),
    photo: T.Optional(ImageUrl()),
    top: T.Optional(Flag())
  },
  { additionalProperties: false }
);
export type OrganizerPost = T.Static<typeof OrganizerPostSchema>;

export const GiftInputSchema = T.Object(
  {
    name: Required(40),
    image: ImageUrl(),
    /** Integer cents (0: free). */
    price: T.Integer({ minimum: 0, maximum: 10_000_000, errorMessage: 'must be a price in cents from 0 to 10000000' }),
    /** Seconds between two sends of this gift by one visitor. */
    cooldown: T.Optional(T.Integer({ minimum: 0, maximum: 86_400, errorMessage: 'must be seconds from 0 to 86400' }))
  },
  { additionalProperties: false }
);
export type GiftInput = T.Static<typeof GiftInputSchema>;
export const EmotionInputSchema = T.Object({ name: Required(40), images: T.Array(ImageUrl(), { minItems: 1, maxItems: 50, errorMessage: 'must be a list of 1 to 50 image addresses' }) }, { additionalProperties: false });
export type EmotionInput = T.Static<typeof EmotionInputSchema>;

const GalleryParam = () => T.Object({ id: Id() });
const CommentParam = () => T.Object({ comment_id: Id() });

export const organiserCommentCalls = {
  /** A gallery's comments by status (default held: the review queue), newest first, 50 a page. */
  list: defineCall('GET', '/api/v2/organizer/galleries/:id/comments', {
    params: GalleryParam(),
    query: T.Object({ status: T.Optional(oneOf([...COMMENT_STATUSES, 'all'] as const)), page: T.Optional(PageNo()) }),
    response: OrganizerCommentPageSchema
  }),
  /** Post as the organiser (master 1; no content check; `top` 1 pins it). */
  post: defineCall('POST', '/api/v2/organizer/galleries/:id/comments', { params: GalleryParam(), body: OrganizerPostSchema, response: CommentSchema }),
  /** Pin (`top` 1) or unpin a comment. */
  pin: defineCall('POST', '/api/v2/organizer/comments/:comment_id/pin', { params: CommentParam(), body: T.Object({ top: Flag() }), response: OrganizerCommentSchema }),
  /** Delete any comment (with its replies). */
  remove: defineCall('POST', '/api/v2/organizer/comments/:comment_id/delete', { params: CommentParam(), response: DeletedSchema }),
  /** Approve (shown, then broadcast) or reject a held comment. */
  review: defineCall('POST', '/api/v2/organizer/comments/:comment_id/review', {
    params: CommentParam(),
    body: T.Object({ action: oneOf(['approve', 'reject'] as const) }),
    response: OrganizerCommentSchema
  }),
  /** Mute (1) or unmute (0) a visitor in a gallery, by openid; pushes comment_block_change. */
  mute: defineCall('POST', '/api/v2/organizer/galleries/:id/comments/mute', {
    params: GalleryParam(),
    body: T.Object({ openid: Required(128), muted: Flag() }),
    response: T.Object({ openid: T.String(), blocked: T.Boolean() })
  }),
  /** The visitors muted in a gallery. */
  mutes: defineCall('GET', '/api/v2/organizer/galleries/:id/comments/mutes', { params: GalleryParam(), query: Empty(), response: T.Array(MutedSchema) }),
  /** Close (1) or open (0) comments for everyone (config.block_all); pushes comment_block_all. */
  blockAll: defineCall('POST', '/api/v2/organizer/galleries/:id/comments/block_all', {
    params: GalleryParam(),
    body: T.Object({ block_all: Flag() }),
    response: T.Object({ block_all: T.Integer() })
  }),
  /** Add a gift to a gallery. */
  addGift: defineCall('POST', '/api/v2/organizer/galleries/:id/gifts', { params: GalleryParam(), body: GiftInputSchema, response: GiftSchema }),
  /** Remove a gift (comments that sent it keep their content). */
  removeGift: defineCall('POST', '/api/v2/organizer/gifts/:gift_id/delete', { params: T.Object({ gift_id: Id() }), response: DeletedSchema }),
  /** Add an emotion (sticker set) to a gallery. */
  addEmotion: defineCall('POST', '/api/v2/organizer/galleries/:id/emotions', { params: GalleryParam(), body: EmotionInputSchema, response: EmotionSchema }),
  /** Remove an emotion. */
  removeEmotion: defineCall('POST', '/api/v2/organizer/emotions/:emotion_id/delete', { params: T.Object({ emotion_id: Id() }), response: DeletedSchema })
};
