import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import { t } from '../../i18n';
import type { CommentsStore } from '../../stores/comments/CommentsStore';
import { Icon } from '../icon';
import './button.scss';

/** The comment button with its count (part 1 §2 viewer; the gallery page's comment entry): opens the sheet. */
function CommentButton({ store, className, testId }: { store: CommentsStore; className?: string; testId?: string }) {
  return (
    <View className={`comment-button ${className ?? ''}`} data-testid={testId ?? 'comment-button'} aria-label={t('comments.button')} onClick={() => store.openSheet()}>
      <Icon name="edit" />
      <Text className="comment-button__count" data-testid={`${testId ?? 'comment-button'}-count`}>
        {store.counted ? String(store.total) : t('comments.button')}
      </Text>
    </View>
  );
}

export default observer(CommentButton);
