import { useEffect } from 'react';
import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import type { ReactNode } from 'react';
import { BottomSheet } from '../bottom-sheet';
import { Icon } from '../icon';
import { t } from '../../i18n';
import { useStores } from '../../stores/RootStore';
import { getDanmakuSwitch } from '../../stores/danmaku/factory';
import type { CommentsStore } from '../../stores/comments/CommentsStore';
import CommentList from './CommentList';
import SendBar from './SendBar';
import './comments.scss';

interface Props {
  store: CommentsStore;
  /** The red-packet plus button for the send bar (see SendBar's slot). */
  plus?: ReactNode;
}

/**
 * The comment sheet (spec part 3 §2 item 1): 'All comments' newest first with load more (50 a
 * page), fixed under the title the count and the bullet-screen switch (the device's one
 * `danSwitch`), and a floating send icon that brings up the send bar. Back closes it.
 */
function CommentSheet({ store, plus }: Props) {
  const { session, loginPrompt } = useStores();
  const sw = getDanmakuSwitch();
  useEffect(() => {
    void store.load();
    return store.watch();
  }, [store]);

  const guest = session.isGuest;
  const askLogin = async () => {
    if (await loginPrompt.requireLogin('comment')) store.compose(store.replyTo);
  };
  const onSendIcon = () => (guest ? void askLogin() : store.compose());

  const header = (
    <View className="comment-sheet__bar">
      <Text className="comment-sheet__count" data-testid="comment-sheet-count">
        {t('comments.open', { count: store.total })}
      </Text>
      <View
        className={`comment-sheet__danmaku${sw.on ? ' comment-sheet__danmaku--on' : ''}`}
        data-testid="comment-sheet-danmaku"
        aria-pressed={sw.on}
        onClick={() => sw.toggle()}
      >
        <Text>{t(sw.on ? 'danmaku.switchOn' : 'danmaku.switchOff')}</Text>
      </View>
    </View>
  );

  const footer =
    store.composing || (guest && store.replyTo) ? (
      <SendBar store={store} guest={guest} onLogin={() => void askLogin()} plus={plus} focus />
    ) : (
      <View className="comment-sheet__send-icon" data-testid="comment-send-open" aria-label={t('comments.openSend')} onClick={onSendIcon}>
        <Icon name="edit" />
      </View>
    );

  return (
    <BottomSheet
      title={t('comments.title')}
      onClose={() => store.closeSheet()}
      closeLabel={t('comments.close')}
      header={header}
      footer={footer}
      scroll
      lowerThreshold={80}
      onScrollToLower={() => void store.loadMore()}
      catchMove
      className="comment-sheet"
      panelClassName="comment-sheet__panel"
      bodyClassName="comment-sheet__body"
      testId="comment-sheet"
      maskTestId="comment-sheet-mask"
      closeTestId="comment-sheet-close"
    >
      <CommentList store={store} onReply={(x) => (guest ? (store.setReplyTo(x), void askLogin()) : store.compose(x))} />
    </BottomSheet>
  );
}

const Sheet = observer(CommentSheet);

/** The sheet while its store says it is open (the gallery page and the viewer open it). */
function CommentSheetHost(props: Props) {
  return props.store.sheetOpen ? <Sheet {...props} /> : null;
}

export default observer(CommentSheetHost);
