import type { Db } from '../../db';
import { badRequest } from '../../errors';
import { GenerationCache } from '../shared/cache';
import { PhotoOrderIndex, ORDER_INDEX_MIN } from './photoOrder';
import { countPhotos, filterKey, orderedIds, pageRows, presentPhoto, visibleRowsByIds, type ListFilter, type PhotoRow } from './repository';
import { readSort } from '../../../../types/photoSort';
import type { Viewer } from '../../viewer';
import type { GalleryService } from '../gallery/gallery';
import type { GateAccess } from '../gates/gateAccess';
import { withPayed } from '../pay/entitlements';
import { viewHiddenPhotos } from '../face/people';
import {
  MAX_LIST_TAGS,
  MAX_PAGE_SIZE,
  PHOTO_PAGE_SIZE,
  type PhotoListQuery,
  type PhotoListResult,
  type SortOrder,
  type SortType
} from '../../../../types/api/photo';

/** The list's sort: the query's, else the gallery's default (types/photoSort.ts). */
function listSort(q: PhotoListQuery, gallerySort: string): { sort: SortType; order: SortOrder } {
  const { field, dir } = readSort(q, gallerySort);
  if (!field) throw badRequest('sorttype must be one of shoottime, createtime, love, id (optionally prefixed with -)');
  return { sort: field, order: dir };
}

function listTags(tags: string | undefined): string[] {
  if (!tags) return [];
  const list = tags.split(',').map((t) => t.trim()).filter(Boolean);
  if (list.length > MAX_LIST_TAGS) throw badRequest(`tags: at most ${MAX_LIST_TAGS} tags`);
  return list;
}

/**
 * List answers are cached per gallery until a write to that gallery's photos
 * calls invalidate() (after it commits), and for at most LIST_CACHE_TTL_MS in any
 * case (writes by another server process).
 */
export const LIST_CACHE_TTL_MS = 5000;

/** Sort values held in an integer column (the others are bigint, which any 15-digit cursor value fits). */
const INT_SORTS: ReadonlySet<SortType> = new Set(['love', 'id']);
const INT_MAX = 2 ** 31 - 1;

/**
 * Keyset cursor `{sort value}_{id}` (the last photo of the previous page; its form and the
 * id's range are checked by the call's schema). A sort value its column cannot hold is refused.
 */
function listAfter(after: string | undefined, sort: SortType): { value: number; id: number } | null {
  if (!after) return null;
  const cut = after.lastIndexOf('_');
  const value = Number(after.slice(0, cut));
  if (INT_SORTS.has(sort) && (value > INT_MAX || value < -INT_MAX - 1)) throw badRequest(`after: the ${sort} value is out of range`);
  return { value, id: Number(after.slice(cut + 1)) };
}

export interface ListOptions {
  sort: SortType;
  order: SortOrder;
  offset: number;
  tags: string[];
  pageSize?: number;
  /** Keyset cursor; `offset` then only numbers the page. */
  after?: { value: number; id: number } | null;
  /** Only this person's photos (face search). */
  person?: number;
  /** Not these photos (the person's photos the visitor took them off in their own view). */
  exclude?: number[];
  /** Shoot-time range (Unix seconds, inclusive). */
  from?: number;
  to?: number;
  /** A tag or the file name contains this text. */
  text?: string;
}

export class PhotoService {
  private cache: GenerationCache<PhotoListResult>;
  /** Totals per gallery and tag filter: one count serves every page and sort. */
  private counts: GenerationCache<number>;
  private nocache: boolean;
  private orders: PhotoOrderIndex;
  /** Concurrent requests for the same missing page share one query. */
  private inflight = new Map<string, Promise<PhotoListResult>>();

  /**
   * `cacheMs` 0 turns the page cache off, so every request reads its rows from the
   * database (benches of the database path: BENCH_NOCACHE=1). Totals and the order
   * index stay cached: a write invalidates them, and one count serves every page.
   */
  constructor(
    private db: Db,
    private galleries: GalleryService,
    private gates: GateAccess,
    cacheMs = process.env.BENCH_NOCACHE === '1' ? 0 : LIST_CACHE_TTL_MS
  ) {
    this.nocache = cacheMs <= 0;
    this.cache = new GenerationCache<PhotoListResult>(cacheMs);
    this.counts = new GenerationCache<number>(LIST_CACHE_TTL_MS);
    this.orders = new PhotoOrderIndex(LIST_CACHE_TTL_MS);
  }

