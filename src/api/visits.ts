import { batchCalls, visitCalls } from '../../types/api/visit';
import { call } from './call';

/** Record a visit when a gallery page opens; `parentid` for /g/{linkid}/visit/{parentid}. */
export const addVisit = (linkId: string, parentid?: string) => call(visitCalls.add, { params: { link_id: linkId }, body: parentid ? { parentid } : {} });
export const fetchVisitHistory = (page = 1) => call(visitCalls.history, { query: { page } });
export const fetchLastVisit = () => call(visitCalls.last);
export const fetchLatestVisitors = (linkId: string) => call(visitCalls.latest, { params: { link_id: linkId } });
export const removeVisit = (id: number) => call(visitCalls.remove, { body: { id } });

/** Galleries by id, at most 50 per call (spec part 3 §9). */
export const fetchGalleriesByIds = (ids: number[]) => call(batchCalls.galleries, { query: { ids: ids.join(',') } });
export const fetchGalleryMediums = (ids: number[], desc = true) => call(batchCalls.mediums, { query: { ids: ids.join(','), desc: desc ? 1 : 0 } });
export const fetchPhotosByIds = (ids: number[]) => call(batchCalls.photos, { query: { id: ids.join(',') } });
