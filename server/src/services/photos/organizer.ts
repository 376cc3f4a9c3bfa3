import crypto from 'node:crypto';
import type { Db } from '../../db';
import { badRequest, notFound } from '../../errors';
import { presentGallery, type GalleryRow } from '../gallery/gallery';
import type { Gallery } from '../../../../types/api/gallery';
import type { PhotoAction } from '../../../../types/api/upload';

export const LINK_ID_RE = /^[A-Za-z0-9]{6,9}$/;
const LINK_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const GENERATED_LINK_LENGTH = 8;
/** At most this many photo ids in one organiser action. */
export const MAX_ACTION_IDS = 1000;

export interface NewGallery {
  name: string;
  linkId?: string;
  desc?: string;
  startTime?: number | null;
  endTime?: number | null;
  parent?: number;
  tags?: string[];
  watermark?: Record<string, unknown> | null;
}

/** 8 characters of [A-Za-z0-9], uniformly drawn (rejection sampling). */
export function generateLinkId(): string {
  let out = '';
  while (out.length < GENERATED_LINK_LENGTH) {
    for (const b of crypto.randomBytes(16)) {
      if (b < 248 && out.length < GENERATED_LINK_LENGTH) out += LINK_ALPHABET[b % 62];
    }
  }
  return out;
}

const SELECT = `SELECT g.*, s.view, s.uv, s.imageviews, p.link_id AS parent_link_id
  FROM galleries g LEFT JOIN gallery_stats s ON s.gallery_id = g.id LEFT JOIN galleries p ON p.id = g.parent`;

/**
 * The organiser's writes: galleries, and visibility and review of photos.
 * image_total counts the photos visitors can see, so hiding and deleting move it.
 */
export class OrganizerService {
  constructor(private db: Db) {}

  async createGallery(g: NewGallery): Promise<Gallery> {
    if (g.parent) {
      const { rows } = await this.db.query('SELECT 1 FROM galleries WHERE id = $1', [g.parent]);
      if (!rows.length) throw notFound(`Parent gallery ${g.parent} not found`);
    }
    if (g.watermark && typeof g.watermark.icon === 'string') {
      const { rows } = await this.db.query('SELECT 1 FROM images WHERE hash = $1', [g.watermark.icon]);
      if (!rows.length) throw badRequest('watermark.icon is not a stored image');
    }
    for (let attempt = 0; attempt < 5; attempt++) {
      const linkId = g.linkId ?? generateLinkId();
      const { rows } = await this.db.query<{ id: number }>(
        `INSERT INTO galleries (link_id, name, "desc", start_time, end_time, parent, tags, watermarks, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7::text[], $8, $9)
         ON CONFLICT (link_id) DO NOTHING RETURNING id`,
        [linkId, g.name, g.desc ?? '', g.startTime ?? null, g.endTime ?? null, g.parent ?? 0, g.tags ?? [],
          g.watermark ? JSON.stringify(g.watermark) : null, Math.floor(Date.now() / 1000)]
      );
      if (rows.length) return this.byId(rows[0].id);
      if (g.linkId) throw badRequest(`link_id ${g.linkId} is already taken`);
    }
    throw badRequest('Could not find a free link_id; try again');
  }

  async byId(id: number): Promise<Gallery> {
    const { rows } = await this.db.query<GalleryRow>(`${SELECT} WHERE g.id = $1`, [id]);
    if (!rows.length) throw notFound(`Gallery ${id} not found`);
    return presentGallery(rows[0]);
  }

  async list(): Promise<Gallery[]> {
    const { rows } = await this.db.query<GalleryRow>(`${SELECT} ORDER BY g.id`);
    return rows.map(presentGallery);
  }

  /**
   * Apply one action to photos of a gallery in one transaction. Returns the ids
   * whose state changed (ids of other galleries, and photos already in the
   * wanted state, are left out).
   */
  async photoAction(galleryId: number, action: PhotoAction, ids: number[]): Promise<number[]> {
    return this.db.tx(async (q) => {
      const g = await q.query('SELECT 1 FROM galleries WHERE id = $1 FOR UPDATE', [galleryId]);
      if (!g.rows.length) throw notFound(`Gallery ${galleryId} not found`);
      const params = [galleryId, ids];
      const where = 'gallery_id = $1 AND id = ANY($2::int[])';
      let changed: Array<{ id: number; hidden?: boolean }>;
      let visibleDelta = 0;
      if (action === 'hide' || action === 'show') {
        const hide = action === 'hide';
        changed = (await q.query<{ id: number }>(`UPDATE photos SET hidden = ${hide} WHERE ${where} AND hidden = ${!hide} RETURNING id`, params)).rows;
        visibleDelta = hide ? -changed.length : changed.length;
      } else if (action === 'check' || action === 'uncheck') {
        const v = action === 'check' ? 1 : 0;
        changed = (await q.query<{ id: number }>(`UPDATE photos SET checked = ${v} WHERE ${where} AND checked <> ${v} RETURNING id`, params)).rows;
      } else {
        changed = (await q.query<{ id: number; hidden: boolean }>(`DELETE FROM photos WHERE ${where} RETURNING id, hidden`, params)).rows;
        visibleDelta = -changed.filter((r) => !r.hidden).length;
      }
      if (visibleDelta) await q.query('UPDATE galleries SET image_total = GREATEST(image_total + $2, 0) WHERE id = $1', [galleryId, visibleDelta]);
      return changed.map((r) => r.id).sort((a, b) => a - b);
    });
  }
}
