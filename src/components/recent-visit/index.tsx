import { observer } from 'mobx-react';
import { View, Text, Image } from '@tarojs/components';
import type { VisitItem } from '../../../types/api/visit';
import { t } from '../../i18n';
import { imageUrl } from '../../utils/image';
import './index.scss';

/** Me page: the recently visited album with its title and a 'Go' button (spec part 3 §2 item 13). */
export const RecentVisitCard = observer(function RecentVisitCard(props: { visit: VisitItem; color: string; onGo: () => void }) {
  const v = props.visit;
  return (
    <View className="recent-visit" data-testid="recent-visit">
      {v.cover ? (
        <Image className="recent-visit__cover" src={imageUrl(v.cover, 'wx_250_160', v.id)} mode="aspectFill" />
      ) : (
        <View className="recent-visit__cover" style={{ backgroundColor: props.color }} />
      )}
      <View className="recent-visit__info">
        <Text className="recent-visit__label">{t('me.recent')}</Text>
        <Text className="recent-visit__title" data-testid="recent-visit-title">{v.name}</Text>
      </View>
      <View className="recent-visit__go" style={{ background: props.color }} data-testid="recent-visit-go" onClick={props.onGo}>
        <Text>{t('me.go')}</Text>
      </View>
    </View>
  );
});
