import type { FullscreenPlatform, ScreenKey } from './fullscreen-core';

export * from './fullscreen-core';

/** Browsers: full screen, keys and pointer activity for the big-screen carousel. */
export const fullscreenSupported: FullscreenPlatform['fullscreenSupported'] = () => true;

/** True while the document is shown full screen. */
export const isFullscreen: FullscreenPlatform['isFullscreen'] = () => typeof document !== 'undefined' && !!document.fullscreenElement;

/** Ask for full screen (call from a tap or click); resolves whether it is full screen now. */
export const requestFullscreen: FullscreenPlatform['requestFullscreen'] = async () => {
  if (typeof document === 'undefined') return false;
  const el = document.documentElement;
  if (document.fullscreenElement || typeof el.requestFullscreen !== 'function') return !!document.fullscreenElement;
  try {
    await el.requestFullscreen();
    return true;
  } catch {
    // Refused (no user gesture, or a frame without permission): the show plays in the window.
    return false;
  }
};

/** Calls `handler` when the document leaves full screen. Returns a stop function. */
export const onFullscreenExit: FullscreenPlatform['onFullscreenExit'] = (handler) => {
  if (typeof document === 'undefined') return () => undefined;
  const listener = () => {
    if (!document.fullscreenElement) handler();
  };
  document.addEventListener('fullscreenchange', listener);
  return () => document.removeEventListener('fullscreenchange', listener);
};

/** Keys of the carousel: space (play/pause) and the arrows. Returns a stop function. */
export const onScreenKey: FullscreenPlatform['onScreenKey'] = (handler) => {
  if (typeof document === 'undefined') return () => undefined;
  const listener = (e: KeyboardEvent) => {
    const target = e.target as HTMLElement | null;
    // A focused dropdown keeps its own keys.
    if (target && (target.tagName === 'SELECT' || target.tagName === 'INPUT')) return;
    const key: ScreenKey | null = e.key === ' ' || e.code === 'Space' ? 'Space' : e.key === 'ArrowLeft' || e.key === 'ArrowRight' ? e.key : null;
    if (!key) return;
    e.preventDefault();
    handler(key);
  };
  document.addEventListener('keydown', listener);
  return () => document.removeEventListener('keydown', listener);
};

/** Calls `handler` on mouse movement or a touch anywhere on the page. Returns a stop function. */
export const onPointerActivity: FullscreenPlatform['onPointerActivity'] = (handler) => {
  if (typeof document === 'undefined') return () => undefined;
  document.addEventListener('mousemove', handler);
  document.addEventListener('touchstart', handler);
  return () => {
    document.removeEventListener('mousemove', handler);
    document.removeEventListener('touchstart', handler);
  };
};

