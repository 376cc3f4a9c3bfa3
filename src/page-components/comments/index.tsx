import { lazyBlock } from '../lazy';

/** The page's comment blocks load with a page that has them (the send bar, the item list and their styles). */
export const CommentSendBlock = lazyBlock<'commentsend'>(() => import('./CommentSend'));
export const CommentListPageBlock = lazyBlock<'commentlist'>(() => import('./CommentListBlock'));
