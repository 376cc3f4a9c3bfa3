import type { GalleryDetail } from './api/gallery';

/**
 * Data the server writes into the H5 document (`window.__BOOT__`) so the app does
 * not fetch it again after the script has run (issue 12, Speed 3). The server
 * (server/src/services/h5/document.ts) writes only what any visitor may see; the app
 * (src/platform/boot) takes each part once and then fetches as before.
 */
export const BOOT_GLOBAL = '__BOOT__';

export interface BootData {
  /** The gallery of the URL, as `GET /api/v2/gallery/link/{link_id}` answers a visitor without a session. */
  gallery?: { link_id: string; detail: GalleryDetail };
}
