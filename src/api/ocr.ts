import { ocrCalls } from '../../types/api/ocr';
import { call } from './call';

/** Photos of a gallery whose text (read by OCR) holds the keyword, a page at a time. */
export const searchOcr = (galleryid: number, keyword: string, offset = 0) =>
  call(ocrCalls.search, { query: offset ? { galleryid, keyword, offset } : { galleryid, keyword } });
