/**
 * `tab`: components in tabs (spec part 1 §2 "Tab component: modes top or another mode, with a
 * remembered active tab per component"). `top`: the tab bar above the content; `left`: a column of
 * tabs beside it. Each tab holds its own components.
 */
import * as T from 'typebox';
import { defineComponent, Line, OneOf, Props } from './kit';
import { NestedComponents } from './nested';

export const TAB_MODES = ['top', 'left'] as const;
export type TabMode = (typeof TAB_MODES)[number];
/** Most tabs in one component. */
export const TAB_ITEMS_MAX = 10;

export const TabItemSchema = T.Object({ title: Line(20, { minLength: 1 }), children: NestedComponents() }, { additionalProperties: false });
export type TabItem = T.Static<typeof TabItemSchema>;

export const TabPropsSchema = Props({
  items: T.Array(TabItemSchema, { maxItems: TAB_ITEMS_MAX, default: [] }),
  mode: OneOf(TAB_MODES, { default: 'top' }),
  /** The tab shown on a first visit (later visits show the one the visitor chose last). */
  active: T.Integer({ minimum: 0, maximum: TAB_ITEMS_MAX - 1, default: 0 })
});
export type TabProps = T.Static<typeof TabPropsSchema>;

export const tabDefinition = defineComponent('tab', TabPropsSchema, (props) =>
  (Array.isArray(props.items) ? props.items : []).map((item, i) => ({ at: `.items[${i}].children`, components: (item as { children?: unknown })?.children }))
);
export const TAB_DEFAULTS: TabProps = tabDefinition.defaults;