  /** Photos of a gallery changed (added, hidden, deleted, re-tagged): its lists load afresh. */
  invalidate(galleryId: number): void {
    this.cache.invalidate(galleryId);
    this.counts.invalidate(galleryId);
    this.orders.invalidate(galleryId);
  }

  invalidateAll(): void {
    this.cache.clear();
    this.counts.clear();
    this.orders.clear();
  }

  /**
   * A page of a gallery's photos for this visitor: nothing of a gated gallery
   * without its pass (200202); the shared (cached) page with this visitor's paid
   * photos tagged on a copy.
   */
  async listFor(v: Viewer, galleryId: number, q: PhotoListQuery): Promise<PhotoListResult> {
    const gallery = await this.galleries.cachedById(galleryId);
    await this.gates.assertPass(v, galleryId);
    const { sort, order } = listSort(q, gallery.config.sort);
    if (q.from !== undefined && q.to !== undefined && q.to < q.from) throw badRequest('to is before from');
    const text = q.q?.trim() || undefined;
    // A person's photos as this visitor sees them: without those they took the person off (their own view).
    const hidden = q.person !== undefined && v.userId && !v.isGuest ? await viewHiddenPhotos(this.db, v.userId, q.person) : [];
    const page = await this.list(galleryId, {
      sort, order, offset: q.offset ?? 0, tags: listTags(q.tags), pageSize: q.page_size ?? PHOTO_PAGE_SIZE, after: listAfter(q.after, sort),
      person: q.person, exclude: hidden.length ? hidden : undefined, from: q.from, to: q.to, text
    });
    return v.user ? { ...page, items: await withPayed(this.db, v.user, page.items) } : page;
  }

  async list(galleryId: number, opts: ListOptions): Promise<PhotoListResult> {
    const after = opts.after ? `${opts.after.value}_${opts.after.id}` : '';
    const key = `${opts.sort}|${opts.order}|${opts.offset}|${opts.pageSize ?? PHOTO_PAGE_SIZE}|${filterKey({ ...opts, text: opts.text })}|${after}`;
    if (this.nocache) return this.query(galleryId, opts);
    const hit = this.cache.get(galleryId, key);
    if (hit) return hit;
    const flightKey = `${galleryId}|${key}`;
    const running = this.inflight.get(flightKey);
    if (running) return running;
    const p = this.cache.through(galleryId, key, () => this.query(galleryId, opts)).finally(() => this.inflight.delete(flightKey));
    this.inflight.set(flightKey, p);
    return p;
  }

  private async query(galleryId: number, opts: ListOptions): Promise<PhotoListResult> {
    const pageSize = Math.min(opts.pageSize ?? PHOTO_PAGE_SIZE, MAX_PAGE_SIZE);
    const filter: ListFilter = { galleryId, tags: opts.tags, sort: opts.sort, order: opts.order, person: opts.person, exclude: opts.exclude, from: opts.from, to: opts.to, text: opts.text };
    const tagKey = filterKey(filter);
    const countQuery = () => this.counts.through(galleryId, tagKey, () => countPhotos(this.db, filter));
    if (!opts.after && opts.offset > 0) {
      // Deep offsets of a big list: a slice of the ordered ids, then a primary-key lookup.
      const total = await countQuery();
      if (total >= ORDER_INDEX_MIN) {
        const idx = await this.orders.get(galleryId, `${opts.sort}|${opts.order}|${tagKey}`, () => orderedIds(this.db, filter));
        const ids = Array.from(idx.ids.subarray(opts.offset, opts.offset + pageSize));
        const rows = await visibleRowsByIds(this.db, ids);
        return this.page(rows, idx.ids.length, opts, pageSize, ids.length);
      }
    }
    const [rows, total] = await Promise.all([pageRows(this.db, filter, { limit: pageSize, offset: opts.offset, after: opts.after }), countQuery()]);
    return this.page(rows, total, opts, pageSize, rows.length);
  }

  /** The answer: `consumed` list positions were covered by this page. */
  private page(rows: PhotoRow[], total: number, opts: ListOptions, pageSize: number, consumed: number): PhotoListResult {
    const next = opts.offset + consumed;
    return {
      items: rows.map(presentPhoto),
      total,
      pagedata: { offset: opts.offset, page_size: pageSize, next_offset: next, has_more: next < total, sorttype: opts.sort, order: opts.order }
    };
  }
}
