import { UnsupportedPlatformCall, thisPlatform } from './unsupported';

export type CollageModule = typeof import('./collage');

/**
 * The collage code, loaded on demand: a separate chunk in browsers
 * (collage-loader.h5.ts: the first load stays small); the mini-program has no
 * async chunks, so there it is bundled (collage-loader.weapp.ts).
 */
export function loadCollage(): Promise<CollageModule> {
  throw new UnsupportedPlatformCall('loadCollage', thisPlatform());
}
