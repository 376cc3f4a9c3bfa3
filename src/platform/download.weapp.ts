import Taro from '@tarojs/taro';
import { absoluteUrl } from './pay';
import type { DownloadPlatform } from './download-core';
import { UnsupportedPlatformCall, WEAPP } from './unsupported';

export * from './download-core';

const ALBUM_SCOPE = 'scope.writePhotosAlbum';

/** The mini-program saves photos to the photo album. */
export const saveMode: DownloadPlatform['saveMode'] = () => 'album';

/** The mini-program has no ZIP download: several photos go to the album one by one. */
export const zipDownloadSupported: DownloadPlatform['zipDownloadSupported'] = () => false;

function authDenied(e: unknown): boolean {
  return /auth|deny|denied/i.test((e as { errMsg?: string })?.errMsg ?? String(e));
}

/** Save a local image file (a download, a drawn collage) to the photo album, asking for album access (and opening the settings after a refusal). */
export const saveFileToAlbum: DownloadPlatform['saveFileToAlbum'] = async (filePath, texts) => {
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
};

/** One photo: downloaded, then saved to the photo album. */
export const downloadOne: DownloadPlatform['downloadOne'] = async (url, _fileName, texts) => {
  try {
    const file = await Taro.downloadFile({ url: absoluteUrl(url) });
    if (file.statusCode !== 200) return 'failed';
    return await saveFileToAlbum(file.tempFilePath, texts);
  } catch {
    return 'failed';
  }
};

export const downloadZip: DownloadPlatform['downloadZip'] = async () => {
  throw new UnsupportedPlatformCall('downloadZip', WEAPP, 'ask zipDownloadSupported() first; photos go to the album one by one');
};

export const saveBlob: DownloadPlatform['saveBlob'] = () => {
  throw new UnsupportedPlatformCall('saveBlob', WEAPP, 'files go to the photo album (saveFileToAlbum)');
};
