import { makeAutoObservable, runInAction } from 'mobx';
import type { Photo, PhotoListQuery, SortOrder } from '../../types/api/photo';
import { PHOTO_PAGE_SIZE } from '../../types/api/photo';
import { fetchPhotoList } from '../api/gallery';

export type ListState = 'idle' | 'loading' | 'more' | 'noMore' | 'error';

export interface PhotoListOptions {
  galleryId: number;
  sorttype?: string;
  order: SortOrder;
  tags?: string;
}

/**
 * One photo list (a gallery, a sort and a tag filter): loads pages of 20,
 * reports loading / more / no-more, and can be reset to load again.
 */
export class PhotoListStore {
  items: Photo[] = [];
  total = 0;
  state: ListState = 'idle';
  private nextOffset = 0;
  private seq = 0;

  constructor(
    public options: PhotoListOptions,
    private load = fetchPhotoList
  ) {
    makeAutoObservable<PhotoListStore, 'seq' | 'load'>(this, { seq: false, load: false });
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
    try {
      const res = await this.load(this.options.galleryId, q);
      if (seq !== this.seq) return;
      runInAction(() => {
        const known = new Set(this.items.map((p) => p.id));
        for (const p of res.items) if (!known.has(p.id)) this.items.push(p);
        this.total = res.total;
        this.nextOffset = res.pagedata.next_offset;
        this.state = res.pagedata.has_more && res.items.length > 0 ? 'more' : 'noMore';
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
    this.state = 'idle';
  }
}
