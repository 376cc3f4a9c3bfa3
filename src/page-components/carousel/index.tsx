import { lazyBlock } from '../lazy';

/** `carousel` (CarouselBlock.tsx): the slideshow's code (the venue screen's stores and stage) loads when a page shows it. */
export default lazyBlock<'carousel'>(() => import('./CarouselBlock'));
