import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { View } from '@tarojs/components';
import { useReachBottom } from '@tarojs/taro';
import { observer } from 'mobx-react';
import { reaction } from 'mobx';
import { DEFAULT_THEME, type Gallery } from '../../../types/api/gallery';
import { REACH_BOTTOM_DISTANCE } from '../../../types/api/photo';
import type { PhotoListOptions } from '../../stores/photos/PhotoListStore';
import { useStores, usePageStores } from '../../stores/RootStore';
import { observeNearBottom, scrollToElement, scrollToTop, useListViewport } from '../../platform/scroll';
import { toast } from '../../platform/ui';
import { layoutFor, visibleRange, MAX_LIST_WIDTH } from '../../utils/photoLayout';
import { t } from '../../i18n';
import type { PageComponentRenderProps } from '../types';
import TagBar, { galleryTags, tabKey, type TagTab } from './TagBar';
import Toolbar from './Toolbar';
import VirtualPhotoList from './VirtualPhotoList';
import PositionIndicator from './PositionIndicator';
import PullRefresh from './PullRefresh';
import NewPhotosBanner from './NewPhotosBanner';
import ListFooter from './ListFooter';
import SelectionBar from './SelectionBar';
import { createSelectionStore } from '../../stores/photos/factory';
import { deferred } from '../../components/deferred';

/** The Person tag's code (persons, their photos) loads when the tag is first chosen. */
const PersonTag = deferred(() => import('../face/PersonTag'));
import './photo.scss';

/** The gallery whose photos the component shows: its gallery_id, or the page's own. */
export function photoGallery(galleryId: number, page: Gallery, children: Gallery[]): { id: number; gallery: Gallery | null } {
  const id = Number(galleryId) > 0 ? Number(galleryId) : page.id;
  if (id === page.id) return { id, gallery: page };
  return { id, gallery: children.find((g) => g.id === id) ?? null };
}

/** The list a tab shows: Hot is the gallery ranked by likes; a tag filters. */
export function listOptions(galleryId: number, tab: TagTab, order: PhotoListOptions['order'], sort: string | undefined): PhotoListOptions {
  if (tab.kind === 'hot') return { galleryId, sorttype: '-love', order: 'desc' };
  const o: PhotoListOptions = { galleryId, order, sorttype: sort || undefined };
  if (tab.kind === 'tag') o.tags = tab.tag;
  return o;
}

/**
 * The photo list area: tag bar, layout and sort switches, and one windowed list
 * (every display mode, the hot ranking) fed by a PhotoListStore from the root's
 * 2-minute cache. First page on mount, next pages near the bottom (onReachBottom,
 * plus a sentinel observer for lists too short to scroll); a page refresh, a new
 * sort order, pull-to-refresh or the new-photos banner load it again.
 */
