import { View, Text, Image } from '@tarojs/components';
import { observer } from 'mobx-react';
import type { LovedImage, Splice } from '../../../types/api/mine';
import type { PaidImage } from '../../../types/api/pay';
import type { PagedList } from '../../stores/find/FindStore';
import { imageUrl, serverImageUrl } from '../../utils/image';
import { t, type MessageKey } from '../../i18n';
import { EmptyState } from '../empty-state';

/** The end of a paged list: 'Load more', 'Loading', a retry, or an empty state. */
export const ListFoot = observer(function ListFoot({ list, empty, testId }: { list: PagedList<{ id: number }>; empty: MessageKey; testId: string }) {
  if (list.state === 'error') return <EmptyState text={t('common.LoadError')} art="error" testId={`${testId}-error`} action={{ label: t('common.retry'), onTap: () => void list.load(list.page === 0) }} />;
  if (list.state === 'noMore' && !list.items.length) return <EmptyState text={t(empty)} testId={`${testId}-empty`} />;
  if (list.state === 'loading') return <Text className="find-list__more">{t('list.loading')}</Text>;
  if (list.state === 'more')
    return (
      <Text className="find-list__more find-list__more--link" data-testid={`${testId}-more`} onClick={() => void list.load()}>
        {t('list.more')}
      </Text>
    );
  return null;
});

/** Favourite or purchased photos: a grid of thumbnails, 'Load more' while the total is not reached. */
export const PhotoGrid = observer(function PhotoGrid({ list, empty, testId }: { list: PagedList<LovedImage> | PagedList<PaidImage>; empty: MessageKey; testId: string }) {
  const items = list.items as Array<LovedImage | PaidImage>;
  return (
    <View className="find-list" data-testid={testId} data-total={list.total}>
      <View className="find-grid">
        {items.map((p) => (
          <Image key={p.id} className="find-grid__photo" data-testid={`${testId}-photo`} data-id={p.id} src={imageUrl(p.hash, 'wx_250_160', p.gallery_id)} mode="aspectFill" lazyLoad />
        ))}
      </View>
      <ListFoot list={list} empty={empty} testId={testId} />
    </View>
  );
});

/** My splice posters: each long picture (its top), else its photos in a strip, with its photo count. */
export const SpliceList = observer(function SpliceList({ list }: { list: PagedList<Splice> }) {
  return (
    <View className="find-list" data-testid="find-splice" data-total={list.total}>
      {list.items.map((s) => (
        <View key={s.id} className="find-splice" data-testid="find-splice-item" data-id={s.id} data-hash={s.hash ?? ''}>
          {s.url ? (
            <View className="find-splice__picture">
              <Image className="find-splice__picture-img" data-testid="find-splice-picture" src={serverImageUrl(s.url)} mode="widthFix" lazyLoad showMenuByLongpress />
            </View>
          ) : null}
          <View className="find-splice__strip">
            {s.images.map((img) => (
              <Image key={img.id} className="find-splice__photo" src={imageUrl(img.hash, 'wx_250_160', s.gallery_id)} mode="aspectFill" lazyLoad />
            ))}
          </View>
          <Text className="find-splice__count">{t('find.photoCount', { num: s.images.length })}</Text>
        </View>
      ))}
      <ListFoot list={list} empty="find.empty.splice" testId="find-splice" />
    </View>
  );
});
