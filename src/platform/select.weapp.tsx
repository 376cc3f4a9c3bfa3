import { View, Text, Picker } from '@tarojs/components';
import type { SelectProps } from './select-core';

export * from './select-core';

/** The mini-program: Taro's selector Picker showing the label and the chosen option. */
export function Select<V extends string | number>({ label, value, options, onChange, testId, className }: SelectProps<V>) {
  const at = Math.max(0, options.findIndex((o) => o.value === value));
  return (
    <Picker mode="selector" range={options.map((o) => o.label)} value={at} onChange={(e) => onChange(options[Number(e.detail.value)].value)}>
      <View className={className} data-testid={testId}>
        <Text className={className ? `${className}__label` : undefined}>{label}</Text>
        <Text className={className ? `${className}__select` : undefined}>{options[at]?.label ?? ''}</Text>
      </View>
    </Picker>
  );
}
