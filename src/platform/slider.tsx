import type { SliderProps } from './slider-core';
import { UnsupportedPlatformCall, thisPlatform } from './unsupported';

/**
 * The head slider: the interface. The build takes slider.h5.tsx (a scroll-snap
 * row) or slider.weapp.tsx (the native swiper); this file is what type checking
 * sees, and what a platform without an implementation gets.
 */
export * from './slider-core';

export default function Slider(_props: SliderProps): JSX.Element {
  throw new UnsupportedPlatformCall('Slider', thisPlatform());
}
