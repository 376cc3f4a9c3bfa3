import { View, Text } from '@tarojs/components';
import type { PageComponentRenderProps } from '../types';
import './eventinfo.scss';

/** `actflow`: the programme as a timeline; `title` items head a section (a day), `flow` items are its steps. */
export default function ActFlow({ id, props, ctx }: PageComponentRenderProps<'actflow'>) {
  const items = Array.isArray(props.items) ? props.items.filter((i) => i && typeof i.title === 'string' && i.title.trim()) : [];
  if (!items.length) return null;
  return (
    <View className="actflow" data-testid="actflow">
      {items.map((item, i) =>
        item.type === 'title' ? (
          <View key={`${id}-${i}`} className="actflow__section" data-testid="actflow-title">
            <Text>{item.title}</Text>
            {item.date ? <Text className="actflow__date">{item.date}</Text> : null}
          </View>
        ) : (
          <View key={`${id}-${i}`} className="actflow__step" data-testid="actflow-step">
            <View className="actflow__dot" style={{ borderColor: ctx.theme.main }} />
            <View className="actflow__when">
              <Text>{item.time || ''}</Text>
              {item.date ? <Text className="actflow__date">{item.date}</Text> : null}
            </View>
            <View className="actflow__what">
              <Text className="actflow__name">{item.title}</Text>
              {item.desc ? <Text className="actflow__desc">{item.desc}</Text> : null}
            </View>
          </View>
        )
      )}
    </View>
  );
}
