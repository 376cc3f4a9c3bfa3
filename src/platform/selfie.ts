import { unsupported } from './unsupported';
import type { SelfiePlatform } from './selfie-core';

/**
 * Choosing and preparing a selfie: the interface. The build takes selfie.h5.ts (a file
 * input and a canvas) or selfie.weapp.ts (chooseMedia, an offscreen canvas and the file
 * system's base64); this file is what type checking sees.
 */
export * from './selfie-core';

export const chooseSelfie: SelfiePlatform['chooseSelfie'] = unsupported('chooseSelfie');
export const renderSelfie: SelfiePlatform['renderSelfie'] = unsupported('renderSelfie');
export const releaseSelfie: SelfiePlatform['releaseSelfie'] = unsupported('releaseSelfie');
