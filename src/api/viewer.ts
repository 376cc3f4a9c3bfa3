import { likeCalls, type LoveRequest } from '../../types/api/like';
import { call } from './call';

/** Toggle (or set) the favourite heart of a photo. */
export const sendLove = (body: LoveRequest) => call(likeCalls.love, { body });

/** The current user's likes in a gallery, keyed by photo id (optionally only the given ids). */
export const fetchLoved = (galleryid: number, imageids?: number[]) =>
  call(likeCalls.loved, { query: imageids?.length ? { galleryid, imageid: imageids.join(',') } : { galleryid } });

/** Byte size of the original behind an image URL. */
export async function fetchImageSize(url: string): Promise<number> {
  return (await call(likeCalls.size, { query: { url } })).size;
}
