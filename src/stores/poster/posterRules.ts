import {
  POSTER_DESIGN_WIDTH,
  POSTER_HEIGHT,
  POSTER_PIXEL_RATIO,
  POSTER_QR_MARGIN,
  type PosterAdjust
} from '../../../types/api/poster';

/**
 * The poster's layout (spec part 3 §9: design width 750, pixel ratio 1.5, source width
 * 1366 (the photo is loaded in POSTER_SOURCE_STYLE), QR margin 2): pure functions, in design pixels unless said otherwise. The canvas is
 * the design size times POSTER_PIXEL_RATIO; the drawing code scales once.
 *
 * Portrait (adjust 2): a 3:4 photo frame; landscape (adjust 1): a 4:3 one. Below the photo
 * the gallery's title and the share text on the left, the QR code on the right and, under
 * the texts, the line asking to scan it.
 */

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface Size {
  width: number;
  height: number;
}

export interface TextBox {
  x: number;
  /** Baseline. */
  y: number;
  maxWidth: number;
  /** CSS font size in design pixels. */
  size: number;
  bold: boolean;
}

export interface PosterLayout {
  adjust: PosterAdjust;
  /** Design size. */
  width: number;
  height: number;
  /** Canvas size in device pixels (design × POSTER_PIXEL_RATIO, rounded). */
  canvas: Size;
  scale: number;
  /** Where the photo goes, with its white mat. */
  frame: Rect;
  photo: Rect;
  /** The part of the loaded photo drawn into `photo` (cover crop), in the image's own pixels. */
  source: Rect;
  /** The QR code's square, its white quiet zone included (POSTER_QR_MARGIN modules). */
  qr: Rect;
  title: TextBox;
  desc: TextBox;
  scan: TextBox;
}

export const POSTER_MARGIN = 40;
export const POSTER_MAT = 12;
export const POSTER_QR_SIZE = 200;
/** Photo frame aspect (width / height) by adjust. */
export const PHOTO_ASPECT: Record<PosterAdjust, number> = { 1: 4 / 3, 2: 3 / 4 };

/** The largest rect of `aspect` centred in an image of `img` size: what `cover` draws. */
export function coverSource(img: Size, aspect: number): Rect {
  if (img.width <= 0 || img.height <= 0) return { x: 0, y: 0, w: 0, h: 0 };
  if (img.width / img.height > aspect) {
    const w = img.height * aspect;
    return { x: (img.width - w) / 2, y: 0, w, h: img.height };
  }
  const h = img.width / aspect;
  return { x: 0, y: (img.height - h) / 2, w: img.width, h };
}

/** The poster's layout for a template's adjust and the loaded photo's size. */
export function posterLayout(adjust: PosterAdjust, img: Size): PosterLayout {
  const width = POSTER_DESIGN_WIDTH;
  const height = POSTER_HEIGHT[adjust];
  const frameW = width - 2 * POSTER_MARGIN;
  const photoW = frameW - 2 * POSTER_MAT;
  const photoH = Math.round(photoW / PHOTO_ASPECT[adjust]);
  const frame: Rect = { x: POSTER_MARGIN, y: POSTER_MARGIN, w: frameW, h: photoH + 2 * POSTER_MAT };
  const photo: Rect = { x: POSTER_MARGIN + POSTER_MAT, y: POSTER_MARGIN + POSTER_MAT, w: photoW, h: photoH };
  const bottom = height - POSTER_MARGIN;
  const qr: Rect = { x: width - POSTER_MARGIN - POSTER_QR_SIZE, y: bottom - POSTER_QR_SIZE, w: POSTER_QR_SIZE, h: POSTER_QR_SIZE };
  const textX = POSTER_MARGIN + 8;
  const textW = qr.x - 32 - textX;
  const below = frame.y + frame.h;
  // Texts sit between the frame and the bottom, the title level with the QR code's top (or right under the frame).
  const titleY = Math.max(below + 64, qr.y + 44);
  return {
    adjust,
    width,
    height,
    canvas: { width: Math.round(width * POSTER_PIXEL_RATIO), height: Math.round(height * POSTER_PIXEL_RATIO) },
    scale: POSTER_PIXEL_RATIO,
    frame,
    photo,
    source: coverSource(img, PHOTO_ASPECT[adjust]),
    qr,
    title: { x: textX, y: titleY, maxWidth: textW, size: 36, bold: true },
    desc: { x: textX, y: titleY + 52, maxWidth: textW, size: 26, bold: false },
    scan: { x: textX, y: bottom - 8, maxWidth: textW, size: 24, bold: false }
  };
}

/** The QR code's modules: where module (r, c) goes in a square `box` with POSTER_QR_MARGIN quiet modules around. */
export function qrCellRect(box: Rect, count: number, r: number, c: number): Rect {
  const cell = box.w / (count + 2 * POSTER_QR_MARGIN);
  return { x: box.x + (c + POSTER_QR_MARGIN) * cell, y: box.y + (r + POSTER_QR_MARGIN) * cell, w: cell, h: cell };
}

/**
 * `text` cut to fit `maxWidth` as `measure` measures it: whole, or the longest head that
 * fits with '…' after it. One line; line breaks become spaces.
 */
export function fitText(text: string, maxWidth: number, measure: (s: string) => number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (measure(line) <= maxWidth) return line;
  const chars = Array.from(line);
  let lo = 0;
  let hi = chars.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (measure(`${chars.slice(0, mid).join('')}…`) <= maxWidth) lo = mid;
    else hi = mid - 1;
  }
  return lo > 0 ? `${chars.slice(0, lo).join('').trimEnd()}…` : '';
}

/** A template's adjust as a PosterAdjust: 1 landscape, anything else portrait. */
export function adjustOf(t: { adjust: number }): PosterAdjust {
  return t.adjust === 1 ? 1 : 2;
}
