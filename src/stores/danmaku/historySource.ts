import { commentApi } from '../../api/comments';
import type { DanmakuHistorySource } from './HistoryFeed';

/**
 * The comment history of a gallery for its bullet screen (part 3 §7: gallery id, kind
 * 'danmuku', a page; answers `{items, total}`): `GET /api/v2/comments/history`.
 */
export function danmakuHistoryOf(galleryId: number, api: Pick<typeof commentApi, 'history'> = commentApi): DanmakuHistorySource {
  return async (page) => {
    const { items, total } = await api.history(galleryId, page);
    return { items: items.map((i) => ({ id: i.id, content: i.content })), total };
  };
}
