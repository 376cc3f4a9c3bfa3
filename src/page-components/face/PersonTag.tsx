import { useEffect, useState } from 'react';
import { View, Text } from '@tarojs/components';
import { useReachBottom } from '@tarojs/taro';
import { observer } from 'mobx-react';
import type { Gallery } from '../../../types/api/gallery';
import { useStores, usePageStores } from '../../stores/RootStore';
import { createPersonListStore } from '../../stores/face/factory';
import { t } from '../../i18n';
import { EmptyState } from '../../components/empty-state';
import StorePhotoList from '../photo/StorePhotoList';
import { PersonFace, PersonHeader } from './PersonCard';
import './face.scss';

/**
 * The Person tag of the photo list (spec part 1 §2 person-face list): the gallery's
 * persons (35 a page, photo counts capped at 99); a tap lists that person's photos
 * through the same windowed list, in the gallery's order.
 */
function PersonTag({ gallery }: { gallery: Gallery }) {
  const root = useStores();
  const { face } = usePageStores();
  const [store] = useState(() => createPersonListStore(gallery.id));
  useEffect(() => {
    if (store.state === 'idle') void store.loadMore();
  }, [store]);
  useReachBottom(() => {
    if (!store.selected && store.state === 'more') void store.loadMore();
  });

  const selected = store.selected;
  if (selected) {
    const list = root.photoLists.get({ galleryId: gallery.id, order: root.settings.effectiveOrder, sorttype: gallery.config?.sort || undefined, person: selected.personid });
    const follow = () =>
      void root.loginPrompt.requireLogin('tab_following').then((ok) => {
        if (ok) {
          face.open({
            mode: 'followNew',
            galleryId: gallery.id,
            person: { personid: selected.personid, name: selected.name, faceurl: selected.faceurl },
            onDone: (r) => {
              if (r.mode === 'followNew') store.select(r.person);
              face.changed();
            }
          });
        }
      });
    return (
      <View className="person-tag" data-testid="person-tag" data-personid={selected.personid}>
        <View className="face-found__bar">
          <Text className="face-found__back" data-testid="person-tag-back" onClick={() => store.select(null)}>
            ‹ {t('tags.person')}
          </Text>
        </View>
        <PersonHeader person={selected}>
          {selected.status === 'unfollow' ? (
            <View className="face-action face-action--main" data-testid="person-follow" onClick={follow}>
              <Text>{t('face.follow')}</Text>
            </View>
          ) : null}
        </PersonHeader>
        <StorePhotoList id={`person-${selected.personid}`} store={list} mode={root.settings.effectiveMode()} />
      </View>
    );
  }

  if (store.state === 'error' && !store.items.length) {
    return <EmptyState text={t('common.LoadError')} art="error" testId="person-error" action={{ label: t('common.retry'), onTap: () => void store.loadMore() }} />;
  }
  if (store.isEmpty) return <EmptyState text={t('face.noPersons')} art="people" testId="person-empty" />;
  return (
    <View className="person-tag" data-testid="person-tag" data-total={store.total}>
      <View className="person-grid">
        {store.items.map((p) => (
          <PersonFace key={p.personid} person={p} onTap={() => store.select(p)} />
        ))}
      </View>
      {store.state === 'more' || store.state === 'error' ? (
        <View className="list-footer" data-testid="person-more" onClick={() => void store.loadMore()}>
          <Text>{t(store.state === 'error' ? 'list.error' : 'list.more')}</Text>
        </View>
      ) : store.state === 'loading' ? (
        <View className="list-footer" data-testid="person-loading">
          <Text>{t('list.loading')}</Text>
        </View>
      ) : null}
    </View>
  );
}

export default observer(PersonTag);
