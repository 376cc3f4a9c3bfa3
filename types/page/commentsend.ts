/**
 * `commentsend`: the gallery's comment send bar placed on an organiser's page (spec part 2 §1;
 * part 3 §2 item 2). It is fixed at the bottom of the screen and gets no container style; while it
 * is on the page the pendants and the other bottom-fixed controls stand on it (part 3 §9: 66 px).
 * It shows only for a gallery that takes comments (`use_comment`). Nothing to configure.
 */
import type * as T from 'typebox';
import { defineComponent, Props } from './kit';

export const CommentSendPropsSchema = Props({});
export type CommentSendProps = T.Static<typeof CommentSendPropsSchema>;

export const commentSendDefinition = defineComponent('commentsend', CommentSendPropsSchema);
