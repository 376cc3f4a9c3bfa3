import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import type { PhotoListStore } from '../../stores/photos/PhotoListStore';
import { t } from '../../i18n';
import { EmptyState } from '../../components/empty-state';

interface Props {
  store: PhotoListStore;
  /** The gallery has not started: an empty list says 'Waiting'. */
  notStarted: boolean;
}

/** Below the list: loading, tap to load more, the end line, an error to retry, or the empty state. */
function ListFooter({ store, notStarted }: Props) {
  const retry = () => void store.loadMore();
  if (store.state === 'loading') {
    return (
      <View className="list-footer" data-testid="list-loading">
        <View className="list-footer__spinner" />
        <Text>{t('list.loading')}</Text>
      </View>
    );
  }
  if (store.state === 'error') {
    return (
      <View className="list-footer list-footer--error" data-testid="list-error" onClick={retry}>
        <Text>{t('list.error')}</Text>
      </View>
    );
  }
  if (store.isEmpty) {
    return (
      <EmptyState text={t(notStarted ? 'list.waiting' : 'list.noPhotos')} art={notStarted ? 'waiting' : 'photos'} />
    );
  }
  if (store.state === 'noMore') {
    return (
      <View className="list-footer list-footer--end" data-testid="list-end">
        <Text>{t('list.end')}</Text>
      </View>
    );
  }
  if (store.state === 'more') {
    return (
      <View className="list-footer" data-testid="list-more" onClick={retry}>
        <Text>{t('list.more')}</Text>
      </View>
    );
  }
  return null;
}

export default observer(ListFooter);
