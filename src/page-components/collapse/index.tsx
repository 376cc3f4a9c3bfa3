import { useState } from 'react';
import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import type { PageComponentRenderProps } from '../types';
import './collapse.scss';

/** `collapse`: an accordion; each fold shows its title and, when open, its child components. */
function Collapse({ id, props, ctx }: PageComponentRenderProps<'collapse'>) {
  const items = Array.isArray(props.items) ? props.items.filter((i) => i && typeof i.title === 'string') : [];
  const [open, setOpen] = useState<boolean[]>(() => items.map((i) => i.expand === true));
  if (!items.length) return null;
  return (
    <View className="collapse" data-testid="collapse">
      {items.map((item, i) => {
        const isOpen = open[i] ?? false;
        return (
          <View key={`${id}-${i}`} className="collapse__item" data-testid="collapse-item" data-open={isOpen ? 1 : 0}>
            <View
              className="collapse__head"
              data-testid="collapse-head"
              role="button"
              aria-expanded={isOpen}
              onClick={() => setOpen((o) => items.map((_, k) => (k === i ? !(o[k] ?? false) : (o[k] ?? false))))}
            >
              <Text className="collapse__title">{item.title}</Text>
              <View className={isOpen ? 'collapse__arrow collapse__arrow--open' : 'collapse__arrow'} />
            </View>
            {isOpen ? (
              <View className="collapse__body" data-testid="collapse-body">
                {ctx.renderChildren?.(Array.isArray(item.children) ? item.children : [], `${id}-${i}`)}
              </View>
            ) : null}
          </View>
        );
      })}
    </View>
  );
}

export default observer(Collapse);
