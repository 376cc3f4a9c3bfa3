import path from 'node:path';
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import type { Db } from '../../db';
import { signPolicy, UPLOAD_POLICY_TTL_S } from '../../storage/policy';
import { receivePostObject, type StoredObject } from '../../storage/receive';
import type { ObjectStore } from '../../storage';
import type { Viewer } from '../../viewer';
import type { OrganizerAccess } from '../session/organizer';
import type { GalleryService } from '../gallery/gallery';
import type { PhotoEvents } from './events';
import type { PrerenderQueue } from './prerender';
import { AppError, badRequest } from '../../errors';
import { ErrorCode } from '../../../../types/envelope';
import { checkKey } from '../../storage';
import type { ImageService, IngestedImage } from './images';
import { photoByHash, presentPhoto, type PhotoRow } from './repository';
import type { ImagePipeline, ImagePlan } from '../../images';
import { cacheKey } from '../../images/cache';
import { FORMAT_MIME, type OutputFormat } from '../../images/render';
import { normalizeWatermark, watermarkFingerprint } from '../../images/watermark';
import type { ImageStyleName } from '../../../../types/image-style';
import type { ImageSign, ImageUploadResult } from '../../../../types/api/upload';

/** Where uploads go and what signs them. */
export interface UploadSettings {
  secret: string;
  maxBytes: number;
  /** The upload host URL handed to uploaders (the local OSS host on the public origin). */
  host: string;
  /** Incoming files are written here before they are checked and stored. */
  tmpDir: string;
}

/**
 * The grid styles of the photo list (src/utils/image.ts styleForWidth with crop:
 * wx_375_240 for wide cells, wx_250_160 for small ones and the viewer's thumb
 * strip), in both negotiated formats: the first visitor gets a cached file.
 * The first one (the wide cell in WebP, what browsers and the mini-program ask
 * for first) is rendered before the photo is published, which also proves the
 * file decodes; the others follow in the background, one at a time, so a burst of
 * uploads reaches viewers without waiting for every variant. A request that comes
 * while its variant renders joins that render (ImageCache single-flight).
 */
export const PRERENDER_STYLES: ImageStyleName[] = ['wx_375_240', 'wx_250_160'];
const PRERENDER_FORMATS: OutputFormat[] = ['webp', 'jpeg'];

/** Uploaded objects live under this prefix (routes/upload.ts signs `uploads/g{id}/` or `uploads/global/`). */
export const UPLOAD_PREFIX = 'uploads/';
export const MAX_TAGS = 20;
const MAX_TAG_LENGTH = 50;
/** photos.origin keeps this many characters of the original file name. */
const MAX_ORIGIN_LENGTH = 255;
/** C0 controls and DEL: never part of a file name or a tag (PostgreSQL cannot even store U+0000). */
const hasControl = (text: string) => /[\u0000-\u001f\u007f]/.test(text);

export interface RegisterInput {
  galleryId: number;
  /** The uploaded object's key. */
  key: string;
  linkId?: string;
  tags: string[];
  origin?: string;
}

/** Tags from an array or a comma-separated string, trimmed, de-duplicated, bounded. */
export function parseTagList(name: string, value: unknown): string[] {
  if (value === undefined || value === null || value === '') return [];
  const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(/[,，]/) : null;
  if (!list || list.some((t) => typeof t !== 'string')) throw badRequest(`${name} must be a string or a list of strings`);
  const tags = (list as string[]).map((t) => t.trim()).filter(Boolean);
  if (tags.some((t) => t.length > MAX_TAG_LENGTH)) throw badRequest(`${name}: a tag is longer than ${MAX_TAG_LENGTH} characters`);
  return tags;
}

/**
 * Registering an uploaded object as a photo: read it, store it by content hash,
 * render the first grid variant, and only then insert the row visitors can see.
 */
export class IngestService {
  constructor(
    private db: Db,
    private store: ObjectStore,
    private images: ImageService,
    private pipeline: ImagePipeline,
    private queue: PrerenderQueue,
    private galleries: GalleryService,
    private events: PhotoEvents,
    private organizer: OrganizerAccess,
    private uploads: UploadSettings
  ) {
    fs.mkdirSync(uploads.tmpDir, { recursive: true });
  }

  /** Organisers only: a fresh signed policy for a gallery's upload folder, or the global one. */
  async uploadPolicy(v: Viewer, q: { gallery_id?: number; global?: 0 | 1 }): Promise<ImageSign> {
    this.organizer.assert(v);
    let dir = 'uploads/global/';
    if (q.global !== 1) {
      if (!q.gallery_id) throw badRequest('gallery_id is required unless global=1');
      await this.galleries.byId(q.gallery_id);
      dir = `uploads/g${q.gallery_id}/`;
    }
    const expire = Math.floor(Date.now() / 1000) + UPLOAD_POLICY_TTL_S;
    const signed = signPolicy(this.uploads.secret, { dir, maxBytes: this.uploads.maxBytes, expire });
    return { ...signed, host: this.uploads.host };
  }

  /** The OSS-compatible host: the policy in the fields is the authorisation; nothing is kept unless every check passes. */
  receive(fields: Record<string, string>, file: Readable | null): Promise<StoredObject> {
    return receivePostObject({ secret: this.uploads.secret, tmpDir: this.uploads.tmpDir, store: this.store, form: { fields, file } });
  }

