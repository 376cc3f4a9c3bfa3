import { indexingCalls } from '../../types/api/indexing';
import { call } from './call';

/** How far a gallery's face and bib indexing has got: counts only (types/api/indexing.ts). */
export const fetchIndexing = (galleryid: number) => call(indexingCalls.visitor, { query: { galleryid } });
