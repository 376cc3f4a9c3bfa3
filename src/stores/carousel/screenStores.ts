import type { CarouselConfig, Gallery } from '../../../types/api/gallery';
import { getRootStore, type RootStore } from '../RootStore';
import { GalleryStore } from '../gallery/GalleryStore';
import { PageEventsStore } from '../gallery/PageEventsStore';
import { LiveAlbumStore } from '../live/LiveAlbumStore';
import { CarouselStore } from './CarouselStore';

/*
 * Built here, not in UI code: pages and components hold the result with
 * `useState(() => createX(root))` and never say `new` (docs/architecture.md).
 * One factory file per domain keeps a page's stores in that page's chunk.
 */

/** /g/{link_id}/screen: the gallery, then its carousel with live photos joining the show. */
export class ScreenStores {
  readonly gallery: GalleryStore;

  constructor(private root: RootStore) {
    this.gallery = new GalleryStore(root.clock);
  }

  /** The show of a gallery: shoot-time ascending (spec part 3 §7) from the app's list cache, so live events reach it. */
  carousel(g: Gallery): CarouselStore {
    return carouselOf(this.root, g);
  }

  /** Start the show; new photos join it by the live rules and the show stays on its photo. Returns the stop function. */
  play(carousel: CarouselStore, galleryId: number): () => void {
    return playCarousel(this.root, carousel, galleryId);
  }
}

/**
 * The show of a gallery (the venue screen's, and the `carousel` page component's): shoot-time
 * ascending (spec part 3 §7) from the app's list cache, so live events reach it. `config` overrides
 * the gallery's carousel settings (a page component's own choices).
 */
export function carouselOf(root: RootStore, g: Gallery, config?: Partial<CarouselConfig>): CarouselStore {
  return new CarouselStore(root.photoLists.get({ galleryId: g.id, sorttype: 'shoottime', order: 'asc' }), g.id, { ...g.config.carousel, ...config });
}

/** Start loading the show; new photos join it by the live rules and the show stays on its photo. Returns the stop function. */
export function playCarousel(root: RootStore, carousel: CarouselStore, galleryId: number): () => void {
  carousel.start();
  const live = new LiveAlbumStore({
    watch: (id, h) => root.live.watch(id, h),
    lists: (id) => root.photoLists.listsOf(id),
    viewer: carousel,
    events: new PageEventsStore()
  });
  const stop = live.track(galleryId);
  return () => {
    stop();
    live.dispose();
    carousel.dispose();
    root.photoLists.release(carousel.list);
  };
}

export function createScreenStores(root: RootStore = getRootStore()): ScreenStores {
  return new ScreenStores(root);
}
