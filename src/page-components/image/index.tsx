import { View, Image } from '@tarojs/components';
import { observer } from 'mobx-react';
import { IMAGE_BLOCK_MAX_COLUMNS } from '../../../types/page/image';
import { imageUrl, styleForWidth } from '../../utils/image';
import { isActiveLink } from '../../stores/links/follow';
import { useLinkFollower } from '../useLink';
import type { PageComponentRenderProps } from '../types';
import './image.scss';

/** Design width (750) of one picture for `columns` columns and `gap` px between them. */
export function cellWidth(columns: number, gap: number): number {
  return (750 - gap * (columns - 1)) / columns;
}

/** Columns from the organiser's value: a whole number from 1 to IMAGE_BLOCK_MAX_COLUMNS. */
export function columnsOf(value: unknown): number {
  const n = Math.round(Number(value));
  return Number.isFinite(n) ? Math.min(IMAGE_BLOCK_MAX_COLUMNS, Math.max(1, n)) : 1;
}

/**
 * `image` and `image_bottom`: pictures in 1 to n columns, each full width of its column at its
 * own aspect ratio; a tap follows its link (a modal image opens in the page's modal).
 * `image_bottom` is docked to the bottom of the screen, above the navigation.
 */
function ImageBlock({ props, ctx, docked }: PageComponentRenderProps<'image' | 'image_bottom'> & { docked?: boolean }) {
  const follow = useLinkFollower(ctx);
  const items = Array.isArray(props.items) ? props.items.filter((i) => i && typeof i.image === 'string' && i.image) : [];
  if (!items.length) return null;
  const columns = columnsOf(props.columns);
  const gap = Math.max(0, Number(props.gap) || 0);
  const style = styleForWidth(cellWidth(columns, gap) / 2);
  // Half the gap around each picture, as a share of the block's width (750 design px).
  const half = Math.round((gap / 2 / 750) * 100 * 1000) / 1000;
  const block = (
    <View className="image-block" data-testid="image-block" data-columns={columns}>
      {items.map((item, i) => {
        const active = isActiveLink(item.link);
        return (
          <View
            key={`${item.image}-${i}`}
            className="image-block__cell"
            data-testid="image-block-cell"
            style={{ width: `${100 / columns}%`, padding: half ? `${half}%` : undefined }}
            onClick={active ? () => follow(item.link) : undefined}
          >
            <Image className="image-block__image" src={imageUrl(item.image, style, ctx.gallery.id)} mode="widthFix" lazyLoad />
          </View>
        );
      })}
    </View>
  );
  if (!docked) return block;
  return (
    <View className={ctx.navShown ? 'image-block-dock image-block-dock--above-nav' : 'image-block-dock'} data-testid="image-bottom">
      {block}
    </View>
  );
}

const Observed = observer(ImageBlock);

export const ImageBottom = observer((p: PageComponentRenderProps<'image_bottom'>) => <Observed {...p} docked />);

export default Observed;
