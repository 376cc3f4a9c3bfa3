import { useState } from 'react';
import { View, Text, ScrollView } from '@tarojs/components';
import { observer } from 'mobx-react';
import type { Gallery } from '../../../types/api/gallery';
import { galleryUrl } from '../../routes';
import { t } from '../../i18n';
import { openUrl } from '../../platform/navigate';
import type { PageComponentRenderProps } from '../types';
import GalleryCard from '../gallery/GalleryCard';
import { coverStyleFor, useConfiguredGalleries } from '../gallery';
import '../gallery/gallery.scss';
import './gallerygroup.scss';
import { GallerySearch } from '../gallery/GallerySearch';

export interface YearGroup {
  /** The start year, or null for galleries without a start time. */
  year: number | null;
  items: Gallery[];
}

/** The year of a start time (Unix seconds) on the local calendar. */
export const yearOf = (startTime: number | null): number | null => (startTime ? new Date(startTime * 1000).getFullYear() : null);

/** Year tabs, newest first; in each the newest start first; galleries without a start time last. */
export function groupByYear(list: Gallery[]): YearGroup[] {
  const groups = new Map<number | null, Gallery[]>();
  for (const g of list) {
    const y = yearOf(g.start_time);
    groups.set(y, [...(groups.get(y) ?? []), g]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a === null ? 1 : b === null ? -1 : b - a))
    .map(([year, items]) => ({ year, items: [...items].sort((x, y) => (y.start_time ?? 0) - (x.start_time ?? 0) || y.id - x.id) }));
}

/** Search by name (spec part 2 §2), case-insensitive. */
export function searchByName(list: Gallery[], keyword: string): Gallery[] {
  const k = keyword.trim().toLowerCase();
  return k ? list.filter((g) => `${g.name ?? ''}`.toLowerCase().includes(k)) : list;
}

const tabKey = (y: number | null) => (y === null ? 'other' : String(y));

/** Grouped-gallery list: year tabs by start time, newest first, with search by name. */
function GalleryGroup({ props, ctx }: PageComponentRenderProps<'gallerygroup' | 'groupgallery'>) {
  const [keyword, setKeyword] = useState('');
  const [picked, setPicked] = useState<string | null>(null);
  const mode = ([1, 2, 3, 4] as const).find((m) => m === Number(props.mode)) ?? 3;
  const all = useConfiguredGalleries(ctx.children ?? [], props.ids);
  if (all.length === 0) return null;
  const groups = groupByYear(props.search ? searchByName(all, keyword) : all);
  // The picked tab while it still exists (a search can empty it), else the newest.
  const active = groups.find((g) => tabKey(g.year) === picked) ?? groups[0];
  const open = (g: Gallery) => {
    if (g.link_id) openUrl(galleryUrl(g));
  };

  return (
    <View className="gallery-group" data-testid="gallery-group">
      {props.title ? <Text className="gallery-list__title" style={{ color: ctx.theme.h1 }}>{props.title}</Text> : null}
      {props.search ? <GallerySearch value={keyword} placeholder={t('gallerygroup.search')} testId="gallery-group-search" onInput={setKeyword} /> : null}
      {!active ? (
        <View className="gallery-list__empty" data-testid="gallery-no-result">{t('gallery.noResult')}</View>
      ) : (
        <>
          <ScrollView className="gallery-group__tabs" scrollX enhanced showScrollbar={false}>
            <View className="gallery-group__tab-row">
              {groups.map((g) => {
                const key = tabKey(g.year);
                const on = g === active;
                return (
                  <View
                    key={key}
                    className={`gallery-group__tab${on ? ' gallery-group__tab--active' : ''}`}
                    style={on ? { color: ctx.theme.main, borderColor: ctx.theme.main } : undefined}
                    data-testid="gallery-group-tab"
                    data-year={key}
                    data-active={on ? 'true' : 'false'}
                    onClick={() => setPicked(key)}
                  >
                    <Text>{g.year === null ? t('gallerygroup.other') : String(g.year)}</Text>
                  </View>
                );
              })}
            </View>
          </ScrollView>
          <View className={`gallery-list gallery-list--m${mode} gallery-group__list`}>
            <View className="gallery-list__cards">
              {active.items.map((g) => (
                <GalleryCard key={g.id} gallery={g} mode={mode} coverStyle={coverStyleFor(mode)} main={ctx.theme.main} onOpen={open} />
              ))}
            </View>
          </View>
        </>
      )}
    </View>
  );
}

export default observer(GalleryGroup);
