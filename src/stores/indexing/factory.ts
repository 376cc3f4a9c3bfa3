import type { IndexKind } from '../../../types/api/indexing';
import { IndexingProgressStore } from './IndexingProgressStore';

/** The progress of one kind of indexing of a gallery (held with useState by the note that shows it). */
export function createIndexingProgressStore(galleryId: number, kind: IndexKind): IndexingProgressStore {
  return new IndexingProgressStore(galleryId, kind);
}
