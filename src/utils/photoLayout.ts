import dayjs from 'dayjs';
import type { PhotoDisplayMode } from '../../types/page/photo';

/**
 * Pure layout math of the photo list (every display mode): where each photo sits
 * in a virtual canvas, so only the rows near the viewport are rendered. In every
 * layout the cells' `y` never decreases with their index (rows fill in order, and a
 * waterfall always places into the shortest column), which lets the visible range
 * be found by binary search.
 */
export interface Dim {
  width: number;
  height: number;
  shoottime: number;
}

export interface LayoutCell {
  /** Index of the photo in the list. */
  index: number;
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface LayoutHeader {
  y: number;
  h: number;
  /** Shoot-time range of the group (Unix seconds, earliest first). */
  from: number;
  to: number;
  /** Index of the group's first photo. */
  first: number;
}

export interface PhotoLayout {
  cells: LayoutCell[];
  headers: LayoutHeader[];
  height: number;
  columns: number;
  cellWidth: number;
  /** Photos are cropped to the cell (grid) rather than shown whole (single, waterfall). */
  crop: boolean;
  maxCellHeight: number;
}

/** Waterfall heights are computed against this base width, then scaled to the column (spec part 1). */
export const WATERFALL_BASE_WIDTH = 350;
/** Flow (timeline) groups photos shot within this many seconds of the group's first (spec part 1 §9). */
export const FLOW_INTERVAL_S = 1800;
export const FLOW_HEADER_HEIGHT = 40;
export const LAYOUT_GAP = 6;
/** Crop styles are 375×240 and 250×160: cells keep that shape. */
export const CROP_RATIO = 0.64;
/** The page is at most this wide on desktops (gallery page max-width). */
export const MAX_LIST_WIDTH = 1200;
const WIDE = 800;

/** Columns of a mode at a container width: wide screens double them (single column stays one). */
export function columnsFor(mode: PhotoDisplayMode | 'hot', width: number): number {
  const wide = width > WIDE ? 2 : 1;
  switch (mode) {
    case '1':
      return 1;
    case '4':
      return 4 * wide;
    case 'flow':
      return 3 * wide;
    default:
      return 2 * wide;
  }
}

/** Height of a photo shown whole in a column: its aspect, within sane limits (panoramas, strips). */
function wholeHeight(d: Dim, colWidth: number): number {
  const ratio = d.width > 0 && d.height > 0 ? d.height / d.width : 1;
  const clamped = Math.min(3, Math.max(0.25, ratio));
  // Scaled against the base width, then to the column.
  return Math.round(WATERFALL_BASE_WIDTH * clamped) * (colWidth / WATERFALL_BASE_WIDTH);
}

function empty(columns: number, cellWidth: number, crop: boolean): PhotoLayout {
  return { cells: [], headers: [], height: 0, columns, cellWidth, crop, maxCellHeight: 0 };
}

/** Rows of `columns` equal cropped cells (modes 2 and 4, the hot list). */
export function gridLayout(count: number, width: number, columns: number, gap = LAYOUT_GAP, top = 0): PhotoLayout {
  const w = (width - gap * (columns + 1)) / columns;
  const h = Math.round(w * CROP_RATIO);
  const out = empty(columns, w, true);
  for (let i = 0; i < count; i++) {
    const r = Math.floor(i / columns);
    const c = i % columns;
    out.cells.push({ index: i, x: gap + c * (w + gap), y: top + gap + r * (h + gap), w, h });
  }
  out.maxCellHeight = h;
  out.height = count ? top + gap + Math.ceil(count / columns) * (h + gap) : top;
  return out;
}

/** One column, each photo whole (mode 1); centred and at most 750 px wide on desktops. */
export function singleLayout(photos: Dim[], width: number, gap = LAYOUT_GAP): PhotoLayout {
  const w = Math.min(750, width - 2 * gap);
  const x = (width - w) / 2;
  const out = empty(1, w, false);
  let y = gap;
  photos.forEach((p, i) => {
    const h = wholeHeight(p, w);
    out.cells.push({ index: i, x, y, w, h });
    out.maxCellHeight = Math.max(out.maxCellHeight, h);
    y += h + gap;
  });
  out.height = photos.length ? y : 0;
  return out;
}

/** Columns of whole photos, each placed into the shortest column (leftmost on a tie). */
export function waterfallLayout(photos: Dim[], width: number, columns = 2, gap = LAYOUT_GAP): PhotoLayout {
  const w = (width - gap * (columns + 1)) / columns;
  const out = empty(columns, w, false);
  const heights = new Array<number>(columns).fill(gap);
  photos.forEach((p, i) => {
    let c = 0;
    for (let k = 1; k < columns; k++) if (heights[k] < heights[c]) c = k;
    const h = wholeHeight(p, w);
    out.cells.push({ index: i, x: gap + c * (w + gap), y: heights[c], w, h });
    out.maxCellHeight = Math.max(out.maxCellHeight, h);
    heights[c] += h + gap;
  });
  out.height = photos.length ? Math.max(...heights) : 0;
  return out;
}

/** Consecutive photos shot within `interval` s of their group's first photo form one group: [start, end) index pairs. */
export function flowGroups(photos: Dim[], interval = FLOW_INTERVAL_S): Array<[number, number]> {
  const groups: Array<[number, number]> = [];
  let start = 0;
  for (let i = 1; i <= photos.length; i++) {
    if (i === photos.length || Math.abs(photos[i].shoottime - photos[start].shoottime) >= interval) {
      if (photos.length) groups.push([start, i]);
      start = i;
    }
  }
  return groups;
}

/** Timeline: a header per group, then its photos in rows of cropped cells. */
export function flowLayout(photos: Dim[], width: number, columns = 3, interval = FLOW_INTERVAL_S, gap = LAYOUT_GAP): PhotoLayout {
  const w = (width - gap * (columns + 1)) / columns;
  const h = Math.round(w * CROP_RATIO);
  const out = empty(columns, w, true);
  out.maxCellHeight = h;
  let y = 0;
  for (const [s, e] of flowGroups(photos, interval)) {
    let from = Infinity;
    let to = -Infinity;
    for (let i = s; i < e; i++) {
      from = Math.min(from, photos[i].shoottime);
      to = Math.max(to, photos[i].shoottime);
    }
    out.headers.push({ y, h: FLOW_HEADER_HEIGHT, from, to, first: s });
    y += FLOW_HEADER_HEIGHT;
    for (let i = s; i < e; i++) {
      const k = i - s;
      out.cells.push({ index: i, x: gap + (k % columns) * (w + gap), y: y + Math.floor(k / columns) * (h + gap), w, h });
    }
    y += Math.ceil((e - s) / columns) * (h + gap) + gap;
  }
  out.height = y;
  return out;
}

/** The layout of a mode ('hot' is the ranking grid). */
export function layoutFor(mode: PhotoDisplayMode | 'hot', photos: Dim[], width: number): PhotoLayout {
  const cols = columnsFor(mode, width);
  switch (mode) {
    case '1':
      return singleLayout(photos, width);
    case 'waterfall':
      return waterfallLayout(photos, width, cols);
    case 'flow':
      return flowLayout(photos, width, cols);
    default:
      return gridLayout(photos.length, width, cols);
  }
}

/** First index whose value is >= target in a non-decreasing sequence. */
function lowerBound(n: number, at: (i: number) => number, target: number): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (at(mid) < target) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Cells and headers overlapping [top, bottom) of the canvas: [from, to) indexes into `cells`. */
export function visibleRange(layout: PhotoLayout, top: number, bottom: number): { from: number; to: number; headers: LayoutHeader[] } {
  const { cells } = layout;
  let from = lowerBound(cells.length, (i) => cells[i].y, top - layout.maxCellHeight);
  while (from < cells.length && cells[from].y + cells[from].h <= top) from++;
  const to = lowerBound(cells.length, (i) => cells[i].y, bottom);
  const hs = layout.headers;
  const h0 = lowerBound(hs.length, (i) => hs[i].y, top - FLOW_HEADER_HEIGHT);
  const h1 = lowerBound(hs.length, (i) => hs[i].y, bottom);
  return { from: Math.min(from, to), to, headers: hs.slice(h0, h1).filter((h) => h.y + h.h > top) };
}

/** A group header's time range: 'YYYY-MM-DD HH:mm - HH:mm' (the end with its date when another day). */
export function formatTimeRange(from: number, to: number): string {
  const a = dayjs.unix(from);
  const b = dayjs.unix(to);
  const start = a.format('YYYY-MM-DD HH:mm');
  if (to <= from || b.format('HH:mm') === a.format('HH:mm') && a.isSame(b, 'day')) return start;
  return `${start} - ${b.format(a.isSame(b, 'day') ? 'HH:mm' : 'YYYY-MM-DD HH:mm')}`;
}
