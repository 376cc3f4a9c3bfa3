/**
 * `commentlist`: the gallery's comments as a plain list in the page (spec part 2 §1; part 3 §2
 * item 1): newest first, 50 a page with load more, the organiser and 'top' tags, replies (three,
 * then 'more') and Delete on the visitor's own. It shows only for a gallery that takes comments
 * (`use_comment`). Nothing to configure.
 */
import type * as T from 'typebox';
import { defineComponent, Props } from './kit';

export const CommentListPropsSchema = Props({});
export type CommentListProps = T.Static<typeof CommentListPropsSchema>;

export const commentListDefinition = defineComponent('commentlist', CommentListPropsSchema);
