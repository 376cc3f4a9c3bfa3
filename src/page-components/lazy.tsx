import type { ComponentType } from 'react';
import { deferred } from '../components/deferred';
import type { PageComponentType } from '../../types/page';
import type { PageComponentRenderProps } from './types';

/**
 * A page component whose code loads the first time a page renders it (docs/architecture.md, "First
 * load of the H5 app"): in the H5 build its own chunk, fetched only when it shows, so one inside a
 * closed accordion fold or an unvisited tab costs the first load nothing. In the mini-program the
 * code is bundled and its first render waits a tick.
 */
export function lazyBlock<K extends PageComponentType>(
  load: () => Promise<{ default: ComponentType<PageComponentRenderProps<K>> }>
): ComponentType<PageComponentRenderProps<K>> {
  const Deferred = deferred<PageComponentRenderProps<K>>(load);
  return function LazyBlock(p: PageComponentRenderProps<K>) {
    return <Deferred {...p} wanted />;
  };
}
