import { spliceCalls } from '../../types/api/splice';
import { call } from './call';

/** Long pictures (spec part 2 §7): the server draws one from photos of a gallery and answers its hash. */
export const createLongPicture = (galleryid: number, imageIds: readonly number[]) =>
  call(spliceCalls.create, { body: { galleryid, imageids: JSON.stringify(imageIds) } });

/** The visitor's long picture of these photos: its signed address and size. */
export const showLongPicture = (galleryid: number, imageIds: readonly number[]) =>
  call(spliceCalls.show, { body: { galleryid, imageids: JSON.stringify(imageIds) } });
