/** `collapse`: an accordion (spec part 2 §2: items with title, expand, children). */
import * as T from 'typebox';
import { defineComponent, Line, Props } from './kit';
import { NestedComponents } from './nested';

/** Most folds in one accordion. */
export const COLLAPSE_ITEMS_MAX = 30;

/** One fold of an accordion: its title, whether it starts open, and the components inside. */
export const CollapseItemSchema = T.Object(
  { title: Line(100), expand: T.Optional(T.Boolean()), children: NestedComponents() },
  { additionalProperties: false }
);
export type CollapseItem = T.Static<typeof CollapseItemSchema>;

export const CollapsePropsSchema = Props({
  items: T.Array(CollapseItemSchema, { maxItems: COLLAPSE_ITEMS_MAX, default: [] })
});
export type CollapseProps = T.Static<typeof CollapsePropsSchema>;

export const collapseDefinition = defineComponent('collapse', CollapsePropsSchema, (props) =>
  (Array.isArray(props.items) ? props.items : []).map((item, i) => ({ at: `.items[${i}].children`, components: (item as { children?: unknown })?.children }))
);
export const COLLAPSE_DEFAULTS: CollapseProps = collapseDefinition.defaults;
