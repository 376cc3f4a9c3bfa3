import crypto from 'node:crypto';
import sharp from 'sharp';
import type { RenderedPixels } from './render';
import { LONG_PICTURE_GAP, LONG_PICTURE_MAX_PIXELS, LONG_PICTURE_WIDTH } from '../../../types/api/splice';

/** Where each photo goes on a long picture: one column, full width, in order, with a white gap. */
export interface LongLayout {
  width: number;
  height: number;
  /** Per photo: its top and height on the picture (all are `width` wide). */
  pieces: Array<{ top: number; height: number }>;
}

/**
 * The layout of photos of these sizes (oriented width and height; a missing size counts
 * as square): each at the common width keeping its aspect ratio, stacked with gaps.
 * Above LONG_PICTURE_MAX_PIXELS the whole stack is scaled down (narrower).
 */
export function longLayout(sizes: ReadonlyArray<{ width: number; height: number }>, width = LONG_PICTURE_WIDTH, gap = LONG_PICTURE_GAP): LongLayout {
  const ratios = sizes.map((s) => (s.width > 0 && s.height > 0 ? s.height / s.width : 1));
  const at = (w: number) => {
    const g = Math.max(1, Math.round((gap * w) / width));
    let top = 0;
    const pieces = ratios.map((r, i) => {
      const h = Math.max(1, Math.round(w * r));
      const piece = { top: top + (i ? g : 0), height: h };
      top = piece.top + h;
      return piece;
    });
    return { width: w, height: top, pieces };
  };
  const full = at(width);
  if (full.width * full.height <= LONG_PICTURE_MAX_PIXELS) return full;
  let w = Math.floor(width * Math.sqrt(LONG_PICTURE_MAX_PIXELS / (full.width * full.height)));
  let out = at(w);
  while (w > 1 && out.width * out.height > LONG_PICTURE_MAX_PIXELS) out = at(--w);
  return out;
}

export interface ComposedPicture {
  data: Buffer;
  hash: string;
  width: number;
  height: number;
}

/** JPEG quality of the long picture (baseline: a progressive encoder holds the whole picture's coefficients). */
const LONG_QUALITY = 85;
/** Pieces drawn at a time: each decodes one photo (shrunk on load), so memory stays a few photos' worth. */
const PIECE_CONCURRENCY = 2;

/**
 * Draw a long picture: `piece(i, box)` answers photo i's pixels already sized to its box
 * (watermarked as the caller decides; a JPEG photo is shrunk while it is decoded), at most
 * PIECE_CONCURRENCY at a time; the pieces are laid on a white canvas and encoded once. At
 * most the picture's own pixels are held (LONG_PICTURE_MAX_PIXELS × 3 bytes, 48 MB), never
 * the photos' full-size pixels.
 */
export async function composeLongPicture(layout: LongLayout, piece: (index: number, box: { width: number; height: number }) => Promise<RenderedPixels>): Promise<ComposedPicture> {
  const pieces: RenderedPixels[] = new Array(layout.pieces.length);
  let next = 0;
  const worker = async () => {
    while (next < layout.pieces.length) {
      const i = next++;
      pieces[i] = await piece(i, { width: layout.width, height: layout.pieces[i].height });
    }
  };
  await Promise.all(Array.from({ length: Math.min(PIECE_CONCURRENCY, layout.pieces.length) }, worker));
  const data = await sharp({ create: { width: layout.width, height: layout.height, channels: 3, background: '#ffffff' }, limitInputPixels: false })
    .composite(pieces.map((p, i) => ({ input: p.data, raw: { width: p.width, height: p.height, channels: p.channels }, top: layout.pieces[i].top, left: 0 })))
    .jpeg({ quality: LONG_QUALITY })
    .toBuffer();
  return { data, hash: crypto.createHash('sha256').update(data).digest('hex'), width: layout.width, height: layout.height };
}
