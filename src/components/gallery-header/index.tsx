import { observer } from 'mobx-react';
import { View, Text } from '@tarojs/components';
import type { Gallery, GalleryStatus } from '../../../types/api/gallery';
import { STATUS_TAG, STATUS_COLORS } from '../../../types/status';
import { t, type MessageKey } from '../../i18n';
import { formatCount } from '../../utils/format';
import { useStores } from '../../stores/RootStore';
import { shownViewCount } from '../../stores/live/liveCounts';
import VisitorStrip from './VisitorStrip';
import './index.scss';

export const StatusTag = observer(function StatusTag(props: { status: GalleryStatus }) {
  const tag = STATUS_TAG[props.status];
  return (
    <Text className="status-tag" data-testid="status-tag" data-status={props.status} style={{ background: STATUS_COLORS[tag.color] }}>
      {t(tag.label as MessageKey)}
    </Text>
  );
});

/**
 * Photo count and view count (spec part 1 §2 statistics row); labels agree with
 * the count ("1 photo", "240 photos", "9 views").
 */
export const StatsRow = observer(function StatsRow(props: { photos: number; views: number; color?: string }) {
  return (
    <View className="stats-row" style={props.color ? { color: props.color } : undefined}>
      <View className="stats-row__item" data-testid="stat-photos">
        <Text className="stats-row__num">{formatCount(props.photos)}</Text>
        <Text className="stats-row__label">{t('stats.photos', { count: props.photos })}</Text>
      </View>
      <View className="stats-row__item" data-testid="stat-views">
        <Text className="stats-row__num">{formatCount(props.views)}</Text>
        <Text className="stats-row__label">{t('stats.views', { count: props.views })}</Text>
      </View>
    </View>
  );
});

/** The header's statistics: the view count never reads less than the visitors shown under it. */
const HeaderStats = observer(function HeaderStats(props: { gallery: Gallery; photos: number; color?: string }) {
  const { visits } = useStores();
  const { view_detail: vd, link_id } = props.gallery;
  const views = shownViewCount(vd.view, vd.uv, visits.latest.get(link_id)?.total ?? 0);
  return <StatsRow photos={props.photos} views={views} color={props.color} />;
});

/** Gallery name, status tag, the switch-gallery button (when there is somewhere to switch) and statistics row. */
export const GalleryHeader = observer(function GalleryHeader(props: { gallery: Gallery; status: GalleryStatus; photoCount: number; onSwitch?: () => void }) {
  const { gallery } = props;
  const theme = gallery.config.theme;
  return (
    <View className="gallery-header" style={{ color: theme.h1 }}>
      <View className="gallery-header__title-row">
        <Text className="gallery-header__name" data-testid="gallery-name">
          {gallery.name}
        </Text>
        <StatusTag status={props.status} />
        {props.onSwitch ? (
          <Text className="gallery-header__switch" data-testid="gallery-switch-open" style={{ color: theme.main, borderColor: theme.main }} onClick={props.onSwitch}>
            {t('switch.open')}
          </Text>
        ) : null}
      </View>
      {gallery.galleryaddress ? <Text className="gallery-header__address" style={{ color: theme.h2 }}>{gallery.galleryaddress}</Text> : null}
      <HeaderStats gallery={gallery} photos={props.photoCount} color={theme.h2} />
      <VisitorStrip linkId={gallery.link_id} color={theme.h2} />
    </View>
  );
});
