import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import type { Photo } from '../../../types/api/photo';
import { imageUrl, styleForWidth } from '../../utils/image';
import { formatTimeRange, visibleRange, type PhotoLayout } from '../../utils/photoLayout';
import { formatCount } from '../../utils/format';
import { t } from '../../i18n';
import GridCell from '../../platform/grid-cell';
import type { SelectionStore } from '../../stores/photos/SelectionStore';
import { SelectMark } from './SelectionBar';

/** Rendered beyond the viewport, above and below, in screens: fast flicks do not show blanks. */
export const BUFFER_SCREENS = 1;
/** Badges NO.1 … NO.10 on the hot ranking list. */
export const HOT_BADGES = 10;

interface Props {
  items: Photo[];
  layout: PhotoLayout;
  galleryId: number;
  /** Viewport offset into the list and its height (CSS px). */
  offset: number;
  height: number;
  hot: boolean;
  onTap: (index: number) => void;
  /** Selection mode: a checkbox with the number badge over each cell. */
  selection?: SelectionStore;
}

/**
 * The photos of any layout on a canvas as tall as the whole list, rendering only
 * the cells within a screen of the viewport (windowing): a 20,000-photo list keeps
 * a few hundred nodes. Images load lazily in a style fitted to the cell width.
 */
function VirtualPhotoList({ items, layout, galleryId, offset, height, hot, onTap, selection }: Props) {
  if (!layout.cells.length) return null;
  const buffer = height * BUFFER_SCREENS;
  const { from, to, headers } = visibleRange(layout, offset - buffer, offset + height + buffer);
  const style = styleForWidth(layout.cellWidth, layout.crop);
  const cells = layout.cells.slice(from, to);
  return (
    <View className="photo-canvas" data-testid="photo-canvas" style={{ height: `${layout.height}px` }}>
      {headers.map((h) => (
        <View key={`h${h.first}`} className="photo-canvas__header" data-testid="flow-header" style={{ top: `${h.y}px`, height: `${h.h}px` }}>
          <Text>{formatTimeRange(h.from, h.to)}</Text>
        </View>
      ))}
      {cells.map((c) => {
        const p = items[c.index];
        if (!p) return null;
        return (
          <GridCell key={p.id} id={p.id} index={c.index} x={c.x} y={c.y} w={c.w} h={c.h} src={imageUrl(p.hash, style, galleryId)} onTap={onTap}>
            {hot && c.index < HOT_BADGES ? (
              <Text className={`photo-cell__rank photo-cell__rank--${c.index + 1}`} data-testid="hot-rank">
                {t('list.hotRank', { n: c.index + 1 })}
              </Text>
            ) : null}
            {hot ? <Text className="photo-cell__love">{t('list.loves', { num: formatCount(p.love), count: p.love })}</Text> : null}
            {selection?.active ? <SelectMark selection={selection} id={p.id} /> : null}
          </GridCell>
        );
      })}
    </View>
  );
}

export default observer(VirtualPhotoList);
