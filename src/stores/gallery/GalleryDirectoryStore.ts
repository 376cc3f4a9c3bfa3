import { makeAutoObservable, runInAction } from 'mobx';
import type { Gallery } from '../../../types/api/gallery';
import { GALLERY_BATCH_MAX } from '../../../types/api/visit';
import { fetchGalleriesByIds } from '../../api/visits';
import { fetchGallery } from '../../api/gallery';

/**
 * Galleries known by id beyond the open page: those a component lists by id,
 * the parent of a visit, and each parent's sub-galleries (the switch panel).
 */
export class GalleryDirectoryStore {
  byId = new Map<number, Gallery>();
  /** Sub-galleries by parent id. */
  childrenOf = new Map<number, Gallery[]>();
  private asked = new Set<number>();

  constructor(
    private loadByIds = fetchGalleriesByIds,
    private loadDetail = fetchGallery
  ) {
    makeAutoObservable<GalleryDirectoryStore, 'asked' | 'loadByIds' | 'loadDetail'>(this, { asked: false, loadByIds: false, loadDetail: false });
  }

  /** Remember galleries already at hand (a page's own children). */
  remember(list: Gallery[]): void {
    for (const g of list) this.byId.set(g.id, g);
  }

  /** Load the ids not known yet, 50 per call (spec part 3 §9). */
  async ensure(ids: number[]): Promise<void> {
    const missing = [...new Set(ids)].filter((id) => Number.isInteger(id) && id > 0 && !this.byId.has(id) && !this.asked.has(id));
    for (const id of missing) this.asked.add(id);
    for (let i = 0; i < missing.length; i += GALLERY_BATCH_MAX) {
      try {
        const list = await this.loadByIds(missing.slice(i, i + GALLERY_BATCH_MAX));
        runInAction(() => this.remember(list));
      } catch {
        runInAction(() => {
          for (const id of missing.slice(i, i + GALLERY_BATCH_MAX)) this.asked.delete(id);
        });
      }
    }
  }

  /** Load a parent page's sub-galleries (by its link id) and the parent itself. */
  async loadChildren(parentLinkId: string): Promise<void> {
    try {
      const detail = await this.loadDetail({ link_id: parentLinkId });
      runInAction(() => {
        this.remember([detail.gallery, ...detail.children]);
        this.childrenOf.set(detail.gallery.id, detail.children);
      });
    } catch {
      /* the panel shows what it has */
    }
  }

  /** What the switch panel lists for a page: its sub-galleries, or else its siblings. */
  switchTargets(g: Gallery, ownChildren: Gallery[]): Gallery[] {
    if (ownChildren.length) return ownChildren;
    return g.parent > 0 ? this.childrenOf.get(g.parent) ?? [] : [];
  }
}
