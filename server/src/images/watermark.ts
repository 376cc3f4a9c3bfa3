import crypto from 'node:crypto';
import sharp from 'sharp';
import { IMAGE_HASH_RE } from '../../../types/image-style';
import { WATERMARK_ALIGNS, type Watermark, type WatermarkAlign } from '../../../types/watermark';

const clamp = (n: unknown, lo: number, hi: number, def: number) => {
  const v = typeof n === 'number' ? n : typeof n === 'string' && n.trim() !== '' ? Number(n) : NaN;
  return Number.isFinite(v) ? Math.min(hi, Math.max(lo, v)) : def;
};

/**
 * A gallery's stored watermark with every field in range, or null when there is
 * nothing to draw (no watermark, or no icon). Organisers edit this JSON by hand,
 * so out-of-range numbers are clamped rather than refused.
 */
export function normalizeWatermark(raw: unknown): Watermark | null {
  if (!raw || typeof raw !== 'object') return null;
  const w = raw as Partial<Record<keyof Watermark, unknown>>;
  if (typeof w.icon !== 'string' || w.icon === '') return null;
  return {
    icon: w.icon,
    percent: clamp(w.percent, 1, 100, 20),
    opacity: clamp(w.opacity, 0, 100, 100),
    align: WATERMARK_ALIGNS.includes(w.align as WatermarkAlign) ? (w.align as WatermarkAlign) : 'bottom-right',
    h: clamp(w.h, 0, 50, 0),
    v: clamp(w.v, 0, 50, 0),
    noborder: w.noborder === true || w.noborder === 1 || w.noborder === '1' || w.noborder === 'true',
    adjust: w.adjust === 'v' ? 'v' : 'h'
  };
}

export function isValidIconHash(icon: string): boolean {
  return IMAGE_HASH_RE.test(icon);
}

/** Short, stable id of a watermark's settings: part of the render cache key. */
export function watermarkFingerprint(wm: Watermark): string {
  const canonical = [wm.icon, wm.percent, wm.opacity, wm.align, wm.h, wm.v, wm.noborder ? 1 : 0, wm.adjust].join('|');
  return crypto.createHash('sha256').update(canonical).digest('hex').slice(0, 10);
}

/** Top-left corner of an icon of iw×ih on a W×H photo. */
export function placeWatermark(wm: Watermark, W: number, H: number, iw: number, ih: number): { left: number; top: number } {
  const col = wm.align.endsWith('left') ? 'start' : wm.align.endsWith('right') ? 'end' : 'middle';
  const row = wm.align.startsWith('top') ? 'start' : wm.align.startsWith('bottom') ? 'end' : 'middle';
  const offX = wm.noborder ? 0 : Math.round((wm.h / 100) * W);
  const offY = wm.noborder ? 0 : Math.round((wm.v / 100) * H);
  const at = (pos: string, size: number, icon: number, off: number) =>
    pos === 'start' ? off : pos === 'end' ? size - icon - off : Math.round((size - icon) / 2);
  const left = Math.min(Math.max(0, at(col, W, iw, offX)), W - iw);
  const top = Math.min(Math.max(0, at(row, H, ih, offY)), H - ih);
  return { left, top };
}

export interface Overlay {
  input: Buffer;
  raw: { width: number; height: number; channels: 4 };
  left: number;
  top: number;
}

/**
 * The icon sized for a W×H photo (percent of its width or height, never larger
 * than the photo), with the opacity applied to its alpha channel, and its place.
 */
export async function watermarkOverlay(icon: Buffer, wm: Watermark, W: number, H: number): Promise<Overlay | null> {
  const target = Math.max(1, Math.round((wm.percent / 100) * (wm.adjust === 'v' ? H : W)));
  const box = wm.adjust === 'v' ? { width: W, height: Math.min(target, H) } : { width: Math.min(target, W), height: H };
  const { data, info } = await sharp(icon)
    .rotate()
    .resize({ ...box, fit: 'inside' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 4) throw new Error(`watermark icon decoded to ${info.channels} channels`);
  const alpha = wm.opacity / 100;
  if (alpha <= 0) return null;
  if (alpha < 1) for (let i = 3; i < data.length; i += 4) data[i] = Math.round(data[i] * alpha);
  const { left, top } = placeWatermark(wm, W, H, info.width, info.height);
  return { input: data, raw: { width: info.width, height: info.height, channels: 4 }, left, top };
}
