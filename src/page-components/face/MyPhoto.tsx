import { useEffect } from 'react';
import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import type { FaceTabsStore } from '../../stores/face/FaceTabsStore';
import { useStores } from '../../stores/RootStore';
import { t } from '../../i18n';
import { EmptyState } from '../../components/empty-state';
import { Icon } from '../../components/icon';
import StorePhotoList from '../photo/StorePhotoList';
import { PersonHeader } from './PersonCard';

/**
 * My Photo (tab 2): the visitor's own person in this gallery and their photos. Without a
 * face on record, the update-own-info dialog sets it; the face data can be deleted.
 */
function MyPhoto({ store }: { store: FaceTabsStore }) {
  const { settings } = useStores();
  useEffect(() => {
    if (store.profileState === 'idle') void store.loadMine();
  }, [store]);

  if (store.profileState === 'error') {
    return <EmptyState text={t('common.LoadError')} art="error" testId="my-photo-error" action={{ label: t('common.retry'), onTap: () => void store.loadMine() }} />;
  }
  if (store.profileState !== 'ready' || !store.profile) return <View className="face-tab face-tab--loading" data-testid="my-photo-loading" />;
  const { profile } = store;
  const list = store.myList;
  return (
    <View className="face-tab" data-testid="my-photo" data-has-face={profile.has_face ? '1' : '0'}>
      {profile.person && list ? (
        <>
          <PersonHeader person={profile.person}>
            <View className="face-action" data-testid="my-face-update" onClick={store.openUpdateInfo}>
              <Icon name="camera" />
            </View>
          </PersonHeader>
          <StorePhotoList id="my-photo" store={list} mode={settings.effectiveMode()} />
        </>
      ) : (
        <EmptyState
          text={t(profile.has_face ? 'face.myPhotoEmpty' : 'face.myPhotoIntro')}
          art="people"
          testId="my-photo-empty"
          action={{ label: t(profile.has_face ? 'face.updateMyFace' : 'face.findMe'), onTap: store.openUpdateInfo }}
        />
      )}
      {profile.has_face ? (
        <View className="face-tab__footer">
          <Text className="face-tab__delete" data-testid="my-face-delete" onClick={() => void store.destroyMine()}>
            {t('face.deleteMyFace')}
          </Text>
        </View>
      ) : null}
    </View>
  );
}

export default observer(MyPhoto);
