/** A gallery's watermark (spec part 1 §3). */
export interface Watermark {
  /** Image hash in our store, or an absolute URL is not accepted: the icon must be ours. */
  icon: string;
  /** Size of the icon as a percentage of the photo's width (adjust 'h') or height (adjust 'v'), 1..100. */
  percent: number;
  /** 0..100. */
  opacity: number;
  /** Anchor: one of the nine positions. */
  align: WatermarkAlign;
  /** Horizontal offset from the anchor, percent of the photo width (0..50). */
  h: number;
  /** Vertical offset from the anchor, percent of the photo height (0..50). */
  v: number;
  /** When true the icon may touch the photo edge (offsets are ignored at the edges). */
  noborder: boolean;
  /** Which side `percent` is measured against: 'h' (width) or 'v' (height). */
  adjust: 'h' | 'v';
}

export type WatermarkAlign =
  | 'top-left' | 'top' | 'top-right'
  | 'left' | 'center' | 'right'
  | 'bottom-left' | 'bottom' | 'bottom-right';

export const WATERMARK_ALIGNS: WatermarkAlign[] = [
  'top-left', 'top', 'top-right', 'left', 'center', 'right', 'bottom-left', 'bottom', 'bottom-right'
];
