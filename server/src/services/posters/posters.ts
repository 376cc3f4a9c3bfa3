import type { Db } from '../../db';
import type { ObjectStore } from '../../storage';
import { AppError, badRequest, notFound } from '../../errors';
import { ErrorCode } from '../../../../types/envelope';
import { splitIds } from '../../../../types/api/schema';
import {
  POSTER_CUSTOM_MIN,
  POSTER_KEY_RE,
  POSTER_LIST_MAX,
  POSTER_MAX_BYTES,
  POSTER_MAX_IMAGES,
  POSTER_TEMPLATES_MAX,
  POSTER_TEMPLATE_MAX_BYTES,
  posterKey,
  type PosterAdjust,
  type PosterTemplate,
  type PosterUploadResult,
  type UserPoster
} from '../../../../types/api/poster';
import { requireRealUser, type Viewer } from '../../viewer';
import type { GateAccess } from '../gates/gateAccess';
import type { GalleryService } from '../gallery/gallery';
import type { OrganizerAccess } from '../session/organizer';
import { BUILTIN_TEMPLATES, builtinPicture, decodeDataUrl, templateIcon, templatePicture, toJpeg } from './images';

const now = () => Math.floor(Date.now() / 1000);
const TEMPLATE_FILE_RE = /^t(\d{1,10})(_icon)?\.(png|jpg)$/;
/** A stored poster's file: its uploader's (`_u{userId}`), or one saved before posters were per visitor (no `_u`). */
const POSTER_FILE_RE = /^g(\d{1,10})_t(\d{1,10})_m(\d{1,10})(?:_u\d{1,10})?\.jpg$/;
const templateKey = (id: number, icon: boolean) => `poster-templates/t${id}${icon ? '_icon' : ''}.jpg`;
const TEMPLATE_FILE_PATH = '/api/v2/poster/template-file/';
const POSTER_FILE_PATH = '/api/v2/poster/file/';

interface TemplateRow {
  id: number;
  adjust: number;
}
interface PosterRow {
  id: number;
  gallery_id: number;
  image_ids: number[];
  thumb: string | null;
  border: number;
  desc: string;
  created_at: string | number;
}

export const noTemplate = (id: number) => new AppError(ErrorCode.POSTER_NO_TEMPLATE, `Poster template ${id} not found`);

function presentTemplate(id: number, adjust: number, ext: 'png' | 'jpg'): PosterTemplate {
  return { id, adjust: adjust === 1 ? 1 : 2, icon: `${TEMPLATE_FILE_PATH}t${id}_icon.${ext}`, src: `${TEMPLATE_FILE_PATH}t${id}.${ext}` };
}

const presentPoster = (r: PosterRow): UserPoster => ({
  id: r.id,
  gallery_id: r.gallery_id,
  image_ids: r.image_ids,
  thumb: r.thumb ? `${POSTER_FILE_PATH}${r.thumb.slice('poster/'.length)}` : null,
  border: r.border,
  desc: r.desc,
  created_at: Number(r.created_at)
});

/**
 * The single-photo poster maker's server side (spec part 3 §7): template groups (a
 * gallery's built-in and custom templates), the uploaded poster picture and the poster
 * records. Visitors reach only galleries whose gate they passed, and only that gallery's
 * shown photos; saving needs a logged-in (not guest) user.
 */
export class PosterService {
  constructor(
    private db: Db,
    private store: ObjectStore,
    private gates: GateAccess,
    private galleries: GalleryService,
    private organizer: OrganizerAccess
  ) {}

  /** Template fetch by group id (the gallery): built-in first, then the custom ones, oldest first. */
  async templates(v: Viewer, groupId: number): Promise<PosterTemplate[]> {
    await this.galleries.byId(groupId);
    await this.gates.assertPass(v, groupId);
    return this.templatesOf(groupId);
  }

  private async templatesOf(galleryId: number): Promise<PosterTemplate[]> {
    const { rows } = await this.db.query<TemplateRow>('SELECT id, adjust FROM poster_templates WHERE gallery_id = $1 ORDER BY id', [galleryId]);
    return [...BUILTIN_TEMPLATES.map((t) => presentTemplate(t.id, t.adjust, 'png')), ...rows.map((r) => presentTemplate(r.id, r.adjust, 'jpg'))];
  }

