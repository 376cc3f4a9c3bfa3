import { posterCalls } from '../../types/api/poster';
import { call } from './call';

/** The poster maker's calls (spec part 3 §7). */
export const fetchPosterTemplates = (groupid: number) => call(posterCalls.templates, { params: { groupid } });
/** The poster as a base64 data URL, stored under the uploader's own key (types/api/poster.ts posterKey). */
export const uploadPoster = (galleryid: number, templateid: number, imageid: number, image: string) =>
  call(posterCalls.upload, { body: { galleryid, templateid, imageid, image } });
/** Record the uploaded poster (imageids: a JSON list; thumb: its key). */
export const createPosterV2 = (galleryid: number, imageIds: number[], thumb: string) =>
  call(posterCalls.createv2, { body: { galleryid, imageids: JSON.stringify(imageIds), thumb } });
