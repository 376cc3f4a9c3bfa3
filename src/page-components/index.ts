export { PageRenderer } from './PageRenderer';
export { registry } from './registry';
export { ComponentWrapper } from './ComponentWrapper';
export type { PageRenderContext, PageComponentRenderProps } from './types';
