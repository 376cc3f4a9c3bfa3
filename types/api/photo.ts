/** A photo (spec part 1 §3, part 3 §3). Times are Unix seconds. */
export interface Photo {
  id: number;
  hash: string;
  galleryid: number;
  width: number;
  height: number;
  size: number;
  /** Original file name. */
  origin: string;
  /** 1 when a watermark is applied to this photo's styles. */
  show_mark: number;
  love: number;
  shoottime: number;
  createtime: number;
  tags: string[];
  /** 1 when the photo passed review (image_check). */
  check: number;
  trash: number;
  /** 1 when the requesting visitor has paid for this photo (spec: paid photos carry a payed tag). Per visitor, never cached. */
  payed?: 1;
}

export type SortType = 'shoottime' | 'createtime' | 'love' | 'id';
export type SortOrder = 'asc' | 'desc';

export const PHOTO_PAGE_SIZE = 20;
/** Infinite scroll loads the next page within this many px of the bottom (spec part 1 §9). */
export const REACH_BOTTOM_DISTANCE = 800;
export const DEFAULT_SORT = '-shoottime';

/** GET /api/v2/images/{galleryid}/list query. `offset` counts photos already loaded. */
export interface PhotoListQuery {
  sorttype?: SortType | `-${SortType}`;
  order?: SortOrder;
  offset?: number;
  /** One tag (or comma-separated tags, any of them). */
  tags?: string;
  /**
   * Keyset cursor `{sort value}_{id}` of the last photo already loaded: the page starts
   * after it (fast at any depth); `offset` still numbers the page. Optional.
   */
  after?: string;
  /** Cache-busting time; ignored by the server. */
  time?: number;
  page_size?: number;
}

export interface PhotoListPageData {
  offset: number;
  page_size: number;
  next_offset: number;
  has_more: boolean;
  sorttype: SortType;
  order: SortOrder;
}

export interface PhotoListResult {
  items: Photo[];
  total: number;
  pagedata: PhotoListPageData;
}
