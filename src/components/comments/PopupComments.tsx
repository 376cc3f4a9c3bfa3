import { useEffect, useState } from 'react';
import { View, Text, Image } from '@tarojs/components';
import { observer } from 'mobx-react';
import { t } from '../../i18n';
import { useStores } from '../../stores/RootStore';
import { createPopupComments } from '../../stores/comments/factory';
import { viewOf, type CommentView } from '../../stores/comments/commentRules';
import './comments.scss';

/** A short line for a popup: the text, or the kind of comment. */
function line(v: CommentView): string {
  switch (v.kind) {
    case 'text':
    case 'question':
      return v.text;
    case 'gift':
      return t('comments.gift', { name: v.name, count: v.count });
    case 'vote':
      return v.title;
    case 'redpackage':
      return v.text || t('comments.redpackage');
    case 'file':
      return v.name;
    case 'emotion':
      return v.name;
    default:
      return '';
  }
}

/**
 * Popup comments over the gallery page (spec part 3 §2 item 1, §9): the newest comments of the
 * last 2 minutes come up one every 3 s, three at most, each fading after 8.5 s. Text only (inert).
 */
function PopupComments({ galleryId }: { galleryId: number }) {
  const root = useStores();
  const [store] = useState(() => createPopupComments(galleryId, root));
  useEffect(() => {
    store.start();
    return () => store.stop();
  }, [store]);
  if (!store.visible.length) return null;
  return (
    <View className="comment-popups" data-testid="comment-popups" aria-label={t('comments.popupLabel')}>
      {store.visible.map(({ comment: c, key }) => {
        const v = viewOf(c);
        if (!v) return null;
        return (
          <View className="comment-popup" key={key} data-testid="comment-popup">
            {c.photo ? <Image className="comment-popup__avatar" src={c.photo} mode="aspectFill" /> : null}
            <Text className="comment-popup__name">{c.nickname}: </Text>
            <Text className="comment-popup__text">{line(v)}</Text>
          </View>
        );
      })}
    </View>
  );
}

export default observer(PopupComments);
