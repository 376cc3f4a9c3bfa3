import { makeAutoObservable, observableShallow, runInAction } from 'mobx';
import type { Photo, PhotoListQuery, SortOrder, SortType } from '../../../types/api/photo';
import { PHOTO_PAGE_SIZE } from '../../../types/api/photo';
import { fetchPhotoList } from '../../api/gallery';
import { planInsert, removalIndexes } from '../live/liveRules';

export type ListState = 'idle' | 'loading' | 'more' | 'noMore' | 'error';

/** Loading stops after more than this many loads in a row bring no new photo (spec part 1 §4). */
export const MAX_EMPTY_LOADS = 3;

export interface PhotoListOptions {
  galleryId: number;
  sorttype?: string;
  order: SortOrder;
  tags?: string;
  /** Only this person's photos (the Person tag, person albums, My Photo, Following). */
  person?: number;
  /** Shoot-time range in Unix seconds and text the photos carry (the non-face way to find photos). */
  from?: number;
  to?: number;
  q?: string;
}

/**
 * One photo list (a gallery, a sort and a tag filter): loads pages of 20,
 * reports loading / more / no-more, and can be reset to load again. Pages after
 * the first carry a keyset cursor (`after`, the last photo's sort value and id)
 * besides the offset, so deep pages stay fast on the server.
 */
export class PhotoListStore {
  items: Photo[] = [];
  total = 0;
  state: ListState = 'idle';
  /** Bumped by every live change, so a layout re-computes even when the count comes back the same. */
  version = 0;
  private nextOffset = 0;
  /** Photos inserted live since the list last loaded from the start. */
  private liveIds = new Set<number>();
  /** Photos published live past the loaded part: counted in the total once, however often they come. */
  private beyondIds = new Set<number>();
  private seq = 0;
  private emptyLoads = 0;
  /** Sort column the server reported, for the keyset cursor. */
  private sortField: SortType | null = null;

  constructor(
    public options: PhotoListOptions,
    private load = fetchPhotoList
  ) {
    // Photos are plain data: only the array is observed (20,000 deep-observable photos
    // would cost memory and long garbage-collection pauses while scrolling).
    makeAutoObservable<PhotoListStore, 'seq' | 'load' | 'emptyLoads' | 'sortField' | 'liveIds' | 'beyondIds'>(this, {
      items: observableShallow,
      seq: false,
      load: false,
      emptyLoads: false,
      sortField: false,
      liveIds: false,
      beyondIds: false
    });
  }

  get hasMore(): boolean {
    return this.state !== 'noMore';
  }

  get isEmpty(): boolean {
    return this.state === 'noMore' && this.items.length === 0;
  }

  /** Load the next page unless one is loading or the end was reached. */
  async loadMore(): Promise<void> {
    if (this.state === 'loading' || this.state === 'noMore') return;
    const seq = this.seq;
    this.state = 'loading';
    const q: PhotoListQuery = {
      offset: this.nextOffset,
      order: this.options.order,
      page_size: PHOTO_PAGE_SIZE
    };
    if (this.options.sorttype) q.sorttype = this.options.sorttype as PhotoListQuery['sorttype'];
    if (this.options.tags) q.tags = this.options.tags;
    if (this.options.person) q.person = this.options.person;
    if (this.options.from) q.from = this.options.from;
    if (this.options.to) q.to = this.options.to;
    if (this.options.q) q.q = this.options.q;
    const last = this.items[this.items.length - 1];
    if (last && this.sortField && this.nextOffset === this.items.length) q.after = `${last[this.sortField]}_${last.id}`;
    try {
      const res = await this.load(this.options.galleryId, q);
      if (seq !== this.seq) return;
      runInAction(() => {
        const known = new Set(this.items.map((p) => p.id));
        const fresh = res.items.filter((p) => !known.has(p.id));
        if (fresh.length) this.items.push(...fresh);
        this.total = res.total;
        this.sortField = res.pagedata.sorttype ?? null;
        this.nextOffset = res.pagedata.next_offset;
        // A page of nothing new (photos removed or re-sorted meanwhile) may be followed
        // by more: try again, but not forever.
        this.emptyLoads = fresh.length ? 0 : this.emptyLoads + 1;
        this.state = res.pagedata.has_more && this.emptyLoads <= MAX_EMPTY_LOADS ? 'more' : 'noMore';
      });
    } catch {
      if (seq !== this.seq) return;
      runInAction(() => {
        this.state = 'error';
      });
    }
  }

  /** Forget what was loaded (an event or a new sort) so the list loads again from the start. */
  reset(options?: Partial<PhotoListOptions>): void {
    this.seq++;
    if (options) this.options = { ...this.options, ...options };
    this.items = [];
    this.total = 0;
    this.nextOffset = 0;
    this.emptyLoads = 0;
    this.liveIds = new Set();
    this.beyondIds = new Set();
    this.state = 'idle';
  }

  /**
   * A photo published live (spec part 3 §4): inserted at its place in the list's
   * order when that lies within the loaded part, appended when the whole list is
   * loaded, otherwise left for paging (the total still grows). Duplicates, other
   * tags and the Hot ranking are skipped. Returns the index it went to, or -1.
   */
  insertPhoto(p: Photo): number {
    const plan = planInsert(this, p);
    if (plan.kind === 'skip') return -1;
    if (plan.kind === 'beyond') {
      if (!this.beyondIds.has(p.id)) this.total++;
      this.beyondIds.add(p.id);
      return -1;
    }
    if (!this.beyondIds.delete(p.id)) this.total++;
    this.items.splice(plan.index, 0, p);
    // The server's list grew ahead of the next page: keep the page offset on the same photo.
    this.nextOffset++;
    this.liveIds.add(p.id);
    this.version++;
    return plan.index;
  }

  /** Photos deleted or hidden: returns the indexes (ascending) they had. */
  removePhotos(ids: readonly number[]): number[] {
    const at = removalIndexes(this.items, ids);
    if (!at.length) return at;
    const gone = new Set(ids);
    this.items = this.items.filter((p) => !gone.has(p.id));
    this.total = Math.max(this.items.length, this.total - at.length);
    this.nextOffset = Math.max(0, this.nextOffset - at.length);
    this.version++;
    return at;
  }

  /** Change fields of loaded photos (review state): returns how many changed. */
  updatePhotos(ids: readonly number[], patch: Partial<Pick<Photo, 'check' | 'love' | 'tags'>>): number {
    const at = removalIndexes(this.items, ids);
    for (const i of at) this.items[i] = { ...this.items[i], ...patch };
    if (at.length) this.version++;
    return at.length;
  }

  /** Load again from the start; resolves to how many new photos came in ahead of the old first one. */
  async refresh(): Promise<number> {
    // Photos inserted live count as new: compare with what the server gave last time.
    const served = this.items.filter((p) => !this.liveIds.has(p.id));
    const before = new Set(served.map((p) => p.id));
    const first = served[0]?.id;
    this.reset();
    await this.loadMore();
    // New photos are those now ahead of the old first one (later ones just moved up a page).
    const at = first === undefined ? -1 : this.items.findIndex((p) => p.id === first);
    return at >= 0 ? at : this.items.filter((p) => !before.has(p.id)).length;
  }
}
