import type { Db } from '../../db';
import { badRequest, notFound } from '../../errors';
import type { Viewer } from '../../viewer';
import type { OrganizerAccess } from '../session/organizer';
import type { GalleryService } from './gallery';
import type { OrganizerGallery } from '../../../../types/api/upload';
import type { ConfigSettings, WatermarkInput } from '../../../../types/api/organizer';
import { normalizeWatermark } from '../../images/watermark';

/** Config settings kept as columns (the H5 document and the share sheet read them there); the rest go into config. */
const SHARE_COLUMNS = ['h5_share_title', 'h5_share_text', 'h5_share_image'] as const;

export interface OrganizerSettingsDeps {
  db: Db;
  access: OrganizerAccess;
  galleries: GalleryService;
  /** The gallery as the organiser API answers it. */
  view: (galleryId: number) => Promise<OrganizerGallery>;
  /** A gallery's photo lists must be read again (its default sort changed). */
  photosChanged: (galleryId: number) => void;
  /** use_face was switched (the face indexer queues or drops the gallery's photos). */
  onFaceSwitch?: (galleryId: number, on: boolean) => Promise<unknown>;
  /** block_all was set (comment_block_all goes live). */
  onBlockAll?: (galleryId: number, value: 0 | 1) => Promise<unknown>;
}

/**
 * What an organiser sets on a gallery besides its page: config flags, share texts, theme
 * (organizerSettingsCalls.setConfig) and the watermark (setWatermark). Every method checks
 * the organiser token first; every write is one statement, so nothing is half-written.
 */
export class OrganizerSettings {
  constructor(private d: OrganizerSettingsDeps) {}

  async setConfig(v: Viewer, galleryId: number, input: ConfigSettings): Promise<OrganizerGallery> {
    this.d.access.assert(v);
    const { theme, ...rest } = input;
    const patch: Record<string, unknown> = {};
    const columns: Record<string, string> = {};
    for (const [key, value] of Object.entries(rest)) {
      if (value === undefined) continue;
      if ((SHARE_COLUMNS as readonly string[]).includes(key)) columns[key] = value as string;
      else patch[key] = value;
    }
    if (columns.h5_share_image) await this.assertStoredImage(columns.h5_share_image, 'h5_share_image');
    const sets = Object.keys(columns).map((c, i) => `${c} = $${i + 4}`);
    const { rowCount } = await this.d.db.query(
      `UPDATE galleries SET config = COALESCE(config, '{}'::jsonb) || $2::jsonb
         || jsonb_build_object('theme', COALESCE(config->'theme', '{}'::jsonb) || $3::jsonb)
         ${sets.length ? `, ${sets.join(', ')}` : ''}
       WHERE id = $1`,
      [galleryId, JSON.stringify(patch), JSON.stringify(theme ?? {}), ...Object.values(columns)]
    );
    if (!rowCount) throw notFound(`Gallery ${galleryId} not found`);
    this.d.galleries.invalidate(galleryId);
    if (input.sort !== undefined) this.d.photosChanged(galleryId);
    if (input.use_face !== undefined) await this.d.onFaceSwitch?.(galleryId, input.use_face === 1);
    if (input.block_all !== undefined) await this.d.onBlockAll?.(galleryId, input.block_all);
    return this.d.view(galleryId);
  }

  /** The gallery's watermark (null: none); the icon must be a stored image. Renders follow: their cache key holds the watermark. */
  async setWatermark(v: Viewer, galleryId: number, input: WatermarkInput | null): Promise<OrganizerGallery> {
    this.d.access.assert(v);
    let stored: string | null = null;
    if (input) {
      await this.assertStoredImage(input.icon, 'watermark.icon');
      stored = JSON.stringify(normalizeWatermark(input));
    }
    const { rowCount } = await this.d.db.query('UPDATE galleries SET watermarks = $2::jsonb WHERE id = $1', [galleryId, stored]);
    if (!rowCount) throw notFound(`Gallery ${galleryId} not found`);
    this.d.galleries.invalidate(galleryId);
    this.d.photosChanged(galleryId);
    return this.d.view(galleryId);
  }

  private async assertStoredImage(hash: string, field: string): Promise<void> {
    const { rows } = await this.d.db.query('SELECT 1 FROM images WHERE hash = $1', [hash]);
    if (!rows.length) throw badRequest(`${field} is not a stored image`);
  }
}
