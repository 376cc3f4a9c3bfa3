import crypto from 'node:crypto';
import sharp from 'sharp';
import type { Metadata } from 'sharp';
import exifr from 'exifr';
import type { Config } from '../../config';
import type { Db, Queryable } from '../../db';
import type { ObjectStore } from '../../storage';
import { originalKey } from '../../storage';
import { AppError } from '../../errors';
import { ErrorCode } from '../../../../types/envelope';
import { insertPhoto, type PhotoRow } from './repository';

/** What ingest learned about an image; dimensions are as displayed (after EXIF orientation). */
export interface IngestedImage {
  hash: string;
  width: number;
  height: number;
  size: number;
  mime: string;
  /** EXIF DateTimeOriginal as Unix seconds, or null when the file has none. */
  shoottime: number | null;
}

export interface AddPhotoOptions {
  /** Original file name, e.g. IMG_0001.JPG. */
  origin?: string;
  tags?: string[];
  /** Used when the image carries no EXIF shoot time (default: now). */
  shoottime?: number;
  /** Upload time (default: now). */
  createtime?: number;
  showMark?: 0 | 1;
}

const MIME_BY_FORMAT: Record<string, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

const unsupported = () => new AppError(ErrorCode.BAD_REQUEST, 'Unsupported image type');

/**
 * EXIF `YYYY:MM:DD HH:MM:SS` (+ optional offset such as `+08:00`) to Unix seconds.
 * Without an offset the time is read in the server's zone (cameras write local time).
 */
export function exifTimeToUnix(value: unknown, offset?: unknown): number | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : Math.floor(value.getTime() / 1000);
  if (typeof value !== 'string') return null;
  const m = /^(\d{4})[:-](\d{2})[:-](\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(value.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number);
  if (y < 1970 || mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 60) return null;
  const off = typeof offset === 'string' ? /^([+-])(\d{2}):?(\d{2})$/.exec(offset.trim()) : null;
  if (off) {
    const sign = off[1] === '-' ? -1 : 1;
    const utc = Date.UTC(y, mo - 1, d, h, mi, s) / 1000;
    return utc - sign * (Number(off[2]) * 3600 + Number(off[3]) * 60);
  }
  return Math.floor(new Date(y, mo - 1, d, h, mi, s).getTime() / 1000);
}

async function readExif(buffer: Buffer): Promise<{ shoottime: number | null; orientation: number | null }> {
  try {
    const tags = await exifr.parse(buffer, {
      pick: ['DateTimeOriginal', 'OffsetTimeOriginal', 'CreateDate', 'Orientation'],
      reviveValues: false,
      translateValues: false
    });
    if (!tags) return { shoottime: null, orientation: null };
    const shoottime = exifTimeToUnix(tags.DateTimeOriginal, tags.OffsetTimeOriginal) ?? exifTimeToUnix(tags.CreateDate, tags.OffsetTimeOriginal);
    const orientation = typeof tags.Orientation === 'number' ? tags.Orientation : null;
    return { shoottime, orientation };
  } catch {
    // A broken EXIF block is not a broken image: the photo keeps its pixels, loses its time.
    return { shoottime: null, orientation: null };
  }
}

export class ImageService {
  private db: Db;
  private store: ObjectStore;

  constructor(deps: { db: Db; store: ObjectStore; config?: Config }) {
    this.db = deps.db;
    this.store = deps.store;
  }

  /**
   * Store an image by content hash and record it in `images`; the same bytes twice are one image.
   * `originName` is accepted for callers' symmetry; the photo row carries the name (addPhoto).
   * For images outside any gallery (icons, banners) and seeds; photo registration uses
   * the three steps below, so its rows commit together with the photo's.
   */
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  async ingest(buffer: Buffer, originName = ''): Promise<IngestedImage> {
    const img = await this.analyse(buffer);
    await this.storeOriginal(img, buffer);
    await this.record(this.db, img);
    return img;
  }

  /** What the bytes are (hash, type, displayed size, EXIF time); writes nothing. 400 'Unsupported image type' for anything but JPEG, PNG and WebP. */
  async analyse(buffer: Buffer): Promise<IngestedImage> {
    if (!Buffer.isBuffer(buffer) || buffer.length === 0) throw unsupported();
    let meta: Metadata;
    try {
      meta = await sharp(buffer).metadata();
    } catch {
      throw unsupported();
    }
    const mime = MIME_BY_FORMAT[meta.format ?? ''];
    if (!mime || !meta.width || !meta.height) throw unsupported();

    const exif = await readExif(buffer);
    const orientation = exif.orientation ?? meta.orientation ?? 1;
    const swap = orientation >= 5 && orientation <= 8;
    const hash = crypto.createHash('sha256').update(buffer).digest('hex');
    return {
      hash,
      width: swap ? meta.height : meta.width,
      height: swap ? meta.width : meta.height,
      size: buffer.length,
      mime,
      shoottime: exif.shoottime
    };
  }

  /**
   * The original under its content key. An original without an `images` row is
   * invisible (nothing serves bytes the database does not know) and is reused by the
   * next ingest of the same bytes, so a failure after this step shows nothing.
   */
  async storeOriginal(img: IngestedImage, buffer: Buffer): Promise<void> {
    const key = originalKey(img.hash);
    if (!(await this.store.exists(key))) await this.store.put(key, buffer);
  }

  /** The `images` row (kept when the bytes are already known), in the caller's transaction when given one. */
  async record(q: Queryable, img: IngestedImage): Promise<void> {
    await q.query(
      `INSERT INTO images (hash, width, height, size, mime, created_at) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (hash) DO NOTHING`,
      [img.hash, img.width, img.height, img.size, img.mime, Math.floor(Date.now() / 1000)]
    );
  }

  /**
   * Place an ingested image in a gallery. One statement: the insert (skipped when the
   * gallery already holds the hash) and the image_total increment commit together.
   * Returns the new photo's row, or null when the photo was already there.
   */
  async addPhoto(q: Queryable, galleryId: number, img: IngestedImage, opts: AddPhotoOptions = {}): Promise<PhotoRow | null> {
    const now = Math.floor(Date.now() / 1000);
    return insertPhoto(q, galleryId, img, {
      origin: opts.origin ?? '',
      tags: opts.tags ?? [],
      shoottime: img.shoottime ?? opts.shoottime ?? now,
      createtime: opts.createtime ?? now,
      showMark: opts.showMark ?? 1
    });
  }

}
