import type { Db } from '../../db';
import type { Viewer } from '../../viewer';
import type { GateAccess } from '../gates/gateAccess';
import { withPayed } from '../pay/entitlements';
import { presentGallery, type GalleryRow } from './gallery';
import { visiblePhotosByIds } from '../photos/repository';
import type { Gallery } from '../../../../types/api/gallery';
import type { Photo } from '../../../../types/api/photo';
import type { GalleryMedium } from '../../../../types/api/visit';

const inOrder = <T extends { id: number }>(ids: number[], rows: T[]): T[] => {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is T => !!r);
};

/** Things fetched by id lists: galleries, their cover media, photos. Unknown ids are left out. */
export class BatchService {
  constructor(
    private db: Db,
    private gates: GateAccess
  ) {}

  /** Galleries by id as this viewer may see them (page-gated ones without the pass are redacted). */
  async galleriesFor(v: Viewer, ids: number[]): Promise<Gallery[]> {
    return this.gates.redactGalleries(v, await this.galleries(ids));
  }

  /** Photos by id: those of gated galleries the viewer has not passed are left out; paid ones carry the payed tag. */
  async photosFor(v: Viewer, ids: number[]): Promise<Photo[]> {
    const photos = await this.gates.filterPhotos(v, await this.photos(ids));
    return v.user ? withPayed(this.db, v.user, photos) : photos;
  }

  async galleries(ids: number[]): Promise<Gallery[]> {
    const { rows } = await this.db.query<GalleryRow>(
      `SELECT g.*, s.view, s.uv, s.imageviews, p.link_id AS parent_link_id
       FROM galleries g LEFT JOIN gallery_stats s ON s.gallery_id = g.id LEFT JOIN galleries p ON p.id = g.parent
       WHERE g.id = ANY($1::int[])`,
      [ids]
    );
    return inOrder(ids, rows).map(presentGallery);
  }

  /** Cover media by id; descriptions (with `withDesc`) only of pages this viewer may open. */
  async mediumsFor(v: Viewer, ids: number[], withDesc: boolean): Promise<GalleryMedium[]> {
    const mediums = await this.mediums(ids, withDesc);
    return withDesc ? this.gates.withholdDesc(v, mediums) : mediums;
  }

  async mediums(ids: number[], withDesc: boolean): Promise<GalleryMedium[]> {
    const { rows } = await this.db.query<GalleryMedium>('SELECT id, cover, name, "desc" FROM galleries WHERE id = ANY($1::int[])', [ids]);
    return inOrder(ids, rows).map((r) => ({ id: r.id, cover: r.cover, name: r.name, desc: withDesc ? r.desc : '' }));
  }

  /** Photos by id; hidden ones are not shown. */
  async photos(ids: number[]): Promise<Photo[]> {
    return visiblePhotosByIds(this.db, ids);
  }
}
