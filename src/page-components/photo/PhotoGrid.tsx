import { View, Image } from '@tarojs/components';
import { observer } from 'mobx-react';
import type { Photo } from '../../../types/api/photo';
import { windowWidth } from '../../platform/env';
import { imageUrl, styleForWidth } from '../../utils/image';

/** Gap between cells in CSS px (the grid's 12 design px at 375). */
const GAP = 6;

interface Props {
  items: Photo[];
  galleryId: number;
}

/** Two-column grid of cropped thumbnails, lazily loaded. */
function PhotoGrid({ items, galleryId }: Props) {
  if (items.length === 0) return null;
  const style = styleForWidth((windowWidth() - 3 * GAP) / 2, true);
  return (
    <View className="photo-grid" data-testid="photo-grid">
      {items.map((p) => (
        <View key={p.id} className="photo-grid__cell" data-testid="photo-item" data-id={p.id}>
          <Image className="photo-grid__image" src={imageUrl(p.hash, style, galleryId)} mode="aspectFill" lazyLoad />
        </View>
      ))}
    </View>
  );
}

export default observer(PhotoGrid);
