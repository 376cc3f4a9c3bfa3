import { lazyBlock } from '../lazy';

/** `hot` and `hot_pic` (HotBlock.tsx): load when a page shows one. */
export const Hot = lazyBlock<'hot'>(() => import('./HotBlock').then((m) => ({ default: m.Hot })));
export const HotPic = lazyBlock<'hot_pic'>(() => import('./HotBlock').then((m) => ({ default: m.HotPic })));
