import type { Db } from '../../db';
import { AppError, notFound } from '../../errors';
import { ErrorCode } from '../../../../types/envelope';
import type { Viewer } from '../../viewer';
import type { OrganizerAccess } from '../session/organizer';
import type { GalleryService } from '../gallery/gallery';
import { COMMENT_PAGE_SIZE, COMMENT_SENDBAR_MAX, type Comment, type CommentStatus, type Emotion, type Gift } from '../../../../types/api/comments';
import type { EmotionInput, GiftInput, Muted, OrganizerComment, OrganizerCommentPage, OrganizerPost } from '../../../../types/api/comments-organizer';
import { COMMENT_COLUMNS, commentById, inlineReplies, presentComment, presentForOrganiser, type CommentRow } from './repository';
import { insertComment, replyRoot } from './comments';
import { checkText, organiserContent } from './rules';
import { presentEmotion, presentGift } from './reads';
import type { CommentEvents } from './events';

const now = () => Math.floor(Date.now() / 1000);
const ORGANISER_NAME = 'Organiser';

/**
 * The organiser's side of comments (organiserCommentCalls; the CLI `npm run gallery -- comments …`):
 * the review queue, posting as the organiser, pin, delete, approve or reject held comments,
 * mute and block-all (pushed live), gifts and emotions. Every method checks the organiser token.
 */
export class CommentModeration {
  constructor(
    private db: Db,
    private access: OrganizerAccess,
    private galleries: GalleryService,
    private events: CommentEvents
  ) {}

  private async gallery(id: number): Promise<void> {
    const { rows } = await this.db.query('SELECT 1 FROM galleries WHERE id = $1', [id]);
    if (!rows.length) throw notFound(`Gallery ${id} not found`);
  }

