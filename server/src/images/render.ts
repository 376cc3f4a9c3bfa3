import sharp from 'sharp';
import type { Sharp } from 'sharp';
import type { ImageStyle } from '../../../types/image-style';
import type { Watermark } from '../../../types/watermark';
import { watermarkOverlay } from './watermark';

// Renders are cached on disk, so libvips' in-memory operation cache only costs memory.
// Concurrency stays at sharp's default (one libvips thread per image on glibc): two
// threads measured no faster on a busy 2-core machine, and parallel requests already
// fill the cores through libuv's pool.
sharp.cache(false);

export type OutputFormat = 'webp' | 'jpeg';

export const FORMAT_MIME: Record<OutputFormat, string> = { webp: 'image/webp', jpeg: 'image/jpeg' };

/** WebP when the client says it takes it, JPEG otherwise. */
export function negotiateFormat(accept: string | undefined): OutputFormat {
  return accept && /\bimage\/webp\b/i.test(accept) ? 'webp' : 'jpeg';
}

export interface RenderJob {
  /** The original: a file path or its bytes. */
  source: string | Buffer;
  style: ImageStyle;
  format: OutputFormat;
  /** Icon bytes and settings when this render carries the gallery's watermark. */
  watermark?: { icon: Buffer; wm: Watermark } | null;
}

function resized(source: string | Buffer, style: ImageStyle): Sharp {
  // failOn 'error': a camera file with a minor warning still renders; a broken one throws.
  const img = sharp(source, { failOn: 'error' }).rotate();
  if (style.fit === 'cover') {
    return img.resize({ width: style.width, height: style.height, fit: 'cover', position: 'centre' });
  }
  return img.resize({
    width: style.width || undefined,
    height: style.height || undefined,
    fit: 'inside',
    withoutEnlargement: true
  });
}

function encode(img: Sharp, style: ImageStyle, format: OutputFormat): Sharp {
  if (format === 'webp') return img.webp({ quality: style.quality, effort: 2 });
  // JPEG has no alpha: transparent PNG/WebP sources sit on white.
  return img.flatten({ background: '#ffffff' }).jpeg({ quality: style.quality, mozjpeg: false });
}

/** One style of one image, encoded. Throws on unreadable sources. */
export async function renderImage(job: RenderJob): Promise<Buffer> {
  const base = resized(job.source, job.style);
  if (!job.watermark) return encode(base, job.style, job.format).toBuffer();

  // The overlay is sized and placed from the real output size, so decode to raw pixels first.
  const { data, info } = await base.raw().toBuffer({ resolveWithObject: true });
  const overlay = await watermarkOverlay(job.watermark.icon, job.watermark.wm, info.width, info.height);
  let img = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  if (overlay) img = img.composite([overlay]);
  return encode(img, job.style, job.format).toBuffer();
}

/** Raw pixels of a render (3 channels, on white), for composing several into one image. */
export interface RenderedPixels {
  data: Buffer;
  width: number;
  height: number;
  channels: 3;
}

/** One style of one image as raw RGB (the watermark drawn like renderImage's): no encode, no second decode. */
export async function renderPixels(job: Omit<RenderJob, 'format'>): Promise<RenderedPixels> {
  let img = resized(job.source, job.style).flatten({ background: '#ffffff' });
  if (job.watermark) {
    const { data, info } = await img.raw().toBuffer({ resolveWithObject: true });
    const overlay = await watermarkOverlay(job.watermark.icon, job.watermark.wm, info.width, info.height);
    img = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
    if (overlay) img = img.composite([overlay]).flatten({ background: '#ffffff' });
  }
  const { data, info } = await img.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: 3 };
}
