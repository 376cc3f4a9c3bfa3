import Taro from '@tarojs/taro';
import { UnsupportedPlatformCall, thisPlatform } from './unsupported';

export type SaveOutcome = 'saved' | 'cancelled' | 'denied' | 'failed';

export interface SaveImageTexts {
  /** The action sheet's item, e.g. 'Save image'. */
  save: string;
  /** The album permission prompt. */
  permissionTitle: string;
  permissionText: string;
}

const ALBUM_SCOPE = 'scope.writePhotosAlbum';

function isAuthDenied(e: unknown): boolean {
  const msg = (e as { errMsg?: string })?.errMsg ?? String(e);
  return /auth|deny|denied/i.test(msg);
}

/**
 * Mini-program long press: offer 'save image' in an action sheet, download the
 * image and save it to the photo album. When album access was refused before,
 * explain and open the settings page so the visitor can allow it.
 * Browsers have no such flow (the viewer does not offer it there).
 */
export async function offerSaveImage(url: string, texts: SaveImageTexts): Promise<SaveOutcome> {
  if (process.env.TARO_ENV !== 'weapp') throw new UnsupportedPlatformCall('offerSaveImage', thisPlatform(), 'only supported in the mini-program; ask longPressSaveSupported() first');
  try {
    const sheet = await Taro.showActionSheet({ itemList: [texts.save] });
    if (sheet.tapIndex !== 0) return 'cancelled';
  } catch {
    return 'cancelled';
  }
  try {
    const file = await Taro.downloadFile({ url });
    if (file.statusCode !== 200) return 'failed';
    try {
      await Taro.saveImageToPhotosAlbum({ filePath: file.tempFilePath });
      return 'saved';
    } catch (e) {
      if (!isAuthDenied(e)) return 'failed';
      const modal = await Taro.showModal({ title: texts.permissionTitle, content: texts.permissionText });
      if (!modal.confirm) return 'denied';
      const setting = await Taro.openSetting();
      if (!setting.authSetting[ALBUM_SCOPE]) return 'denied';
      await Taro.saveImageToPhotosAlbum({ filePath: file.tempFilePath });
      return 'saved';
    }
  } catch {
    return 'failed';
  }
}

/** Long press offers saving only in the mini-program (browsers have their own image menu). */
export function longPressSaveSupported(): boolean {
  return process.env.TARO_ENV === 'weapp';
}
