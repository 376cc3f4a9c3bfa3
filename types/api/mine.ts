import * as T from 'typebox';
import { defineCall } from './contract';
import { NullableString, PageNo } from './schema';
/**
 * The Find page's personal lists (spec part 1 §7, part 3 §2 item 14): my favourite
 * photos and my splice posters (the long pictures made by `spliceCalls.create`,
 * types/api/splice.ts). Album history is visitCalls.history; purchased photos are
 * payCalls.payedImages.
 * Times are Unix seconds.
 */

/** GET /api/v2/user/loveimages and /spliceimages page size (ours: the spec gives only `page`). */
export const MY_IMAGES_PAGE_SIZE = 30;

/** One photo I liked. */
export const LovedImageSchema = T.Object({
  /** Photo id. */
  id: T.Integer(),
  gallery_id: T.Integer(),
  hash: T.String(),
  width: T.Integer(),
  height: T.Integer(),
  loved_at: T.Integer()
});
export type LovedImage = T.Static<typeof LovedImageSchema>;

export const LovedImagesPageSchema = T.Object({ items: T.Array(LovedImageSchema), total: T.Integer(), page: T.Integer(), page_size: T.Integer() });
export type LovedImagesPage = T.Static<typeof LovedImagesPageSchema>;

/** One splice poster I made: the long picture and the photos it joined, in order. */
export const SpliceSchema = T.Object({
  id: T.Integer(),
  gallery_id: T.Integer(),
  /**
   * The long picture's hash and its address (signed for me, `spliceCalls.image`); null for
   * a splice recorded before long pictures were drawn on the server (migration 027), or
   * while one of its photos is hidden or deleted.
   */
  hash: NullableString(),
  url: NullableString(),
  /** The long picture's size, px (0 without one). */
  width: T.Integer(),
  height: T.Integer(),
  /** The photos still shown (hidden or deleted ones are left out), in the poster's order. */
  images: T.Array(T.Object({ id: T.Integer(), hash: T.String(), width: T.Integer(), height: T.Integer() })),
  created_at: T.Integer()
});
export type Splice = T.Static<typeof SpliceSchema>;

export const SplicePageSchema = T.Object({ items: T.Array(SpliceSchema), total: T.Integer(), page: T.Integer(), page_size: T.Integer() });
export type SplicePage = T.Static<typeof SplicePageSchema>;

export const mineCalls = {
  lovedImages: defineCall('GET', '/api/v2/user/loveimages', { query: T.Object({ page: T.Optional(PageNo()) }), response: LovedImagesPageSchema }),
  splices: defineCall('GET', '/api/v2/user/spliceimages', { query: T.Object({ page: T.Optional(PageNo()) }), response: SplicePageSchema })
};
