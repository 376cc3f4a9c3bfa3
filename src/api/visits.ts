import type { Gallery } from '../../types/api/gallery';
import type { Photo } from '../../types/api/photo';
import type { GalleryMedium, LatestVisitors, VisitHistoryPage, VisitItem } from '../../types/api/visit';
import { get, post } from './client';

/** Record a visit when a gallery page opens; `parentid` for /g/{linkid}/visit/{parentid}. */
export const addVisit = (linkId: string, parentid?: string) =>
  post<VisitItem>(`/api/v2/gallery_visit/link/${encodeURIComponent(linkId)}/add`, parentid ? { parentid } : {});
export const fetchVisitHistory = (page = 1) => get<VisitHistoryPage>('/api/v2/user/visithistory', { page });
export const fetchLastVisit = () => get<VisitItem | null>('/api/v2/user/lastvisithistory');
export const fetchLatestVisitors = (linkId: string) => get<LatestVisitors>(`/api/v2/gallery_visit/link/${encodeURIComponent(linkId)}/latest`);
export const removeVisit = (id: number) => post<{ id: number; removed: boolean }>('/api/v2/usergallery/remove', { id });

/** Galleries by id, at most 50 per call (spec part 3 §9). */
export const fetchGalleriesByIds = (ids: number[]) => get<Gallery[]>('/api/v2/gallery/batch', { ids: ids.join(',') });
export const fetchGalleryMediums = (ids: number[], desc = true) => get<GalleryMedium[]>('/api/v2/gallerymedium/batch', { ids: ids.join(','), desc: desc ? 1 : 0 });
export const fetchPhotosByIds = (ids: number[]) => get<Photo[]>('/api/v2/images/batchlist', { id: ids.join(',') });
