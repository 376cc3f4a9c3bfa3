import { observer } from 'mobx-react';
import { View, Text, Image } from '@tarojs/components';
import type { Photo } from '../../../types/api/photo';
import type { SharerInfo } from '../../../types/api/share';
import { imageUrl, styleForWidth } from '../../utils/image';
import { windowWidth, WIDE_SCREEN } from '../../platform/env';
import { t } from '../../i18n';
import { Avatar } from '../avatar';
import './index.scss';

/** The grid is at most this wide on desktops (centred). */
const GRID_MAX_WIDTH = 960;

/** Who shared: avatar and nickname of a known user, else an anonymous line. */
export const SharerHeader = observer(function SharerHeader({ sharer, count }: { sharer: SharerInfo | null; count: number }) {
  return (
    <View className="share-head" data-testid="share-sharer">
      <Avatar src={sharer?.photo} name={sharer?.nickname} seed="anonymous" className="share-head__avatar" testId={sharer ? 'share-sharer-avatar' : undefined} />
      <Text className="share-head__text" data-testid="share-sharer-text">
        {sharer ? t('share.from', { name: sharer.nickname, num: count }) : t('share.anonymous', { num: count })}
      </Text>
    </View>
  );
});

/** The shared photos as a grid of watermarked display crops; a tap opens the viewer at that photo. */
export const SharePhotoGrid = observer(function SharePhotoGrid({ photos, onTap }: { photos: Photo[]; onTap: (index: number) => void }) {
  const wide = windowWidth() > WIDE_SCREEN;
  const cols = wide ? 4 : 3;
  const cell = Math.min(windowWidth(), GRID_MAX_WIDTH) / cols;
  const style = styleForWidth(cell, true);
  return (
    <View className={`share-grid share-grid--${cols}`} data-testid="share-grid">
      {photos.map((p, i) => (
        <View key={p.id} className="share-grid__cell" data-testid="photo-item" data-id={p.id} data-index={i} onClick={() => onTap(i)}>
          <Image className="share-grid__image" src={imageUrl(p.hash, style, p.galleryid)} mode="aspectFill" lazyLoad />
        </View>
      ))}
    </View>
  );
});
