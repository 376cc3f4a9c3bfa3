import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import type { Db } from '../db';
import { originalKey, type ObjectStore } from '../storage';
import { AppError, forbidden, notFound } from '../errors';
import { imageAssetUses, imageHolders, imageMime, visiblyHeld, type ImageHolder } from '../services/photos/repository';
import { ErrorCode } from '../../../types/envelope';
import { IMAGE_STYLES, type ImageStyleName } from '../../../types/image-style';
import type { Watermark } from '../../../types/watermark';
import type { GalleryConfig } from '../../../types/api/gallery';
import { RenderCache, cacheKey } from './cache';
import { FORMAT_MIME, negotiateFormat, renderImage, renderPixels, type OutputFormat, type RenderedPixels } from './render';
import { isValidIconHash, normalizeWatermark, watermarkFingerprint } from './watermark';

export { negotiateFormat } from './render';

/** What one request will get: decided before any pixel is touched (so 304s stay cheap). */
export interface ImagePlan {
  hash: string;
  style: ImageStyleName;
  /** null for the original (served as stored). */
  format: OutputFormat | null;
  contentType: string;
  watermark: Watermark | null;
  /** Render cache key (also the ETag); the hash for originals. */
  key: string;
  etag: string;
}

export type ImageBody = { kind: 'buffer'; body: Buffer } | { kind: 'file'; path: string; size: number };

type HolderRow = ImageHolder;

const ICON_CACHE_MAX = 32;

/**
 * Serving `{hash}!{style}`: which gallery's rules apply, whether the original may
 * go out, which watermark to draw, and the cached or fresh render.
 */
export class ImagePipeline {
  readonly cache: RenderCache;
  private icons = new Map<string, Buffer>();

  constructor(private deps: { db: Db; store: ObjectStore; config: Config }) {
    this.cache = new RenderCache(path.join(deps.config.dataDir, 'cache'));
  }

  /**
   * Who may see `{hash}!{style}` unsigned, and how: the rules of the galleries where a
   * visible photo holds the bytes. A hash no visible photo holds is served to nobody,
   * whatever a hidden or deleted photo once granted (hidden and deleted photos owe no
   * render to anyone: paid_images rows go with a deleted photo, and signed URLs need a
   * visible one, services/pay/entitlements.ts), unless a page shows it as an asset
   * (a cover, a banner, an icon: imageAssetUses), with a cover's gallery watermark.
   */
  async plan(hash: string, style: ImageStyleName, accept: string | undefined, galleryId?: number): Promise<ImagePlan> {
    const isOriginal = style === 'original';
    // One round trip: the image and every gallery where a visible photo holds it.
    const found = await imageHolders(this.deps.db, hash);
    if (!found.length) throw notFound('Image not found');
    let holders = found.filter((r) => r.gallery_id !== null);
    if (!holders.length) holders = await this.assetHolders(hash, found[0].mime);
    // The named gallery's rules when it holds the image; otherwise (a cover or banner
    // shown on another gallery's card) the most restrictive holder's.
    const named = galleryId === undefined ? [] : holders.filter((r) => r.gallery_id === galleryId);
    const rows = named.length ? named : holders;

    // The most restrictive holder decides: for originals one that refuses them, for
    // styles one that draws a watermark.
    const unmarked = (r: HolderRow) => (r.show_mark === 1 && normalizeWatermark(r.watermarks) ? 0 : 1);
    const allowsOriginal = (r: HolderRow) => (Number(r.config?.original_photo ?? 0) === 1 ? 1 : 0);
    const [first, second] = isOriginal ? [allowsOriginal, unmarked] : [unmarked, allowsOriginal];
    rows.sort((a, b) => first(a) - first(b) || second(a) - second(b) || (a.gallery_id ?? 0) - (b.gallery_id ?? 0));
    const holder = rows[0] as HolderRow | undefined;

    // Originals go out only through a signed URL (planUnmarked, after the route checked
    // the signature and the visitor's entitlement); never on this public path.
    if (isOriginal) throw forbidden('Original photo is not available');

    const watermark = holder && holder.show_mark === 1 ? normalizeWatermark(holder.watermarks) : null;
    const format = negotiateFormat(accept);
    const key = cacheKey({ hash, style, ext: format === 'webp' ? 'webp' : 'jpg', mark: watermark ? watermarkFingerprint(watermark) : '' });
    return { hash, style, format, contentType: FORMAT_MIME[format], watermark, key, etag: `"${key}"` };
  }

