import { View, Text, Picker } from '@tarojs/components';
import './index.scss';

/** A settings row whose value is picked from a list (native picker on both platforms). */
export function OptionRow<T extends string>(props: {
  title: string;
  value: T;
  options: { value: T; label: string }[];
  onChange: (v: T) => void;
  testId?: string;
}) {
  const index = Math.max(0, props.options.findIndex((o) => o.value === props.value));
  return (
    <Picker
      mode="selector"
      range={props.options.map((o) => o.label)}
      value={index}
      onChange={(e) => props.onChange(props.options[Number(e.detail.value)].value)}
    >
      <View className="option-row" data-testid={props.testId}>
        <Text className="option-row__title">{props.title}</Text>
        <Text className="option-row__value">{props.options[index]?.label} ›</Text>
      </View>
    </Picker>
  );
}
