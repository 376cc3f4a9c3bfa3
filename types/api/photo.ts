import * as T from 'typebox';
import { defineCall, type CallQuery } from './contract';
import { Count, ID_DIGITS, Id, Line, MAX_ID, MAX_UNIX_TIME } from './schema';

/** A photo (spec part 1 §3, part 3 §3). Times are Unix seconds. */
export const PhotoSchema = T.Object({
  id: T.Integer(),
  hash: T.String(),
  galleryid: T.Integer(),
  width: T.Integer(),
  height: T.Integer(),
  size: T.Integer(),
  /** Original file name. */
  origin: T.String(),
  /** 1 when a watermark is applied to this photo's styles. */
  show_mark: T.Integer(),
  love: T.Integer(),
  shoottime: T.Integer(),
  createtime: T.Integer(),
  tags: T.Array(T.String()),
  /** 1 when the photo passed review (image_check). */
  check: T.Integer(),
  trash: T.Integer(),
  /** 1 when the requesting visitor has paid for this photo (spec: paid photos carry a payed tag). Per visitor, never cached. */
  payed: T.Optional(T.Literal(1))
});
export type Photo = T.Static<typeof PhotoSchema>;

export type SortType = 'shoottime' | 'createtime' | 'love' | 'id';
export type SortOrder = 'asc' | 'desc';

export const PHOTO_PAGE_SIZE = 20;
/** Infinite scroll loads the next page within this many px of the bottom (spec part 1 §9). */
export const REACH_BOTTOM_DISTANCE = 800;
export const DEFAULT_SORT = '-shoottime';

export const PhotoListPageDataSchema = T.Object({
  offset: T.Integer(),
  page_size: T.Integer(),
  next_offset: T.Integer(),
  has_more: T.Boolean(),
  sorttype: T.Unsafe<SortType>({ type: 'string' }),
  order: T.Unsafe<SortOrder>({ type: 'string' })
});
export type PhotoListPageData = T.Static<typeof PhotoListPageDataSchema>;

export const PhotoListResultSchema = T.Object({ items: T.Array(PhotoSchema), total: T.Integer(), pagedata: PhotoListPageDataSchema });
export type PhotoListResult = T.Static<typeof PhotoListResultSchema>;

/** Largest page a client may ask for. */
export const MAX_PAGE_SIZE = 100;
/** Tags one list filter may name. */
export const MAX_LIST_TAGS = 10;
const SORT_PATTERN = '^-?(shoottime|createtime|love|id)$';

export const photoCalls = {
  /** A gallery's photos, a page at a time (spec part 1 §7). */
  list: defineCall('GET', '/api/v2/images/:galleryid/list', {
    params: T.Object({ galleryid: Count(MAX_ID) }),
    query: T.Object({
      sorttype: T.Optional(T.String({ pattern: SORT_PATTERN, errorMessage: 'must be one of shoottime, createtime, love, id (optionally prefixed with -)' })),
      order: T.Optional(T.Union([T.Literal('asc'), T.Literal('desc')], { errorMessage: 'must be asc or desc' })),
      offset: T.Optional(Count(10_000_000)),
      tags: T.Optional(Line(500)),
      after: T.Optional(T.String({ pattern: `^-?\\d{1,15}_${ID_DIGITS}$`, errorMessage: 'must be {sort value}_{photo id}' })),
      time: T.Optional(Count()),
      /** Only this person's photos (the Person tag, person albums, My Photo, Following). */
      person: T.Optional(Id()),
      /** Shoot-time range in Unix seconds (the non-face way to find photos). */
      from: T.Optional(Count(MAX_UNIX_TIME)),
      to: T.Optional(Count(MAX_UNIX_TIME)),
      /** Text a photo carries: any of its tags, or its file name, contains it (bib numbers, names). */
      q: T.Optional(Line(50)),
      page_size: T.Optional(T.Integer({ minimum: 0, maximum: MAX_PAGE_SIZE, errorMessage: `must be an integer from 0 to ${MAX_PAGE_SIZE}` }))
    }),
    response: PhotoListResultSchema
  })
};

/**
 * GET /api/v2/images/{galleryid}/list query. `offset` counts photos already loaded;
 * `after` is the keyset cursor `{sort value}_{id}` of the last photo already loaded
 * (the page starts after it, fast at any depth; `offset` still numbers the page);
 * `tags` one tag or comma-separated tags (any of them); `time` busts caches and is ignored.
 */
export type PhotoListQuery = CallQuery<typeof photoCalls.list>;
