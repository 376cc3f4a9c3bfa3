import { observer } from 'mobx-react';
import CommentList from '../../components/comments/CommentList';
import { usePageComments } from '../../components/comments/usePageComments';
import type { PageComponentRenderProps } from '../types';
import { useCommentActions } from './useCommentActions';

/**
 * `commentlist` (spec part 2 §1; part 3 §2 item 1): the gallery's comments as a plain list in the
 * page, through the comment sheet's list in its plain mode and the page's comments store: 50 a page
 * with load more, the organiser and 'top' tags, three replies then 'more', Delete on the visitor's
 * own. Reply goes to the page's send bar (`commentsend`) or opens the sheet's. Nothing without
 * `use_comment`.
 */
function CommentListBlock({ ctx }: PageComponentRenderProps<'commentlist'>) {
  const store = usePageComments(ctx.gallery);
  const actions = useCommentActions(store);
  if (!store) return null;
  return <CommentList store={store} onReply={actions.reply} plain />;
}

export default observer(CommentListBlock);
