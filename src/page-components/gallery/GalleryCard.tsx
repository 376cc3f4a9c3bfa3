import { useState } from 'react';
import { View, Text, Image } from '@tarojs/components';
import { observer } from 'mobx-react';
import type { Gallery } from '../../../types/api/gallery';
import type { ImageStyleName } from '../../../types/image-style';
import { STATUS_TAG, STATUS_COLORS } from '../../../types/status';
import { useStores } from '../../stores/RootStore';
import { t, type MessageKey } from '../../i18n';
import { formatCount } from '../../utils/format';
import { imageUrl } from '../../utils/image';

interface Props {
  gallery: Gallery;
  mode: 1 | 2 | 3 | 4;
  coverStyle: ImageStyleName;
  main: string;
  onOpen: (g: Gallery) => void;
}

/** One sub-gallery: cover (or a gradient), name, status tag and photo count. */
function GalleryCard({ gallery: g, mode, coverStyle, main, onOpen }: Props) {
  const { clock } = useStores();
  const tag = STATUS_TAG[clock.statusOf(g)] ?? STATUS_TAG.wait;
  // A cover that fails to load falls back to the placeholder rather than a broken image.
  const [coverFailed, setCoverFailed] = useState(false);
  const cover = coverFailed ? null : g.cover;
  return (
    <View className={`gallery-card gallery-card--m${mode}`} data-testid="gallery-card" data-link-id={g.link_id} onClick={() => onOpen(g)}>
      <View
        className={cover ? 'gallery-card__cover' : 'gallery-card__cover gallery-card__cover--placeholder'}
        style={cover ? undefined : { backgroundColor: main }}
      >
        {cover ? (
          <Image className="gallery-card__image" src={imageUrl(cover, coverStyle, g.id)} mode="aspectFill" lazyLoad onError={() => setCoverFailed(true)} />
        ) : null}
        <Text className="gallery-card__status" data-testid="gallery-status" style={{ background: STATUS_COLORS[tag.color] }}>
          {t(tag.label as MessageKey)}
        </Text>
      </View>
      <View className="gallery-card__body">
        <Text className="gallery-card__name" data-testid="gallery-name">{g.name}</Text>
        <Text className="gallery-card__count">{t('gallery.photoCount', { num: formatCount(g.image_total), count: g.image_total })}</Text>
      </View>
    </View>
  );
}

export default observer(GalleryCard);
