import crypto from 'node:crypto';
import { applyPhotoAction, type ChangedPhoto } from './repository';
import type { Db } from '../../db';
import { AppError, badRequest, notFound } from '../../errors';
import { ErrorCode } from '../../../../types/envelope';
import { presentGallery, type GalleryRow } from '../gallery/gallery';
import type { Gallery } from '../../../../types/api/gallery';
import type { PageData } from '../../../../types/page';
import { checkPageData, formatIssues, PAGEDATA_INVALID } from '../../../../types/page/validate';
import type { PageCheckOptions } from '../../../../types/page/kit';
import { defaultPageData } from '../gallery/defaultPage';
import type { AutoCover } from '../gallery/autoCover';
import { PHOTO_ACTIONS, type OrganizerGallery, type PhotoAction, type PhotoActionResult, type organizerCalls } from '../../../../types/api/upload';
import type { CallBody } from '../../../../types/api/contract';
import { isValidIconHash, normalizeWatermark } from '../../images/watermark';
import type { Viewer } from '../../viewer';
import type { OrganizerAccess } from '../session/organizer';
import type { GalleryService } from '../gallery/gallery';
import type { PhotoEvents } from './events';
import { parseTagList } from './ingest';

const LINK_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const GENERATED_LINK_LENGTH = 8;

export type NewGallery = CallBody<typeof organizerCalls.createGallery>;
export type PageSettings = CallBody<typeof organizerCalls.setPage>;

/**
 * The organiser's page, checked against the component definitions (types/page/validate.ts);
 * the default page when none is given. A page with any problem is refused whole: 400 with
 * `data.key` PageDataInvalid and `data.errors` [{path, message}], one per problem.
 */
export function pageOf(pagedata: PageData | null | undefined, opts: PageCheckOptions = {}): PageData {
  if (pagedata === undefined || pagedata === null) return defaultPageData();
  const issues = checkPageData(pagedata, opts);
  if (issues.length) {
    const lines = formatIssues(issues);
    const shown = lines.slice(0, 50).join('; ') + (lines.length > 50 ? `; … and ${lines.length - 50} more (data.errors)` : '');
    const msg = `pagedata has ${issues.length} problem${issues.length === 1 ? '' : 's'}: ${shown}`;
    throw new AppError(ErrorCode.BAD_REQUEST, msg, { key: PAGEDATA_INVALID, errors: issues.slice(0, MAX_REPORTED_ISSUES) });
  }
  return pagedata;
}

/** Most problems one refusal lists in data.errors (the message names them all). */
const MAX_REPORTED_ISSUES = 500;

