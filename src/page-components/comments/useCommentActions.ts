import type { Comment } from '../../../types/api/comments';
import { usePageStores, useStores } from '../../stores/RootStore';
import type { CommentsStore } from '../../stores/comments/CommentsStore';

/**
 * What the page's comment components do on a tap that needs a send bar: a guest is asked to log in
 * (part 3 §6) and goes on afterwards; a Reply goes to the page's own send bar while a `commentsend`
 * is on the page, otherwise the comment sheet opens with its send bar up for it.
 */
export function useCommentActions(store: CommentsStore | null) {
  const { session, loginPrompt } = useStores();
  const { events } = usePageStores();
  const composeFor = (c: Comment | null) => {
    if (!store) return;
    if (events.commentBar) {
      store.setReplyTo(c);
      return;
    }
    store.openSheet();
    store.compose(c);
  };
  const login = async () => {
    if (store && (await loginPrompt.requireLogin('comment')) && store.replyTo) composeFor(store.replyTo);
  };
  const reply = (c: Comment) => {
    if (!store) return;
    if (!session.isGuest) return composeFor(c);
    store.setReplyTo(c);
    void login();
  };
  return { guest: session.isGuest, login: () => void login(), reply };
}
