import { useEffect, useState } from 'react';
import { View, Text, Image } from '@tarojs/components';
import { observer } from 'mobx-react';
import type { Gallery } from '../../../types/api/gallery';
import type { CarouselStore } from '../../stores/carousel/CarouselStore';
import { CAROUSEL } from '../../stores/carousel/carouselConfig';
import { imageUrl } from '../../utils/image';
import { galleryUrl } from '../../routes';
import { fullscreenSupported, isFullscreen, onFullscreenExit, onPointerActivity, onScreenKey, requestFullscreen } from '../../platform/fullscreen';
import { t } from '../../i18n';
import SlideStage from './SlideStage';
import FlipCard from './FlipCard';
import ControlBar from './ControlBar';
import { QrPanel } from './QrPanel';
import DanmakuLayer from '../danmaku';
import { createDanmakuStore } from '../../stores/danmaku/factory';
import { useStores } from '../../stores/RootStore';
import './carousel.scss';

interface Props {
  store: CarouselStore;
  gallery: Gallery;
}

/** The control bar shows while paused, and while playing until the pointer rests for 3 s. */
function useControlsShown(playing: boolean): [boolean, () => void] {
  const [active, setActive] = useState(0);
  const [idle, setIdle] = useState(false);
  const poke = () => setActive((n) => n + 1);
  // The mini-program has no pointer to track: the carousel's own touch handler pokes.
  useEffect(() => (fullscreenSupported() ? onPointerActivity(poke) : undefined), []);
  useEffect(() => {
    setIdle(false);
    if (!playing) return undefined;
    const timer = setTimeout(() => setIdle(true), CAROUSEL.CONTROLS_HIDE_MS);
    return () => clearTimeout(timer);
  }, [playing, active]);
  return [!idle, poke];
}

/**
 * The big-screen carousel (spec part 3 §2 item 11): a full-screen slideshow of
 * the gallery, the dimmed background with the gallery's name while paused, the
 * QR code, the bullet-screen layer and the control bar.
 */
function Carousel({ store, gallery }: Props) {
  const playing = store.playing;
  const [controlsShown, poke] = useControlsShown(playing);
  const root = useStores();
  const [danmaku] = useState(() => createDanmakuStore(gallery.id, root));
  const danmakuOn = store.settings.danmaku;
  // The screen's own toggle (the gallery's `danmuku` setting above 0 turns it on): off stops and clears.
  useEffect(() => {
    danmaku.setOn(danmakuOn);
  }, [danmaku, danmakuOn]);
  useEffect(() => () => danmaku.stop(), [danmaku]);

  // Full screen and keys are a browser's (the mini-program has neither).
  useEffect(() => (fullscreenSupported() ? onFullscreenExit(() => store.pause()) : undefined), [store]);
  useEffect(
    () =>
      fullscreenSupported() ? onScreenKey((key) => {
        if (key === 'Space') {
          if (isFullscreen()) store.toggle();
        } else if (key === 'ArrowLeft') store.prev();
        else store.next();
      }) : undefined,
    [store]
  );

  const play = () => {
    if (fullscreenSupported()) void requestFullscreen();
    store.play();
  };

  // A photo of the album, dimmed; the cover only for an album without photos.
  const backdrop = store.backdrop ? store.urlOf(store.backdrop) : store.list.isEmpty && gallery.cover ? imageUrl(gallery.cover, CAROUSEL.STYLE, gallery.id) : null;
  const showing = playing && store.current;
  const s = store.settings;
  return (
    <View
      className={`carousel${controlsShown ? '' : ' carousel--idle'}`}
      data-testid="carousel"
      data-playing={playing ? 'true' : 'false'}
      data-count={store.photos.length}
      data-current={store.current?.id ?? ''}
      onTouchStart={poke}
      onClick={poke}
    >
      {showing ? (
        s.effect === 'flip-card' ? (
          <FlipCard store={store} />
        ) : (
          <SlideStage store={store} />
        )
      ) : (
        <View className="carousel-bg" data-testid="carousel-background">
          {backdrop ? <Image className="carousel-bg__image" data-testid="carousel-backdrop" src={backdrop} mode="aspectFill" /> : null}
          <View className="carousel-bg__shade" />
          <View className="carousel-bg__title">
            <Text className="carousel-bg__name" data-testid="carousel-name">
              {gallery.name}
            </Text>
            {store.list.isEmpty ? <Text className="carousel-bg__hint">{t('carousel.empty')}</Text> : null}
          </View>
        </View>
      )}
      {s.danmaku ? (
        <View className="carousel-danmaku" data-testid="carousel-danmaku">
          <DanmakuLayer store={danmaku} fit="screen" share={CAROUSEL.DANMAKU_SHARE} />
        </View>
      ) : null}
      {s.qrcode ? <QrPanel path={galleryUrl(gallery)} /> : null}
      <ControlBar store={store} hidden={!controlsShown} onPlay={play} />
    </View>
  );
}

export default observer(Carousel);
