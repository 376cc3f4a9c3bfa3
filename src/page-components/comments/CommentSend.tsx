import { useEffect } from 'react';
import { View } from '@tarojs/components';
import { observer } from 'mobx-react';
import SendBar from '../../components/comments/SendBar';
import { usePageComments } from '../../components/comments/usePageComments';
import RedPacketPlusButton from '../../components/redpacket/RedPacketPlusButton';
import { usePageStores } from '../../stores/RootStore';
import type { PageComponentRenderProps } from '../types';
import { useCommentActions } from './useCommentActions';
import './comment-bar.scss';

/**
 * `commentsend` (spec part 2 §1; part 3 §2 item 2, §9): the gallery's send bar, fixed at the bottom
 * of the screen: the page's comments store (shared with the sheet, the viewer and a `commentlist`),
 * its checks and refusals, the guest's login line, the muted / block_all notice (kept current by the
 * live messages while the bar shows) and the red-packet plus button. While it is on the page the
 * page's bottom controls stand on it (`PageEventsStore.setCommentBar`: 66 px). Nothing without
 * `use_comment`.
 */
function CommentSend({ ctx }: PageComponentRenderProps<'commentsend'>) {
  const store = usePageComments(ctx.gallery);
  const { events } = usePageStores();
  const actions = useCommentActions(store);
  const guest = actions.guest;

  useEffect(() => {
    if (!store) return undefined;
    events.setCommentBar(true);
    const unwatch = store.watch();
    return () => {
      unwatch();
      events.setCommentBar(false);
    };
  }, [store, events]);
  useEffect(() => {
    if (store && !guest) void store.checkBlock();
  }, [store, guest]);

  if (!store) return null;
  return (
    <View className="comment-bar" data-testid="comment-bar">
      <SendBar store={store} guest={guest} onLogin={actions.login} plus={<RedPacketPlusButton gallery={ctx.gallery} />} focus={!!store.replyTo} />
    </View>
  );
}

export default observer(CommentSend);
