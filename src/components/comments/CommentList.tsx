import { useEffect } from 'react';
import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import type { Comment } from '../../../types/api/comments';
import { t } from '../../i18n';
import type { CommentsStore } from '../../stores/comments/CommentsStore';
import CommentItem from './CommentItem';
import './comments.scss';

interface Props {
  store: CommentsStore;
  /** A tap on Reply (the caller brings up a send bar for it, or asks a guest to log in). */
  onReply: (c: Comment) => void;
  /**
   * The plain list in a page (the `commentlist` page component) rather than the sheet's body: it
   * loads the first page and follows the live messages itself, and heads the list with the count
   * (the sheet has both in its own bar).
   */
  plain?: boolean;
}

/**
 * The comments newest first (spec part 3 §2 item 1): each root with its tags, replies and Delete
 * (CommentItem), 'Load more' for the next 50, the empty and failed states. The comment sheet shows
 * it in its scroll area; `plain` shows it in a page.
 */
function CommentList({ store, onReply, plain = false }: Props) {
  useEffect(() => {
    if (!plain) return undefined;
    void store.load();
    return store.watch();
  }, [store, plain]);

  return (
    <View className={`comment-list${plain ? ' comment-list--plain' : ' comment-sheet__list'}`} data-testid={plain ? 'comment-list-plain' : 'comment-list'}>
      {plain ? (
        <Text className="comment-list__count" data-testid="comment-list-count">
          {t('comments.open', { count: store.total })}
        </Text>
      ) : null}
      {store.items.map((c) => (
        <CommentItem key={c.id} store={store} comment={c} onReply={onReply} />
      ))}
      {store.loaded && !store.items.length ? (
        <Text className="comment-sheet__hint" data-testid="comment-empty">{t('comments.empty')}</Text>
      ) : null}
      {store.loadFailed ? (
        <Text className="comment-sheet__hint" data-testid="comment-load-error" onClick={() => void (store.loaded ? store.loadMore() : store.load())}>
          {t('comments.loadError')}
        </Text>
      ) : null}
      {store.hasMore ? (
        <Text className="comment-sheet__more" data-testid="comment-load-more" onClick={() => void store.loadMore()}>
          {t('comments.loadMore')}
        </Text>
      ) : store.loaded && store.items.length ? (
        <Text className="comment-sheet__hint">{t('comments.noMore')}</Text>
      ) : null}
    </View>
  );
}

export default observer(CommentList);
