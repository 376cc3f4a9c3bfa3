import type { Db, Queryable } from '../../db';
import { AppError, forbidden, notFound } from '../../errors';
import { ErrorCode } from '../../../../types/envelope';
import { requireRealUser, requireUser, type Viewer } from '../../viewer';
import type { GateAccess } from '../gates/gateAccess';
import type { RateLimiter } from '../shared/rateLimit';
import type { ContentChecker } from '../../providers/contentcheck';
import type { SessionUser } from '../session/session';
import { COMMENT_MESSAGES, COMMENT_RATE_PER_MIN, type Comment, type CommentType } from '../../../../types/api/comments';
import { COMMENT_COLUMNS, presentComment, type CommentRow } from './repository';
import { allSilenced, checkText, commentRejected, commentRepeat, commentsClosed, emotionChoice, giftChoice, silenced } from './rules';
import type { CommentEvents } from './events';
import type { OrderBook } from '../pay/orders';
import { GiftPayments } from './gifts';

const now = () => Math.floor(Date.now() / 1000);

/** A comment to store, as the rules made it. */
export interface NewComment {
  galleryId: number;
  type: CommentType;
  content: string;
  replyId: number | null;
  galleryData?: Record<string, unknown> | null;
  videoData?: Record<string, unknown> | null;
  giftId?: number | null;
  /** The paid gift's order (one comment per order). */
  orderId?: number | null;
  master?: boolean;
  istop?: boolean;
  status?: 'shown' | 'held';
  checkLabel?: string;
  author: { userId: number | null; openid: string; nickname: string; photo: string };
}

/** Insert one comment; answers the row as selected elsewhere. */
export async function insertComment(q: Queryable, c: NewComment): Promise<CommentRow> {
  const { rows } = await q.query<{ id: number }>(
    `INSERT INTO comments (gallery_id, user_id, openid, nickname, photo, type, content, reply_id, master, istop, status, check_label, gift_id, gallery_data, video_data, created_at, order_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14::jsonb, $15::jsonb, $16, $17) RETURNING id`,
    [
      c.galleryId, c.author.userId, c.author.openid, c.author.nickname, c.author.photo, c.type, c.content, c.replyId,
      c.master ?? false, c.istop ?? false, c.status ?? 'shown', c.checkLabel ?? '', c.giftId ?? null,
      c.galleryData ? JSON.stringify(c.galleryData) : null, c.videoData ? JSON.stringify(c.videoData) : null, now(), c.orderId ?? null
    ]
  );
  const row = await q.query<CommentRow>(`SELECT ${COMMENT_COLUMNS} FROM comments c WHERE c.id = $1`, [rows[0].id]);
  return row.rows[0];
}

/**
 * The root a reply joins: `replyId` must be a shown comment of the gallery; a reply to a reply
 * joins that reply's root. `visitor`: organiser, pinned and question roots take no replies.
 */
export async function replyRoot(q: Queryable, galleryId: number, replyId: number, visitor: boolean): Promise<number> {
  const { rows } = await q.query<{ id: number; reply_id: number | null; master: boolean; istop: boolean; type: string }>(
    `SELECT r.id, r.reply_id, r.master, r.istop, r.type FROM comments t
       JOIN comments r ON r.id = COALESCE(t.reply_id, t.id)
      WHERE t.id = $1 AND t.gallery_id = $2 AND t.status = 'shown' AND r.status = 'shown'`,
    [replyId, galleryId]
  );
  const root = rows[0];
  if (!root) throw notFound('The comment replied to was not found');
  if (visitor && (root.master || root.istop || root.type === 'question')) throw new AppError(ErrorCode.BAD_REQUEST, COMMENT_MESSAGES.noReply);
  return root.id;
}

/** What a visitor's post carries (both post calls). */
export interface VisitorPost {
  galleryId: number;
  type?: 'text' | 'question' | 'emotion' | 'gift';
  content: string;
  replyId?: number;
  galleryData?: Record<string, unknown>;
  videoData?: Record<string, unknown>;
  /** A paid gift's trade id (commentCalls.giftPrecreate). */
  tradeid?: string;
}

/**
 * Visitors' comments (types/api/comments.ts): posting with every rule and refusal, and deleting
 * one's own. Posts of one visitor run one after another (the user row is locked), so the repeat
 * check and a gift's cooldown hold under concurrent requests.
 */
export class CommentService {
  /** Gifts: free ones with their cooldown, paid ones through their order. */
  readonly gifts: GiftPayments;

  constructor(
    private db: Db,
    private gates: GateAccess,
    private limits: RateLimiter,
    private checker: ContentChecker,
    private events: CommentEvents,
    orders: OrderBook
  ) {
    this.gifts = new GiftPayments(db, gates, orders, limits, (q, g, u) => this.assertMayComment(q, g, u));
  }

