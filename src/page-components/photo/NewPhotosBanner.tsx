import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import { usePageStores } from '../../stores/RootStore';
import { t } from '../../i18n';

interface Props {
  onRefresh: () => void;
  color: string;
}

/** 'N more photos, click to refresh': shown while the live channel reports new photos. */
function NewPhotosBanner({ onRefresh, color }: Props) {
  const { events } = usePageStores();
  if (events.newPhotos <= 0) return null;
  return (
    <View className="photo-banner" style={{ background: color }} data-testid="new-photos-banner" onClick={onRefresh}>
      <Text>{t('list.newPhotos', { num: events.newPhotos })}</Text>
    </View>
  );
}

export default observer(NewPhotosBanner);
