import { makeAutoObservable, runInAction } from 'mobx';
import type { Gallery, GalleryStatus } from '../../types/api/gallery';
import { fetchGallery, type GalleryKey } from '../api/gallery';
import { ApiError } from '../api/client';
import type { ClockStore } from './ClockStore';

export type LoadState = 'idle' | 'loading' | 'ready' | 'notFound' | 'error';

/** One gallery page's album and its sub-galleries (each open page has its own). */
export class GalleryStore {
  state: LoadState = 'idle';
  gallery: Gallery | null = null;
  children: Gallery[] = [];
  private requestSeq = 0;

  constructor(
    private clock: ClockStore,
    private load = fetchGallery
  ) {
    makeAutoObservable<GalleryStore, 'requestSeq' | 'load' | 'clock'>(this, { requestSeq: false, load: false, clock: false });
  }

  async open(key: GalleryKey): Promise<void> {
    const seq = ++this.requestSeq;
    this.state = 'loading';
    try {
      const detail = await this.load(key);
      if (seq !== this.requestSeq) return;
      runInAction(() => {
        this.gallery = detail.gallery;
        this.children = detail.children;
        this.state = 'ready';
      });
    } catch (e) {
      if (seq !== this.requestSeq) return;
      runInAction(() => {
        const missing = e instanceof ApiError && (e.code === 404 || e.code === 400);
        this.state = missing ? 'notFound' : 'error';
        this.gallery = null;
        this.children = [];
      });
    }
  }

  /** Load the open gallery again in place, without the loading state (its counts change meanwhile). */
  async refresh(): Promise<void> {
    const g = this.gallery;
    if (!g || this.state !== 'ready') return;
    const seq = this.requestSeq;
    try {
      const detail = await this.load({ link_id: g.link_id });
      if (seq !== this.requestSeq) return;
      runInAction(() => {
        this.gallery = detail.gallery;
        this.children = detail.children;
      });
    } catch {
      /* keep what is shown */
    }
  }

  get status(): GalleryStatus | null {
    return this.gallery ? this.clock.statusOf(this.gallery) : null;
  }

  /** Before the event starts, an empty list says 'Waiting'. */
  get notStarted(): boolean {
    return this.status === 'wait' || this.status === 'config';
  }
}
