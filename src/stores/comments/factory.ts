import { commentApi } from '../../api/comments';
import { getRootStore, type PageStores, type RootStore } from '../RootStore';
import { CommentsStore } from './CommentsStore';
import { PopupCommentsStore } from './PopupCommentsStore';

/*
 * Built here, not in UI code (docs/architecture.md): components hold the result with
 * `useState(() => createX(root))`.
 */

/** A gallery's comments: its list, replies, the send bar and the block state. */
export function createCommentsStore(galleryId: number, root: RootStore = getRootStore()): CommentsStore {
  return new CommentsStore({
    galleryId,
    api: commentApi,
    watch: (g, h) => root.live.watch(g, h),
    me: () => ({ openid: root.session.user?.openid ?? '', guest: root.session.isGuest })
  });
}

const ofPage = new WeakMap<PageStores, CommentsStore>();
/** A gallery page's comments: one store for the page, its comment entry and its viewer (the count stays the same). */
export function pageComments(page: PageStores, galleryId: number, root: RootStore = getRootStore()): CommentsStore {
  const had = ofPage.get(page);
  if (had && had.galleryId === galleryId) return had;
  const store = createCommentsStore(galleryId, root);
  ofPage.set(page, store);
  return store;
}

/** The gallery page's popup comments. */
export function createPopupComments(galleryId: number, root: RootStore = getRootStore()): PopupCommentsStore {
  return new PopupCommentsStore({
    galleryId,
    api: commentApi,
    now: () => root.clock.now(),
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (t) => clearTimeout(t)
  });
}
