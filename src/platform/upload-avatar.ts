import Taro from '@tarojs/taro';
import { AVATAR_UPLOAD_PATH, type AvatarUploadResult } from '../../types/api/auth';
import type { Envelope } from '../../types/envelope';
import { ApiError, TOKEN_KEY } from '../api/client';
import { apiBase } from './env';
import { readStored } from './storage';

/**
 * Mini-program: upload the chooseAvatar temporary file (multipart field `file`,
 * the session token as on every call) and answer the stored avatar's public URL.
 * Browsers have no chooseAvatar and never show the profile sheet: unsupported there.
 */
export async function uploadAvatar(filePath: string): Promise<string> {
  if (process.env.TARO_ENV !== 'weapp') throw new Error('uploadAvatar is only supported in the mini-program');
  const token = readStored<string>(TOKEN_KEY, '');
  const res = await Taro.uploadFile({
    url: `${apiBase()}${AVATAR_UPLOAD_PATH}`,
    filePath,
    name: 'file',
    header: { ...(token ? { Authorization: `Bearer ${token}` } : {}), 'X-Client': 'weapp' }
  });
  // uploadFile hands the answer over as text.
  let body: Envelope<AvatarUploadResult> | undefined;
  try {
    body = typeof res.data === 'string' ? JSON.parse(res.data) : (res.data as unknown as Envelope<AvatarUploadResult>);
  } catch {
    body = undefined;
  }
  const code = body && typeof body === 'object' ? body.code : res.statusCode;
  if (res.statusCode < 200 || res.statusCode >= 300 || code !== 200 || !body?.data?.url) {
    throw new ApiError(res.statusCode, code ?? res.statusCode, body, `${res.statusCode} ${body?.msg ?? 'avatar upload failed'}`);
  }
  return body.data.url;
}
