import type { FullscreenPlatform } from './fullscreen-core';
import { unsupported } from './unsupported';

/**
 * Full screen, keys and pointer activity of the big-screen carousel: the
 * interface. The build takes fullscreen.h5.ts (the browser) or fullscreen.weapp.ts
 * (none of it: fullscreenSupported() is false and every call throws); this file
 * is what type checking sees, and what a platform without an implementation gets.
 */
export * from './fullscreen-core';

const missing = (call: string) => unsupported(call);

export const fullscreenSupported: FullscreenPlatform['fullscreenSupported'] = missing('fullscreenSupported');
export const isFullscreen: FullscreenPlatform['isFullscreen'] = missing('isFullscreen');
export const requestFullscreen: FullscreenPlatform['requestFullscreen'] = missing('requestFullscreen');
export const onFullscreenExit: FullscreenPlatform['onFullscreenExit'] = missing('onFullscreenExit');
export const onScreenKey: FullscreenPlatform['onScreenKey'] = missing('onScreenKey');
export const onPointerActivity: FullscreenPlatform['onPointerActivity'] = missing('onPointerActivity');
