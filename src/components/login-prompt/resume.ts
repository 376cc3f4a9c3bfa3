import { runInAction } from 'mobx';
import type { Gallery } from '../../../types/api/gallery';
import type { ViewerStore } from '../../stores/viewer/ViewerStore';
import type { PhotoListStore } from '../../stores/photos/PhotoListStore';
import type { PayStore } from '../../stores/pay/PayStore';
import type { DownloadStore } from '../../stores/pay/DownloadStore';
import type { LikeStore } from '../../stores/viewer/LikeStore';
import type { LoginResume } from '../../stores/login/LoginPromptStore';
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
