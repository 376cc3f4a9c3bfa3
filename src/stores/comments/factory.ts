import { commentApi } from '../../api/comments';
import { payApi } from '../../api/pay';
import { openSandboxPage, payChannel, runPlatformPayDetailed } from '../../platform/pay';
import { toast } from '../../platform/ui';
import { t } from '../../i18n';
import { getRootStore, type PageStores, type RootStore } from '../RootStore';
import { CommentsStore } from './CommentsStore';
import { GIFT_POLL_LIMIT, GIFT_POLL_MS, GiftStore } from './GiftStore';
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

const giftsOf = new WeakMap<CommentsStore, GiftStore>();
/** The send bar's emotion and gift pickers of a gallery's comments (one per comments store: every bar of it shares the cooldowns). */
export function commentGifts(comments: CommentsStore, root: RootStore = getRootStore()): GiftStore {
  const had = giftsOf.get(comments);
  if (had) return had;
  const store = new GiftStore({
    galleryId: comments.galleryId,
    api: commentApi,
    getCharge: payApi.getCharge,
    platformPay: runPlatformPayDetailed,
    openSandbox: openSandboxPage,
    channel: payChannel,
    guest: () => root.session.isGuest,
    requireLogin: () => root.loginPrompt.requireLogin('comment'),
    onPosted: (c) => comments.added(c),
    toast: (key) => toast(t(key)),
    now: () => Date.now(),
    sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
    every: (ms, fn) => {
      const id = setInterval(fn, ms);
      return () => clearInterval(id);
    },
    pollMs: GIFT_POLL_MS,
    pollLimit: GIFT_POLL_LIMIT
  });
  giftsOf.set(comments, store);
  return store;
}
