import type { DownloadPlatform } from './download-core';
import { unsupported } from './unsupported';

/**
 * Saving photos: the interface. The build takes download.h5.ts (fetch, blobs,
 * the streamed ZIP, <a download>) or download.weapp.ts (the photo album); this
 * file is what type checking sees, and what a platform without an implementation gets.
 */
export * from './download-core';

const missing = (call: string) => unsupported(call);

export const saveMode: DownloadPlatform['saveMode'] = missing('saveMode');
export const zipDownloadSupported: DownloadPlatform['zipDownloadSupported'] = missing('zipDownloadSupported');
export const downloadOne: DownloadPlatform['downloadOne'] = missing('downloadOne');
export const downloadZip: DownloadPlatform['downloadZip'] = missing('downloadZip');
export const saveFileToAlbum: DownloadPlatform['saveFileToAlbum'] = missing('saveFileToAlbum');
export const saveBlob: DownloadPlatform['saveBlob'] = missing('saveBlob');
