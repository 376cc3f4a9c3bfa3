import { useEffect, useState } from 'react';
import { View, Text, ScrollView } from '@tarojs/components';
import { observer } from 'mobx-react';
import type { Gallery } from '../../../types/api/gallery';
import type { ImageStyleName } from '../../../types/image-style';
import { galleryUrl } from '../../routes';
import { t } from '../../i18n';
import { useStores } from '../../stores/RootStore';
import { openUrl } from '../../platform/navigate';
import { windowWidth } from '../../platform/env';
import { styleForWidth } from '../../utils/image';
import type { PageComponentRenderProps } from '../types';
import GalleryCard from './GalleryCard';
import './gallery.scss';
import { GallerySearch } from './GallerySearch';

/** The configured ids (numbers, or numeric strings organisers typed). */
export function configuredIds(ids: unknown): number[] {
  return Array.isArray(ids) ? ids.map(Number).filter((n) => Number.isInteger(n) && n > 0) : [];
}

/**
 * The configured galleries in `ids` order, or all the page's children when ids is
 * empty. Ids that are not children come from `known` (loaded by id) once loaded.
 */
export function pickGalleries(children: Gallery[], ids: unknown, known?: ReadonlyMap<number, Gallery>): Gallery[] {
  const list = configuredIds(ids);
  if (list.length === 0) return children;
  const byId = new Map(children.map((g) => [g.id, g]));
  return list.map((id) => byId.get(id) ?? known?.get(id)).filter((g): g is Gallery => !!g);
}

/** Load the configured ids that are not among the page's children (50 per call). */
export function useConfiguredGalleries(children: Gallery[], ids: unknown): Gallery[] {
  const { directory } = useStores();
  const key = configuredIds(ids).join(',');
  useEffect(() => {
    const have = new Set(children.map((g) => g.id));
    const missing = configuredIds(ids).filter((id) => !have.has(id));
    if (missing.length) void directory.ensure(missing);
  }, [key, children]);
  return pickGalleries(children, ids, directory.byId);
}

/** Search keeps galleries whose name or description contains the keyword (spec part 2 §2). */
export function searchGalleries(list: Gallery[], keyword: string): Gallery[] {
  const k = keyword.trim().toLowerCase();
  if (!k) return list;
  return list.filter((g) => `${g.name ?? ''}`.toLowerCase().includes(k) || `${g.desc ?? ''}`.toLowerCase().includes(k));
}

/** Covers: a full-width card never needs more than 750 px; smaller cards take the crops. */
export function coverStyleFor(mode: 1 | 2 | 3 | 4): ImageStyleName {
  if (mode === 1) return 'wx_750_n';
  const w = windowWidth();
  if (mode === 3) return styleForWidth(110, true);
  return styleForWidth(w / 2, true);
}

/** Sub-gallery list: 1 cards, 2 two-column grid, 3 compact list, 4 horizontal scroller. */
function GalleryList({ props, ctx }: PageComponentRenderProps<'gallery'>) {
  const [keyword, setKeyword] = useState('');
  const mode = ([1, 2, 3, 4] as const).find((m) => m === Number(props.mode)) ?? 1;
  const all = useConfiguredGalleries(ctx.children ?? [], props.ids);
  const shown = props.search ? searchGalleries(all, keyword) : all;
  if (all.length === 0) return null;

  // The sub-gallery page keeps `parent`, so its navigation offers 'Back Home'.
  const open = (g: Gallery) => {
    if (g.link_id) openUrl(galleryUrl(g));
  };
  const coverStyle = coverStyleFor(mode);
  const cards = shown.map((g) => (
    <GalleryCard key={g.id} gallery={g} mode={mode} coverStyle={coverStyle} main={ctx.theme.main} onOpen={open} />
  ));

  return (
    <View className={`gallery-list gallery-list--m${mode}`} data-testid="gallery-list">
      {props.title ? <Text className="gallery-list__title" style={{ color: ctx.theme.h1 }}>{props.title}</Text> : null}
      {props.search ? <GallerySearch value={keyword} placeholder={t('gallery.search')} testId="gallery-search" onInput={setKeyword} /> : null}
      {shown.length === 0 ? (
        <View className="gallery-list__empty" data-testid="gallery-no-result">{t('gallery.noResult')}</View>
      ) : mode === 4 ? (
        <ScrollView className="gallery-list__scroller" scrollX enhanced showScrollbar={false}>
          <View className="gallery-list__row">{cards}</View>
        </ScrollView>
      ) : (
        <View className="gallery-list__cards">{cards}</View>
      )}
    </View>
  );
}

export default observer(GalleryList);
