import type { Gallery } from '../../types/api/gallery';
import { getRootStore, type RootStore } from './RootStore';
import { GalleryStore } from './gallery/GalleryStore';
import { PageEventsStore } from './gallery/PageEventsStore';
import { CarouselStore } from './carousel/CarouselStore';
import { LiveAlbumStore } from './live/LiveAlbumStore';
import { SharePageStore } from './share/SharePageStore';
import { PermissionStore } from './permission/PermissionStore';
import { SelectionStore } from './photos/SelectionStore';
import { PullRefreshStore } from './photos/PullRefreshStore';
import { JigsawStore } from './jigsaw/JigsawStore';
import { toast } from '../platform/ui';
import { t } from '../i18n';

/*
 * Stores that one page, or one component instance, owns. Every store is built
 * either by RootStore (app-wide state, and PageStores for the gallery pages) or
 * by a factory here; pages and components hold the result with
 * `useState(() => createX(root))` and never say `new`.
 */

/** /page/share/{openid}/{ids}: the shared photos and their sharer. */
export function createSharePageStores(root: RootStore = getRootStore()): SharePageStore {
  return new SharePageStore({ directory: root.directory });
}

/** /page/permission/{id}: the password and phone gates (a guest logs in before submitting a phone). */
export function createPermissionStores(root: RootStore = getRootStore()): PermissionStore {
  return new PermissionStore({ requireLogin: (r) => root.loginPrompt.requireLogin(r) });
}

/** /g/{link_id}/screen: the gallery, then its carousel with live photos joining the show. */
export class ScreenStores {
  readonly gallery: GalleryStore;

  constructor(private root: RootStore) {
    this.gallery = new GalleryStore(root.clock);
  }

  /** The show of a gallery: shoot-time ascending (spec part 3 §7) from the app's list cache, so live events reach it. */
  carousel(g: Gallery): CarouselStore {
    return new CarouselStore(this.root.photoLists.get({ galleryId: g.id, sorttype: 'shoottime', order: 'asc' }), g.id, g.config.carousel);
  }

  /** Start the show; new photos join it by the live rules and the show stays on its photo. Returns the stop function. */
  play(carousel: CarouselStore, galleryId: number): () => void {
    const root = this.root;
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
}

export function createScreenStores(root: RootStore = getRootStore()): ScreenStores {
  return new ScreenStores(root);
}

/** One photo list's selection mode (download, share, collage); its limits speak through toasts. */
export function createSelectionStore(): SelectionStore {
  return new SelectionStore((a) => toast(t(a.key, { num: a.num })));
}

/** One list's pull-to-refresh gesture. */
export function createPullRefreshStore(): PullRefreshStore {
  return new PullRefreshStore();
}

/** One selection bar's collage (saving is a download: a guest logs in first). */
export function createJigsawStore(root: RootStore = getRootStore()): JigsawStore {
  return new JigsawStore({ requireLogin: (r) => root.loginPrompt.requireLogin(r) });
}
