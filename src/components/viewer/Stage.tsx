import { View, Image } from '@tarojs/components';
import { observer } from 'mobx-react';
import type { Photo } from '../../../types/api/photo';
import type { ViewerStore } from '../../stores/viewer/ViewerStore';
import { VIEWER } from '../../stores/viewer/viewerConstants';
import type { StageView, TouchHandlers } from './useStageGestures';

interface Props {
  viewer: ViewerStore;
  /** The gesture in progress (useStageGestures). */
  view: StageView;
  handlers: TouchHandlers;
}

/**
 * The photos: the current one and its neighbours side by side (kept in the
 * tree, keyed by id, so a swipe shows an already decoded image), moved by the
 * swipe, zoomed and panned by the pinch (useStageGestures: one finger swipes
 * left / right or down to close; two fingers pinch; a double tap zooms).
 */
function Stage({ viewer, view, handlers }: Props) {
  const { offset, scale, pan, dragging } = view;
  if (!viewer.current) return null;
  const photos = viewer.photos;
  const slides: Array<{ p: Photo; pos: number }> = [];
  for (let d = -1; d <= 1; d++) {
    const p = photos[viewer.index + d];
    if (p) slides.push({ p, pos: d });
  }
  const fade = Math.max(0.3, 1 - offset.y / (VIEWER.SWIPE_DOWN_CLOSE_PX * 2));

  return (
    <View className="viewer-stage" data-testid="viewer-stage" style={{ opacity: fade }} {...handlers}>
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
