import { useCallback, useEffect, useMemo, useRef } from 'react';
import { View } from '@tarojs/components';
import { useReachBottom } from '@tarojs/taro';
import { observer } from 'mobx-react';
import { REACH_BOTTOM_DISTANCE } from '../../../types/api/photo';
import type { PhotoListStore } from '../../stores/photos/PhotoListStore';
import { usePageStores } from '../../stores/RootStore';
import { observeNearBottom, useListViewport } from '../../platform/scroll';
import { layoutFor, MAX_LIST_WIDTH } from '../../utils/photoLayout';
import type { PhotoDisplayMode } from '../../../types/page/photo';
import VirtualPhotoList from './VirtualPhotoList';
import ListFooter from './ListFooter';
import './photo.scss';

interface Props {
  /** Test ids and element ids of this list (one per list on a page). */
  id: string;
  store: PhotoListStore;
  mode?: PhotoDisplayMode;
}

/**
 * One photo list by itself (a person's photos, photos found by time or text): the same
 * windowed list as the photo area, its first page on mount, the next ones near the
 * bottom, a tap opens the page's viewer.
 */
function StorePhotoList({ id, store, mode = '4' }: Props) {
  const { viewer } = usePageStores();
  const storeRef = useRef(store);
  storeRef.current = store;
  const safeId = id.replace(/[^A-Za-z0-9_-]/g, '_');
  const sentinelId = `photos-sentinel-${safeId}`;
  const anchorId = `photos-list-${safeId}`;

  useEffect(() => {
    if (store.state === 'idle') void store.loadMore();
  }, [store]);
  useReachBottom(() => {
    if (store.state === 'more') void store.loadMore();
  });
  const canLoad = store.state === 'more';
  const count = store.items.length;
  useEffect(() => {
    if (!canLoad) return undefined;
    return observeNearBottom(sentinelId, REACH_BOTTOM_DISTANCE, (near) => {
      if (near && store.state === 'more') void store.loadMore();
    });
  }, [sentinelId, store, canLoad, count]);

  const vp = useListViewport(anchorId, `${count}|${id}`);
  const width = Math.min(vp.width, MAX_LIST_WIDTH);
  const layout = useMemo(() => layoutFor(mode, store.items.slice(), width), [mode, width, store, count, store.version]);
  const onTap = useCallback((index: number) => viewer.open(storeRef.current, index), [viewer]);

  return (
    <View className="photo-area" data-testid={`photos-${safeId}`} data-loaded={count} data-total={store.total}>
      <View id={anchorId} className="photo-area__list">
        <VirtualPhotoList items={store.items} layout={layout} galleryId={store.options.galleryId} offset={vp.offset} height={vp.height} hot={false} onTap={onTap} />
      </View>
      <ListFooter store={store} notStarted={false} />
      <View id={sentinelId} className="photo-area__sentinel" />
    </View>
  );
}

export default observer(StorePhotoList);
