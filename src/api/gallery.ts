import { galleryCalls, type GalleryDetail } from '../../types/api/gallery';
import { photoCalls, type PhotoListQuery, type PhotoListResult } from '../../types/api/photo';
import { call } from './call';

export type GalleryKey = { link_id: string } | { gti: string } | { id: number };

export function fetchGallery(key: GalleryKey): Promise<GalleryDetail> {
  if ('link_id' in key) return call(galleryCalls.byLink, { params: { link_id: key.link_id } });
  if ('gti' in key) return call(galleryCalls.byGti, { params: { gti: key.gti } });
  return call(galleryCalls.byId, { params: { id: key.id } });
}

export function fetchPhotoList(galleryId: number, q: PhotoListQuery): Promise<PhotoListResult> {
  return call(photoCalls.list, { params: { galleryid: galleryId }, query: { ...q, time: Date.now() } });
}

/** The home album (the demo event on a fresh install). */
export const fetchHome = () => call(galleryCalls.home);

/** What the root address shows: the demo link when seeded and the public events. */
export const fetchLanding = () => call(galleryCalls.landing);
