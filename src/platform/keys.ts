/** Keyboard keys the viewer understands (desktop browsers). */
export type ViewerKey = 'ArrowLeft' | 'ArrowRight' | 'Escape';

/**
 * Listen for the viewer's keys. Browsers only: the mini-program has no
 * keyboard, so there the listener is never installed. Returns a stop function.
 */
export function onViewerKey(handler: (key: ViewerKey) => void): () => void {
  if (process.env.TARO_ENV === 'h5') {
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
  return () => undefined;
}
