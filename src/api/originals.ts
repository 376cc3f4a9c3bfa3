import type { ImageStyleName } from '../../types/image-style';
import { downloadCalls } from '../../types/api/download';
import { apiBase } from '../platform/env';
import { call } from './call';

/**
 * A photo's original (or a style without watermark), signed for the current
 * visitor: the server answers a short-lived URL (issue 5: originals stay paid for),
 * made absolute against the API host. 403 when the visitor is not entitled.
 */
export async function fetchSignedOriginal(photoId: number, style: ImageStyleName = 'original'): Promise<string> {
  const r = await call(downloadCalls.original, { params: { id: photoId }, query: style === 'original' ? undefined : { style } });
  return `${apiBase()}${r.url}`;
}
