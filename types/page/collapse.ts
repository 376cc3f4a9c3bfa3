import type { PageComponent } from './index';

/** One fold of an accordion: its title, whether it starts open, and the components inside. */
export interface CollapseItem {
  title: string;
  expand?: boolean;
  children: PageComponent[];
}

/** `collapse`: an accordion (spec part 2 §2: items with title, expand, children). */
export interface CollapseProps {
  items: CollapseItem[];
}

export const COLLAPSE_DEFAULTS: CollapseProps = { items: [] };
