import type { ReactNode } from 'react';
import type { Gallery, Theme } from '../../types/api/gallery';
import type { PageComponent, PageComponentPropsMap, PageComponentType } from '../../types/page';

/** What a page gives its components besides their own props. */
export interface PageRenderContext {
  /** The page's gallery. */
  gallery: Gallery;
  /** Its sub-galleries. */
  children: Gallery[];
  /** Colours; defaults to the gallery's config.theme. */
  theme?: Theme;
  /** The bottom navigation is shown (docked buttons then share its bar). */
  navShown?: boolean;
  /** How many tabs it shows (the bar's room for docked buttons depends on it). */
  navTabs?: number;
  /** Renders nested components (a container's children) the way the page renders its own; set by PageRenderer. */
  renderChildren?: (components: PageComponent[], key: string) => ReactNode;
}

/** Props every renderer receives: its configured props with defaults filled in. */
export interface PageComponentRenderProps<K extends PageComponentType> {
  /** The component's id in pagedata (unique on the page). */
  id: string;
  props: PageComponentPropsMap[K];
  ctx: Required<Pick<PageRenderContext, 'theme'>> & PageRenderContext;
}
