import { GenerationCache } from '../shared/cache';

/**
 * The order of a big photo list held in memory: every photo id of one gallery, sort
 * and tag filter, in list order (one index-only scan). A page at any offset is then a
 * slice of ids and a primary-key lookup, instead of the database stepping over
 * `offset` rows (slow at depth on a 100,000-photo gallery). Same lifetime rules as the
 * list cache: a write to the gallery's photos drops it, and it lasts LIST_CACHE_TTL_MS.
 */
export const ORDER_INDEX_MIN = 2000;
const MAX_INDEXES = 32;

export interface OrderIndex {
  ids: Int32Array;
}

export class PhotoOrderIndex {
  private cache: GenerationCache<OrderIndex>;
  private inflight = new Map<string, Promise<OrderIndex>>();

  constructor(ttlMs: number) {
    this.cache = new GenerationCache<OrderIndex>(ttlMs, MAX_INDEXES);
  }

  invalidate(galleryId: number): void {
    this.cache.invalidate(galleryId);
  }

  clear(): void {
    this.cache.clear();
  }

  /** The ids in order; concurrent callers share one scan (`load`: repository.orderedIds). */
  get(galleryId: number, key: string, load: () => Promise<Int32Array>): Promise<OrderIndex> {
    const hit = this.cache.get(galleryId, key);
    if (hit) return Promise.resolve(hit);
    const flightKey = `${galleryId}|${key}`;
    const running = this.inflight.get(flightKey);
    if (running) return running;
    const p = this.cache
      .through(galleryId, key, async () => ({ ids: await load() }))
      .finally(() => this.inflight.delete(flightKey));
    this.inflight.set(flightKey, p);
    return p;
  }
}
