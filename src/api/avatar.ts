import { AVATAR_UPLOAD_PATH, type AvatarUploadResult } from '../../types/api/auth';
import type { Envelope } from '../../types/envelope';
import { apiBase, clientHeaders } from '../platform/env';
import { uploadFile } from '../platform/upload';
import { ApiError } from './client';
import { authHeader } from './credentials';

/**
 * Mini-program: upload the chooseAvatar temporary file (multipart field `file`,
 * the session token as on every call) and answer the stored avatar's public URL.
 * Browsers have no chooseAvatar: platform/upload refuses there.
 */
export async function uploadAvatar(filePath: string): Promise<string> {
  const res = await uploadFile(`${apiBase()}${AVATAR_UPLOAD_PATH}`, filePath, 'file', { ...authHeader(), ...clientHeaders() });
  let body: Envelope<AvatarUploadResult> | undefined;
  try {
    body = JSON.parse(res.data);
  } catch {
    body = undefined;
  }
  const code = body && typeof body === 'object' ? body.code : res.statusCode;
  if (res.statusCode < 200 || res.statusCode >= 300 || code !== 200 || !body?.data?.url) {
    throw new ApiError(res.statusCode, code ?? res.statusCode, body, `${res.statusCode} ${body?.msg ?? 'avatar upload failed'}`);
  }
  return body.data.url;
}