  /** A template's picture or thumbnail: built-in ones drawn here, custom ones from the store. */
  async templateFile(file: string): Promise<{ type: string; body: Buffer }> {
    const m = TEMPLATE_FILE_RE.exec(file);
    if (!m) throw notFound('Template picture not found');
    const id = Number(m[1]);
    const icon = !!m[2];
    if (id < POSTER_CUSTOM_MIN) {
      const body = m[3] === 'png' ? await builtinPicture(id, icon) : null;
      if (!body) throw notFound('Template picture not found');
      return { type: 'image/png', body };
    }
    const body = m[3] === 'jpg' ? await this.store.get(templateKey(id, icon)) : null;
    if (!body) throw notFound('Template picture not found');
    return { type: 'image/jpeg', body };
  }

  /** Photo ids that are shown photos of the gallery, or a 400 naming the rest. */
  private async assertPhotos(galleryId: number, ids: number[]): Promise<void> {
    const { rows } = await this.db.query<{ id: number }>('SELECT id FROM photos WHERE gallery_id = $1 AND id = ANY($2::int[]) AND NOT hidden', [galleryId, ids]);
    if (rows.length !== ids.length) throw new AppError(ErrorCode.POSTER_FOREIGN_PHOTO, 'imageids must be shown photos of this gallery');
  }

  /** The gallery exists and the visitor passed its gate (HTTP 403 with the 200202 envelope otherwise). */
  private async assertGallery(v: Viewer, galleryId: number): Promise<void> {
    await this.galleries.byId(galleryId);
    if (await this.gates.service.anyGated()) await this.gates.service.assertPass(v.userId, galleryId, 403);
  }

  private async assertTemplate(galleryId: number, templateId: number): Promise<void> {
    if (templateId < POSTER_CUSTOM_MIN) {
      if (!BUILTIN_TEMPLATES.some((t) => t.id === templateId)) throw noTemplate(templateId);
      return;
    }
    const { rows } = await this.db.query('SELECT 1 FROM poster_templates WHERE id = $1 AND gallery_id = $2', [templateId, galleryId]);
    if (!rows.length) throw noTemplate(templateId);
  }

  /**
   * The poster picture as a base64 data URL: stored under the uploader's own key
   * poster/g{galleryId}_t{templateId}_m{imageId}_u{userId}.jpg once it decodes whole as a JPEG or
   * PNG (re-encoded as JPEG, without metadata), so it replaces at most the uploader's own
   * earlier picture, never another visitor's. Nothing is stored for a refused request.
   */
  async upload(v: Viewer, b: { galleryid: number; templateid: number; imageid: number; image: string }): Promise<PosterUploadResult> {
    await this.assertGallery(v, b.galleryid);
    const user = requireRealUser(v, 'Log in to save posters');
    await this.assertPhotos(b.galleryid, [b.imageid]);
    await this.assertTemplate(b.galleryid, b.templateid);
    const jpeg = await toJpeg(decodeDataUrl(b.image, 'image', POSTER_MAX_BYTES), 'image');
    const key = posterKey(b.galleryid, b.templateid, b.imageid, user.id);
    await this.store.put(key, jpeg);
    return { key, url: `${POSTER_FILE_PATH}${key.slice('poster/'.length)}` };
  }

  /** A stored poster's bytes: the gallery's gate applies. */
  async file(v: Viewer, file: string): Promise<Buffer> {
    const m = POSTER_FILE_RE.exec(file);
    if (!m) throw notFound('Poster not found');
    await this.assertGallery(v, Number(m[1]));
    const body = await this.store.get(`poster/${file}`);
    if (!body) throw notFound('Poster not found');
    return body;
  }

  /** createv2 {galleryid, imageids (a JSON list of ids), thumb (the key of a poster this visitor uploaded)}. */
  async createV2(v: Viewer, b: { galleryid: number; imageids: string; thumb: string }): Promise<UserPoster> {
    await this.assertGallery(v, b.galleryid);
    const user = requireRealUser(v, 'Log in to save posters');
    const ids = parseIdJson(b.imageids);
    await this.assertPhotos(b.galleryid, ids);
    const m = POSTER_KEY_RE.exec(b.thumb);
    if (!m || Number(m[1]) !== b.galleryid || !ids.includes(Number(m[3])) || Number(m[4]) !== user.id || !(await this.store.exists(b.thumb))) {
      throw new AppError(ErrorCode.POSTER_NO_UPLOAD, 'thumb must be the key of a poster you uploaded for these photos');
    }
    return this.insert(user.id, b.galleryid, ids, b.thumb, 0, '');
  }

  /** create {galleryid, imageids (comma list), border, desc}. */
  async create(v: Viewer, b: { galleryid: number; imageids: string; border?: number; desc?: string }): Promise<UserPoster> {
    await this.assertGallery(v, b.galleryid);
    const user = requireRealUser(v, 'Log in to save posters');
    const ids = splitIds(b.imageids);
    await this.assertPhotos(b.galleryid, ids);
    return this.insert(user.id, b.galleryid, ids, null, b.border ?? 0, b.desc ?? '');
  }

