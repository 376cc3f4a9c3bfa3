import { runInAction } from 'mobx';
import type { LikeStore } from '../../stores/LikeStore';
import type { LoginResume } from '../../stores/LoginPromptStore';
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
