import { commentApi } from '../../api/comments';
import { payApi } from '../../api/pay';
import { openSandboxPage, payChannel, runPlatformPayDetailed } from '../../platform/pay';
import { toast } from '../../platform/ui';
import { t } from '../../i18n';
import { getRootStore, type RootStore } from '../RootStore';
import type { CommentsStore } from './CommentsStore';
import { GIFT_POLL_LIMIT, GIFT_POLL_MS, GiftStore } from './GiftStore';

/*
 * The send bar's gift and emotion pickers, apart from stores/comments/factory.ts: only the send
 * bar imports this, so a page whose comments are off (or not yet shown) loads no gift code.
 */

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
