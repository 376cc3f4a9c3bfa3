import { BOOT_GLOBAL, BOOT_SESSION_GLOBAL, type BootData, type BootSession } from '../../types/boot';
import type { GalleryDetail } from '../../types/api/gallery';

/**
 * The data the server wrote into the H5 document (types/boot.ts). Each part is
 * taken once: the first page that asks for it gets it, every later load fetches
 * as before. The mini-program has no document: nothing is ever there.
 */
function bootData(): BootData | null {
  if (process.env.TARO_ENV === 'weapp') return null;
  if (typeof window === 'undefined') return null;
  const data = (window as unknown as Record<string, unknown>)[BOOT_GLOBAL];
  return data && typeof data === 'object' ? (data as BootData) : null;
}

/** The booted detail of this gallery, once; null when the document carries none for it (or it was taken). */
export function takeBootGallery(linkId: string): GalleryDetail | null {
  const boot = bootData();
  const g = boot?.gallery;
  if (!boot || !g || g.link_id !== linkId || !g.detail?.gallery) return null;
  delete boot.gallery;
  return g.detail;
}

/** Longest the first screen waits for its banner before it gives way all the same. */
export const BOOT_BANNER_WAIT_MS = 1000;

/**
 * The server's first screen (#boot-skeleton, server/src/services/h5/skeleton.ts) gives way
 * to the app: called once a page has rendered what it shows (or its error). It stays until
 * then, over the app's own loading state, so a slow session answer shows the event's name
 * and banner rather than a spinner. When its banner is still loading it stays a frame past
 * the banner's arrival and paint (at most BOOT_BANNER_WAIT_MS): the app's slide is the same picture
 * from the same request, so taking the first screen away sooner shows an empty slide and
 * then the same picture again.
 */
export function dismissBootSkeleton(): void {
  if (process.env.TARO_ENV === 'weapp') return;
  if (typeof document === 'undefined') return;
  const el = document.getElementById('boot-skeleton');
  if (!el) return;
  const img = el.querySelector('img');
  if (!img) {
    el.remove();
    return;
  }
  let gone = false;
  const remove = () => {
    if (gone) return;
    gone = true;
    el.remove();
  };
  // A banner that has just arrived may not have been painted yet: a frame more.
  const afterPaint = () => requestAnimationFrame(() => setTimeout(remove, 0));
  if (img.complete) afterPaint();
  else {
    img.addEventListener('load', afterPaint, { once: true });
    img.addEventListener('error', remove, { once: true });
  }
  setTimeout(remove, BOOT_BANNER_WAIT_MS);
}

/**
 * The document's own session call (types/boot.ts BOOT_SESSION_GLOBAL), once: the first
 * session call of the app takes it; null when there is none (the mini-program, a test,
 * or it was taken).
 */
export function takeBootSession(): BootSession | null {
  if (process.env.TARO_ENV === 'weapp') return null;
  if (typeof window === 'undefined') return null;
  const w = window as unknown as Record<string, unknown>;
  const p = w[BOOT_SESSION_GLOBAL];
  delete w[BOOT_SESSION_GLOBAL];
  return p && typeof (p as Promise<unknown>).then === 'function' ? (p as BootSession) : null;
}
