import { useRef } from 'react';
import { View, Image } from '@tarojs/components';
import { observer } from 'mobx-react';
import type { Photo } from '../../../types/api/photo';
import type { CarouselStore } from '../../stores/carousel/CarouselStore';

interface Layer {
  photo: Photo;
  step: number;
}

/**
 * The CSS effects ('fade', 'slide', 'zoom'): the shown photo enters over the one
 * before, which leaves. Both are decoded already (the store preloads the next
 * photo before it moves), so a transition never shows a blank.
 */
function SlideStage({ store }: { store: CarouselStore }) {
  const shown = useRef<Layer | null>(null);
  const leaving = useRef<Layer | null>(null);
  const current = store.current;
  if (current && (shown.current?.step !== store.step || shown.current.photo.id !== current.id)) {
    leaving.current = shown.current && shown.current.photo.id !== current.id ? shown.current : null;
    shown.current = { photo: current, step: store.step };
  }
  const effect = store.settings.effect;
  const layers: [Layer | null, 'leave' | 'enter'][] = [
    [leaving.current, 'leave'],
    [shown.current, 'enter']
  ];
  return (
    <View className={`carousel-stage carousel-stage--${effect}`} data-testid="carousel-stage" data-effect={effect}>
      {layers.map(([layer, role]) =>
        layer ? (
          <View
            key={layer.step}
            className={`carousel-slide carousel-slide--${role}`}
            data-testid="carousel-slide"
            data-id={layer.photo.id}
            data-role={role}
          >
            <Image className="carousel-slide__image" src={store.urlOf(layer.photo)} mode="aspectFit" />
          </View>
        ) : null
      )}
    </View>
  );
}

export default observer(SlideStage);
