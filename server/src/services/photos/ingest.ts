import path from 'node:path';
import type { Services } from '..';
import { AppError, badRequest } from '../../errors';
import { ErrorCode } from '../../../../types/envelope';
import { checkKey } from '../../storage';
import { ImageService, type IngestedImage } from './images';
import { PHOTO_COLUMNS, presentPhoto, type PhotoRow } from './photos';
import { imagePipelineFor, type ImagePlan } from '../../images';
import { cacheKey } from '../../images/cache';
import { FORMAT_MIME, type OutputFormat } from '../../images/render';
import { normalizeWatermark, watermarkFingerprint } from '../../images/watermark';
import type { ImageStyleName } from '../../../../types/image-style';
import type { ImageUploadResult } from '../../../../types/api/upload';

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

/**
 * Background renders of the grid variants after a photo is published, one at a time
 * per process, and only while no registration is running: during a burst of uploads
 * the CPU goes to publishing photos, the variants follow when it pauses.
 */
const MAX_DEFERRED_RENDERS = 60;

class PrerenderQueue {
  private jobs: Array<() => Promise<void>> = [];
  private running = false;
  private busy = 0;
  private waiters: Array<() => void> = [];

  add(job: () => Promise<void>): void {
    this.jobs.push(job);
    void this.pump();
  }

  /** A registration started; its end() lets the queue run again. */
  hold(): () => void {
    this.busy++;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.busy--;
      void this.pump();
    };
  }

  /** Resolves once every render queued so far is done (tests, shutdown). */
  idle(): Promise<void> {
    if (!this.jobs.length && !this.running) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private async pump(): Promise<void> {
    if (this.running) return;
    this.running = true;
    // Registrations come first, unless they never pause and the backlog grows.
    while (this.jobs.length && (!this.busy || this.jobs.length > MAX_DEFERRED_RENDERS)) {
      // A failed background render only costs its first request a render.
      await this.jobs.shift()!().catch(() => undefined);
    }
    this.running = false;
    if (!this.jobs.length) for (const w of this.waiters.splice(0)) w();
  }
}

const queues = new WeakMap<object, PrerenderQueue>();
export function prerenderQueueFor(ctx: Services): PrerenderQueue {
  let q = queues.get(ctx);
  if (!q) queues.set(ctx, (q = new PrerenderQueue()));
  return q;
}

/** Uploaded objects live under this prefix (routes/upload.ts signs `uploads/g{id}/` or `uploads/global/`). */
export const UPLOAD_PREFIX = 'uploads/';
export const MAX_TAGS = 20;
const MAX_TAG_LENGTH = 50;

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
  private images: ImageService;

  constructor(private ctx: Services) {
    this.images = new ImageService(ctx);
  }

  async register(input: RegisterInput): Promise<ImageUploadResult> {
    const end = prerenderQueueFor(this.ctx).hold();
    try {
      return await this.registerNow(input);
    } finally {
      end();
    }
  }

  private async registerNow(input: RegisterInput): Promise<ImageUploadResult> {
    const { galleryId, key } = input;
    // The short-lived cache: a burst of uploads to one gallery reads its row once.
    const gallery = await this.ctx.galleries.cachedById(galleryId);
    if (input.linkId !== undefined && input.linkId !== gallery.link_id) throw badRequest('link_id does not match gallery_id');
    if (!key.startsWith(UPLOAD_PREFIX)) throw badRequest(`hash must be the key of an uploaded object (${UPLOAD_PREFIX}…)`);
    try {
      checkKey(key);
    } catch {
      throw badRequest('hash is not a valid object key');
    }
    const tags = [...new Set(input.tags)];
    if (tags.length > MAX_TAGS) throw badRequest(`at most ${MAX_TAGS} tags and keywords`);

    const buffer = await this.ctx.store.get(key);
    if (!buffer) {
      // A retried call after a lost answer: the object was consumed by the first one.
      const again = await this.retried(galleryId, key);
      if (again) return { photo: again, duplicate: true };
      throw badRequest('Uploaded object not found');
    }

    let img: IngestedImage;
    try {
      img = await this.images.ingest(buffer);
    } catch (e) {
      if (e instanceof AppError && e.code === ErrorCode.BAD_REQUEST) await this.ctx.store.delete(key);
      throw e;
    }
    const existing = await this.photoByHash(galleryId, img.hash);
    if (existing) {
      await this.ctx.store.delete(key);
      return { photo: existing, duplicate: true };
    }

    const renderRest = await this.prerender(img.hash, gallery.watermarks).catch(async (e) => {
      if (e instanceof AppError) throw e;
      await this.ctx.store.delete(key);
      throw new AppError(ErrorCode.BAD_REQUEST, 'Unsupported image type');
    });

    // One statement: the row and the gallery's image_total commit together, and
    // the row exists only once the original and the first grid render are stored.
    const row = await this.images.addPhoto(this.ctx.db, galleryId, img, {
      origin: (input.origin ?? path.posix.basename(key)).slice(0, 255),
      tags
    });
    if (!row) {
      await this.ctx.store.delete(key);
      // A concurrent call inserted it first.
      const photo = await this.photoByHash(galleryId, img.hash);
      if (!photo) throw new AppError(ErrorCode.INTERNAL, 'Photo vanished after insert');
      return { photo, duplicate: true };
    }
    const photo = presentPhoto(row);
    this.ctx.photos.invalidate(galleryId);
    this.ctx.galleries.invalidate(galleryId);
    await this.ctx.live.publish(galleryId, 'image_add', { galleryid: galleryId, id: photo.id, shoottime: photo.shoottime });
    renderRest();
    await this.ctx.store.delete(key);
    return { photo, duplicate: false };
  }

  /**
   * The grid variants plan() will ask for, with the keys it computes for a photo of
   * this gallery (show_mark 1): the first is rendered now, the rest are queued.
   */
  private async prerender(hash: string, watermarks: unknown): Promise<() => void> {
    const pipeline = imagePipelineFor(this.ctx);
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
    const queue = prerenderQueueFor(this.ctx);
    return () => {
      for (const render of renders.slice(1)) queue.add(render);
    };
  }

  private async photoByHash(galleryId: number, hash: string) {
    const { rows } = await this.ctx.db.query<PhotoRow>(`SELECT ${PHOTO_COLUMNS} FROM photos WHERE gallery_id = $1 AND hash = $2`, [galleryId, hash]);
    return rows.length ? presentPhoto(rows[0]) : null;
  }

  private async retried(galleryId: number, key: string) {
    const m = /^([0-9a-f]{64})(?:\.[A-Za-z0-9]{1,5})?$/.exec(path.posix.basename(key));
    return m ? this.photoByHash(galleryId, m[1]) : null;
  }
}
