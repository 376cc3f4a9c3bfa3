import type { PageComponentRenderProps } from '../types';

/** `navigator` configures the page's bottom navigation (the page reads its props); it shows nothing here. */
export default function Navigator(_: PageComponentRenderProps<'navigator'>) {
  return null;
}
