/**
 * Layout math of the jigsaw collage (spec part 2: jigsaw modes long and grid):
 * where each photo goes on the output and which part of the photo is drawn there.
 * Pure: no canvas, no platform; the platform adapter draws what this returns.
 */

/** Output width of every collage, px. */
export const COLLAGE_WIDTH = 1080;
/** Gap between the photos of a long collage, px. */
export const LONG_GAP = 12;
/** Gap between the cells of a grid collage, px. */
export const GRID_GAP = 8;
/** Background behind the gaps. */
export const COLLAGE_BACKGROUND = '#ffffff';
/**
 * Largest canvas area drawn (iOS WebKit and the mini-program refuse larger
 * canvases): a long collage taller than this allows is scaled down as a whole.
 */
export const MAX_COLLAGE_PIXELS = 16_777_216;

export type CollageKind = 'long' | 'grid';

export interface Size {
  width: number;
  height: number;
}

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface CollageCell {
  /** Index of the photo in the input. */
  index: number;
  /** Where it goes on the output. */
  dest: Rect;
  /** The part of the source image drawn there (source pixels). */
  src: Rect;
}

export interface CollageLayout {
  width: number;
  height: number;
  cells: CollageCell[];
}

const full = (s: Size): Rect => ({ x: 0, y: 0, w: s.width, h: s.height });

function checkSizes(sources: readonly Size[]): void {
  if (!sources.length) throw new Error('collage needs at least one photo');
  for (const s of sources) {
    if (!(s.width > 0 && s.height > 0)) throw new Error(`collage photo has no size (${s.width}x${s.height})`);
  }
}

/** The centred part of a source with the aspect ratio of `dest` (CSS object-fit: cover). */
export function coverCrop(source: Size, dest: { w: number; h: number }): Rect {
  // Wider than the cell: keep the full height and cut the sides; otherwise keep the width.
  const wider = source.width * dest.h > dest.w * source.height;
  const w = wider ? (source.height * dest.w) / dest.h : source.width;
  const h = wider ? source.height : (source.width * dest.h) / dest.w;
  return { x: (source.width - w) / 2, y: (source.height - h) / 2, w, h };
}

/** Long collage: every photo full width, one under the other with its own aspect ratio, a small gap between. */
export function longLayout(sources: readonly Size[], width = COLLAGE_WIDTH, gap = LONG_GAP, maxPixels = MAX_COLLAGE_PIXELS): CollageLayout {
  checkSizes(sources);
  const heights = sources.map((s) => Math.max(1, Math.round((width * s.height) / s.width)));
  const total = heights.reduce((a, b) => a + b, 0) + gap * (sources.length - 1);
  if (width * total > maxPixels) {
    // Too tall to draw: the same collage, narrower.
    const scale = Math.sqrt(maxPixels / (width * total));
    return longLayout(sources, Math.floor(width * scale), Math.floor(gap * scale), maxPixels);
  }
  let y = 0;
  const cells = sources.map((s, index) => {
    const cell: CollageCell = { index, dest: { x: 0, y, w: width, h: heights[index] }, src: full(s) };
    y += heights[index] + gap;
    return cell;
  });
  return { width, height: total, cells };
}

/** Grid columns for n photos: 1 alone, 2 side by side, 4 as 2×2, otherwise 3 (up to 3×3). */
export function gridColumns(n: number): 1 | 2 | 3 {
  if (n <= 1) return 1;
  if (n === 2 || n === 4) return 2;
  return 3;
}

/** Grid collage: 1–9 photos in square cells, cover-cropped, row by row. */
export function gridLayout(sources: readonly Size[], width = COLLAGE_WIDTH, gap = GRID_GAP): CollageLayout {
  checkSizes(sources);
  const cols = gridColumns(sources.length);
  const rows = Math.ceil(sources.length / cols);
  const cell = (width - gap * (cols - 1)) / cols;
  const at = (i: number) => i * (cell + gap);
  const cells = sources.map((s, index) => {
    const c = index % cols;
    const r = Math.floor(index / cols);
    const x = Math.round(at(c));
    const y = Math.round(at(r));
    const dest = { x, y, w: Math.round(at(c) + cell) - x, h: Math.round(at(r) + cell) - y };
    return { index, dest, src: coverCrop(s, dest) };
  });
  return { width, height: Math.round(rows * cell + gap * (rows - 1)), cells };
}

export function collageLayout(kind: CollageKind, sources: readonly Size[]): CollageLayout {
  return kind === 'long' ? longLayout(sources) : gridLayout(sources);
}
