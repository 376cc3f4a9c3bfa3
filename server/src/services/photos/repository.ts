/**
 * The photo SQL, in one place: ingest (insert), list pages and counts, lookups by
 * id and by content hash, and what the image plan needs to know of an image.
 * Functions take a `Queryable`, so a caller's transaction can pass its own.
 * Services decide; this module only reads and writes rows.
 */
import type { Queryable } from '../../db';
import type { Photo, SortOrder, SortType } from '../../../../types/api/photo';
import type { GalleryConfig } from '../../../../types/api/gallery';
import type { PhotoAction } from '../../../../types/api/upload';

export interface PhotoRow {
  id: number;
  gallery_id: number;
  hash: string;
  origin: string;
  width: number;
  height: number;
  size: number;
  shoottime: number;
  createtime: number;
  love: number;
  tags: string[];
  show_mark: number;
  checked: number;
  trash: number;
}

export const PHOTO_COLUMNS = 'id, gallery_id, hash, origin, width, height, size, shoottime, createtime, love, tags, show_mark, checked, trash';

export function presentPhoto(r: PhotoRow): Photo {
  return {
    id: r.id,
    hash: r.hash,
    galleryid: r.gallery_id,
    width: r.width,
    height: r.height,
    size: r.size,
    origin: r.origin,
    show_mark: r.show_mark,
    love: r.love,
    shoottime: r.shoottime,
    createtime: r.createtime,
    tags: r.tags ?? [],
    check: r.checked,
    trash: r.trash
  };
}

// ---- Ingest ---------------------------------------------------------------

/** What an ingested image contributes to its photo row. */
export interface PhotoImage {
  hash: string;
  width: number;
  height: number;
  size: number;
  shoottime: number | null;
}

export interface NewPhoto {
  origin: string;
  tags: string[];
  shoottime: number;
  createtime: number;
  showMark: 0 | 1;
}

/**
 * One statement: the insert (skipped when the gallery already holds the hash) and the
 * gallery's image_total increment commit together. The new row, or null when the photo
 * was already there.
 */
export async function insertPhoto(q: Queryable, galleryId: number, img: PhotoImage, p: NewPhoto): Promise<PhotoRow | null> {
  const { rows } = await q.query<PhotoRow>(
    `WITH ins AS (
       INSERT INTO photos (gallery_id, hash, origin, width, height, size, shoottime, createtime, tags, show_mark)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::text[], $10)
       ON CONFLICT (gallery_id, hash) DO NOTHING
       RETURNING ${PHOTO_COLUMNS}
     ), bump AS (
       UPDATE galleries SET image_total = image_total + (SELECT count(*) FROM ins)
       WHERE id = $1 AND EXISTS (SELECT 1 FROM ins)
     )
     SELECT * FROM ins`,
    [galleryId, img.hash, p.origin, img.width, img.height, img.size, p.shoottime, p.createtime, p.tags, p.showMark]
  );
  return rows[0] ?? null;
}

/** A gallery's photo of this content hash (hidden or not). */
export async function photoByHash(q: Queryable, galleryId: number, hash: string): Promise<Photo | null> {
  const { rows } = await q.query<PhotoRow>(`SELECT ${PHOTO_COLUMNS} FROM photos WHERE gallery_id = $1 AND hash = $2`, [galleryId, hash]);
  return rows.length ? presentPhoto(rows[0]) : null;
}

// ---- Lookups by id ----------------------------------------------------------

/** Visible photos by id, in the order of `ids`; unknown and hidden ones are left out. */
export async function visiblePhotosByIds(q: Queryable, ids: number[]): Promise<Photo[]> {
  if (!ids.length) return [];
  const { rows } = await q.query<PhotoRow>(`SELECT ${PHOTO_COLUMNS} FROM photos WHERE id = ANY($1::int[]) AND NOT hidden`, [ids]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is PhotoRow => !!r).map(presentPhoto);
}

// ---- List pages -------------------------------------------------------------

const SORT_COLUMNS: Record<SortType, string> = { shoottime: 'shoottime', createtime: 'createtime', love: 'love', id: 'id' };

/** Which photos a list shows and in which order. */
export interface ListFilter {
  galleryId: number;
  tags: string[];
  sort: SortType;
  order: SortOrder;
  /** Only photos where this person's face shows (not hidden from the photo). */
  person?: number;
  /** Not these photos (a person's photos the visitor took them off in their own view). */
  exclude?: number[];
  /** Shoot-time range, Unix seconds, both ends included. */
  from?: number;
  to?: number;
  /** Text: any tag or the file name contains it (case-insensitive). */
  text?: string;
}

/** The part of a filter beyond the gallery and sort: a cache key. */
export function filterKey(f: Pick<ListFilter, 'tags' | 'person' | 'exclude' | 'from' | 'to' | 'text'>): string {
  return [f.tags.join(','), f.person ?? '', f.exclude?.join(',') ?? '', f.from ?? '', f.to ?? '', f.text ?? ''].join('|');
}

