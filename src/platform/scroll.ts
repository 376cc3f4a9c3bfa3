import type { ScrollPlatform } from './scroll-core';
import { UnsupportedPlatformCall, thisPlatform } from './unsupported';

/**
 * Page scrolling around photo lists: the interface. The build takes
 * scroll.h5.ts (the DOM: `.taro_page`, IntersectionObserver) or scroll.weapp.ts
 * (onPageScroll, selector queries, Taro's IntersectionObserver); this file is
 * what type checking sees, and what a platform without an implementation gets.
 */
export * from './scroll-core';

export const observeNearBottom: ScrollPlatform['observeNearBottom'] = () => {
  throw new UnsupportedPlatformCall('observeNearBottom', thisPlatform());
};
export const useListViewport: ScrollPlatform['useListViewport'] = () => {
  throw new UnsupportedPlatformCall('useListViewport', thisPlatform());
};
export const pageScrollOffset: ScrollPlatform['pageScrollOffset'] = () => {
  throw new UnsupportedPlatformCall('pageScrollOffset', thisPlatform());
};
export const scrollPageTo: ScrollPlatform['scrollPageTo'] = () => {
  throw new UnsupportedPlatformCall('scrollPageTo', thisPlatform());
};
