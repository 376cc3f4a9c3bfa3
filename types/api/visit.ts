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
export interface VisitItem {
  /** The gallery id (what POST /api/v2/usergallery/remove takes). */
  id: number;
  link_id: string;
  name: string;
  desc: string;
  /** Cover image hash, or null. */
  cover: string | null;
  /** The parent the gallery was visited under (0 when opened directly). */
  parent_id: number;
  visited_at: number;
}

/** GET /api/v2/user/visithistory?page= */
export interface VisitHistoryPage {
  items: VisitItem[];
  total: number;
  page: number;
  page_size: number;
}

/** POST /api/v2/gallery_visit/link/{link_id}/add body (optional). */
export interface VisitAddBody {
  /** The parent gallery id of a /g/{linkid}/visit/{parentid} visit. */
  parentid?: number;
}

/** GET /api/v2/gallery_visit/link/{id}/latest */
export interface LatestVisitors {
  items: Array<{ photo: string; nickname: string }>;
  /** Distinct visitors in all. */
  total: number;
}

/** GET /api/v2/gallerymedium/batch: a gallery's cover (banner) media. */
export interface GalleryMedium {
  id: number;
  /** Cover image hash, or null. */
  cover: string | null;
  name: string;
  /** Description ('' when desc=0 was asked). */
  desc: string;
}