/** `text` as a LIKE pattern that matches it literally anywhere. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface ListPage {
  limit: number;
  offset: number;
  /** Keyset cursor: the page starts after this photo (offset is then ignored). */
  after?: { value: number; id: number } | null;
}

function where(f: ListFilter): { sql: string; params: unknown[] } {
  const params: unknown[] = [f.galleryId];
  let sql = 'gallery_id = $1 AND NOT hidden';
  if (f.tags.length) {
    params.push(f.tags);
    sql += ` AND tags && $${params.length}::text[]`;
  }
  if (f.person !== undefined) {
    params.push(f.person);
    sql += ` AND id IN (SELECT photo_id FROM faces WHERE person_id = $${params.length} AND NOT hidden)`;
  }
  if (f.exclude?.length) {
    params.push(f.exclude);
    sql += ` AND id <> ALL($${params.length}::int[])`;
  }
  if (f.from !== undefined) {
    params.push(f.from);
    sql += ` AND shoottime >= $${params.length}`;
  }
  if (f.to !== undefined) {
    params.push(f.to);
    sql += ` AND shoottime <= $${params.length}`;
  }
  if (f.text) {
    params.push(containsPattern(f.text));
    const n = params.length;
    sql += ` AND (origin ILIKE $${n} OR EXISTS (SELECT 1 FROM unnest(tags) t WHERE t ILIKE $${n}))`;
  }
  return { sql, params };
}

function orderBy(f: ListFilter): string {
  const col = SORT_COLUMNS[f.sort];
  const dir = f.order === 'asc' ? 'ASC' : 'DESC';
  return col === 'id' ? `id ${dir}` : `${col} ${dir}, id ${dir}`;
}

