import { UnsupportedPlatformCall, thisPlatform } from './unsupported';

/** Keyboard keys the viewer understands (desktop browsers). */
export type ViewerKey = 'ArrowLeft' | 'ArrowRight' | 'Escape';

/** Browsers have a keyboard; the mini-program has none. */
export function viewerKeysSupported(): boolean {
  return process.env.TARO_ENV === 'h5';
}

/** Listen for the viewer's keys (browsers; ask viewerKeysSupported() first). Returns a stop function. */
export function onViewerKey(handler: (key: ViewerKey) => void): () => void {
  if (process.env.TARO_ENV !== 'h5') throw new UnsupportedPlatformCall('onViewerKey', thisPlatform(), 'there is no keyboard; ask viewerKeysSupported() first');
  if (typeof document === 'undefined') return () => undefined;
  const listener = (e: KeyboardEvent) => {
    if (e.key === 'ArrowLeft' || e.key === 'ArrowRight' || e.key === 'Escape') {
      e.preventDefault();
      handler(e.key);
    }
  };
  document.addEventListener('keydown', listener);
  return () => document.removeEventListener('keydown', listener);
}
