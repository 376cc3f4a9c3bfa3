import { UnsupportedPlatformCall, thisPlatform } from './unsupported';
import type { CreatePosterCanvas } from './poster-canvas-core';

/**
 * The poster canvas: the interface. The build takes poster-canvas.h5.ts (a <canvas>
 * element) or poster-canvas.weapp.ts (an offscreen canvas of type 2d); this file is what
 * type checking sees, and what a platform without an implementation gets.
 */
export * from './poster-canvas-core';

export const createPosterCanvas: CreatePosterCanvas = () => {
  throw new UnsupportedPlatformCall('createPosterCanvas', thisPlatform());
};
