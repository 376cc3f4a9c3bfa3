import { useEffect, useMemo } from 'react';
import { View, Text, Image } from '@tarojs/components';
import { observer } from 'mobx-react';
import type { Photo } from '../../../types/api/photo';
import { HOT_COUNT_MAX, HOT_TWO_ROWS_FROM } from '../../../types/page/hot';
import { useStores, usePageStores } from '../../stores/RootStore';
import { imageUrl } from '../../utils/image';
import { photoGallery } from '../photo';
import { t } from '../../i18n';
import type { PageComponentRenderProps } from '../types';
import './hot.scss';

/** A grid's rows: one row under HOT_TWO_ROWS_FROM photos, else two (the first takes the odd one). */
export function hotRows<T>(items: readonly T[]): T[][] {
  if (items.length < HOT_TWO_ROWS_FROM) return items.length ? [items.slice()] : [];
  const half = Math.ceil(items.length / 2);
  return [items.slice(0, half), items.slice(half)];
}

type Props = PageComponentRenderProps<'hot' | 'hot_pic'> & { ranked: boolean };

/**
 * `hot` (ranked: NO.n and likes) and `hot_pic` (pictures only): the gallery's most-liked photos from
 * the same list the photo area's Hot tab uses. template1 is a grid (two rows from four photos on),
 * the other templates are lists. A tap opens the page's viewer on that photo.
 */
function HotBlock({ id, props, ctx, ranked }: Props) {
  const { photoLists } = useStores();
  const { viewer } = usePageStores();
  const target = photoGallery(props.gallery_id, ctx.gallery, ctx.children ?? []);
  const list = useMemo(() => photoLists.get({ galleryId: target.id, sorttype: '-love', order: 'desc' }), [photoLists, target.id]);
  useEffect(() => {
    if (list.state === 'idle') void list.loadMore();
    return () => photoLists.release(list);
  }, [list, photoLists]);
  const count = Math.min(HOT_COUNT_MAX, Math.max(1, Math.round(Number(props.count) || 8)));
  const photos = list.items.slice(0, count);
  if (!photos.length) return null;
  const template = props.template || 'template1';
  const grid = template === 'template1';
  const cell = (p: Photo, i: number, width?: string) => (
    <View
      key={p.id}
      className={grid ? 'hot__cell' : `hot__row hot__row--${template}`}
      data-testid="hot-item"
      data-id={p.id}
      style={width ? { width } : undefined}
      onClick={() => viewer.open(list, i)}
    >
      <View className="hot__pic">
        <Image className="hot__image" src={imageUrl(p.hash, grid || template === 'template2' ? 'wx_375_240' : 'wx_750_n', target.id)} mode={grid || template === 'template2' ? 'aspectFill' : 'widthFix'} lazyLoad />
        {ranked ? <Text className={`hot__badge hot__badge--${Math.min(i + 1, 4)}`}>{`NO.${i + 1}`}</Text> : null}
      </View>
      {ranked ? (
        <View className="hot__meta">
          <Text className="hot__likes" data-testid="hot-likes">{t('hot.likes', { num: p.love })}</Text>
        </View>
      ) : null}
    </View>
  );
  let index = 0;
  return (
    <View className={`hot hot--${template}${ranked ? ' hot--ranked' : ''}`} data-testid={ranked ? 'hot' : 'hot-pic'} data-template={template}>
      {props.title ? <Text className="hot__title">{props.title}</Text> : null}
      {grid ? (
        hotRows(photos).map((row, r) => (
          <View key={`${id}-row-${r}`} className="hot__grid-row" data-testid="hot-row">
            {row.map((p) => cell(p, index++, `${100 / row.length}%`))}
          </View>
        ))
      ) : (
        <View className="hot__list" data-testid="hot-list">{photos.map((p, i) => cell(p, i))}</View>
      )}
    </View>
  );
}

const Observed = observer(HotBlock);

export const Hot = observer((p: PageComponentRenderProps<'hot'>) => <Observed {...p} ranked />);
export const HotPic = observer((p: PageComponentRenderProps<'hot_pic'>) => <Observed {...p} ranked={false} />);