/** The validated body as the insert needs it: trimmed name, tags normalised, a watermark whose icon is a stored image's hash. */
function newGallery(b: NewGallery, pageCheck: PageCheckOptions) {
  let watermark: Record<string, unknown> | null = null;
  if (b.watermark) {
    const wm = normalizeWatermark(b.watermark);
    if (!wm || !isValidIconHash(wm.icon)) throw badRequest('watermark.icon must be the content hash of a stored image');
    watermark = { ...wm };
  }
  const startTime = b.start_time;
  const endTime = b.end_time;
  if (startTime && endTime && endTime < startTime) throw badRequest('end_time is before start_time');
  return {
    name: b.name.trim(), linkId: b.link_id, desc: b.desc, startTime, endTime, parent: b.parent ?? 0, tags: parseTagList('tags', b.tags), watermark,
    cover: b.cover, pagedata: pageOf(b.pagedata, pageCheck)
  };
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

type OrganizerRow = GalleryRow & { cover_auto: boolean };

/**
 * The organiser's writes: galleries, their pages, and visibility and review of photos
 * (config and watermark: gallery/organizerSettings.ts; goods: pay/organizerGoods.ts).
 * image_total counts the photos visitors can see, so hiding and deleting move it.
 */
export class OrganizerService {
  constructor(
    private db: Db,
    private access: OrganizerAccess,
    private galleries: GalleryService,
    private events: PhotoEvents,
    private covers: AutoCover,
    private publicUrl: string,
    /** The server's settings the page check applies (the code component's allow-listed hosts). */
    private pageCheck: PageCheckOptions = {}
  ) {}

  private present(r: OrganizerRow): OrganizerGallery {
    const g = presentGallery(r);
    return { gallery: g, link: `/g/${g.link_id}`, url: `${this.publicUrl}/g/${g.link_id}`, cover_auto: !!r.cover_auto };
  }

  /** A new gallery: the organiser's page and cover, or the default page and a cover that follows its first photo. */
  async createGallery(v: Viewer, input: NewGallery): Promise<OrganizerGallery> {
    this.access.assert(v);
    const id = await this.insertGallery(input);
    const row = await this.row(id);
    if (row.parent) this.galleries.invalidate(row.parent);
    return this.present(row);
  }

  async list(v: Viewer): Promise<OrganizerGallery[]> {
    this.access.assert(v);
    const { rows } = await this.db.query<OrganizerRow>(`${SELECT} ORDER BY g.id`);
    return rows.map((r) => this.present(r));
  }

  /**
   * The organiser's cover and page (organizerCalls.setPage): a cover given here is kept
   * whatever photos arrive; null hands it back to the first photo. pagedata null is the
   * default page again.
   */
  async setPage(v: Viewer, galleryId: number, input: PageSettings): Promise<OrganizerGallery> {
    this.access.assert(v);
    const pagedata = input.pagedata === undefined ? undefined : pageOf(input.pagedata, this.pageCheck);
    if (input.cover) await this.assertStoredImage(input.cover, 'cover');
    await this.db.tx(async (q) => {
      const g = await q.query('SELECT 1 FROM galleries WHERE id = $1 FOR UPDATE', [galleryId]);
      if (!g.rows.length) throw notFound(`Gallery ${galleryId} not found`);
      if (input.cover === null) await q.query('UPDATE galleries SET cover_auto = true WHERE id = $1', [galleryId]);
      else if (input.cover !== undefined) await q.query('UPDATE galleries SET cover = $2, cover_auto = false WHERE id = $1', [galleryId, input.cover]);
      if (pagedata) await q.query('UPDATE galleries SET pagedata = $2::jsonb WHERE id = $1', [galleryId, JSON.stringify(pagedata)]);
    });
    if (input.cover === null) await this.covers.refresh(galleryId);
    this.galleries.invalidate(galleryId);
    const row = await this.row(galleryId);
    if (row.parent) this.galleries.invalidate(row.parent);
    return this.present(row);
  }

  /** A gallery as this API answers it (organizerSettingsCalls answer it too). */
  async view(galleryId: number): Promise<OrganizerGallery> {
    return this.present(await this.row(galleryId));
  }

  /** Hide, show, delete, check or uncheck photos; caches and viewers follow after the commit. */
  async photoAction(v: Viewer, galleryId: number, action: string, ids: number[]): Promise<PhotoActionResult> {
    this.access.assert(v);
    const known = PHOTO_ACTIONS.find((a) => a === action);
    if (!known) throw notFound(`Unknown photo action ${action}; use ${PHOTO_ACTIONS.join(', ')}`);
    const changed = await this.applyAction(galleryId, known, [...new Set(ids)]);
    await this.events.changed(galleryId, known, changed);
    return { ids: changed.map((p) => p.id) };
  }

  private async assertStoredImage(hash: string, field: string): Promise<void> {
    const { rows } = await this.db.query('SELECT 1 FROM images WHERE hash = $1', [hash]);
    if (!rows.length) throw badRequest(`${field} is not a stored image`);
  }

  private async insertGallery(input: NewGallery): Promise<number> {
    const g = newGallery(input, this.pageCheck);
    if (g.parent) {
      const { rows } = await this.db.query('SELECT 1 FROM galleries WHERE id = $1', [g.parent]);
      if (!rows.length) throw notFound(`Parent gallery ${g.parent} not found`);
    }
    if (g.watermark && typeof g.watermark.icon === 'string') await this.assertStoredImage(g.watermark.icon, 'watermark.icon');
    if (g.cover) await this.assertStoredImage(g.cover, 'cover');
    // A gallery of the old system keeps its id (below 1,000,000: its /wx/gallery?id= address); others take the sequence's.
    const legacyId = input.legacy_id ?? null;
    for (let attempt = 0; attempt < 5; attempt++) {
      const linkId = g.linkId ?? generateLinkId();
      const { rows } = await this.db.query<{ id: number }>(
        `INSERT INTO galleries (id, link_id, name, "desc", start_time, end_time, parent, tags, watermarks, cover, cover_auto, pagedata, created_at)
         VALUES (COALESCE($13::int, nextval('galleries_id_seq')::int), $1, $2, $3, $4, $5, $6, $7::text[], $8, $9, $10, $11::jsonb, $12)
         ON CONFLICT DO NOTHING RETURNING id`,
        [linkId, g.name, g.desc ?? '', g.startTime ?? null, g.endTime ?? null, g.parent ?? 0, g.tags ?? [],
          g.watermark ? JSON.stringify(g.watermark) : null, g.cover ?? '', g.cover === undefined, JSON.stringify(g.pagedata),
          Math.floor(Date.now() / 1000), legacyId]
      );
      if (rows.length) return rows[0].id;
      if (legacyId !== null && (await this.db.query('SELECT 1 FROM galleries WHERE id = $1', [legacyId])).rows.length) {
        throw badRequest(`Gallery id ${legacyId} is already taken`);
      }
      if (g.linkId) throw badRequest(`link_id ${g.linkId} is already taken`);
    }
    throw badRequest('Could not find a free link_id; try again');
  }

  private async row(id: number): Promise<OrganizerRow> {
    const { rows } = await this.db.query<OrganizerRow>(`${SELECT} WHERE g.id = $1`, [id]);
    if (!rows.length) throw notFound(`Gallery ${id} not found`);
    return rows[0];
  }

  async byId(id: number): Promise<Gallery> {
    return presentGallery(await this.row(id));
  }


  /**
   * Apply one action to photos of a gallery in one transaction. Returns the photos
   * whose state changed (ids of other galleries, and photos already in the
   * wanted state, are left out).
   */
  private async applyAction(galleryId: number, action: PhotoAction, ids: number[]): Promise<ChangedPhoto[]> {
    return this.db.tx(async (q) => {
      const g = await q.query('SELECT 1 FROM galleries WHERE id = $1 FOR UPDATE', [galleryId]);
      if (!g.rows.length) throw notFound(`Gallery ${galleryId} not found`);
      const changed = await applyPhotoAction(q, galleryId, action, ids);
      return changed.sort((a, b) => a.id - b.id);
    });
  }
}
