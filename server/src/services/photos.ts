import type { Db } from '../db';
import { badRequest } from '../http';
import { GenerationCache } from './cache';
import {
  PHOTO_PAGE_SIZE,
  type Photo,
  type PhotoListResult,
  type SortOrder,
  type SortType
} from '../../../types/api/photo';

const SORT_COLUMNS: Record<SortType, string> = {
  shoottime: 'shoottime',
  createtime: 'createtime',
  love: 'love',
  id: 'id'
};

export const MAX_PAGE_SIZE = 100;
const MAX_TAGS = 10;

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

/** Parse `sorttype` (`shoottime` or `-shoottime`) and `order`; `order` wins when both say a direction. */
export function parseSort(sorttype: string | undefined, order: string | undefined, fallback = '-shoottime'): { sort: SortType; order: SortOrder } {
  const raw = sorttype || fallback;
  const desc = raw.startsWith('-');
  const name = desc ? raw.slice(1) : raw;
  if (!Object.prototype.hasOwnProperty.call(SORT_COLUMNS, name)) {
    throw badRequest(`sorttype must be one of ${Object.keys(SORT_COLUMNS).join(', ')} (optionally prefixed with -)`);
  }
  if (order !== undefined && order !== 'asc' && order !== 'desc') throw badRequest('order must be asc or desc');
  return { sort: name as SortType, order: order ?? (desc ? 'desc' : sorttype ? 'asc' : 'desc') };
}

export function parseTags(tags: string | undefined): string[] {
  if (!tags) return [];
  const list = tags.split(',').map((t) => t.trim()).filter(Boolean);
  if (list.length > MAX_TAGS) throw badRequest(`at most ${MAX_TAGS} tags`);
  return list;
}

/**
 * List answers are cached per gallery until a write to that gallery's photos
 * calls invalidate() (after it commits), and for at most LIST_CACHE_TTL_MS in any
 * case (writes by another server process).
 */
export const LIST_CACHE_TTL_MS = 5000;

export class PhotoService {
  private cache = new GenerationCache<PhotoListResult>(LIST_CACHE_TTL_MS);

  constructor(private db: Db) {}

  /** Photos of a gallery changed (added, hidden, deleted, re-tagged): its lists load afresh. */
  invalidate(galleryId: number): void {
    this.cache.invalidate(galleryId);
  }

  invalidateAll(): void {
    this.cache.clear();
  }

  async list(
    galleryId: number,
    opts: { sort: SortType; order: SortOrder; offset: number; tags: string[]; pageSize?: number }
  ): Promise<PhotoListResult> {
    const key = `${opts.sort}|${opts.order}|${opts.offset}|${opts.pageSize ?? PHOTO_PAGE_SIZE}|${opts.tags.join(',')}`;
    return this.cache.through(galleryId, key, () => this.query(galleryId, opts));
  }

  private async query(
    galleryId: number,
    opts: { sort: SortType; order: SortOrder; offset: number; tags: string[]; pageSize?: number }
  ): Promise<PhotoListResult> {
    const pageSize = Math.min(opts.pageSize ?? PHOTO_PAGE_SIZE, MAX_PAGE_SIZE);
    const col = SORT_COLUMNS[opts.sort];
    const dir = opts.order === 'asc' ? 'ASC' : 'DESC';
    const params: unknown[] = [galleryId];
    let where = 'gallery_id = $1 AND NOT hidden';
    if (opts.tags.length) {
      params.push(opts.tags);
      where += ` AND tags && $${params.length}::text[]`;
    }
    const order = col === 'id' ? `id ${dir}` : `${col} ${dir}, id ${dir}`;
    const [items, count] = await Promise.all([
      this.db.query<PhotoRow>(
        `SELECT ${PHOTO_COLUMNS} FROM photos WHERE ${where} ORDER BY ${order} LIMIT ${pageSize} OFFSET $${params.length + 1}`,
        [...params, opts.offset]
      ),
      this.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM photos WHERE ${where}`, params)
    ]);
    const total = count.rows[0].n;
    const next = opts.offset + items.rows.length;
    return {
      items: items.rows.map(presentPhoto),
      total,
      pagedata: { offset: opts.offset, page_size: pageSize, next_offset: next, has_more: next < total, sorttype: opts.sort, order: opts.order }
    };
  }
}
