import type { LivePublisher } from '../../live/bus';
import type { CommentRow } from './repository';

/**
 * What goes out after a comment or a moderation change commits (types/live.ts): a shown text
 * or question comment as a `text` / `question` message to its gallery's room, a mute change as
 * `comment_block_change` (by openid), block-all as `comment_block_all`. A failed publish is
 * logged; the write it follows stays.
 */
export class CommentEvents {
  constructor(
    private live: LivePublisher,
    private warn: (msg: string, err?: unknown) => void
  ) {}

  /** A comment became visible (posted and passed, or approved by the organiser). */
  async shown(c: Pick<CommentRow, 'id' | 'gallery_id' | 'type' | 'content' | 'nickname' | 'photo' | 'status'>): Promise<void> {
    if (c.status !== 'shown' || (c.type !== 'text' && c.type !== 'question')) return;
    await this.live
      .publish(c.gallery_id, c.type, { id: c.id, content: c.content, nickname: c.nickname, photo: c.photo })
      .catch((err) => this.warn('comments: publishing a comment failed', err));
  }

  async blockChanged(galleryId: number, openid: string, blocked: boolean): Promise<void> {
    await this.live.publish(galleryId, 'comment_block_change', { openid, blocked }).catch((err) => this.warn('comments: publishing a mute failed', err));
  }

  async blockAll(galleryId: number, blockAll: 0 | 1): Promise<void> {
    await this.live.publish(galleryId, 'comment_block_all', { block_all: blockAll }).catch((err) => this.warn('comments: publishing block_all failed', err));
  }
}
