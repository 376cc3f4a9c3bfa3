import { VIEWER } from '../../stores/viewer/viewerConstants';

export interface Point {
  x: number;
  y: number;
}

/** What a finished one-finger drag on an unzoomed photo means. */
export type SwipeResult = 'next' | 'prev' | 'close' | 'none';

/** Horizontal swipes move to a neighbour; a mostly downward drag of 245 px or more closes. */
export function swipeResult(dx: number, dy: number): SwipeResult {
  if (dy >= VIEWER.SWIPE_DOWN_CLOSE_PX && Math.abs(dy) > Math.abs(dx)) return 'close';
  if (Math.abs(dx) >= VIEWER.SWIPE_SIDE_PX && Math.abs(dx) > Math.abs(dy)) return dx < 0 ? 'next' : 'prev';
  return 'none';
}

export function distance(a: Point, b: Point): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

export function clampScale(s: number): number {
  return Math.min(VIEWER.MAX_SCALE, Math.max(VIEWER.MIN_SCALE, s));
}

interface TouchLike {
  clientX?: number;
  clientY?: number;
  pageX?: number;
  pageY?: number;
  x?: number;
  y?: number;
}

/** Touch points of a Taro touch event (browser TouchEvent or mini-program event). */
export function touchPoints(e: { touches?: ArrayLike<TouchLike> }): Point[] {
  const list = e.touches ? Array.from(e.touches) : [];
  return list.map((t) => ({ x: t.clientX ?? t.pageX ?? t.x ?? 0, y: t.clientY ?? t.pageY ?? t.y ?? 0 }));
}

/** The thumbnail strip's scroll offset that centres the current photo. */
export function stripOffset(index: number, step: number, width: number): number {
  return Math.max(0, index * step - (width / 2 - step / 2));
}
