import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import { LATEST_VISITORS_MAX } from '../../../types/api/visit';
import { useStores } from '../../stores/RootStore';
import { formatCount } from '../../utils/format';
import { t } from '../../i18n';
import { Avatar } from '../avatar';

/**
 * The latest visitors of a gallery: at most 10 avatars (spec part 2 §9) and how
 * many visited in all. Without a picture a visitor shows the initial of the nickname
 * (guests, who have none, a person glyph), each on a colour of their own.
 */
function VisitorStrip({ linkId, color }: { linkId: string; color?: string }) {
  const { visits } = useStores();
  const latest = visits.latest.get(linkId);
  // Its place is kept while the answer is on its way (the visitor's own visit counts, so a strip
  // nearly always comes): the album below does not jump down when it arrives.
  if (!latest) return <View className="visitor-strip visitor-strip--pending" data-testid="visitor-strip-pending" />;
  if (latest.total <= 0) return null;
  return (
    <View className="visitor-strip" data-testid="visitor-strip">
      <View className="visitor-strip__faces">
        {latest.items.slice(0, LATEST_VISITORS_MAX).map((v, i) => (
          <Avatar key={i} src={v.photo} name={v.nickname} seed={`${linkId}-${i}`} className="visitor-strip__face" testId="visitor-face" />
        ))}
      </View>
      <Text className="visitor-strip__total" style={color ? { color } : undefined} data-testid="visitor-total">
        {t('stats.visitors', { num: formatCount(latest.total), count: latest.total })}
      </Text>
    </View>
  );
}

export default observer(VisitorStrip);
