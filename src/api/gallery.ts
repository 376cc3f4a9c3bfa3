import type { GalleryDetail } from '../../types/api/gallery';
import type { PhotoListQuery, PhotoListResult } from '../../types/api/photo';
import { get } from './client';

export type GalleryKey = { link_id: string } | { gti: string } | { id: number };

export function fetchGallery(key: GalleryKey): Promise<GalleryDetail> {
  if ('link_id' in key) return get<GalleryDetail>(`/api/v2/gallery/link/${encodeURIComponent(key.link_id)}`);
  if ('gti' in key) return get<GalleryDetail>(`/api/v2/gallery/gti/${encodeURIComponent(key.gti)}`);
  return get<GalleryDetail>(`/api/v2/gallery/id/${key.id}`);
}

export function fetchPhotoList(galleryId: number, q: PhotoListQuery): Promise<PhotoListResult> {
  return get<PhotoListResult>(`/api/v2/images/${galleryId}/list`, { ...q, time: Date.now() } as Record<string, unknown>);
}

/** The home album (the demo event on a fresh install). */
export const fetchHome = () => get<{ link_id: string }>('/api/v2/home');
