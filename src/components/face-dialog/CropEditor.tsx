import { useRef } from 'react';
import { View, Text, Image } from '@tarojs/components';
import { observer } from 'mobx-react';
import type { FaceDialogStore } from '../../stores/face/FaceDialogStore';
import { cropView } from '../../stores/face/faceRules';
import { windowWidth } from '../../platform/env';
import { t } from '../../i18n';
import { Icon } from '../icon';

/** The frame is 480 design px wide: 64% of a phone's width. */
const FRAME_SHARE = 0.64;

type Touch = { clientX: number; clientY: number };
const distance = (a: Touch, b: Touch) => Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY);

/**
 * The crop editor: the chosen picture in a square frame, moved with one finger and
 * zoomed with two (pinch) or with the − and + buttons, always within 1..4.
 * While the selfie is being matched, a scanning line runs over it.
 */
function CropEditor({ store }: { store: FaceDialogStore }) {
  const source = store.source!;
  const view = cropView(source.width, source.height, store.crop);
  const gesture = useRef<{ zoom: number; dist: number; x: number; y: number } | null>(null);

  const touches = (e: unknown): ArrayLike<Touch> => (e as { touches?: ArrayLike<Touch> }).touches ?? [];
  const onStart = (e: unknown) => {
    const [a, b] = [touches(e)[0], touches(e)[1]];
    if (!a) return;
    gesture.current = { zoom: store.crop.zoom, dist: b ? distance(a, b) : 0, x: a.clientX, y: a.clientY };
  };
  const onMove = (e: unknown) => {
    const g = gesture.current;
    const [a, b] = [touches(e)[0], touches(e)[1]];
    if (!g || !a || store.submitting) return;
    if (b) {
      if (!g.dist) {
        g.dist = distance(a, b);
        g.zoom = store.crop.zoom;
        return;
      }
      store.pinch(g.zoom, distance(a, b) / g.dist);
      return;
    }
    // Dragging the picture moves the crop the other way, in fractions of the shown picture.
    const frame = windowWidth() * FRAME_SHARE;
    store.pan(-(a.clientX - g.x) / ((frame * view.width) / 100), -(a.clientY - g.y) / ((frame * view.height) / 100));
    g.x = a.clientX;
    g.y = a.clientY;
  };
  const onEnd = () => {
    gesture.current = null;
  };

  return (
    <View className="face-crop">
      <View
        className={`face-crop__frame${store.submitting ? ' face-crop__frame--scanning' : ''}`}
        data-testid="face-crop"
        catchMove
        onTouchStart={onStart}
        onTouchMove={onMove}
        onTouchEnd={onEnd}
        onTouchCancel={onEnd}
      >
        <Image
          className="face-crop__image"
          src={source.src}
          mode="scaleToFill"
          style={{ width: `${view.width}%`, height: `${view.height}%`, left: `${view.left}%`, top: `${view.top}%` }}
        />
        {store.submitting ? <View className="face-crop__scan" data-testid="face-scanning" /> : null}
      </View>
      {store.submitting ? null : (
        <View className="face-crop__controls">
          <View className="face-crop__zoom-button" data-testid="face-zoom-out" aria-label={t('face.zoomOut')} onClick={() => store.zoomOut()}>
            <Icon name="subtract" />
          </View>
          <Text className="face-crop__zoom" data-testid="face-zoom" data-zoom={store.crop.zoom}>
            {t('face.zoom', { num: store.crop.zoom.toFixed(1) })}
          </Text>
          <View className="face-crop__zoom-button" data-testid="face-zoom-in" aria-label={t('face.zoomIn')} onClick={() => store.zoomIn()}>
            <Icon name="add" />
          </View>
          <View className="face-crop__change" data-testid="face-change" onClick={() => void store.choose()}>
            <Text>{t('face.change')}</Text>
          </View>
        </View>
      )}
    </View>
  );
}

export default observer(CropEditor);
