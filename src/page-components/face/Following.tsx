import { useEffect } from 'react';
import { View, Text, ScrollView } from '@tarojs/components';
import { observer } from 'mobx-react';
import { FRIENDS_MAX } from '../../../types/api/face';
import type { FaceTabsStore } from '../../stores/face/FaceTabsStore';
import { useStores } from '../../stores/RootStore';
import { t } from '../../i18n';
import { EmptyState } from '../../components/empty-state';
import { Icon } from '../../components/icon';
import StorePhotoList from '../photo/StorePhotoList';
import { PersonFace, PersonHeader } from './PersonCard';

/**
 * Following (tab 3): the persons the visitor follows here (at most 6), a tap shows that
 * person's photos; follow someone new, edit a buddy name, unfollow.
 */
function Following({ store }: { store: FaceTabsStore }) {
  const { settings } = useStores();
  useEffect(() => {
    if (store.followingState === 'idle') void store.loadFollowing();
  }, [store]);

  if (store.followingState === 'error') {
    return <EmptyState text={t('common.LoadError')} art="error" testId="following-error" action={{ label: t('common.retry'), onTap: () => void store.loadFollowing() }} />;
  }
  if (store.followingState !== 'ready') return <View className="face-tab face-tab--loading" data-testid="following-loading" />;
  const selected = store.selected;
  return (
    <View className="face-tab" data-testid="following" data-count={store.following.length}>
      <ScrollView className="face-strip" scrollX enhanced showScrollbar={false}>
        <View className="face-strip__row">
          {store.following.map((p) => (
            <PersonFace key={p.personid} person={p} active={selected?.personid === p.personid} testId="following-person" onTap={() => store.select(p)} />
          ))}
          {store.canFollowMore ? (
            <View className="person-face person-face--add" data-testid="follow-new" onClick={store.openFollowNew}>
              <View className="person-face__image person-face__image--add">
                <Icon name="add" />
              </View>
              <Text className="person-face__name">{t('face.followNew')}</Text>
            </View>
          ) : null}
        </View>
      </ScrollView>
      <Text className="face-tab__note" data-testid="following-count">
        {t('face.followingCount', { num: store.following.length, max: FRIENDS_MAX })}
      </Text>
      {selected ? (
        <>
          <PersonHeader person={selected}>
            <View className="face-action" data-testid="buddy-edit" aria-label={t('face.editName')} onClick={() => store.openEditBuddy(selected)}>
              <Icon name="edit" />
            </View>
            <View className="face-action" data-testid="buddy-unfollow" aria-label={t('face.unfollow')} onClick={() => void store.unfollow(selected)}>
              <Text>{t('face.unfollow')}</Text>
            </View>
          </PersonHeader>
          <StorePhotoList id={`following-${selected.personid}`} store={store.photosOf(selected.personid)} mode={settings.effectiveMode()} />
        </>
      ) : store.following.length === 0 ? (
        <EmptyState text={t('face.followingEmpty')} art="people" testId="following-empty" action={{ label: t('face.followNew'), onTap: store.openFollowNew }} />
      ) : null}
    </View>
  );
}

export default observer(Following);
