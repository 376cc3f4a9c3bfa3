import type { PageComponent } from './index';

/** `empty`: a container laying out its child components in a row or a column. */
export interface EmptyProps {
  direction: 'row' | 'column';
  children: PageComponent[];
}

export const EMPTY_DEFAULTS: EmptyProps = { direction: 'column', children: [] };
