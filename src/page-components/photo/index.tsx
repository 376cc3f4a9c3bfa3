import { useEffect, useState } from 'react';
import { View } from '@tarojs/components';
import { useReachBottom } from '@tarojs/taro';
import { observer } from 'mobx-react';
import { reaction } from 'mobx';
import type { Gallery } from '../../../types/api/gallery';
import { REACH_BOTTOM_DISTANCE } from '../../../types/api/photo';
import { PhotoListStore } from '../../stores/PhotoListStore';
import { useStores, usePageStores } from '../../stores/RootStore';
import { observeNearBottom } from '../../platform/scroll';
import type { PageComponentRenderProps } from '../types';
import PhotoGrid from './PhotoGrid';
import ListFooter from './ListFooter';
import './photo.scss';

/** The gallery whose photos the component shows: its gallery_id, or the page's own. */
export function photoGallery(galleryId: number, page: Gallery, children: Gallery[]): { id: number; gallery: Gallery | null } {
  const id = Number(galleryId) > 0 ? Number(galleryId) : page.id;
  if (id === page.id) return { id, gallery: page };
  return { id, gallery: children.find((g) => g.id === id) ?? null };
}

/**
 * The photo list area: one PhotoListStore for its gallery, first page on mount,
 * next pages near the bottom (the page's onReachBottom, plus a sentinel observer
 * for lists too short to scroll), reloaded on a page refresh or a new sort order.
 */
function PhotoArea({ id, props, ctx }: PageComponentRenderProps<'photo'>) {
  const { settings, clock } = useStores();
  const { events: pageEvents, gallery: galleryStore } = usePageStores();
  const target = photoGallery(props.gallery_id, ctx.gallery, ctx.children ?? []);
  const [store] = useState(
    () =>
      new PhotoListStore({
        galleryId: target.id,
        order: settings.effectiveOrder,
        sorttype: (target.gallery ?? ctx.gallery).config?.sort || undefined
      })
  );
  const sentinelId = `photo-sentinel-${id.replace(/[^A-Za-z0-9_-]/g, '_')}`;

  useEffect(() => {
    void store.loadMore();
    const reload = () => {
      store.reset({ order: settings.effectiveOrder });
      void store.loadMore();
    };
    const stopRefresh = reaction(() => pageEvents.refreshToken, reload);
    const stopOrder = reaction(() => settings.effectiveOrder, reload);
    return () => {
      stopRefresh();
      stopOrder();
      store.reset();
    };
  }, [store, settings, pageEvents]);

  useReachBottom(() => {
    if (store.state === 'more') void store.loadMore();
  });

  // Observed afresh whenever a page arrives: a new observer reports where the
  // sentinel is now, so a list still too short to fill the screen keeps loading.
  const canLoad = store.state === 'more';
  useEffect(() => {
    if (!canLoad) return undefined;
    return observeNearBottom(sentinelId, REACH_BOTTOM_DISTANCE, (near) => {
      if (near && store.state === 'more') void store.loadMore();
    });
  }, [sentinelId, store, canLoad, store.items.length]);

  const g = target.gallery;
  const notStarted = g ? ['wait', 'config'].includes(clock.statusOf(g)) : galleryStore.notStarted;

  return (
    <View className="photo-area" data-testid="photo-area">
      <PhotoGrid items={store.items} galleryId={target.id} />
      <ListFooter store={store} notStarted={notStarted} />
      <View id={sentinelId} className="photo-area__sentinel" />
    </View>
  );
}

export default observer(PhotoArea);