  private async insert(userId: number, galleryId: number, ids: number[], thumb: string | null, border: number, desc: string): Promise<UserPoster> {
    const { rows } = await this.db.query<PosterRow>(
      `INSERT INTO user_posters (user_id, gallery_id, image_ids, thumb, border, "desc", created_at) VALUES ($1, $2, $3::int[], $4, $5, $6, $7)
       RETURNING id, gallery_id, image_ids, thumb, border, "desc", created_at`,
      [userId, galleryId, ids, thumb, border, desc, now()]
    );
    return presentPoster(rows[0]);
  }

  /** GET /api/v2/poster/list/{id}?ids: my posters of the gallery (with ids: those holding any of them); a guest has none. */
  async list(v: Viewer, galleryId: number, idsCsv: string | undefined): Promise<UserPoster[]> {
    await this.assertGallery(v, galleryId);
    if (v.isGuest || !v.userId) return [];
    const ids = idsCsv ? splitIds(idsCsv) : null;
    const { rows } = await this.db.query<PosterRow>(
      `SELECT id, gallery_id, image_ids, thumb, border, "desc", created_at FROM user_posters
       WHERE user_id = $1 AND gallery_id = $2 AND ($3::int[] IS NULL OR image_ids && $3::int[])
       ORDER BY created_at DESC, id DESC LIMIT ${POSTER_LIST_MAX}`,
      [v.userId, galleryId, ids]
    );
    return rows.map(presentPoster);
  }

  // --- Organiser API ------------------------------------------------------------------

  async organizerTemplates(v: Viewer, galleryId: number): Promise<PosterTemplate[]> {
    this.organizer.assert(v);
    await this.galleries.byId(galleryId);
    return this.templatesOf(galleryId);
  }

  /** A custom template (id 1000 and above): stored at the design size of its adjust, with its thumbnail. */
  async addTemplate(v: Viewer, galleryId: number, b: { adjust: PosterAdjust; image: string }): Promise<PosterTemplate> {
    this.organizer.assert(v);
    await this.galleries.byId(galleryId);
    const picture = await templatePicture(decodeDataUrl(b.image, 'image', POSTER_TEMPLATE_MAX_BYTES), b.adjust);
    const icon = await templateIcon(picture);
    const id = await this.db.tx(async (q) => {
      await q.query('SELECT id FROM galleries WHERE id = $1 FOR UPDATE', [galleryId]);
      const { rows: n } = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM poster_templates WHERE gallery_id = $1', [galleryId]);
      if (n[0].n >= POSTER_TEMPLATES_MAX) throw new AppError(ErrorCode.POSTER_TEMPLATES_FULL, `A gallery holds at most ${POSTER_TEMPLATES_MAX} custom poster templates`);
      const { rows } = await q.query<{ id: number }>('INSERT INTO poster_templates (gallery_id, adjust, created_at) VALUES ($1, $2, $3) RETURNING id', [galleryId, b.adjust, now()]);
      const newId = rows[0].id;
      // Stored inside the transaction: a failed write leaves no row behind.
      await this.store.put(templateKey(newId, false), picture);
      await this.store.put(templateKey(newId, true), icon);
      return newId;
    });
    return presentTemplate(id, b.adjust, 'jpg');
  }

  async removeTemplate(v: Viewer, galleryId: number, templateId: number): Promise<{ removed: boolean }> {
    this.organizer.assert(v);
    const { rows } = await this.db.query<{ id: number }>('DELETE FROM poster_templates WHERE id = $1 AND gallery_id = $2 RETURNING id', [templateId, galleryId]);
    if (!rows.length) return { removed: false };
    await this.store.delete(templateKey(templateId, false));
    await this.store.delete(templateKey(templateId, true));
    return { removed: true };
  }
}

/** createv2's imageids: a JSON list of 1 to POSTER_MAX_IMAGES distinct ids (a bare id is taken as a list of one). */
export function parseIdJson(text: string): number[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw badRequest('imageids must be a JSON list of photo ids');
  }
  const list = Array.isArray(parsed) ? parsed : [parsed];
  const ids = list.map((x) => (typeof x === 'string' && /^\d{1,10}$/.test(x) ? Number(x) : x));
  if (!ids.length || ids.length > POSTER_MAX_IMAGES || !ids.every((x) => Number.isInteger(x) && (x as number) >= 1 && (x as number) <= 2_147_483_647)) {
    throw badRequest(`imageids must be a JSON list of 1 to ${POSTER_MAX_IMAGES} photo ids`);
  }
  return [...new Set(ids as number[])];
}
