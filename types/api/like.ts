import * as T from 'typebox';
import { defineCall } from './contract';
import { Id, IdCsv, Line, Required } from './schema';

/** At most this many ids in one loved-ids query. */
export const MAX_LOVED_IDS = 200;

/** POST /api/v2/userimage/love body (spec part 1 §5: id, galleryid and path are required). */
export const LoveRequestSchema = T.Object({
  /** Photo id. */
  id: Id(),
  galleryid: Id(),
  /** The image path the visitor saw (`/img/{hash}!{style}`). */
  path: Required(500),
  /** Optional wanted state (1 like, 0 unlike) that makes a retried request idempotent; without it the like toggles. */
  love: T.Optional(T.Union([T.Literal(0), T.Literal(1)], { errorMessage: 'must be 0 or 1' }))
});
export type LoveRequest = T.Static<typeof LoveRequestSchema>;

export const LoveResultSchema = T.Object({
  id: T.Integer(),
  /** The new state for this user. */
  loved: T.Boolean(),
  /** The photo's like count after the change. */
  love: T.Integer()
});
export type LoveResult = T.Static<typeof LoveResultSchema>;

/** GET /api/v2/images/user/loved answer: the current user's likes, keyed by photo id (spec part 1 §3 like response). */
export type LovedMap = Record<string, boolean>;

/** GET /api/v2/images/size answer: byte size of the stored original. */
export const ImageSizeResultSchema = T.Object({ size: T.Integer() });
export type ImageSizeResult = T.Static<typeof ImageSizeResultSchema>;

export const likeCalls = {
  love: defineCall('POST', '/api/v2/userimage/love', { body: LoveRequestSchema, response: LoveResultSchema }),
  loved: defineCall('GET', '/api/v2/images/user/loved', {
    query: T.Object({ galleryid: Id(), imageid: T.Optional(IdCsv(MAX_LOVED_IDS)) }),
    response: T.Unsafe<LovedMap>({ type: 'object', additionalProperties: { type: 'boolean' } })
  }),
  /** Byte size of the original behind an image URL. */
  size: defineCall('GET', '/api/v2/images/size', { query: T.Object({ url: Line(2000, { minLength: 1 }) }), response: ImageSizeResultSchema })
};
