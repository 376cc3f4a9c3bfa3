import { View, Text, Picker } from '@tarojs/components';

export interface SelectOption<V extends string | number> {
  value: V;
  label: string;
}

export interface SelectProps<V extends string | number> {
  label: string;
  value: V;
  options: SelectOption<V>[];
  onChange: (value: V) => void;
  testId?: string;
  className?: string;
}

/**
 * A labelled dropdown: a native <select> in browsers (keyboard and mouse work as
 * everywhere, and a big screen needs no wheel picker), Taro's selector Picker in
 * the mini-program.
 */
export function Select<V extends string | number>({ label, value, options, onChange, testId, className }: SelectProps<V>) {
  const at = Math.max(0, options.findIndex((o) => o.value === value));
  if (process.env.TARO_ENV === 'h5') {
    return (
      <label className={className}>
        <span className={className ? `${className}__label` : undefined}>{label}</span>
        <select
          className={className ? `${className}__select` : undefined}
          data-testid={testId}
          aria-label={label}
          value={String(value)}
          onChange={(e) => onChange(options[e.currentTarget.selectedIndex].value)}
        >
          {options.map((o) => (
            <option key={String(o.value)} value={String(o.value)}>
              {o.label}
            </option>
          ))}
        </select>
      </label>
    );
  }
  return (
    <Picker mode="selector" range={options.map((o) => o.label)} value={at} onChange={(e) => onChange(options[Number(e.detail.value)].value)}>
      <View className={className} data-testid={testId}>
        <Text className={className ? `${className}__label` : undefined}>{label}</Text>
        <Text className={className ? `${className}__select` : undefined}>{options[at]?.label ?? ''}</Text>
      </View>
    </Picker>
  );
}
