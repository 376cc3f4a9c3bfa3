import { deferred } from '../../components/deferred';
import type { PageComponentRenderProps } from '../types';

/** The slideshow's code (the venue screen's stores and stage) loads when a page shows the block. */
const Deferred = deferred<PageComponentRenderProps<'carousel'>>(() => import('./CarouselBlock'));

export default function CarouselBlock(p: PageComponentRenderProps<'carousel'>) {
  return <Deferred {...p} wanted />;
}
