import Taro from '@tarojs/taro';
import { absoluteUrl } from './pay';

export type DownloadOutcome = 'saved' | 'denied' | 'failed';

/** Object URLs of browser downloads are revoked this long after the click. */
export const REVOKE_AFTER_MS = 40_000;
/** Above this estimated size (bytes, the photos' sizes added) a ZIP is not gathered in page memory: the browser downloads the link itself. */
export const ZIP_BLOB_LIMIT = 200 * 1024 * 1024;

const ALBUM_SCOPE = 'scope.writePhotosAlbum';

export interface AlbumTexts {
  permissionTitle: string;
  permissionText: string;
}

function authDenied(e: unknown): boolean {
  return /auth|deny|denied/i.test((e as { errMsg?: string })?.errMsg ?? String(e));
}

/** Mini-program: download, then save to the photo album, asking for album access (and opening the settings after a refusal). */
async function saveToAlbum(url: string, texts: AlbumTexts): Promise<DownloadOutcome> {
  try {
    const file = await Taro.downloadFile({ url: absoluteUrl(url) });
    if (file.statusCode !== 200) return 'failed';
    return await saveFileToAlbum(file.tempFilePath, texts);
  } catch {
    return 'failed';
  }
}

/** Mini-program: save a local image file (a download, a drawn collage) to the photo album, asking for album access first. */
export async function saveFileToAlbum(filePath: string, texts: AlbumTexts): Promise<DownloadOutcome> {
  if (process.env.TARO_ENV !== 'weapp') throw new Error('saveFileToAlbum is only supported in the mini-program');
  try {
    try {
      await Taro.authorize({ scope: ALBUM_SCOPE });
    } catch {
      const modal = await Taro.showModal({ title: texts.permissionTitle, content: texts.permissionText });
      if (!modal.confirm) return 'denied';
      const setting = await Taro.openSetting();
      if (!setting.authSetting[ALBUM_SCOPE]) return 'denied';
    }
    try {
      await Taro.saveImageToPhotosAlbum({ filePath });
    } catch (e) {
      return authDenied(e) ? 'denied' : 'failed';
    }
    return 'saved';
  } catch {
    return 'failed';
  }
}

/** Browsers: hand a blob to the browser's download through a temporary <a download>; the URL is revoked after 40 s. */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  clickLink(href, fileName);
  setTimeout(() => URL.revokeObjectURL(href), REVOKE_AFTER_MS);
}

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

/** One photo: the mini-program saves it to the album; browsers fetch it and save the blob. */
export async function downloadOne(url: string, fileName: string, texts: AlbumTexts): Promise<DownloadOutcome> {
  if (process.env.TARO_ENV === 'weapp') return saveToAlbum(url, texts);
  try {
    const res = await fetch(absoluteUrl(url));
    if (!res.ok) return 'failed';
    saveBlob(await res.blob(), fileName);
    return 'saved';
  } catch {
    return 'failed';
  }
}

export type ZipProgress = (loaded: number, total: number | null) => void;

/**
 * Several photos: the server's streamed ZIP. Browsers read the stream counting
 * bytes against Content-Length (the progress display), then save the blob.
 * The ZIP token is usable once, so the size cannot be probed first: the caller
 * passes `direct` when the photos' own sizes add up to more than ZIP_BLOB_LIMIT,
 * and then (or without readable streams) the browser downloads the link itself,
 * with its own progress, and nothing is held in page memory.
 */
export async function downloadZip(url: string, fileName: string, onProgress: ZipProgress, direct = false): Promise<DownloadOutcome> {
  if (process.env.TARO_ENV === 'weapp') return 'failed';
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
}
