import { useCallback } from 'react';
import { View, Text, Image } from '@tarojs/components';
import { observer } from 'mobx-react';
import type { OcrSearchStore } from '../../stores/ocr/OcrSearchStore';
import type { PhotoListStore } from '../../stores/photos/PhotoListStore';
import { usePageStores } from '../../stores/RootStore';
import { imageUrl } from '../../utils/image';
import { EmptyState } from '../../components/empty-state';
import { Icon } from '../../components/icon';
import { t } from '../../i18n';
import IndexingNote from '../../components/indexing-note';

/** Photos of a list in a grid; a tap opens the page's viewer on that list. */
function Grid({ list, testId }: { list: PhotoListStore; testId: string }) {
  const { viewer } = usePageStores();
  const open = useCallback((index: number) => viewer.open(list, index), [list, viewer]);
  return (
    <View className="formocr-grid">
      {list.items.map((p, i) => (
        <View key={p.id} className="formocr-grid__cell" data-testid={testId} data-id={p.id} onClick={() => open(i)}>
          <Image className="formocr-grid__image" src={imageUrl(p.hash, 'wx_375_240', p.galleryid)} mode="aspectFill" lazyLoad />
        </View>
      ))}
    </View>
  );
}
const ObservedGrid = observer(Grid);

/**
 * The full-screen result overlay of a formocr search: the keyword, the number found, the
 * photos in a grid (tap: the page's viewer on these results), more on demand, then apart and
 * below them "maybe yours" (photos whose number reads close to the typed one), an empty state;
 * while the gallery's photos are still being read, how far that is.
 */
function OcrResults({ store }: { store: OcrSearchStore }) {
  const list = store.results;
  if (!list) return null;
  const maybe = store.maybe?.items.length ? store.maybe : null;
  const loading = list.state === 'loading' || list.state === 'idle';
  return (
    <View className="formocr-overlay" data-testid="formocr-overlay" data-state={list.state} data-count={list.items.length}>
      <View className="formocr-overlay__bar">
        <Text className="formocr-overlay__title" data-testid="formocr-keyword">
          {t('ocr.resultsFor', { keyword: store.submitted ?? '' })}
        </Text>
        <View className="formocr-overlay__close" data-testid="formocr-close" aria-label={t('ocr.close')} onClick={() => store.close()}>
          <Icon name="close" />
        </View>
      </View>
      <View className="formocr-overlay__body">
        <IndexingNote galleryId={store.galleryId} kind="bibs" />
        {list.items.length ? (
          <>
            <Text className="formocr-overlay__count" data-testid="formocr-count">
              {t('ocr.found', { count: list.total })}
            </Text>
            <ObservedGrid list={list} testId="formocr-photo" />
            {list.state === 'more' ? (
              <View className="formocr-overlay__more" data-testid="formocr-more" onClick={() => void list.loadMore()}>
                <Text>{t('ocr.more')}</Text>
              </View>
            ) : null}
          </>
        ) : loading ? (
          <Text className="formocr-overlay__loading" data-testid="formocr-loading">{t('common.Loading')}</Text>
        ) : list.state === 'error' ? (
          <EmptyState testId="formocr-error" art="error" text={t('common.LoadError')} action={{ label: t('common.retry'), onTap: () => store.submit() }} />
        ) : maybe ? (
          <Text className="formocr-overlay__count" data-testid="formocr-no-exact">{t('ocr.noExact')}</Text>
        ) : (
          <EmptyState testId="formocr-empty" art="search" text={t('ocr.empty')} detail={t('ocr.emptyDetail')} />
        )}
        {maybe ? (
          <View className="formocr-maybe" data-testid="formocr-maybe">
            <Text className="formocr-maybe__title">{t('ocr.maybe', { count: maybe.items.length })}</Text>
            <Text className="formocr-maybe__detail">{t('ocr.maybeDetail')}</Text>
            <ObservedGrid list={maybe} testId="formocr-maybe-photo" />
          </View>
        ) : null}
      </View>
    </View>
  );
}

export default observer(OcrResults);
