import { makeAutoObservable, runInAction } from 'mobx';
import type { Landing } from '../../../types/api/gallery';
import { fetchLanding } from '../../api/gallery';
import type { LoadState } from './GalleryStore';

/** The root address's page (issue 12, Experience 7): the demo link and the public events. */
export class LandingStore {
  state: LoadState = 'idle';
  data: Landing | null = null;

  constructor(private fetcher = fetchLanding) {
    makeAutoObservable<LandingStore, 'fetcher'>(this, { fetcher: false });
  }

  async load(): Promise<void> {
    this.state = 'loading';
    try {
      const data = await this.fetcher();
      runInAction(() => {
        this.data = data;
        this.state = 'ready';
      });
    } catch {
      runInAction(() => {
        this.state = 'error';
      });
    }
  }
}

/** The landing page's own store (the page holds it with useState). */
export const createLandingStore = () => new LandingStore();
