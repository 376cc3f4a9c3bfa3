/**
 * Full screen, keys and pointer activity for the big-screen carousel. Browsers
 * only: the mini-program has no full-screen API and no keyboard, so there these
 * do nothing and report "not full screen" (the screen is an H5 feature).
 */

/** True while the document is shown full screen. */
export function isFullscreen(): boolean {
  if (process.env.TARO_ENV === 'h5') return typeof document !== 'undefined' && !!document.fullscreenElement;
  return false;
}

/** Ask for full screen (call from a tap or click); resolves whether it is full screen now. */
export async function requestFullscreen(): Promise<boolean> {
  if (process.env.TARO_ENV === 'h5') {
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
  }
  return false;
}

/** Calls `handler` when the document leaves full screen. Returns a stop function. */
export function onFullscreenExit(handler: () => void): () => void {
  if (process.env.TARO_ENV === 'h5') {
    if (typeof document === 'undefined') return () => undefined;
    const listener = () => {
      if (!document.fullscreenElement) handler();
    };
    document.addEventListener('fullscreenchange', listener);
    return () => document.removeEventListener('fullscreenchange', listener);
  }
  return () => undefined;
}

export type ScreenKey = 'Space' | 'ArrowLeft' | 'ArrowRight';

/** Keys of the carousel: space (play/pause) and the arrows. Returns a stop function. */
export function onScreenKey(handler: (key: ScreenKey) => void): () => void {
  if (process.env.TARO_ENV === 'h5') {
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
  }
  return () => undefined;
}

/** Calls `handler` on mouse movement or a touch anywhere on the page. Returns a stop function. */
export function onPointerActivity(handler: () => void): () => void {
  if (process.env.TARO_ENV === 'h5') {
    if (typeof document === 'undefined') return () => undefined;
    document.addEventListener('mousemove', handler);
    document.addEventListener('touchstart', handler);
    return () => {
      document.removeEventListener('mousemove', handler);
      document.removeEventListener('touchstart', handler);
    };
  }
  return () => undefined;
}

