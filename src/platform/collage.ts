import { UnsupportedPlatformCall, thisPlatform } from './unsupported';
import type { ReleaseCollage, RenderCollage } from './collage-core';

/**
 * Drawing the jigsaw collage: the interface. The build takes collage.h5.ts (a
 * <canvas> element) or collage.weapp.ts (an offscreen canvas); this file is what
 * type checking sees, and what a platform without an implementation gets.
 * Saving lives in platform/save-collage (it needs platform/download, which the
 * main chunk has anyway).
 */
export * from './collage-core';

export const renderCollage: RenderCollage = () => {
  throw new UnsupportedPlatformCall('renderCollage', thisPlatform());
};

export const releaseCollage: ReleaseCollage = () => {
  throw new UnsupportedPlatformCall('releaseCollage', thisPlatform());
};
