import { BOOT_GLOBAL, type BootData } from '../../types/boot';
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

/**
 * The server's first screen (#boot-skeleton, server/src/services/h5/skeleton.ts) gives way
 * to the app: called once a page has rendered what it shows (or its error). It stays until
 * then, over the app's own loading state, so a slow session answer shows the event's name
 * and banner rather than a spinner.
 */
export function dismissBootSkeleton(): void {
  if (process.env.TARO_ENV === 'weapp') return;
  if (typeof document === 'undefined') return;
  document.getElementById('boot-skeleton')?.remove();
}