  /** Organisers only: the uploaded object becomes a visible photo (or the gallery's existing one). */
  async register(v: Viewer, input: RegisterInput): Promise<ImageUploadResult> {
    this.organizer.assert(v);
    const end = this.queue.hold();
    try {
      return await this.registerNow(input);
    } finally {
      end();
    }
  }

  /**
   * Every input is checked before anything is written. Then: the original (invisible
   * on its own), the first grid render, and the `images` and photo rows in one
   * transaction. A failure after a write leaves nothing a visitor can reach: no rows,
   * and the renders are purged (the upload stays, so the call can be retried).
   */
  private async registerNow(input: RegisterInput): Promise<ImageUploadResult> {
    const { galleryId, key } = input;
    // The short-lived cache: a burst of uploads to one gallery reads its row once.
    const gallery = await this.galleries.cachedById(galleryId);
    if (input.linkId !== undefined && input.linkId !== gallery.link_id) throw badRequest('link_id does not match gallery_id');
    if (!key.startsWith(UPLOAD_PREFIX)) throw badRequest(`hash must be the key of an uploaded object (${UPLOAD_PREFIX}…)`);
    try {
      checkKey(key);
    } catch {
      throw badRequest('hash is not a valid object key');
    }
    const tags = [...new Set(input.tags)];
    if (tags.length > MAX_TAGS) throw badRequest(`at most ${MAX_TAGS} tags and keywords`);
    if (tags.some(hasControl)) throw badRequest('tags and keywords must not contain control characters');
    const origin = (input.origin ?? path.posix.basename(key)).slice(0, MAX_ORIGIN_LENGTH);
    if (hasControl(origin)) throw badRequest('origin must not contain control characters');

    const buffer = await this.store.get(key);
    if (!buffer) {
      // A retried call after a lost answer: the object was consumed by the first one.
      const again = await this.retried(galleryId, key);
      if (again) return { photo: again, duplicate: true };
      throw badRequest('Uploaded object not found');
    }

    let img: IngestedImage;
    try {
      img = await this.images.analyse(buffer);
    } catch (e) {
      if (e instanceof AppError && e.code === ErrorCode.BAD_REQUEST) await this.store.delete(key);
      throw e;
    }
    const existing = await this.photoByHash(galleryId, img.hash);
    if (existing) {
      await this.store.delete(key);
      return { photo: existing, duplicate: true };
    }

    await this.images.storeOriginal(img, buffer);
    const renderRest = await this.prerender(img.hash, gallery.watermarks).catch(async (e) => {
      await this.pipeline.forget([img.hash]).catch(() => undefined);
      if (e instanceof AppError) throw e;
      await this.store.delete(key);
      throw new AppError(ErrorCode.BAD_REQUEST, 'Unsupported image type');
    });

    // One transaction: the image row, the photo row and the gallery's image_total commit
    // together, and only once the original and the first grid render are stored.
    let row: PhotoRow | null;
    try {
      row = await this.db.tx(async (q) => {
        await this.images.record(q, img);
        return this.images.addPhoto(q, galleryId, img, { origin, tags });
      });
    } catch (e) {
      await this.pipeline.forget([img.hash]).catch(() => undefined);
      throw e;
    }
    if (!row) {
      await this.store.delete(key);
      // A concurrent call inserted it first.
      const photo = await this.photoByHash(galleryId, img.hash);
      if (!photo) throw new AppError(ErrorCode.INTERNAL, 'Photo vanished after insert');
      return { photo, duplicate: true };
    }
    const photo = presentPhoto(row);
    await this.events.added(galleryId, photo);
    renderRest();
    await this.store.delete(key);
    return { photo, duplicate: false };
  }

  /**
   * The grid variants plan() will ask for, with the keys it computes for a photo of
   * this gallery (show_mark 1): the first is rendered now, the rest are queued.
   */
  private async prerender(hash: string, watermarks: unknown): Promise<() => void> {
    const pipeline = this.pipeline;
    const watermark = normalizeWatermark(watermarks);
    const mark = watermark ? watermarkFingerprint(watermark) : '';
    const renders = PRERENDER_FORMATS.flatMap((format) =>
      PRERENDER_STYLES.map((style) => {
        const key = cacheKey({ hash, style, ext: format === 'webp' ? 'webp' : 'jpg', mark });
        const plan: ImagePlan = { hash, style, format, contentType: FORMAT_MIME[format], watermark, key, etag: `"${key}"` };
        return () => pipeline.body(plan).then(() => undefined);
      })
    );
    await renders[0]();
    const queue = this.queue;
    return () => {
      for (const render of renders.slice(1)) queue.add(render);
    };
  }

  private photoByHash(galleryId: number, hash: string) {
    return photoByHash(this.db, galleryId, hash);
  }

  private async retried(galleryId: number, key: string) {
    const m = /^([0-9a-f]{64})(?:\.[A-Za-z0-9]{1,5})?$/.exec(path.posix.basename(key));
    return m ? this.photoByHash(galleryId, m[1]) : null;
  }
}
