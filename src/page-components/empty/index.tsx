import { View } from '@tarojs/components';
import type { PageComponentRenderProps } from '../types';
import './empty.scss';

/** `empty`: a container laying out its child components in a row (equal shares) or a column. */
export default function EmptyContainer({ id, props, ctx }: PageComponentRenderProps<'empty'>) {
  const children = Array.isArray(props.children) ? props.children : [];
  if (!children.length) return null;
  const row = props.direction === 'row';
  return (
    <View className={row ? 'empty-box empty-box--row' : 'empty-box'} data-testid="empty-box" data-direction={row ? 'row' : 'column'}>
      {ctx.renderChildren?.(children, id)}
    </View>
  );
}
