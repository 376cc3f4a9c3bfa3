import { useEffect, useMemo, useState } from 'react';
import { View, Text, Image } from '@tarojs/components';
import { observer } from 'mobx-react';
import type { CarouselConfig } from '../../../types/api/gallery';
import { useStores } from '../../stores/RootStore';
import { carouselOf, playCarousel } from '../../stores/carousel/screenStores';
import Carousel from '../../components/carousel';
import SlideStage from '../../components/carousel/SlideStage';
import FlipCard from '../../components/carousel/FlipCard';
import { photoGallery } from '../photo';
import { t } from '../../i18n';
import type { PageComponentRenderProps } from '../types';
import './carousel-block.scss';

/**
 * `carousel`: the venue screen's slideshow in a box on the page. The show is the screen's own
 * (CarouselStore through screenStores' carouselOf / playCarousel: shoot-time order, live photos
 * joining, the gallery's carousel settings with this block's overrides); the box shows its stage,
 * Play / Pause, and Full screen, which opens the venue screen's whole UI (control bar, QR) over the page.
 */
function CarouselBlock({ props, ctx }: PageComponentRenderProps<'carousel'>) {
  const root = useStores();
  const target = photoGallery(props.gallery_id, ctx.gallery, ctx.children ?? []);
  const g = target.gallery ?? ctx.gallery;
  const overrides: Partial<CarouselConfig> = {};
  if (props.order) overrides.order = props.order;
  if (props.time) overrides.time = props.time;
  if (props.effect) overrides.effect = props.effect;
  const key = `${g.id}|${props.order ?? ''}|${props.time ?? ''}|${props.effect ?? ''}`;
  const store = useMemo(() => carouselOf(root, g, overrides), [key]);
  const [full, setFull] = useState(false);
  useEffect(() => {
    const stop = playCarousel(root, store, g.id);
    if (props.autoplay) store.play();
    return stop;
  }, [store]);

  const ratio = Math.min(2, Math.max(0.3, Number(props.ratio) || 0.5625));
  const backdrop = store.backdrop ? store.urlOf(store.backdrop) : null;
  return (
    <View className="carousel-block" data-testid="carousel-block" data-playing={store.playing ? 'true' : 'false'} data-count={store.photos.length} data-current={store.current?.id ?? ''}>
      <View className="carousel-block__box" style={{ paddingTop: `${ratio * 100}%` }}>
        {store.playing && store.current ? (
          store.settings.effect === 'flip-card' ? <FlipCard store={store} /> : <SlideStage store={store} />
        ) : (
          <View className="carousel-block__cover" data-testid="carousel-block-cover">
            {backdrop ? <Image className="carousel-block__backdrop" src={backdrop} mode="aspectFill" /> : null}
            <Text className="carousel-block__name">{store.list.isEmpty ? t('carousel.empty') : g.name}</Text>
          </View>
        )}
        <View className="carousel-block__bar">
          <View className="carousel-block__button" data-testid="carousel-block-play" role="button" onClick={() => store.toggle()}>
            <Text>{t(store.playing ? 'carousel.pause' : 'carousel.play')}</Text>
          </View>
          <View className="carousel-block__button" data-testid="carousel-block-full" role="button" onClick={() => setFull(true)}>
            <Text>{t('carousel.fullScreen')}</Text>
          </View>
        </View>
      </View>
      {full ? (
        <View className="carousel-block-full" data-testid="carousel-block-overlay" catchMove>
          <Carousel store={store} gallery={g} />
          <View className="carousel-block-full__close" data-testid="carousel-block-close" role="button" aria-label={t('info.close')} onClick={() => setFull(false)}>
            <Text>×</Text>
          </View>
        </View>
      ) : null}
    </View>
  );
}

export default observer(CarouselBlock);
