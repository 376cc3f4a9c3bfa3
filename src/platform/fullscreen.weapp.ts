import type { FullscreenPlatform } from './fullscreen-core';
import { unsupported, WEAPP } from './unsupported';

export * from './fullscreen-core';

/**
 * The mini-program has no full-screen API, no keyboard and no pointer: the big
 * screen is a browser feature. Callers ask fullscreenSupported() first.
 */
export const fullscreenSupported: FullscreenPlatform['fullscreenSupported'] = () => false;

const missing = (call: string) => unsupported(call, WEAPP, 'ask fullscreenSupported() first');

export const isFullscreen: FullscreenPlatform['isFullscreen'] = missing('isFullscreen');
export const requestFullscreen: FullscreenPlatform['requestFullscreen'] = missing('requestFullscreen');
export const onFullscreenExit: FullscreenPlatform['onFullscreenExit'] = missing('onFullscreenExit');
export const onScreenKey: FullscreenPlatform['onScreenKey'] = missing('onScreenKey');
export const onPointerActivity: FullscreenPlatform['onPointerActivity'] = missing('onPointerActivity');
