import { makeAutoObservable, observable, runInAction } from 'mobx';
import type { Photo } from '../../../types/api/photo';
import type { LoveRequest, LoveResult, LovedMap } from '../../../types/api/like';
import { fetchLoved, sendLove } from '../../api/viewer';

export interface LikeApi {
  sendLove(body: LoveRequest): Promise<LoveResult>;
  fetchLoved(galleryid: number, imageids?: number[]): Promise<LovedMap>;
}

/** The visitor's favourite hearts: which photos they like, and each photo's like count. */
export class LikeStore {
  loved = observable.map<number, boolean>();
  counts = observable.map<number, number>();
  private busy = new Set<number>();
  private asked = new Set<number>();

  constructor(private api: LikeApi = { sendLove, fetchLoved }) {
    makeAutoObservable<LikeStore, 'busy' | 'asked' | 'api'>(this, { busy: false, asked: false, api: false });
  }

  isLoved(id: number): boolean {
    return this.loved.get(id) === true;
  }

  count(p: Photo): number {
    return this.counts.get(p.id) ?? p.love;
  }

  /** Ask once for the hearts of these photos (failures are only logged: the hearts stay grey). */
  async load(galleryId: number, ids: number[]): Promise<void> {
    const fresh = ids.filter((id) => !this.asked.has(id) && !this.loved.has(id));
    if (!fresh.length) return;
    for (const id of fresh) this.asked.add(id);
    try {
      const map = await this.api.fetchLoved(galleryId, fresh);
      runInAction(() => {
        for (const [id, v] of Object.entries(map)) if (!this.busy.has(Number(id))) this.loved.set(Number(id), !!v);
      });
    } catch (e) {
      for (const id of fresh) this.asked.delete(id);
      console.info('loved map not loaded', e);
    }
  }

  /** Flip the heart; answers the new state, or null when a change is already on its way or it failed. */
  async toggle(p: Photo, path: string): Promise<boolean | null> {
    if (this.busy.has(p.id)) return null;
    this.busy.add(p.id);
    const want = !this.isLoved(p.id);
    try {
      const r = await this.api.sendLove({ id: p.id, galleryid: p.galleryid, path, love: want ? 1 : 0 });
      runInAction(() => {
        this.loved.set(p.id, r.loved);
        this.counts.set(p.id, r.love);
      });
      return r.loved;
    } catch (e) {
      console.info('love failed', e);
      return null;
    } finally {
      this.busy.delete(p.id);
    }
  }
}
