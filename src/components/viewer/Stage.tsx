import { useRef, useState } from 'react';
import { View, Image } from '@tarojs/components';
import { observer } from 'mobx-react';
import type { Photo } from '../../../types/api/photo';
import type { ViewerStore } from '../../stores/viewer/ViewerStore';
import { VIEWER } from '../../stores/viewer/viewerConstants';
import { longPressSaveSupported } from '../../platform/save-image';
import { clampScale, distance, swipeResult, touchPoints, type Point } from './gestures';

interface Props {
  viewer: ViewerStore;
  /** Called on a long press where saving is offered (mini-program). */
  onLongPress: () => void;
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
 * The photos: the current one and its neighbours side by side (kept in the
 * tree, keyed by id, so a swipe shows an already decoded image). One finger
 * swipes left / right or down to close; two fingers pinch; a double tap zooms.
 */
function Stage({ viewer, onLongPress }: Props) {
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
  if (!current) return null;

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

  const onStart = (e: unknown) => {
    const pts = touchPoints(e as never);
    if (!pts.length) return;
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

  const onMove = (e: unknown) => {
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

  const onEnd = () => {
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

  const photos = viewer.photos;
  const slides: Array<{ p: Photo; pos: number }> = [];
  for (let d = -1; d <= 1; d++) {
    const p = photos[viewer.index + d];
    if (p) slides.push({ p, pos: d });
  }
  const fade = Math.max(0.3, 1 - offset.y / (VIEWER.SWIPE_DOWN_CLOSE_PX * 2));

  return (
    <View
      className="viewer-stage"
      data-testid="viewer-stage"
      style={{ opacity: fade }}
      onTouchStart={onStart}
      onTouchMove={onMove}
      onTouchEnd={onEnd}
      onTouchCancel={onEnd}
    >
      <View
        className={`viewer-stage__track${dragging ? '' : ' viewer-stage__track--settle'}`}
        style={{ transform: `translate3d(${offset.x}px, ${offset.y}px, 0)` }}
      >
        {slides.map(({ p, pos }) => (
          <View
            key={p.id}
            className="viewer-slide"
            data-testid="viewer-slide"
            data-id={p.id}
            data-current={pos === 0 ? 'true' : 'false'}
            style={{ transform: `translate3d(${pos * 100}%, 0, 0)` }}
          >
            <View
              className="viewer-slide__zoom"
              style={pos === 0 && scale !== 1 ? { transform: `translate3d(${pan.x}px, ${pan.y}px, 0) scale(${scale})` } : undefined}
            >
              <Image className="viewer-slide__image" src={viewer.displayUrl(p)} mode="aspectFit" />
            </View>
          </View>
        ))}
      </View>
    </View>
  );
}

export default observer(Stage);
