import { viewportSize } from './env';

/**
 * How a bullet-screen layer is sized: 'page' (the gallery page and the viewer on a phone: design
 * units follow the screen width like the rest of the app) or 'screen' (the venue screen: they
 * follow the shorter side, like the carousel's vmin sizes).
 */
export type DanmakuFit = 'page' | 'screen';

/**
 * H5's root font size is 40/750 of the shorter side, kept within 20–24 px (Taro's pxtransform,
 * config/index.ts maxRootSize; the fallback in src/index.html): 0.5 to 0.6 CSS px per design unit.
 */
const H5_MIN_SCALE = 20 / 40;
const H5_MAX_SCALE = 24 / 40;

/**
 * The stage of a layer covering `share` of the visible height: width and height in CSS px, and
 * CSS px per design unit (750 wide). Read once when a layer mounts; nothing is measured per frame.
 */
export function danmakuStage(fit: DanmakuFit, share: number): { width: number; height: number; scale: number } {
  const { width, height } = viewportSize();
  let scale: number;
  if (fit === 'screen') scale = Math.min(width, height) / 750;
  else if (process.env.TARO_ENV === 'h5') scale = Math.min(Math.max(Math.min(width, height) / 750, H5_MIN_SCALE), H5_MAX_SCALE);
  else scale = width / 750;
  return { width, height: Math.max(1, Math.round(height * share)), scale };
}
