import { View, Image, ScrollView } from '@tarojs/components';
import { observer } from 'mobx-react';
import type { ViewerStore } from '../../stores/viewer/ViewerStore';
import { VIEWER } from '../../stores/viewer/viewerConstants';
import { windowWidth } from '../../platform/env';
import { imageUrl } from '../../utils/image';
import { stripOffset } from './gestures';

/** Thumbnails rendered on each side of the current one (the strip is windowed for 20,000-photo events). */
const WINDOW = 30;

/** The thumbnail strip: steps of 64 px on desktops, 55 px on phones; the current photo centred. */
function ThumbStrip({ viewer }: { viewer: ViewerStore }) {
  const photos = viewer.photos;
  const step = viewer.wide ? VIEWER.THUMB_STEP_WIDE : VIEWER.THUMB_STEP_NARROW;
  const from = Math.max(0, viewer.index - WINDOW);
  const to = Math.min(photos.length, viewer.index + WINDOW + 1);
  return (
    <ScrollView
      className="viewer-thumbs"
      data-testid="viewer-thumbs"
      scrollX
      scrollLeft={stripOffset(viewer.index, step, windowWidth())}
      scrollWithAnimation
    >
      <View className="viewer-thumbs__track" style={{ width: `${photos.length * step}px`, height: `${step}px` }}>
        {photos.slice(from, to).map((p, i) => {
          const index = from + i;
          return (
            <View
              key={p.id}
              className={`viewer-thumbs__item${index === viewer.index ? ' viewer-thumbs__item--current' : ''}`}
              data-testid="viewer-thumb"
              data-index={index}
              style={{ left: `${index * step}px`, width: `${step - 4}px`, height: `${step - 4}px` }}
              onClick={() => viewer.goTo(index)}
            >
              <Image className="viewer-thumbs__image" src={imageUrl(p.hash, 'wx_250_160', p.galleryid)} mode="aspectFill" lazyLoad />
            </View>
          );
        })}
      </View>
    </ScrollView>
  );
}

export default observer(ThumbStrip);
