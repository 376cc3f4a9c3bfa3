import { makeAutoObservable, runInAction } from 'mobx';
import { fetchHome } from '../../api/gallery';
import type { LoadState } from './GalleryStore';

/** The home (demo) album that /demo and a bare entry open. */
export class HomeStore {
  linkId: string | null = null;
  state: LoadState = 'idle';

  constructor(private fetcher = fetchHome) {
    makeAutoObservable<HomeStore, 'fetcher'>(this, { fetcher: false });
  }

  async load(): Promise<void> {
    this.state = 'loading';
    try {
      const r = await this.fetcher();
      runInAction(() => {
        this.linkId = r.link_id;
        this.state = 'ready';
      });
    } catch {
      runInAction(() => {
        this.state = 'notFound';
      });
    }
  }
}
