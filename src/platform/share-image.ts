import Taro from '@tarojs/taro';
import { UnsupportedPlatformCall, thisPlatform } from './unsupported';
import { apiBase } from './env';

export type ShareImageOutcome = 'shared' | 'cancelled' | 'failed';

const absolute = (url: string) => (/^(https?:|blob:|data:)/i.test(url) ? url : `${apiBase()}${url}`);

type FileShareNavigator = Navigator & { canShare?: (d: { files: File[] }) => boolean; share?: (d: { files: File[]; title?: string }) => Promise<void> };

/**
 * Whether an image can go to the system's share: the mini-program's share-image menu
 * (`showShareImageMenu`), browsers with the Web Share API for files. WeChat's browser has
 * neither: the visitor presses and holds the image there.
 */
export function imageShareSupported(): boolean {
  if (process.env.TARO_ENV === 'weapp') return typeof (Taro as unknown as { showShareImageMenu?: unknown }).showShareImageMenu === 'function';
  if (typeof navigator === 'undefined' || typeof File === 'undefined') return false;
  const nav = navigator as FileShareNavigator;
  if (typeof nav.canShare !== 'function' || typeof nav.share !== 'function') return false;
  try {
    return nav.canShare({ files: [new File([''], 'x.jpg', { type: 'image/jpeg' })] });
  } catch {
    return false;
  }
}

/** Hand the image at `url` (the API origin's, or absolute) to the system's share; ask imageShareSupported() first. */
export async function shareImage(url: string, fileName: string): Promise<ShareImageOutcome> {
  if (!imageShareSupported()) throw new UnsupportedPlatformCall('shareImage', thisPlatform(), 'ask imageShareSupported() first');
  if (process.env.TARO_ENV === 'weapp') {
    try {
      const file = await Taro.downloadFile({ url: absolute(url) });
      if (file.statusCode !== 200) return 'failed';
      await Taro.showShareImageMenu({ path: file.tempFilePath });
      return 'shared';
    } catch (e) {
      return /cancel/i.test((e as { errMsg?: string })?.errMsg ?? '') ? 'cancelled' : 'failed';
    }
  }
  try {
    const res = await fetch(absolute(url));
    if (!res.ok) return 'failed';
    const file = new File([await res.blob()], fileName, { type: 'image/jpeg' });
    await (navigator as FileShareNavigator).share!({ files: [file] });
    return 'shared';
  } catch (e) {
    return (e as { name?: string })?.name === 'AbortError' ? 'cancelled' : 'failed';
  }
}
