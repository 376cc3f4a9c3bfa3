import { OcrSearchStore } from './OcrSearchStore';

/** The search of one formocr component (held with useState in the component). */
export function createOcrSearchStore(galleryId: number): OcrSearchStore {
  return new OcrSearchStore(galleryId);
}
