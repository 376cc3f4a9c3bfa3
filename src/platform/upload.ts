import Taro from '@tarojs/taro';
import { UnsupportedPlatformCall, thisPlatform } from './unsupported';

/** What an upload answered: the HTTP status and the body as text. */
export interface UploadAnswer {
  statusCode: number;
  data: string;
}

/**
 * Mini-program: upload a local temporary file (e.g. the chooseAvatar file) as a
 * multipart field. The caller (api/) builds the URL and the headers (token, client).
 * Browsers have no chooseAvatar and never upload a device file this way: unsupported there.
 */
export async function uploadFile(url: string, filePath: string, field: string, header: Record<string, string>): Promise<UploadAnswer> {
  if (process.env.TARO_ENV !== 'weapp') throw new UnsupportedPlatformCall('uploadFile', thisPlatform(), 'only supported in the mini-program');
  const res = await Taro.uploadFile({ url, filePath, name: field, header });
  // uploadFile hands the answer over as text.
  return { statusCode: res.statusCode, data: typeof res.data === 'string' ? res.data : JSON.stringify(res.data) };
}
