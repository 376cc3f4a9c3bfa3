import { lazyBlock } from '../lazy';

/** `tab` (Tab.tsx, with taro-ui's AtTabs and its stylesheet): loads when a page shows it. */
export default lazyBlock<'tab'>(() => import('./Tab'));
