import { View, Text, Image } from '@tarojs/components';
import { observer } from 'mobx-react';
import type { GroupStore } from '../../stores/groups/GroupStore';
import { imageUrl } from '../../utils/image';
import { openUrl } from '../../platform/navigate';
import { t } from '../../i18n';
import { EmptyState } from '../empty-state';
import { Icon } from '../icon';
import './index.scss';

/** The group page's content: the group's name and its galleries; a gated one shows its name and a lock. */
export const GroupGalleries = observer(function GroupGalleries({ store }: { store: GroupStore }) {
  const group = store.group;
  if (!group) return null;
  return (
    <View className="group-page" data-testid="group-page">
      <Text className="group-page__name" data-testid="group-name">
        {group.name}
      </Text>
      {group.galleries.length === 0 ? (
        <EmptyState text={t('group.none')} testId="group-empty" />
      ) : (
        <View className="group-page__grid">
          {group.galleries.map((g) => (
            <View key={g.id} className="group-gallery" data-testid="group-gallery" data-link={g.link_id} data-locked={g.locked ? '1' : '0'} onClick={() => openUrl(store.urlOf(g))}>
              <View className="group-gallery__cover">
                {g.cover ? <Image className="group-gallery__img" src={imageUrl(g.cover, 'wx_375_240', g.id)} mode="aspectFill" /> : null}
                {g.locked ? (
                  <View className="group-gallery__lock">
                    <Icon name="lock" size={28} />
                  </View>
                ) : null}
              </View>
              <Text className="group-gallery__name">{g.name}</Text>
              <Text className="group-gallery__count">{g.locked ? t('group.locked') : t('group.photos', { count: g.image_total })}</Text>
            </View>
          ))}
        </View>
      )}
    </View>
  );
});
