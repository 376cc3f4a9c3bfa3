import { makeAutoObservable, runInAction } from 'mobx';
import type { Gallery } from '../../types/api/gallery';
import { deriveStatus } from '../../types/status';
import type { GalleryStatus } from '../../types/api/gallery';
import { fetchGallery, type GalleryKey } from '../api/gallery';
import { ApiError } from '../api/client';

export type LoadState = 'idle' | 'loading' | 'ready' | 'notFound' | 'error';

/** The open gallery page and its sub-galleries. */
export class GalleryStore {
  state: LoadState = 'idle';
  gallery: Gallery | null = null;
  children: Gallery[] = [];
  /** Server clock minus device clock, seconds (from sysinfo.srv_time). */
  clockSkew = 0;
  private requestSeq = 0;

  constructor(private load = fetchGallery) {
    makeAutoObservable<GalleryStore, 'requestSeq' | 'load'>(this, { requestSeq: false, load: false });
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

  setClockSkew(srvTime: number) {
    this.clockSkew = srvTime - Math.floor(Date.now() / 1000);
  }

  /** Now on the server's clock, Unix seconds. */
  now(): number {
    return Math.floor(Date.now() / 1000) + this.clockSkew;
  }

  statusOf(g: Gallery): GalleryStatus {
    return deriveStatus(g, this.now());
  }

  get status(): GalleryStatus | null {
    return this.gallery ? this.statusOf(this.gallery) : null;
  }

  /** Before the event starts, an empty list says 'Waiting'. */
  get notStarted(): boolean {
    return this.status === 'wait' || this.status === 'config';
  }
}