  /** A gallery's comments by status ('held' by default: the review queue), newest first. */
  async list(v: Viewer, galleryId: number, status: CommentStatus | 'all' = 'held', page = 1): Promise<OrganizerCommentPage> {
    this.access.assert(v);
    await this.gallery(galleryId);
    const where = `c.gallery_id = $1${status === 'all' ? '' : ' AND c.status = $2'}`;
    const params: unknown[] = status === 'all' ? [galleryId] : [galleryId, status];
    const { rows } = await this.db.query<CommentRow>(
      `SELECT ${COMMENT_COLUMNS} FROM comments c WHERE ${where} ORDER BY c.id DESC LIMIT ${COMMENT_PAGE_SIZE} OFFSET ${(page - 1) * COMMENT_PAGE_SIZE}`,
      params
    );
    const total = await this.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM comments c WHERE ${where}`, params);
    const replies = await inlineReplies(this.db, rows.map((r) => r.id));
    return { items: rows.map((r) => presentForOrganiser(r, replies.get(r.id) ?? [])), total: total.rows[0].n, page, page_size: COMMENT_PAGE_SIZE };
  }

  /** Post as the organiser: master 1, no content check, shown at once (text and question go live). */
  async post(v: Viewer, galleryId: number, b: OrganizerPost): Promise<Comment> {
    this.access.assert(v);
    await this.gallery(galleryId);
    const type = b.type ?? 'text';
    const content = type === 'text' || type === 'question' ? checkText(b.content, COMMENT_SENDBAR_MAX) : organiserContent(type, b.content);
    const row = await this.db.tx(async (q) =>
      insertComment(q, {
        galleryId,
        type,
        content,
        replyId: b.reply_id ? await replyRoot(q, galleryId, b.reply_id, false) : null,
        master: true,
        istop: b.top === 1 && !b.reply_id,
        author: { userId: null, openid: '', nickname: b.nickname ?? ORGANISER_NAME, photo: b.photo ?? '' }
      })
    );
    await this.events.shown(row);
    return presentComment(row);
  }

  /** Pin or unpin a root comment. */
  async pin(v: Viewer, commentId: number, top: boolean): Promise<OrganizerComment> {
    this.access.assert(v);
    const { rowCount } = await this.db.query('UPDATE comments SET istop = $2 WHERE id = $1 AND reply_id IS NULL', [commentId, top]);
    if (!rowCount) {
      const c = await commentById(this.db, commentId);
      if (!c) throw notFound('Comment not found');
      throw new AppError(ErrorCode.BAD_REQUEST, 'Only a comment, not a reply, can be pinned');
    }
    return presentForOrganiser((await commentById(this.db, commentId))!);
  }

  async remove(v: Viewer, commentId: number): Promise<{ id: number }> {
    this.access.assert(v);
    const { rowCount } = await this.db.query('DELETE FROM comments WHERE id = $1', [commentId]);
    if (!rowCount) throw notFound('Comment not found');
    return { id: commentId };
  }

  /** Approve (shown and broadcast) or reject a held comment; 409 when it is not held. */
  async review(v: Viewer, commentId: number, action: 'approve' | 'reject'): Promise<OrganizerComment> {
    this.access.assert(v);
    const { rowCount } = await this.db.query(`UPDATE comments SET status = $2 WHERE id = $1 AND status = 'held'`, [commentId, action === 'approve' ? 'shown' : 'rejected']);
    const row = await commentById(this.db, commentId);
    if (!row) throw notFound('Comment not found');
    if (!rowCount) throw new AppError(409, `Comment ${commentId} is not held for review (it is ${row.status})`);
    if (action === 'approve') await this.events.shown(row);
    return presentForOrganiser(row);
  }

  /** Mute or unmute a visitor of a gallery by openid; pushes comment_block_change. */
  async mute(v: Viewer, galleryId: number, openid: string, muted: boolean): Promise<{ openid: string; blocked: boolean }> {
    this.access.assert(v);
    await this.gallery(galleryId);
    const { rows } = await this.db.query<{ id: number }>('SELECT id FROM users WHERE openid = $1', [openid]);
    if (!rows.length) throw notFound('No visitor with this openid');
    if (muted) {
      await this.db.query('INSERT INTO comment_mutes (gallery_id, user_id, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [galleryId, rows[0].id, now()]);
    } else {
      await this.db.query('DELETE FROM comment_mutes WHERE gallery_id = $1 AND user_id = $2', [galleryId, rows[0].id]);
    }
    await this.events.blockChanged(galleryId, openid, muted);
    return { openid, blocked: muted };
  }

  async mutes(v: Viewer, galleryId: number): Promise<Muted[]> {
    this.access.assert(v);
    await this.gallery(galleryId);
    const { rows } = await this.db.query<Muted>(
      `SELECT u.openid, u.nickname, u.id AS user_id, m.created_at AS since FROM comment_mutes m JOIN users u ON u.id = m.user_id
        WHERE m.gallery_id = $1 ORDER BY m.created_at DESC, u.id`,
      [galleryId]
    );
    return rows;
  }

  /** Close (1) or open (0) comments for everyone: config.block_all; pushes comment_block_all. */
  async blockAll(v: Viewer, galleryId: number, value: 0 | 1): Promise<{ block_all: number }> {
    this.access.assert(v);
    const { rowCount } = await this.db.query(`UPDATE galleries SET config = COALESCE(config, '{}'::jsonb) || jsonb_build_object('block_all', $2::int) WHERE id = $1`, [galleryId, value]);
    if (!rowCount) throw notFound(`Gallery ${galleryId} not found`);
    this.galleries.invalidate(galleryId);
    await this.events.blockAll(galleryId, value);
    return { block_all: value };
  }

  async addGift(v: Viewer, galleryId: number, g: GiftInput): Promise<Gift> {
    this.access.assert(v);
    await this.gallery(galleryId);
    const { rows } = await this.db.query<{ id: number; name: string; image: string; price_cents: number; cooldown_s: number }>(
      `INSERT INTO comment_gifts (gallery_id, name, image, price_cents, cooldown_s, position, created_at)
       VALUES ($1, $2, $3, $4, $5, (SELECT COALESCE(max(position), 0) + 1 FROM comment_gifts WHERE gallery_id = $1), $6)
       RETURNING id, name, image, price_cents, cooldown_s`,
      [galleryId, g.name, g.image, g.price, g.cooldown ?? 0, now()]
    );
    return presentGift(rows[0]);
  }

  async removeGift(v: Viewer, giftId: number): Promise<{ id: number }> {
    this.access.assert(v);
    const { rowCount } = await this.db.query('DELETE FROM comment_gifts WHERE id = $1', [giftId]);
    if (!rowCount) throw notFound('Gift not found');
    return { id: giftId };
  }

  async addEmotion(v: Viewer, galleryId: number, e: EmotionInput): Promise<Emotion> {
    this.access.assert(v);
    await this.gallery(galleryId);
    const { rows } = await this.db.query<{ id: number; name: string; images: string[] }>(
      `INSERT INTO comment_emotions (gallery_id, name, images, position, created_at)
       VALUES ($1, $2, $3::jsonb, (SELECT COALESCE(max(position), 0) + 1 FROM comment_emotions WHERE gallery_id = $1), $4)
       RETURNING id, name, images`,
      [galleryId, e.name, JSON.stringify(e.images), now()]
    );
    return presentEmotion(rows[0]);
  }

  async removeEmotion(v: Viewer, emotionId: number): Promise<{ id: number }> {
    this.access.assert(v);
    const { rowCount } = await this.db.query('DELETE FROM comment_emotions WHERE id = $1', [emotionId]);
    if (!rowCount) throw notFound('Emotion not found');
    return { id: emotionId };
  }
}
