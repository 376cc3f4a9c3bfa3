import type { DatePickerProps } from './date-picker-core';
import { UnsupportedPlatformCall, thisPlatform } from './unsupported';

/**
 * A date or time picker: the interface. The build takes date-picker.h5.tsx (a native input)
 * or date-picker.weapp.tsx (Taro's Picker); this file is what type checking sees.
 */
export * from './date-picker-core';

export function DatePicker(_props: DatePickerProps): JSX.Element {
  throw new UnsupportedPlatformCall('DatePicker', thisPlatform());
}
