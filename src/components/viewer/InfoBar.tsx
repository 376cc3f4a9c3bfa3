import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import type { ViewerStore } from '../../stores/ViewerStore';
import { formatCount, formatSize } from '../../utils/format';
import { t } from '../../i18n';

/** The bottom bar: favourite heart with its count, the full-image link with its size, thumbnails toggle, slideshow (PC). */
function InfoBar({ viewer }: { viewer: ViewerStore }) {
  const p = viewer.current;
  if (!p) return null;
  const loved = viewer.likes.isLoved(p.id);
  const full = viewer.fullState(p);
  const fullLabel =
    full === 'loaded' ? t('viewer.loaded') : full === 'loading' ? t('viewer.fullImageLoading') : t('viewer.fullImage', { size: formatSize(viewer.fullSize(p)) });
  return (
    <View className="viewer-bar" data-testid="viewer-bar">
      <View
        className={`viewer-bar__like${loved ? ' viewer-bar__like--on' : ''}`}
        data-testid="viewer-like"
        data-loved={loved ? 'true' : 'false'}
        aria-label={t('viewer.like')}
        onClick={() => void viewer.toggleLike()}
      >
        <Text className="viewer-bar__heart">{loved ? '♥' : '♡'}</Text>
        <Text className="viewer-bar__count">{formatCount(viewer.likes.count(p))}</Text>
      </View>
      <View
        className={`viewer-bar__link viewer-bar__link--${full}`}
        data-testid="viewer-full"
        data-state={full}
        onClick={() => void viewer.loadFull()}
      >
        <Text>{fullLabel}</Text>
      </View>
      <View className="viewer-bar__spacer" />
      {viewer.wide ? (
        <View className="viewer-bar__button" data-testid="viewer-play" data-playing={viewer.playing ? 'true' : 'false'} onClick={() => viewer.togglePlay()}>
          <Text>{viewer.playing ? t('viewer.pause') : t('viewer.play')}</Text>
        </View>
      ) : null}
      <View className="viewer-bar__button" data-testid="viewer-thumbs-toggle" onClick={() => viewer.toggleStrip()}>
        <Text>{viewer.stripShown ? t('viewer.thumbsHide') : t('viewer.thumbsShow')}</Text>
      </View>
    </View>
  );
}

export default observer(InfoBar);