/** Visible photos matching the filter. */
export async function countPhotos(q: Queryable, f: ListFilter): Promise<number> {
  const w = where(f);
  return (await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM photos WHERE ${w.sql}`, w.params)).rows[0].n;
}

/** One page of rows: by keyset cursor, or by offset. */
export async function pageRows(q: Queryable, f: ListFilter, page: ListPage): Promise<PhotoRow[]> {
  const w = where(f);
  const params = [...w.params];
  let sql = w.sql;
  let skip = page.offset;
  if (page.after) {
    const col = SORT_COLUMNS[f.sort];
    const cmp = f.order === 'asc' ? '>' : '<';
    if (col === 'id') {
      params.push(page.after.id);
      sql += ` AND id ${cmp} $${params.length}`;
    } else {
      params.push(page.after.value, page.after.id);
      sql += ` AND (${col}, id) ${cmp} ($${params.length - 1}, $${params.length})`;
    }
    skip = 0;
  }
  const { rows } = await q.query<PhotoRow>(
    `SELECT ${PHOTO_COLUMNS} FROM photos WHERE ${sql} ORDER BY ${orderBy(f)} LIMIT ${Math.trunc(page.limit)} OFFSET $${params.length + 1}`,
    [...params, skip]
  );
  return rows;
}

/** Every matching id in list order (one index-only scan): the order index of a big list. */
export async function orderedIds(q: Queryable, f: ListFilter): Promise<Int32Array> {
  const w = where(f);
  const { rows } = await q.query<{ id: number }>(`SELECT id FROM photos WHERE ${w.sql} ORDER BY ${orderBy(f)}`, w.params);
  return Int32Array.from(rows, (r) => r.id);
}

/** Visible rows by id, in the order of `ids` (a slice of the order index). */
export async function visibleRowsByIds(q: Queryable, ids: number[]): Promise<PhotoRow[]> {
  if (!ids.length) return [];
  const { rows } = await q.query<PhotoRow>(`SELECT ${PHOTO_COLUMNS} FROM photos WHERE id = ANY($1::int[]) AND NOT hidden`, [ids]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is PhotoRow => !!r);
}

// ---- Organiser actions -------------------------------------------------------

/** The photos an organiser action changed, and their content hashes. */
export interface ChangedPhoto {
  id: number;
  hash: string;
}

/**
 * Hide, show, check, uncheck or delete photos of one gallery (inside the caller's
 * transaction), keeping the gallery's visible total right. The photos whose state changed.
 */
export async function applyPhotoAction(q: Queryable, galleryId: number, action: PhotoAction, ids: number[]): Promise<ChangedPhoto[]> {
  const params = [galleryId, ids];
  const where = 'gallery_id = $1 AND id = ANY($2::int[])';
  let changed: Array<ChangedPhoto & { hidden?: boolean }>;
  let visibleDelta = 0;
  if (action === 'hide' || action === 'show') {
    const hide = action === 'hide';
    changed = (await q.query<ChangedPhoto>(`UPDATE photos SET hidden = ${hide} WHERE ${where} AND hidden = ${!hide} RETURNING id, hash`, params)).rows;
    visibleDelta = hide ? -changed.length : changed.length;
  } else if (action === 'check' || action === 'uncheck') {
    const v = action === 'check' ? 1 : 0;
    changed = (await q.query<ChangedPhoto>(`UPDATE photos SET checked = ${v} WHERE ${where} AND checked <> ${v} RETURNING id, hash`, params)).rows;
  } else {
    changed = (await q.query<ChangedPhoto & { hidden: boolean }>(`DELETE FROM photos WHERE ${where} RETURNING id, hash, hidden`, params)).rows;
    visibleDelta = -changed.filter((r) => !r.hidden).length;
  }
  if (visibleDelta) await q.query('UPDATE galleries SET image_total = GREATEST(image_total + $2, 0) WHERE id = $1', [galleryId, visibleDelta]);
  return changed.map((r) => ({ id: r.id, hash: r.hash }));
}

// ---- Image plan -------------------------------------------------------------

/** A gallery holding an image, with what decides its rendering. */
export interface ImageHolder {
  mime: string;
  gallery_id: number | null;
  show_mark: number;
  watermarks: unknown;
  config: Partial<GalleryConfig> | null;
}

/**
 * The image and every gallery where a visible photo holds it, in one round trip; empty
 * when the image is unknown, one row with gallery_id null when no visible photo holds it.
 * Hidden and deleted photos grant nothing: their rows are not holders.
 */
export async function imageHolders(q: Queryable, hash: string): Promise<ImageHolder[]> {
  const { rows } = await q.query<ImageHolder>(
    `SELECT i.mime, p.gallery_id, p.show_mark, g.watermarks, g.config
     FROM images i LEFT JOIN photos p ON p.hash = i.hash AND NOT p.hidden LEFT JOIN galleries g ON g.id = p.gallery_id WHERE i.hash = $1`,
    [hash]
  );
  return rows;
}

/** A gallery that shows an image as part of its page (not as a photo). */
export interface ImageAssetUse {
  gallery_id: number;
  /** The gallery's cover (cards, gate pages, the carousel background). */
  cover: boolean;
  watermarks: unknown;
  /**
   * Named only in the page data (a banner, a button's icon, an image block), which a page
   * gate withholds; not by what the gate page and cards show to everyone (the cover, the
   * share image, the config, the watermark) nor by comment gifts and stickers.
   */
  page_only: boolean;
}

/**
 * Galleries whose page shows the image: as the cover, or named in the page data
 * (banners, buttons), the config, the share image, the watermark (its icon), or its comment
 * gifts and stickers (comment_gifts, comment_emotions).
 * A content hash is 64 hex characters, so finding it in the text is exact enough.
 */
export async function imageAssetUses(q: Queryable, hash: string): Promise<ImageAssetUse[]> {
  const { rows } = await q.query<ImageAssetUse>(
    `SELECT gallery_id, cover, watermarks, NOT open AS page_only FROM (
       SELECT id AS gallery_id, cover IS NOT DISTINCT FROM $1 AS cover, watermarks,
         COALESCE(cover IS NOT DISTINCT FROM $1 OR strpos(h5_share_image, $1) > 0
           OR strpos(config::text, $1) > 0 OR strpos(COALESCE(watermarks::text, ''), $1) > 0
           OR EXISTS (SELECT 1 FROM comment_gifts x WHERE x.gallery_id = galleries.id AND strpos(x.image, $1) > 0)
           OR EXISTS (SELECT 1 FROM comment_emotions e WHERE e.gallery_id = galleries.id AND strpos(e.images::text, $1) > 0), false) AS open,
         strpos(COALESCE(pagedata::text, ''), $1) > 0 AS in_page
       FROM galleries
     ) u WHERE open OR in_page`,
    [hash]
  );
  return rows.map((r) => ({ gallery_id: Number(r.gallery_id), cover: !!r.cover, watermarks: r.watermarks, page_only: !!r.page_only }));
}

/** The hashes among `hashes` that some visible photo holds. */
export async function visiblyHeld(q: Queryable, hashes: string[]): Promise<Set<string>> {
  if (!hashes.length) return new Set();
  const { rows } = await q.query<{ hash: string }>('SELECT DISTINCT hash FROM photos WHERE hash = ANY($1::text[]) AND NOT hidden', [hashes]);
  return new Set(rows.map((r) => r.hash));
}

/** The stored type of an image, or null when unknown. */
export async function imageMime(q: Queryable, hash: string): Promise<string | null> {
  const { rows } = await q.query<{ mime: string }>('SELECT mime FROM images WHERE hash = $1', [hash]);
  return rows[0]?.mime ?? null;
}
