/**
 * `navigator` renders nothing where it stands (spec part 2 §1): it configures the
 * bottom navigation of the page.
 */
import * as T from 'typebox';
import { defineComponent, OneOf, Props } from './kit';

export const NavigatorPropsSchema = Props({
  /** Show the My tab (tab 5): the "my context". */
  show_my: T.Boolean({ default: false }),
  /** Label of tab 0: 'home' (Home), 'live' (Live Gallery) or 'back' (Back Home). */
  home_label: OneOf(['home', 'live', 'back'] as const, { default: 'home' })
});
export type NavigatorProps = T.Static<typeof NavigatorPropsSchema>;

export const navigatorDefinition = defineComponent('navigator', NavigatorPropsSchema);
export const NAVIGATOR_DEFAULTS: NavigatorProps = navigatorDefinition.defaults;
