import { makeAutoObservable, runInAction } from 'mobx';
import { fetchGallery } from '../../api/gallery';
import type { GalleryDetail } from '../../../types/api/gallery';

export type EmbedPageState = 'loading' | 'shown' | 'refused';

/** Whether `url` is one of the strings of the organiser's page (any component's address). */
export function pageNamesUrl(pagedata: unknown, url: string): boolean {
  const seen = new Set<unknown>();
  const walk = (v: unknown): boolean => {
    if (typeof v === 'string') return v === url;
    if (!v || typeof v !== 'object' || seen.has(v)) return false;
    seen.add(v);
    return Array.isArray(v) ? v.some(walk) : Object.values(v as Record<string, unknown>).some(walk);
  };
  return walk(pagedata);
}

/**
 * The full-page embed (/page/video/iframe?url=…&galleryid=…) frames only an address that the
 * gallery's own page names (its iframe or video components): a crafted link cannot show
 * another site under this app's address.
 */
export class EmbedPageStore {
  state: EmbedPageState = 'loading';

  constructor(private load: (id: number) => Promise<GalleryDetail> = (id) => fetchGallery({ id })) {
    makeAutoObservable<EmbedPageStore, 'load'>(this, { load: false });
  }

  async check(galleryId: number | null, url: string | null): Promise<void> {
    this.state = 'loading';
    if (!url || !galleryId || !Number.isInteger(galleryId) || galleryId <= 0) {
      this.state = 'refused';
      return;
    }
    try {
      const detail = await this.load(galleryId);
      const pages = [detail.gallery, ...detail.children].map((g) => g.pagedata);
      const named = pages.some((p) => pageNamesUrl(p, url));
      runInAction(() => (this.state = named ? 'shown' : 'refused'));
    } catch {
      runInAction(() => (this.state = 'refused'));
    }
  }
}
