import { saveBlob, saveFileToAlbum, type AlbumTexts, type DownloadOutcome } from './download';
import type { CollageImage } from './collage';

/**
 * Save a drawn collage: the browser's download (H5) or the photo album
 * (mini-program). Outside the lazily loaded collage module: platform/download is
 * in the main chunk already.
 */
export async function saveCollage(img: CollageImage, fileName: string, texts: AlbumTexts): Promise<DownloadOutcome> {
  if (process.env.TARO_ENV === 'weapp') return img.filePath ? saveFileToAlbum(img.filePath, texts) : 'failed';
  if (!img.blob) return 'failed';
  saveBlob(img.blob, fileName);
  return 'saved';
}
