import * as T from 'typebox';
import { defineCall } from './contract';
import { Count, Empty, IdCsv, LINK_ID_PATTERN, LinkId, MAX_ID, NullableString, PageNo } from './schema';
import { GallerySchema } from './gallery';
import { PhotoSchema } from './photo';
/** Visit history and gallery batch calls (spec part 1 §7, part 2 §7 and §9, part 3 §2 item 13). Times are Unix seconds. */

/** GET /api/v2/user/visithistory page size (spec part 1 §9: list default page size 20). */
export const VISIT_HISTORY_PAGE_SIZE = 20;
/** GET /api/v2/gallery/batch and /gallerymedium/batch take at most this many ids (spec part 3 §9). */
export const GALLERY_BATCH_MAX = 50;
/** GET /api/v2/images/batchlist takes at most this many ids (the photo page-size ceiling). */
export const PHOTO_BATCH_MAX = 100;
/** Latest visitors shown for a link (spec part 2 §9: avatar strip at most 10 avatars). */
export const LATEST_VISITORS_MAX = 10;

/** One gallery in my visit history. */
export const VisitItemSchema = T.Object({
  /** The gallery id (what POST /api/v2/usergallery/remove takes). */
  id: T.Integer(),
  link_id: T.String(),
  name: T.String(),
  /** '' while the page's gate is closed to this visitor. */
  desc: T.String(),
  /** Cover image hash, or null. */
  cover: NullableString(),
  /** The parent the gallery was visited under (0 when opened directly). */
  parent_id: T.Integer(),
  visited_at: T.Integer()
});
export type VisitItem = T.Static<typeof VisitItemSchema>;

/** GET /api/v2/user/visithistory?page= */
export const VisitHistoryPageSchema = T.Object({ items: T.Array(VisitItemSchema), total: T.Integer(), page: T.Integer(), page_size: T.Integer() });
export type VisitHistoryPage = T.Static<typeof VisitHistoryPageSchema>;

/** POST /api/v2/gallery_visit/link/{link_id}/add body (optional). */
export interface VisitAddBody {
  /** The parent gallery id of a /g/{linkid}/visit/{parentid} visit. */
  parentid?: number;
}

/** GET /api/v2/gallery_visit/link/{id}/latest */
export const LatestVisitorsSchema = T.Object({
  items: T.Array(T.Object({ photo: T.String(), nickname: T.String() })),
  /** Distinct visitors in all. */
  total: T.Integer()
});
export type LatestVisitors = T.Static<typeof LatestVisitorsSchema>;

/** GET /api/v2/gallerymedium/batch: a gallery's cover (banner) media. */
export const GalleryMediumSchema = T.Object({
  id: T.Integer(),
  /** Cover image hash, or null. */
  cover: NullableString(),
  name: T.String(),
  /** Description ('' when desc=0 was asked, and while the page's gate is closed to this visitor). */
  desc: T.String()
});
export type GalleryMedium = T.Static<typeof GalleryMediumSchema>;

export const visitCalls = {
  /** Record a visit when a gallery page opens; `parentid` (a gallery id or link id) for /g/{linkid}/visit/{parentid}. */
  add: defineCall('POST', '/api/v2/gallery_visit/link/:link_id/add', {
    params: T.Object({ link_id: LinkId() }),
    body: T.Object({ parentid: T.Optional(T.Union([T.Integer({ minimum: 0, maximum: MAX_ID }), T.String({ pattern: LINK_ID_PATTERN })], { errorMessage: 'must be a gallery id or link id' })) }),
    response: VisitItemSchema
  }),
  history: defineCall('GET', '/api/v2/user/visithistory', { query: T.Object({ page: T.Optional(PageNo()) }), response: VisitHistoryPageSchema }),
  last: defineCall('GET', '/api/v2/user/lastvisithistory', { query: Empty(), response: T.Union([VisitItemSchema, T.Null()]) }),
  latest: defineCall('GET', '/api/v2/gallery_visit/link/:link_id/latest', { params: T.Object({ link_id: LinkId() }), response: LatestVisitorsSchema }),
  /** Spec part 1 §5: removing a visited gallery needs an id. */
  remove: defineCall('POST', '/api/v2/usergallery/remove', {
    body: T.Object({ id: Count(MAX_ID, { minimum: 1, errorMessage: 'must be a gallery id' }) }),
    response: T.Object({ id: T.Integer(), removed: T.Boolean() })
  })
};

export const batchCalls = {
  /** Galleries by id, at most 50 (spec part 3 §9). */
  galleries: defineCall('GET', '/api/v2/gallery/batch', { query: T.Object({ ids: IdCsv(GALLERY_BATCH_MAX) }), response: T.Array(GallerySchema) }),
  mediums: defineCall('GET', '/api/v2/gallerymedium/batch', {
    query: T.Object({ ids: IdCsv(GALLERY_BATCH_MAX), desc: T.Optional(T.Union([T.Literal(0), T.Literal(1)], { errorMessage: 'must be 0 or 1' })) }),
    response: T.Array(GalleryMediumSchema)
  }),
  photos: defineCall('GET', '/api/v2/images/batchlist', { query: T.Object({ id: IdCsv(PHOTO_BATCH_MAX) }), response: T.Array(PhotoSchema) })
};
