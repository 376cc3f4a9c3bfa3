import type { ImageSizeResult, LoveRequest, LoveResult, LovedMap } from '../../types/api/like';
import { get, post } from './client';

/** Toggle (or set) the favourite heart of a photo. */
export function sendLove(body: LoveRequest): Promise<LoveResult> {
  return post<LoveResult>('/api/v2/userimage/love', body as unknown as Record<string, unknown>);
}

/** The current user's likes in a gallery, keyed by photo id (optionally only the given ids). */
export function fetchLoved(galleryid: number, imageids?: number[]): Promise<LovedMap> {
  return get<LovedMap>('/api/v2/images/user/loved', imageids?.length ? { galleryid, imageid: imageids.join(',') } : { galleryid });
}

/** Byte size of the original behind an image URL. */
export async function fetchImageSize(url: string): Promise<number> {
  return (await get<ImageSizeResult>('/api/v2/images/size', { url })).size;
}