  /** Whether comments are open to this user here: 201207, 201205, 201204 (read inside the post's transaction too). */
  async assertMayComment(q: Queryable, galleryId: number, userId: number): Promise<void> {
    const { rows } = await q.query<{ use_comment: unknown; block_all: unknown; muted: boolean }>(
      `SELECT g.config->'use_comment' AS use_comment, g.config->'block_all' AS block_all,
              EXISTS (SELECT 1 FROM comment_mutes m WHERE m.gallery_id = g.id AND m.user_id = $2) AS muted
         FROM galleries g WHERE g.id = $1`,
      [galleryId, userId]
    );
    const g = rows[0];
    if (!g) throw notFound(`Gallery ${galleryId} not found`);
    if (Number(g.use_comment ?? 0) !== 1) throw commentsClosed();
    if (Number(g.block_all ?? 0) === 1) throw allSilenced();
    if (g.muted) throw silenced();
  }

  /** Post a comment or a reply; `max`: letters a text or question may have on this call. */
  async post(v: Viewer, p: VisitorPost, max: number): Promise<Comment> {
    await this.gates.assertPass(v, p.galleryId);
    const user = requireRealUser(v, 'Log in to comment');
    const type = p.type ?? 'text';
    const isText = type === 'text' || type === 'question';
    const text = isText ? checkText(p.content, max) : p.content;
    const emotion = type === 'emotion' ? emotionChoice(p.content) : null;
    const gift = type === 'gift' ? giftChoice(p.content) : null;
    await this.assertMayComment(this.db, p.galleryId, user.id);
    await this.limits.enforce(`comment:user:${user.id}`, { limit: COMMENT_RATE_PER_MIN, windowS: 60 }, 'Too many comments, please wait a moment');
    if (isText) await this.assertNotRepeat(this.db, user.id, p.galleryId, text);
    if (gift && p.tradeid) await this.gifts.settleLate(user.id, p.tradeid);
    // The content check (a network call with WeChat) runs before anything is stored.
    const verdict = isText ? await this.checker.check({ text, openid: user.openid, nickname: user.nickname }) : { verdict: 'pass' as const, label: '' };
    if (verdict.verdict === 'reject') throw commentRejected(verdict.label);
    const made = await this.db.tx(async (q): Promise<{ row: CommentRow; replayed: boolean }> => {
      await q.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [user.id]);
      await this.assertMayComment(q, p.galleryId, user.id);
      const replyId = p.replyId ? await replyRoot(q, p.galleryId, p.replyId, true) : null;
      let content = text;
      let giftId: number | null = null;
      let orderId: number | null = null;
      if (isText) await this.assertNotRepeat(q, user.id, p.galleryId, text);
      if (emotion) content = await this.emotionContent(q, p.galleryId, emotion);
      if (gift) {
        const g = await this.gifts.forPost(q, p.galleryId, user.id, gift, p.tradeid);
        // A used trade id: the comment it made, nothing new.
        if ('existing' in g) return { row: (await q.query<CommentRow>(`SELECT ${COMMENT_COLUMNS} FROM comments c WHERE c.id = $1`, [g.existing])).rows[0], replayed: true };
        ({ content, giftId, orderId } = g);
      }
      const row = await insertComment(q, {
        galleryId: p.galleryId,
        type,
        content,
        replyId,
        giftId,
        orderId,
        galleryData: p.galleryData ?? null,
        videoData: p.videoData ?? null,
        status: verdict.verdict === 'review' ? 'held' : 'shown',
        checkLabel: verdict.label,
        author: authorOf(user)
      });
      return { row, replayed: false };
    });
    if (!made.replayed) await this.events.shown(made.row);
    return presentComment(made.row);
  }

  /** Delete one of the visitor's own comments (its replies go with it). */
  async remove(v: Viewer, id: number): Promise<{ id: number }> {
    const user = requireUser(v);
    const { rows } = await this.db.query<{ user_id: number | null }>('SELECT user_id FROM comments WHERE id = $1', [id]);
    if (!rows.length) throw notFound('Comment not found');
    if (rows[0].user_id !== user.id) throw forbidden('You can only delete your own comments');
    await this.db.query('DELETE FROM comments WHERE id = $1 AND user_id = $2', [id, user.id]);
    return { id };
  }

  /** 201203 when the visitor's previous text or question comment in the gallery says the same. */
  private async assertNotRepeat(q: Queryable, userId: number, galleryId: number, text: string): Promise<void> {
    const { rows } = await q.query<{ content: string }>(
      `SELECT content FROM comments WHERE user_id = $1 AND gallery_id = $2 AND type IN ('text', 'question') ORDER BY id DESC LIMIT 1`,
      [userId, galleryId]
    );
    if (rows[0]?.content === text) throw commentRepeat();
  }

  private async emotionContent(q: Queryable, galleryId: number, e: { id: number | null; image: string }): Promise<string> {
    const { rows } = await q.query<{ name: string }>(
      `SELECT name FROM comment_emotions WHERE gallery_id = $1 AND images @> jsonb_build_array($2::text) ${e.id ? 'AND id = $3' : ''} ORDER BY id LIMIT 1`,
      e.id ? [galleryId, e.image, e.id] : [galleryId, e.image]
    );
    if (!rows.length) throw notFound('Emotion not found in this gallery');
    return JSON.stringify({ image: e.image, name: rows[0].name });
  }
}

export const authorOf = (u: SessionUser) => ({ userId: u.id, openid: u.openid, nickname: u.nickname, photo: u.photo });
