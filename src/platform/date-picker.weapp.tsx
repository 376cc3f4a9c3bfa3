import { View, Text, Picker } from '@tarojs/components';
import type { DatePickerProps } from './date-picker-core';

export * from './date-picker-core';

/** The mini-program: Taro's date or time Picker showing the chosen value (or the placeholder). */
export function DatePicker({ mode, value, start, end, placeholder, onChange, testId, className }: DatePickerProps) {
  return (
    <Picker mode={mode} value={value} start={start} end={end} onChange={(e) => onChange(String(e.detail.value))}>
      <View className={className} data-testid={testId}>
        <Text className={value ? undefined : 'form-field__placeholder'}>{value || placeholder}</Text>
      </View>
    </Picker>
  );
}
