import { useEffect, useRef, useState } from 'react';
import { View, Image } from '@tarojs/components';
import { observer } from 'mobx-react';
import type { Photo } from '../../../types/api/photo';
import type { CarouselStore } from '../../stores/carousel/CarouselStore';
import { CAROUSEL } from '../../stores/carousel/carouselConfig';

/**
 * The 'flip-card' effect: one card with two faces turning about the vertical
 * axis. The face turned away holds the next photo (so it is loaded before the
 * turn); each new photo turns the card half a turn further.
 */
function FlipCard({ store }: { store: CarouselStore }) {
  const step = store.step;
  const current = store.current;
  const previous = useRef<{ step: number; shown: Photo | null; before: Photo | null }>({ step, shown: current, before: null });
  if (previous.current.step !== step) previous.current = { step, shown: current, before: previous.current.shown };
  // Until the turn ends, the face turning away still shows the photo it showed.
  const [settled, setSettled] = useState(step);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(step), CAROUSEL.TRANSITION_MS);
    return () => clearTimeout(timer);
  }, [step]);

  const hidden = settled === step ? store.upcoming : previous.current.before;
  const frontUp = step % 2 === 0;
  const faces: [Photo | null, string][] = [
    [frontUp ? current : hidden, 'front'],
    [frontUp ? hidden : current, 'back']
  ];
  return (
    <View className="carousel-flip" data-testid="carousel-flip">
      <View className="carousel-flip__card" style={{ transform: `rotateY(${step * 180}deg)` }}>
        {faces.map(([photo, side]) => (
          <View
            key={side}
            className={`carousel-flip__face carousel-flip__face--${side}`}
            data-testid={`carousel-flip-${side}`}
            data-id={photo?.id ?? ''}
            data-up={(side === 'front') === frontUp ? 'true' : 'false'}
          >
            {photo ? <Image className="carousel-slide__image" src={store.urlOf(photo)} mode="aspectFit" /> : null}
          </View>
        ))}
      </View>
    </View>
  );
}

export default observer(FlipCard);
