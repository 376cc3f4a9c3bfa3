import { runInAction } from 'mobx';
import type { Gallery } from '../../../types/api/gallery';
import type { ViewerStore } from '../viewer/ViewerStore';
import type { PhotoListStore } from '../photos/PhotoListStore';
import type { PayStore } from '../pay/PayStore';
import type { DownloadStore } from '../pay/DownloadStore';
import type { LikeStore } from '../viewer/LikeStore';
import type { LoginPromptStore, LoginResume } from './LoginPromptStore';
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

/** How long a resumed pay or download waits for its photo to be listed again after the reload. */
export const RESUME_PHOTO_WAIT_MS = 20_000;
const RESUME_POLL_MS = 250;

export interface ResumeViewerDeps {
  viewer: ViewerStore;
  /** The page's photo lists that may hold the photo (its gallery's lists; the share page's own). */
  lists: (galleryId: number) => PhotoListStore[];
  /** The photo's gallery as this page knows it (its own, a child, or the directory). */
  galleryOf: (galleryId: number) => Gallery | null;
  pay: PayStore;
  downloads: DownloadStore;
}

/**
 * PayToRemove or Download tapped before a login that reloaded the page (WeChat
 * OAuth): once the photo is listed again, the viewer opens at it and the action
 * goes on (pay, then the photo without watermark; or the download).
 */
export async function resumeViewerPay(r: LoginResume, d: ResumeViewerDeps): Promise<boolean> {
  const photoId = Number(r.data.photo);
  const galleryId = Number(r.data.gallery);
  if (!(photoId > 0) || !(galleryId > 0)) return false;
  const find = () => {
    const g = d.galleryOf(galleryId);
    if (!g) return null;
    for (const list of d.lists(galleryId)) {
      const index = list.items.findIndex((p) => p.id === photoId);
      if (index >= 0) return { g, list, index };
    }
    return null;
  };
  // Polled: lists are created as the page renders (the list cache is not observable).
  let found = find();
  for (let waited = 0; !found && waited < RESUME_PHOTO_WAIT_MS; waited += RESUME_POLL_MS) {
    await new Promise((resolve) => setTimeout(resolve, RESUME_POLL_MS));
    found = find();
  }
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
  /** The resumed heart is on (the page shows 'liked'). */
  onLiked: () => void;
}

/**
 * After a login that reloaded the page (WeChat OAuth, sandbox on a phone): the
 * tapped heart, PayToRemove or Download stored before leaving goes on.
 */
export function resumeAfterLogin(prompt: Pick<LoginPromptStore, 'takeResume'>, d: ResumeAfterLoginDeps): void {
  const like = prompt.takeResume('like');
  if (like) void resumeLike(d.likes, like).then((ok) => ok && d.onLiked());
  const payResume = prompt.takeResume('pay') ?? prompt.takeResume('download');
  if (payResume) void resumeViewerPay(payResume, { ...d, ...d.payment() });
}
