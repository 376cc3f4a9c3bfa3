/**
 * Rules of the live album (spec part 3 §4, part 2 §9) as pure functions: where
 * a photo published live goes in a list, which lists take it, how the viewer's
 * index follows, and the new-photos badge numbers. Stores apply them.
 */
import type { Photo, SortOrder } from '../../../types/api/photo';
import { comparePhotos, readSort, type SortSpec } from '../../../types/photoSort';

export { comparePhotos, type SortSpec };

/** New-photo counts appear after a random 1 to 3 s (spec part 3 §4). */
export const NEW_PHOTOS_DELAY_MIN_MS = 1_000;
export const NEW_PHOTOS_DELAY_MAX_MS = 3_000;
/** The badge shows at most 99 (spec part 2 §9; no '99+'). */
export const NEW_PHOTOS_CAP = 99;
/** The refresh badge hides after 5 s (spec part 2 §9). */
export const NEW_PHOTOS_BADGE_MS = 5_000;
/** Photos fetched by id per call (GET /api/v2/images/batchlist). */
export const LIVE_FETCH_BATCH = 50;

/** What a list needs to know to take live events. */
export interface LiveList {
  items: readonly Photo[];
  state: 'idle' | 'loading' | 'more' | 'noMore' | 'error';
  options: { galleryId: number; sorttype?: string; order: SortOrder; tags?: string; person?: number; from?: number; to?: number; q?: string };
}

/** The list's sort as the server reads it (types/photoSort.ts); an unknown field sorts by shoot time. */
export function sortSpecOf(o: { sorttype?: string; order?: SortOrder }): SortSpec {
  const { field, dir } = readSort(o);
  return { field: field ?? 'shoottime', dir };
}

/** First index whose photo comes after `p`: where `p` goes (items.length when after all of them). */
export function insertionIndex(items: readonly Photo[], p: Photo, s: SortSpec): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (comparePhotos(items[mid], p, s) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Only lists that have loaded photos (or learnt that there are none) take events. */
export function isLoaded(list: Pick<LiveList, 'items' | 'state'>): boolean {
  return list.items.length > 0 || list.state === 'noMore';
}

export type InsertPlan =
  | { kind: 'insert'; index: number }
  /** Belongs to the list but past its loaded part: paging will bring it; only the total grows. */
  | { kind: 'beyond' }
  | { kind: 'skip'; reason: 'gallery' | 'duplicate' | 'hot' | 'tag' | 'filtered' | 'notLoaded' };

function tagsOf(tags: string | undefined): string[] {
  return (tags ?? '').split(',').map((t) => t.trim()).filter(Boolean);
}

/** Where a photo published live goes in one list. */
export function planInsert(list: LiveList, p: Photo): InsertPlan {
  if (p.galleryid !== list.options.galleryId) return { kind: 'skip', reason: 'gallery' };
  if (!isLoaded(list)) return { kind: 'skip', reason: 'notLoaded' };
  const spec = sortSpecOf(list.options);
  // The Hot ranking is by likes: a new photo has none and would sit at the far end.
  if (spec.field === 'love') return { kind: 'skip', reason: 'hot' };
  // A person's photos, a time range or a text search: a new photo is not known to belong there.
  if (list.options.person || list.options.from || list.options.to || list.options.q) return { kind: 'skip', reason: 'filtered' };
  const tags = tagsOf(list.options.tags);
  if (tags.length && !tags.some((t) => p.tags.includes(t))) return { kind: 'skip', reason: 'tag' };
  if (list.items.some((x) => x.id === p.id)) return { kind: 'skip', reason: 'duplicate' };
  const index = insertionIndex(list.items, p, spec);
  if (index < list.items.length || list.state === 'noMore') return { kind: 'insert', index };
  return { kind: 'beyond' };
}

/** Indexes (ascending) of the loaded photos with these ids. */
export function removalIndexes(items: readonly Photo[], ids: readonly number[]): number[] {
  const gone = new Set(ids);
  const out: number[] = [];
  items.forEach((p, i) => {
    if (gone.has(p.id)) out.push(i);
  });
  return out;
}

/** The viewer stays on the same photo when one is inserted at or before it. */
export function indexAfterInsert(current: number, inserted: number): number {
  return inserted <= current ? current + 1 : current;
}

/**
 * The viewer stays on the same photo when photos before it go; when the photo
 * itself goes it stays at the same place (the next photo), clamped to the end;
 * -1 (close) when nothing is left.
 */
export function indexAfterRemoval(current: number, removed: readonly number[], lengthAfter: number): number {
  if (lengthAfter <= 0) return -1;
  const before = removed.filter((r) => r < current).length;
  return Math.min(current - before, lengthAfter - 1);
}

/** The random wait before a new-photo count shows. */
export function newPhotosDelayMs(random: number): number {
  const r = Math.min(1, Math.max(0, random));
  return Math.round(NEW_PHOTOS_DELAY_MIN_MS + r * (NEW_PHOTOS_DELAY_MAX_MS - NEW_PHOTOS_DELAY_MIN_MS));
}

/** The number the badge shows. */
export function badgeCount(n: number): number {
  return Math.max(0, Math.min(NEW_PHOTOS_CAP, Math.floor(n)));
}

export function chunk<T>(xs: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < xs.length; i += size) out.push(xs.slice(i, i + size));
  return out;
}
