/** `empty`: a container laying out its child components in a row or a column. */
import { defineComponent, OneOf, Props } from './kit';
import { NestedComponents } from './nested';
import type * as T from 'typebox';

export const EmptyPropsSchema = Props({
  direction: OneOf(['row', 'column'] as const, { default: 'column' }),
  children: NestedComponents()
});
export type EmptyProps = T.Static<typeof EmptyPropsSchema>;

export const emptyDefinition = defineComponent('empty', EmptyPropsSchema, (props) => [{ at: '.children', components: props.children }]);
export const EMPTY_DEFAULTS: EmptyProps = emptyDefinition.defaults;
