/** What both download implementations (download.h5.ts, download.weapp.ts) share. */

export type DownloadOutcome = 'saved' | 'denied' | 'failed';

/**
 * How photos are saved here: 'files' (a browser downloads files and ZIPs), 'album' (the
 * mini-program saves each photo to the photo album), 'long-press' (an in-app browser —
 * WeChat, WeChat Work, DingTalk — cannot save a downloaded file or a ZIP: the photos are
 * shown at full size and the visitor presses and holds each one to save it).
 */
export type SaveMode = 'files' | 'album' | 'long-press';

/** Object URLs of browser downloads are revoked this long after the click. */
export const REVOKE_AFTER_MS = 40_000;
/** Above this estimated size (bytes, the photos' sizes added) a ZIP is not gathered in page memory: the browser downloads the link itself. */
export const ZIP_BLOB_LIMIT = 200 * 1024 * 1024;

export interface AlbumTexts {
  permissionTitle: string;
  permissionText: string;
}

export type ZipProgress = (loaded: number, total: number | null) => void;

export interface DownloadPlatform {
  /** How photos are saved on this platform (and in this browser). */
  saveMode(): SaveMode;
  /** Several photos as one ZIP: browsers that save files; the mini-program saves photos to the album one by one. */
  zipDownloadSupported(): boolean;
  /** One photo: the mini-program saves it to the album; browsers fetch it and save the blob. */
  downloadOne(url: string, fileName: string, texts: AlbumTexts): Promise<DownloadOutcome>;
  /**
   * Several photos: the server's streamed ZIP (browsers only). The ZIP token is
   * usable once, so the size cannot be probed first: the caller passes `direct`
   * when the photos' own sizes add up to more than ZIP_BLOB_LIMIT.
   */
  downloadZip(url: string, fileName: string, onProgress: ZipProgress, direct?: boolean): Promise<DownloadOutcome>;
  /** Mini-program: save a local image file (a download, a drawn collage) to the photo album, asking for album access first. */
  saveFileToAlbum(filePath: string, texts: AlbumTexts): Promise<DownloadOutcome>;
  /** Browsers: hand a blob to the browser's download; the object URL is revoked after 40 s. */
  saveBlob(blob: Blob, fileName: string): void;
}
