/** `tips`: a one-line banner (scrolls when longer than the width). */
import * as T from 'typebox';
import { defineComponent, Line, Props } from './kit';
import { LinkSchema } from './link';

export const TIPS_TEXT_MAX = 200;

export const TipsPropsSchema = Props({
  text: Line(TIPS_TEXT_MAX, { default: '' }),
  link: T.Optional(LinkSchema)
});
export type TipsProps = T.Static<typeof TipsPropsSchema>;

export const tipsDefinition = defineComponent('tips', TipsPropsSchema);
export const TIPS_DEFAULTS: TipsProps = tipsDefinition.defaults;
