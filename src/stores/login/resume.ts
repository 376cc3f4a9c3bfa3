import { runInAction } from 'mobx';
import type { Gallery } from '../../../types/api/gallery';
import type { ViewerStore } from '../viewer/ViewerStore';
import type { PhotoListStore } from '../photos/PhotoListStore';
import type { PayStore } from '../pay/PayStore';
import type { DownloadStore } from '../pay/DownloadStore';
import type { LikeStore } from '../viewer/LikeStore';
import type { LoginPromptStore, LoginResume, LoginReturn } from './LoginPromptStore';
import type { PlaceTracker } from './loginPlace';
import { VIEWER } from '../viewer/viewerConstants';
import { sendLove } from '../../api/viewer';

/** The heart tapped before a login that reloaded the page: like that photo now (never an unlike). */
export async function resumeLike(likes: LikeStore, r: LoginResume, send = sendLove): Promise<boolean> {
  const id = Number(r.data.photo);
  const galleryid = Number(r.data.gallery);
  if (!(id > 0) || !(galleryid > 0)) return false;
  try {
    const res = await send({ id, galleryid, path: String(r.data.path ?? ''), love: 1 });
    runInAction(() => {
      likes.loved.set(id, res.loved);
      likes.counts.set(id, res.love);
    });
    return res.loved;
  } catch (e) {
    console.info('resumed like failed', e);
    return false;
  }
}

/** How long the return after a reload waits for its photo to be listed again, or for the page to be long enough to scroll back. */
export const RESUME_PHOTO_WAIT_MS = 20_000;
const RESUME_POLL_MS = 250;
/** Pages a resume loads at most to reach the photo or the scroll offset (20 photos each). */
export const RESUME_MAX_PAGES = 25;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface ResumeViewerDeps {
  viewer: ViewerStore;
  /** The page's photo lists that may hold the photo (its gallery's lists; the share page's own). */
  lists: (galleryId: number) => PhotoListStore[];
  /** The photo's gallery as this page knows it (its own, a child, or the directory). */
  galleryOf: (galleryId: number) => Gallery | null;
  pay: PayStore;
  downloads: DownloadStore;
}

export interface Listed {
  g: Gallery;
  list: PhotoListStore;
  index: number;
}

/** A list the page has started that can load another page now. */
const canLoadMore = (l: PhotoListStore) => l.hasMore && l.state !== 'loading' && l.items.length > 0;

/**
 * The photo in the page's lists of its gallery, once they list it: polled (lists are
 * created as the page renders; the list cache is not observable), and further pages are
 * loaded when the photo was further down than the first page.
 */
export async function findListed(photoId: number, galleryId: number, d: Pick<ResumeViewerDeps, 'lists' | 'galleryOf'>): Promise<Listed | null> {
  if (!(photoId > 0) || !(galleryId > 0)) return null;
  const find = (): Listed | null => {
    const g = d.galleryOf(galleryId);
    if (!g) return null;
    for (const list of d.lists(galleryId)) {
      const index = list.items.findIndex((p) => p.id === photoId);
      if (index >= 0) return { g, list, index };
    }
    return null;
  };
  let pages = 0;
  for (let waited = 0; waited < RESUME_PHOTO_WAIT_MS; waited += RESUME_POLL_MS) {
    const found = find();
    if (found) return found;
    const more = d.galleryOf(galleryId) ? d.lists(galleryId).find(canLoadMore) : undefined;
    if (more && pages < RESUME_MAX_PAGES) {
      pages++;
      await more.loadMore();
    } else await sleep(RESUME_POLL_MS);
  }
  return find();
}

/**
 * Scroll the page back to `top`, loading further pages of its lists until the page is
 * long enough (the list was longer than its first page when the visitor left).
 */
export async function restoreScroll(top: number, lists: () => PhotoListStore[], scrollTo: (top: number) => number): Promise<boolean> {
  let pages = 0;
  for (let waited = 0; waited < RESUME_PHOTO_WAIT_MS; waited += RESUME_POLL_MS) {
    if (scrollTo(top) >= top - 1) return true;
    const all = lists();
    const more = all.find(canLoadMore);
    if (more && pages < RESUME_MAX_PAGES) {
      pages++;
      await more.loadMore();
    } else if (all.length && all.every((l) => !l.hasMore) && waited > 0) {
      // Everything is listed and laid out: as far as the page goes.
      scrollTo(top);
      return false;
    }
    // The new cells are laid out before the next try.
    await sleep(RESUME_POLL_MS);
  }
  return false;
}

/**
 * PayToRemove or Download tapped before a login that reloaded the page (WeChat
 * OAuth): once the photo is listed again, the viewer opens at it and the action
 * goes on (the confirmation sheet, then the photo without watermark; or the download).
 */
export async function resumeViewerPay(r: LoginResume, d: ResumeViewerDeps): Promise<boolean> {
  const found = await findListed(Number(r.data.photo), Number(r.data.gallery), d);
  if (!found) return false;
  const { g, list, index } = found;
  d.viewer.open(list, index);
  const p = list.items[index];
  if (r.kind === 'download') {
    if ((await d.downloads.download(g, [p])) && d.pay.isPaid(p)) await d.viewer.loadFull();
    return true;
  }
  if (await d.pay.pay(g, [p], 'remove_watermark')) await d.viewer.loadFull();
  return true;
}

export interface ResumeAfterLoginDeps extends Omit<ResumeViewerDeps, 'pay' | 'downloads'> {
  likes: LikeStore;
  /** The app's payment stores, asked for only when a pay or download goes on. */
  payment: () => Pick<ResumeViewerDeps, 'pay' | 'downloads'>;
  /** The resumed heart is on, with no viewer to say so (the page toasts 'liked'). */
  onLiked: () => void;
  /** The photo lists of the page (to load until the page is long enough to scroll back). */
  pageLists: () => PhotoListStore[];
  /** platform/scroll scrollPageTo. */
  scrollTo: (top: number) => number;
}

/**
 * After a login that reloaded the page (WeChat OAuth, the sandbox on a phone): the visitor
 * comes back where they were — the same scroll offset, the viewer open on the same photo,
 * the same sheet (its component opens it again: PlaceTracker.takeSheet) — and the tapped
 * heart, PayToRemove or Download goes on with its toast (the viewer's own toast for the
 * heart; the payment's confirmation sheet and result).
 */
export async function resumeAfterLogin(
  prompt: Pick<LoginPromptStore, 'takeReturn'> & { places?: Pick<PlaceTracker, 'restoreSheet'> },
  d: ResumeAfterLoginDeps
): Promise<LoginReturn | null> {
  const r = prompt.takeReturn();
  if (!r) return null;
  const { action, place } = r;
  if (place && place.scroll > 0) await restoreScroll(place.scroll, d.pageLists, d.scrollTo);
  if (place?.sheet) prompt.places?.restoreSheet(place.sheet);
  if (action && (action.kind === 'pay' || action.kind === 'download')) {
    await resumeViewerPay(action, { ...d, ...d.payment() });
    return r;
  }
  const like = action?.kind === 'like' ? action : null;
  const photo = like ? { id: Number(like.data.photo), gallery: Number(like.data.gallery) } : place?.photo;
  const found = photo ? await findListed(photo.id, photo.gallery, d) : null;
  if (found) d.viewer.open(found.list, found.index);
  if (like && (await resumeLike(d.likes, like))) {
    if (d.viewer.isOpen) d.viewer.notify('viewer.loved', VIEWER.LIKE_TOAST_MS);
    else d.onLiked();
  }
  return r;
}
