import * as T from 'typebox';
import { defineCall } from './contract';
import { Id, IdCsv, PageNo } from './schema';
/**
 * The Find page's personal lists (spec part 1 §7, part 3 §2 item 14): my favourite
 * photos and my splice posters, and the call that records a splice poster
 * (spec part 3 §7 `POST /api/v2/usersplice/create {galleryid, imageids}`).
 * Album history is visitCalls.history; purchased photos are payCalls.payedImages.
 * Times are Unix seconds.
 */

/** GET /api/v2/user/loveimages and /spliceimages page size (ours: the spec gives only `page`). */
export const MY_IMAGES_PAGE_SIZE = 30;
/** A splice poster holds at most this many photos (the long collage's maximum, src/stores/photos/SelectionStore). */
export const SPLICE_MAX_IMAGES = 12;

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

/** One splice poster I made: the photos it joined, in order. */
export const SpliceSchema = T.Object({
  id: T.Integer(),
  gallery_id: T.Integer(),
  /** The photos still shown (hidden or deleted ones are left out), in the poster's order. */
  images: T.Array(T.Object({ id: T.Integer(), hash: T.String(), width: T.Integer(), height: T.Integer() })),
  created_at: T.Integer()
});
export type Splice = T.Static<typeof SpliceSchema>;

export const SplicePageSchema = T.Object({ items: T.Array(SpliceSchema), total: T.Integer(), page: T.Integer(), page_size: T.Integer() });
export type SplicePage = T.Static<typeof SplicePageSchema>;

export const mineCalls = {
  lovedImages: defineCall('GET', '/api/v2/user/loveimages', { query: T.Object({ page: T.Optional(PageNo()) }), response: LovedImagesPageSchema }),
  splices: defineCall('GET', '/api/v2/user/spliceimages', { query: T.Object({ page: T.Optional(PageNo()) }), response: SplicePageSchema }),
  /** Record a splice poster the visitor saved: `imageids` a comma list of photo ids of one gallery. */
  createSplice: defineCall('POST', '/api/v2/usersplice/create', {
    body: T.Object({ galleryid: Id(), imageids: IdCsv(SPLICE_MAX_IMAGES) }),
    response: SpliceSchema
  })
};
