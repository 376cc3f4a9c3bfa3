import { lazyBlock } from '../lazy';

/** `buttongroup` (ButtonGroup.tsx): its code and its modals load when a page shows it. */
export default lazyBlock<'buttongroup'>(() => import('./ButtonGroup'));
