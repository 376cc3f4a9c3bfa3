import type { Db } from '../../db';
import { badRequest } from '../../errors';
import { presentGallery, type GalleryRow } from './gallery';
import { visiblePhotosByIds } from '../photos/repository';
import type { Gallery } from '../../../../types/api/gallery';
import type { Photo } from '../../../../types/api/photo';
import type { GalleryMedium } from '../../../../types/api/visit';

const MAX_ID = 2_147_483_647;

/**
 * A comma list of positive ids (`1,2,3`), duplicates dropped, order kept.
 * Missing, malformed or more than `max` ids are a 400.
 */
export function parseIdList(name: string, value: unknown, max: number): number[] {
  if (value === undefined || value === null || value === '') throw badRequest(`${name} is required`);
  if (typeof value !== 'string' || value.length > max * 12) throw badRequest(`${name} must be a comma-separated list of ids`);
  const parts = value.split(',').map((s) => s.trim());
  const ids: number[] = [];
  for (const p of parts) {
    if (!/^\d{1,10}$/.test(p) || Number(p) < 1 || Number(p) > MAX_ID) throw badRequest(`${name} must be a comma-separated list of ids`);
    const n = Number(p);
    if (!ids.includes(n)) ids.push(n);
  }
  if (ids.length > max) throw badRequest(`${name}: at most ${max} ids`);
  return ids;
}

const inOrder = <T extends { id: number }>(ids: number[], rows: T[]): T[] => {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is T => !!r);
};

/** Things fetched by id lists: galleries, their cover media, photos. Unknown ids are left out. */
export class BatchService {
  constructor(private db: Db) {}

  async galleries(ids: number[]): Promise<Gallery[]> {
    const { rows } = await this.db.query<GalleryRow>(
      `SELECT g.*, s.view, s.uv, s.imageviews, p.link_id AS parent_link_id
       FROM galleries g LEFT JOIN gallery_stats s ON s.gallery_id = g.id LEFT JOIN galleries p ON p.id = g.parent
       WHERE g.id = ANY($1::int[])`,
      [ids]
    );
    return inOrder(ids, rows).map(presentGallery);
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
