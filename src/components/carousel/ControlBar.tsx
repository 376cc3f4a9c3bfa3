import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import type { CarouselStore } from '../../stores/carousel/CarouselStore';
import { CAROUSEL_INTERVALS, type CarouselEffect, type CarouselOrder } from '../../stores/carousel/carouselConfig';
import { Select, type SelectOption } from '../../platform/select';
import { t, type MessageKey } from '../../i18n';

const EFFECT_LABELS: Record<CarouselEffect, MessageKey> = {
  fade: 'carousel.effectFade',
  slide: 'carousel.effectSlide',
  zoom: 'carousel.effectZoom',
  'flip-card': 'carousel.effectFlip'
};

interface Props {
  store: CarouselStore;
  hidden: boolean;
  onPlay: () => void;
}

/** The bottom bar: bullet-screen and QR toggles, order / interval / effect dropdowns, play / pause. */
function ControlBar({ store, hidden, onPlay }: Props) {
  const s = store.settings;
  const orders: SelectOption<CarouselOrder>[] = [
    { value: 'asc', label: t('carousel.orderAsc') },
    { value: 'random', label: t('carousel.orderRandom') }
  ];
  const intervals: SelectOption<number>[] = CAROUSEL_INTERVALS.map((n) => ({ value: n, label: t('carousel.seconds', { num: n }) }));
  const effects = (Object.keys(EFFECT_LABELS) as CarouselEffect[]).map((e) => ({ value: e, label: t(EFFECT_LABELS[e]) }));
  return (
    <View className={`carousel-controls${hidden ? ' carousel-controls--hidden' : ''}`} data-testid="carousel-controls" data-hidden={hidden ? 'true' : 'false'}>
      <View
        className={`carousel-controls__button${s.danmaku ? ' carousel-controls__button--on' : ''}`}
        data-testid="carousel-danmaku-toggle"
        aria-pressed={s.danmaku}
        onClick={() => store.toggleDanmaku()}
      >
        <Text>{t(s.danmaku ? 'carousel.danmakuOn' : 'carousel.danmakuOff')}</Text>
      </View>
      <View className="carousel-controls__button" data-testid="carousel-qr-toggle" onClick={() => store.toggleQr()}>
        <Text>{t(s.qrcode ? 'carousel.hideQr' : 'carousel.showQr')}</Text>
      </View>
      <Select className="carousel-select" testId="carousel-order" label={t('carousel.order')} value={s.order} options={orders} onChange={(v) => store.setOrder(v)} />
      <Select className="carousel-select" testId="carousel-interval" label={t('carousel.interval')} value={s.time} options={intervals} onChange={(v) => store.setTime(v)} />
      <Select className="carousel-select" testId="carousel-effect" label={t('carousel.effect')} value={s.effect} options={effects} onChange={(v) => store.setEffect(v)} />
      <View
        className="carousel-controls__button carousel-controls__button--play"
        data-testid="carousel-play"
        onClick={() => (store.playing ? store.pause() : onPlay())}
      >
        <Text>{t(store.playing ? 'carousel.pause' : 'carousel.play')}</Text>
      </View>
    </View>
  );
}

export default observer(ControlBar);