function PhotoArea({ id, props, ctx }: PageComponentRenderProps<'photo'>) {
  const { settings, clock, photoLists, live: connection } = useStores();
  const { events: pageEvents, gallery: galleryStore, viewer, live } = usePageStores();
  const target = photoGallery(props.gallery_id, ctx.gallery, ctx.children ?? []);
  const g = target.gallery ?? ctx.gallery;
  const [tab, setTab] = useState<TagTab>({ kind: 'all' });
  const order = settings.effectiveOrder;
  const opts = listOptions(target.id, tab, order, g.config?.sort);
  const optsKey = `${tabKey(tab)}|${order}|${target.id}`;
  const store = useMemo(() => (tab.kind === 'person' ? null : photoLists.get(opts)), [optsKey, photoLists]);
  const storeRef = useRef(store);
  storeRef.current = store;
  // Selection mode of this list (download): taps add or remove photos instead of opening the viewer.
  const [selection] = useState(createSelectionStore);
  const safeId = id.replace(/[^A-Za-z0-9_-]/g, '_');
  const sentinelId = `photo-sentinel-${safeId}`;
  const anchorId = `photo-list-${safeId}`;
  const areaId = `photo-area-${safeId}`;
  // The collage pendant opens the bar's collage kinds (counted, so each tap opens them again).
  const [jigsawMenu, setJigsawMenu] = useState(0);

  // The download and collage pendants act on this list while it shows one (issue 14):
  // up to the list, in selection mode for a download, or at the collage kinds.
  const hasStore = !!store;
  useEffect(() => {
    if (!hasStore) return undefined;
    const offers = [
      pageEvents.offerPendant('download', () => {
        scrollToElement(areaId);
        selection.start('download');
      }),
      pageEvents.offerPendant('jigsaw', () => {
        scrollToElement(areaId);
        selection.cancel();
        setJigsawMenu((n) => n + 1);
      })
    ];
    return () => offers.forEach((withdraw) => withdraw());
  }, [pageEvents, selection, hasStore, areaId]);

  // A new sort order starts its list from the top; any list shown loads if it has not.
  const orderSeen = useRef(order);
  useEffect(() => {
    if (!store) return undefined;
    if (orderSeen.current !== order) {
      orderSeen.current = order;
      store.reset();
    }
    if (store.state === 'idle') void store.loadMore();
    return () => photoLists.release(store);
  }, [store, order, photoLists]);

  // An event (the refresh pendant) resets the list; the gallery's other cached lists are dropped.
  useEffect(
    () =>
      reaction(
        () => pageEvents.refreshToken,
        () => {
          const s = storeRef.current;
          photoLists.dropGallery(target.id, s ?? undefined);
          if (s) void s.refresh();
        }
      ),
    [pageEvents, photoLists, target.id]
  );

  // Live photo events of the gallery shown here, while the page is shown.
  useEffect(() => live.track(target.id), [live, target.id]);

  useReachBottom(() => {
    if (store?.state === 'more') void store.loadMore();
  });

  // Observed afresh whenever a page arrives: a new observer reports where the
  // sentinel is now, so a list still too short to fill the screen keeps loading.
  const canLoad = store?.state === 'more';
  const count = store?.items.length ?? 0;
  useEffect(() => {
    if (!canLoad || !store) return undefined;
    return observeNearBottom(sentinelId, REACH_BOTTOM_DISTANCE, (near) => {
      if (near && store.state === 'more') void store.loadMore();
    });
  }, [sentinelId, store, canLoad, count]);

  const vp = useListViewport(anchorId, `${count}|${optsKey}`);
  const mode = settings.effectiveMode(props.mode);
  const hot = tab.kind === 'hot';
  const width = Math.min(vp.width, MAX_LIST_WIDTH);
  const items = store?.items;
  // `version` changes with every live insert or removal (same count, other photos).
  const version = store?.version ?? 0;
  const snapshot = useMemo(() => (items ? items.slice() : []), [store, count, version]);
  // A page of photos (or a live insert) renders deferred: React draws the new cells in slices in
  // a transition, the list shows the previous photos until they are ready, and taps stay answered.
  const shown = useDeferredValue(snapshot);
  const shownRef = useRef(shown);
  shownRef.current = shown;
  const layout = useMemo(() => layoutFor(hot ? 'hot' : mode, shown, width), [hot, mode, width, shown]);

  const onScreen = visibleRange(layout, Math.max(0, vp.offset), vp.offset + vp.height);
  const current = onScreen.to > 0 ? layout.cells[onScreen.to - 1].index + 1 : 0;

  const refresh = () => (store ? store.refresh() : Promise.resolve(0));
  const onBanner = async () => {
    pageEvents.clearNewPhotos();
    scrollToTop();
    const n = await refresh();
    toast(n > 0 ? t('list.MorePhoto', { num: n }) : t('list.NoMorePhoto'));
  };
  // Stable, so memoised cells are not re-rendered by every scroll update.
  const onTap = useCallback(
    (index: number) => {
      // `index` is the cell's place among the photos shown, which may still be the previous ones.
      const s = storeRef.current;
      const p = shownRef.current[index];
      if (!s || !p) return;
      if (selection.active) selection.toggle(p.id);
      else {
        const at = s.items[index] === p ? index : s.items.indexOf(p);
        if (at >= 0) viewer.open(s, at);
      }
    },
    [viewer, selection]
  );

  const notStarted = target.gallery ? ['wait', 'config'].includes(clock.statusOf(target.gallery)) : galleryStore.notStarted;
  const main = ctx.theme?.main ?? DEFAULT_THEME.main;

  return (
    <View id={areaId} className="photo-area" data-testid="photo-area" data-mode={hot ? 'hot' : mode} data-loaded={shown.length} data-total={store?.total ?? 0} data-live={connection.status}>
      {props.show_tags ? <TagBar tags={galleryTags(g.tags)} person={!!g.config?.use_face} active={tab} color={main} onSelect={setTab} /> : null}
      {tab.kind === 'all' || tab.kind === 'tag' ? <Toolbar mode={mode} columns={layout.columns} /> : null}
      {/* 'Select' has nothing to act on in an empty list. */}
      {store && (count > 0 || selection.active) ? <SelectionBar selection={selection} gallery={g} items={store.items} jigsawMenu={jigsawMenu} /> : null}
      <NewPhotosBanner color={main} onRefresh={() => void onBanner()} />
      <PullRefresh atTop={() => vp.pageTop <= 0} onRefresh={refresh}>
        <View id={anchorId} className="photo-area__list">
          {store ? (
            <VirtualPhotoList items={shown} layout={layout} galleryId={target.id} offset={vp.offset} height={vp.height} hot={hot} onTap={onTap} selection={selection} />
          ) : null}
          {tab.kind === 'person' ? <PersonTag wanted key={g.id} gallery={g} /> : null}
        </View>
        {store ? <ListFooter store={store} notStarted={notStarted} /> : null}
      </PullRefresh>
      <View id={sentinelId} className="photo-area__sentinel" />
      <PositionIndicator current={current} total={store?.total ?? 0} offset={vp.offset} farDown={vp.offset > vp.height} />
    </View>
  );
}

export default observer(PhotoArea);
