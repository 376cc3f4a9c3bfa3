import { PhotoListStore, type PhotoListOptions } from './PhotoListStore';

/** A photo list reopened within this window reuses what it loaded (spec part 1 §9: 2 minutes). */
export const PHOTO_LIST_CACHE_MS = 2 * 60 * 1000;

export function photoListKey(o: PhotoListOptions): string {
  return [o.galleryId, o.sorttype ?? '', o.order, o.tags ?? '', o.person ?? '', o.from ?? '', o.to ?? '', o.q ?? ''].join('|');
}

/**
 * Photo lists by gallery, sort and tag. A list asked for again within the window
 * (switching tags back and forth, reopening a gallery page) is the same store with
 * its photos; after the window it starts empty.
 */
export class PhotoListCache {
  private entries = new Map<string, { store: PhotoListStore; at: number }>();

  constructor(
    private create: (o: PhotoListOptions) => PhotoListStore = (o) => new PhotoListStore(o),
    private now: () => number = () => Date.now()
  ) {}

  get(options: PhotoListOptions): PhotoListStore {
    const t = this.now();
    for (const [k, e] of this.entries) if (t - e.at > PHOTO_LIST_CACHE_MS) this.entries.delete(k);
    const key = photoListKey(options);
    const hit = this.entries.get(key);
    if (hit) {
      hit.at = t;
      return hit.store;
    }
    const store = this.create(options);
    this.entries.set(key, { store, at: t });
    return store;
  }

  /** The list is no longer shown: its window starts now. */
  release(store: PhotoListStore): void {
    const e = this.entries.get(photoListKey(store.options));
    if (e && e.store === store) e.at = this.now();
  }

  /** An event reset the gallery: its other lists load afresh when next shown. */
  dropGallery(galleryId: number, keep?: PhotoListStore): void {
    for (const [k, e] of this.entries) if (e.store.options.galleryId === galleryId && e.store !== keep) this.entries.delete(k);
  }

  /** Every cached list of a gallery (the live channel applies its events to those loaded). */
  listsOf(galleryId: number): PhotoListStore[] {
    return [...this.entries.values()].filter((e) => e.store.options.galleryId === galleryId).map((e) => e.store);
  }

  get size(): number {
    return this.entries.size;
  }
}
