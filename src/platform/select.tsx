import type { SelectProps } from './select-core';
import { UnsupportedPlatformCall, thisPlatform } from './unsupported';

/**
 * A labelled dropdown: the interface. The build takes select.h5.tsx (a native
 * <select>) or select.weapp.tsx (Taro's selector Picker); this file is what type
 * checking sees, and what a platform without an implementation gets.
 */
export * from './select-core';

export function Select<V extends string | number>(_props: SelectProps<V>): JSX.Element {
  throw new UnsupportedPlatformCall('Select', thisPlatform());
}
