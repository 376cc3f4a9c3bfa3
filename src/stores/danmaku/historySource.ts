import { noHistory, type DanmakuHistorySource } from './HistoryFeed';

/**
 * The comment history of a gallery for its bullet screen (part 3 §7: gallery id, kind
 * 'danmuku', a page; answers `{items, total}`).
 *
 * The call belongs to the comments domain (types/api/comment.ts and src/api/comment.ts), which
 * is built on its own branch; until it is merged here, no gallery has history and the bullet
 * screen shows live messages only. Wiring it is this one function:
 *   (page) => fetchCommentHistory({ galleryid: galleryId, kind: 'danmuku', page })
 */
export function danmakuHistoryOf(galleryId: number): DanmakuHistorySource {
  void galleryId;
  return noHistory;
}
