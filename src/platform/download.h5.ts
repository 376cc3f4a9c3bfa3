import { absoluteUrl } from './pay';
import { clientEnv } from './env';
import { REVOKE_AFTER_MS, type DownloadPlatform } from './download-core';
import { H5, UnsupportedPlatformCall } from './unsupported';

export * from './download-core';

/**
 * In-app browsers (WeChat, WeChat Work, DingTalk) neither save a downloaded blob nor a ZIP:
 * there the photos are offered for press-and-hold saving. Other browsers download files.
 */
export const saveMode: DownloadPlatform['saveMode'] = () => {
  const env = clientEnv();
  return env === 'wechat' || env === 'wxwork' || env === 'dingtalk' ? 'long-press' : 'files';
};

/** Browsers that save files download ZIPs (the streamed archive of several photos). */
export const zipDownloadSupported: DownloadPlatform['zipDownloadSupported'] = () => saveMode() === 'files';

function clickLink(href: string, fileName: string): void {
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/** Hand a blob to the browser's download through a temporary <a download>; the URL is revoked after 40 s. */
export const saveBlob: DownloadPlatform['saveBlob'] = (blob, fileName) => {
  const href = URL.createObjectURL(blob);
  clickLink(href, fileName);
  setTimeout(() => URL.revokeObjectURL(href), REVOKE_AFTER_MS);
};

/** One photo: fetched and saved as a blob. */
export const downloadOne: DownloadPlatform['downloadOne'] = async (url, fileName) => {
  try {
    const res = await fetch(absoluteUrl(url));
    if (!res.ok) return 'failed';
    saveBlob(await res.blob(), fileName);
    return 'saved';
  } catch {
    return 'failed';
  }
};

/**
 * Several photos: the server's streamed ZIP, read counting bytes against
 * Content-Length (the progress display), then saved as a blob. With `direct`
 * (or without readable streams) the browser downloads the link itself, with its
 * own progress, and nothing is held in page memory.
 */
export const downloadZip: DownloadPlatform['downloadZip'] = async (url, fileName, onProgress, direct = false) => {
  if (direct || typeof ReadableStream === 'undefined') {
    clickLink(absoluteUrl(url), fileName);
    return 'saved';
  }
  try {
    const res = await fetch(absoluteUrl(url));
    if (!res.ok || !res.body) return 'failed';
    const header = Number(res.headers.get('content-length'));
    const total = Number.isFinite(header) && header > 0 ? header : null;
    const reader = res.body.getReader();
    const parts: BlobPart[] = [];
    let loaded = 0;
    onProgress(0, total);
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
      loaded += value.byteLength;
      onProgress(loaded, total);
    }
    saveBlob(new Blob(parts, { type: 'application/zip' }), fileName);
    return 'saved';
  } catch {
    return 'failed';
  }
};

/** Browsers have no photo album: files go to the browser's downloads (saveBlob). */
export const saveFileToAlbum: DownloadPlatform['saveFileToAlbum'] = async () => {
  throw new UnsupportedPlatformCall('saveFileToAlbum', H5, 'browsers save files with saveBlob');
};
