import { useRef, useState } from 'react';
import type { ViewerStore } from '../../stores/viewer/ViewerStore';
import { VIEWER } from '../../stores/viewer/viewerConstants';
import { longPressSaveSupported } from '../../platform/save-image';
import { clampScale, distance, swipeResult, touchPoints, type Point } from './gestures';

/** What the stage draws of a gesture in progress. */
export interface StageView {
  /** The swipe offset of an unzoomed drag. */
  offset: Point;
  scale: number;
  pan: Point;
  dragging: boolean;
}

export interface TouchHandlers {
  onTouchStart: (e: unknown) => void;
  onTouchMove: (e: unknown) => void;
  onTouchEnd: () => void;
  onTouchCancel: () => void;
}

interface Drag {
  start: Point;
  startScale: number;
  startPan: Point;
  pinchStart: number;
  moved: boolean;
  /** The latest swipe offset (unzoomed drags). */
  offset?: { x: number; y: number };
}

/**
 * The viewer's touch gestures: one finger swipes left / right or down to close; two fingers pinch;
 * a double tap zooms; a long press offers saving where that is supported. The handlers go on the
 * stage and on the viewer's backdrop: for a moment after opening the stage is still zooming out of
 * the tapped cell and covers only part of the screen, and a swipe started beside it must count too.
 * (Not on a layer over the photo: the photo keeps the browser's own long press, WeChat's save menu.)
 */
export function useStageGestures(viewer: ViewerStore, onLongPress: () => void): { view: StageView; handlers: TouchHandlers } {
  const [offset, setOffset] = useState<Point>({ x: 0, y: 0 });
  const [scale, setScale] = useState(1);
  const [pan, setPan] = useState<Point>({ x: 0, y: 0 });
  const [dragging, setDragging] = useState(false);
  const drag = useRef<Drag | null>(null);
  const lastTap = useRef(0);
  const longPress = useRef<ReturnType<typeof setTimeout> | null>(null);
  const shownId = useRef<number | null>(null);

  const current = viewer.current;
  if (current && shownId.current !== current.id) {
    // A new photo starts unzoomed.
    shownId.current = current.id;
    if (scale !== 1 || pan.x || pan.y) {
      setScale(1);
      setPan({ x: 0, y: 0 });
    }
  }

  const cancelLongPress = () => {
    if (longPress.current) clearTimeout(longPress.current);
    longPress.current = null;
  };

  const zoomTo = (s: number) => {
    const next = clampScale(s);
    setScale(next);
    if (next === 1) setPan({ x: 0, y: 0 });
    if (next > 1) void viewer.loadFull();
  };

  const onTouchStart = (e: unknown) => {
    const pts = touchPoints(e as never);
    if (!pts.length || !viewer.isOpen) return;
    drag.current = {
      start: pts[0],
      startScale: scale,
      startPan: pan,
      pinchStart: pts.length > 1 ? distance(pts[0], pts[1]) : 0,
      moved: false
    };
    setDragging(true);
    cancelLongPress();
    if (pts.length === 1 && longPressSaveSupported()) {
      longPress.current = setTimeout(() => {
        longPress.current = null;
        if (drag.current && !drag.current.moved) onLongPress();
      }, VIEWER.LONG_PRESS_MS);
    }
  };

  const onTouchMove = (e: unknown) => {
    const d = drag.current;
    const pts = touchPoints(e as never);
    if (!d || !pts.length) return;
    if (pts.length > 1) {
      if (!d.pinchStart) d.pinchStart = distance(pts[0], pts[1]) / d.startScale;
      d.moved = true;
      cancelLongPress();
      setScale(clampScale((d.startScale * distance(pts[0], pts[1])) / (d.pinchStart || 1)));
      return;
    }
    const dx = pts[0].x - d.start.x;
    const dy = pts[0].y - d.start.y;
    if (Math.abs(dx) > 8 || Math.abs(dy) > 8) {
      d.moved = true;
      cancelLongPress();
    }
    if (scale > 1) setPan({ x: d.startPan.x + dx, y: d.startPan.y + dy });
    else {
      // Kept on the drag too: a touchend may arrive before the last move's render (a busy phone).
      d.offset = { x: dx, y: Math.max(0, dy) };
      setOffset(d.offset);
    }
  };

  const onTouchEnd = () => {
    const d = drag.current;
    cancelLongPress();
    drag.current = null;
    setDragging(false);
    if (!d) return;
    if (d.pinchStart) {
      if (scale > 1) void viewer.loadFull();
      return;
    }
    if (!d.moved) {
      const now = Date.now();
      if (now - lastTap.current < VIEWER.DOUBLE_TAP_MS) {
        lastTap.current = 0;
        zoomTo(scale > 1 ? 1 : VIEWER.DOUBLE_TAP_SCALE);
      } else lastTap.current = now;
      return;
    }
    if (scale > 1) return;
    const last = d.offset ?? offset;
    const result = swipeResult(last.x, last.y);
    setOffset({ x: 0, y: 0 });
    if (result === 'next') viewer.next();
    else if (result === 'prev') viewer.prev();
    else if (result === 'close') viewer.close();
  };

  return { view: { offset, scale, pan, dragging }, handlers: { onTouchStart, onTouchMove, onTouchEnd, onTouchCancel: onTouchEnd } };
}