  /**
   * An image no visible photo holds, shown by pages (imageAssetUses): a gallery's cover
   * carries that gallery's watermark (a cover may be a photo since hidden or deleted);
   * banners, icons and share images none. No use at all: 404, the bytes are nobody's.
   */
  private async assetHolders(hash: string, mime: string): Promise<HolderRow[]> {
    const uses = await imageAssetUses(this.deps.db, hash);
    if (!uses.length) throw notFound('Image not found');
    return uses.map((u) => ({ mime, gallery_id: u.gallery_id, show_mark: u.cover ? 1 : 0, watermarks: u.watermarks, config: null }));
  }

  /**
   * After photos were hidden or deleted: the renders of the hashes no visible photo
   * still holds leave this process's memory and the disk cache. (Another process's
   * memory may keep a copy, but serves nothing without a visible holder: plan().)
   */
  async forget(hashes: string[]): Promise<void> {
    const unique = [...new Set(hashes)];
    if (!unique.length) return;
    const held = await visiblyHeld(this.deps.db, unique);
    for (const hash of unique) if (!held.has(hash)) await this.cache.purge(hash);
  }

  /** At start: renders on disk whose hash no visible photo holds are removed (after hides and deletes while down, or a crash). */
  sweepCache(): Promise<number> {
    return this.cache.sweep((hashes) => visiblyHeld(this.deps.db, hashes));
  }

  /**
   * The unwatermarked plan (the original, or a style without any watermark): only for
   * requests whose signature and entitlement the route has checked (routes/image.ts).
   * Styles are cached under the `plain` key, apart from the watermarked renders.
   */
  async planUnmarked(hash: string, style: ImageStyleName, accept: string | undefined): Promise<ImagePlan> {
    const mime = await imageMime(this.deps.db, hash);
    if (!mime) throw notFound('Image not found');
    if (style === 'original') return { hash, style, format: null, contentType: mime, watermark: null, key: hash, etag: `"${hash}"` };
    const format = negotiateFormat(accept);
    const key = cacheKey({ hash, style, ext: format === 'webp' ? 'webp' : 'jpg', mark: '' });
    return { hash, style, format, contentType: FORMAT_MIME[format], watermark: null, key, etag: `"${key}"` };
  }

  /** The bytes of a plan: the stored original, or the cached/fresh render. */
  async body(plan: ImagePlan): Promise<ImageBody> {
    const srcKey = originalKey(plan.hash);
    if (plan.format === null) {
      const file = this.deps.store.localPath(srcKey);
      if (file) {
        const st = await fs.promises.stat(file).catch(() => null);
        if (!st) throw notFound('Image not found');
        return { kind: 'file', path: file, size: st.size };
      }
      const buf = await this.deps.store.get(srcKey);
      if (!buf) throw notFound('Image not found');
      return { kind: 'buffer', body: buf };
    }
    const format = plan.format;
    const { body } = await this.cache.get(plan.key, async () => {
      const source = await this.source(srcKey);
      const wm = plan.watermark;
      const watermark = wm ? { icon: await this.icon(wm.icon), wm } : null;
      return renderImage({ source, style: IMAGE_STYLES[plan.style], format, watermark });
    });
    return { kind: 'buffer', body };
  }

  /**
   * One photo's display pixels (raw RGB) in an exact box (a long picture's piece, cropped to fill):
   * the watermark its gallery draws for visitors (the same rule as plan()), or none when
   * `unmarked` (the caller checked the visitor's entitlement). Not cached: the box is the
   * picture's own.
   */
  async renderBox(hash: string, galleryId: number, box: { width: number; height: number }, unmarked: boolean): Promise<RenderedPixels> {
    const wm = unmarked ? null : (await this.plan(hash, 'wx_1920_n', undefined, galleryId)).watermark;
    const source = await this.source(originalKey(hash));
    const watermark = wm ? { icon: await this.icon(wm.icon), wm } : null;
    return renderPixels({ source, style: { width: box.width, height: box.height, fit: 'cover', quality: 90 }, watermark });
  }

  private async source(key: string): Promise<string | Buffer> {
    const file = this.deps.store.localPath(key);
    if (file) {
      if (!fs.existsSync(file)) throw notFound('Image not found');
      return file;
    }
    const buf = await this.deps.store.get(key);
    if (!buf) throw notFound('Image not found');
    return buf;
  }

  /** Never serve a photo unmarked because its gallery's icon is missing: that is an error. */
  private async icon(hash: string): Promise<Buffer> {
    const hit = this.icons.get(hash);
    if (hit) return hit;
    const buf = isValidIconHash(hash) ? await this.deps.store.get(originalKey(hash)) : null;
    if (!buf) throw new AppError(ErrorCode.INTERNAL, 'Watermark icon not found');
    if (this.icons.size >= ICON_CACHE_MAX) this.icons.delete(this.icons.keys().next().value as string);
    this.icons.set(hash, buf);
    return buf;
  }
}
