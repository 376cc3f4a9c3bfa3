import { useMemo } from 'react';
import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import type { Gallery } from '../../../types/api/gallery';
import type { FoundView } from '../../stores/face/FaceDialogHost';
import { useStores, usePageStores } from '../../stores/RootStore';
import { t } from '../../i18n';
import StorePhotoList from '../photo/StorePhotoList';
import { PersonHeader } from './PersonCard';

/**
 * What a search found, on the gallery page: the matched person's photos (find by selfie)
 * or the photos of a time range or text (the way without a face), in the gallery's order.
 */
function Found({ view, gallery, onFollow }: { view: FoundView; gallery: Gallery; onFollow: (personid: number) => void }) {
  const { settings, photoLists } = useStores();
  const { face } = usePageStores();
  const order = settings.effectiveOrder;
  const base = { galleryId: gallery.id, order, sorttype: gallery.config?.sort || undefined };
  const key = view.kind === 'person' ? `p${view.person.personid}` : `f${view.filter.from ?? ''}-${view.filter.to ?? ''}-${view.filter.q ?? ''}`;
  const list = useMemo(() => photoLists.get(view.kind === 'person' ? { ...base, person: view.person.personid } : { ...base, ...view.filter }), [key, order, photoLists]);
  return (
    <View className="face-found" data-testid="face-found" data-kind={view.kind}>
      <View className="face-found__bar">
        <Text className="face-found__title">{t(view.kind === 'person' ? 'face.results' : 'face.filterResults')}</Text>
        <Text className="face-found__back" data-testid="face-found-back" onClick={() => face.show(null)}>
          {t('face.backToAlbum')}
        </Text>
      </View>
      {view.kind === 'person' ? (
        <PersonHeader person={view.person}>
          {view.person.status === 'unfollow' ? (
            <View className="face-action face-action--main" data-testid="found-follow" onClick={() => onFollow(view.person.personid)}>
              <Text>{t('face.follow')}</Text>
            </View>
          ) : null}
        </PersonHeader>
      ) : null}
      <StorePhotoList id={`found-${key}`} store={list} mode={settings.effectiveMode()} />
    </View>
  );
}

export default observer(Found);
