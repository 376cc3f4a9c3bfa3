import { View, Text } from '@tarojs/components';
import { Avatar } from '../avatar';
import { observer } from 'mobx-react';
import type { Comment } from '../../../types/api/comments';
import { t } from '../../i18n';
import type { CommentsStore } from '../../stores/comments/CommentsStore';
import { canReply, viewOf } from '../../stores/comments/commentRules';
import CommentContent from './CommentContent';

interface Props {
  store: CommentsStore;
  comment: Comment;
  /** A tap on Reply (the sheet opens the send bar for it). */
  onReply: (c: Comment) => void;
}

/**
 * One root comment (spec part 3 §2 item 1): face, name with the organiser tag, the 'top' tag,
 * its content, Delete on the visitor's own, Reply where allowed, and its replies (three, then
 * 'more'). A comment whose content cannot be read renders nothing.
 */
function CommentItem({ store, comment: c, onReply }: Props) {
  const view = viewOf(c);
  if (!view) return null;
  const replies = store.replies(c);
  const left = store.repliesLeft(c);
  return (
    <View className="comment" data-testid="comment" data-id={c.id}>
      <Avatar className="comment__avatar" src={c.photo} name={c.nickname} testId="comment-avatar" />
      <View className="comment__main">
        <View className="comment__head">
          <Text className="comment__name" data-testid="comment-name">{c.nickname}</Text>
          {c.master ? <Text className="comment__tag comment__tag--master" data-testid="comment-organiser">{t('comments.organiser')}</Text> : null}
          {c.istop ? <Text className="comment__tag comment__tag--top" data-testid="comment-top">{t('comments.top')}</Text> : null}
        </View>
        <CommentContent view={view} />
        <View className="comment__actions">
          {canReply(c) ? (
            <Text className="comment__action" data-testid="comment-reply" onClick={() => onReply(c)}>
              {t('comments.reply')}
            </Text>
          ) : null}
          {store.isMine(c) ? (
            <Text className="comment__action comment__action--delete" data-testid="comment-delete" onClick={() => void store.remove(c.id)}>
              {t('comments.delete')}
            </Text>
          ) : null}
        </View>
        {replies.length ? (
          <View className="comment__replies" data-testid="comment-replies">
            {replies.map((r) => {
              const rv = viewOf(r);
              if (!rv) return null;
              return (
                <View className="comment__reply" key={r.id} data-testid="comment-reply-line">
                  <Text className="comment__reply-name">{r.nick_name}: </Text>
                  <CommentContent view={rv} />
                  {store.isMine(r) ? (
                    <Text className="comment__action comment__action--delete" data-testid="comment-reply-delete" onClick={() => void store.remove(r.id)}>
                      {t('comments.delete')}
                    </Text>
                  ) : null}
                </View>
              );
            })}
            {left > 0 ? (
              <Text className="comment__more" data-testid="comment-more-replies" onClick={() => void store.loadReplies(c)}>
                {t('comments.moreReplies', { count: left })}
              </Text>
            ) : null}
          </View>
        ) : null}
      </View>
    </View>
  );
}

export default observer(CommentItem);
