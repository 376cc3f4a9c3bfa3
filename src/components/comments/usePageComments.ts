import { useEffect } from 'react';
import type { Gallery } from '../../../types/api/gallery';
import { usePageStores, useStores } from '../../stores/RootStore';
import { pageComments } from '../../stores/comments/factory';
import type { CommentsStore } from '../../stores/comments/CommentsStore';

/**
 * A gallery page's comments, for the page and its viewer: a store while the gallery takes
 * comments (`use_comment`, part 3 §6), null otherwise; the count is fetched once for the buttons.
 */
export function usePageComments(gallery: Gallery | null | undefined): CommentsStore | null {
  const page = usePageStores();
  const root = useStores();
  const store = gallery && gallery.config?.use_comment ? pageComments(page, gallery.id, root) : null;
  useEffect(() => {
    void store?.loadCount();
  }, [store]);
  return store;
}
