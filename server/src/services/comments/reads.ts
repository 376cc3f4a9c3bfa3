import type { Db } from '../../db';
import { notFound } from '../../errors';
import type { Viewer } from '../../viewer';
import type { GateAccess } from '../gates/gateAccess';
import {
  COMMENT_PAGE_SIZE,
  type BlockState,
  type Comment,
  type CommentPage,
  type CommentSlice,
  type DanmakuHistory,
  type Emotion,
  type Gift,
  type GalleryShow,
  type ReplyGroup
} from '../../../../types/api/comments';
import { COMMENT_COLUMNS, presentComment, withReplies, type CommentRow } from './repository';

/** Shown root comments of a gallery. */
const SHOWN_ROOTS = `c.gallery_id = $1 AND c.status = 'shown' AND c.reply_id IS NULL`;

interface GiftRow {
  id: number;
  name: string;
  image: string;
  price_cents: number;
  cooldown_s: number;
}
export const presentGift = (r: GiftRow): Gift => ({ id: r.id, name: r.name, image: r.image, price: r.price_cents, cooldown: r.cooldown_s });
export const presentEmotion = (r: { id: number; name: string; images: string[] }): Emotion => ({ id: r.id, name: r.name, images: r.images });

/**
 * What visitors read (types/api/comments.ts): lists, pinned, their own, replies, the bullet
 * screen's history, gifts, emotions and the block check. A gated gallery's comments need its
 * passes (200202), like its photos.
 */
export class CommentReads {
  constructor(
    private db: Db,
    private gates: GateAccess
  ) {}

  private async open(v: Viewer, galleryId: number): Promise<{ use_comment: number; block_all: number }> {
    const { rows } = await this.db.query<{ use_comment: unknown; block_all: unknown }>(
      `SELECT config->'use_comment' AS use_comment, config->'block_all' AS block_all FROM galleries WHERE id = $1`,
      [galleryId]
    );
    if (!rows.length) throw notFound(`Gallery ${galleryId} not found`);
    await this.gates.assertPass(v, galleryId);
    return { use_comment: Number(rows[0].use_comment ?? 0) === 1 ? 1 : 0, block_all: Number(rows[0].block_all ?? 0) === 1 ? 1 : 0 };
  }

  /** `GET /api/comment/list`: newest first; `time` keeps those posted at or after it, `before` those older than a comment id. */
  async slice(v: Viewer, galleryId: number, o: { time?: number; before?: number; pagesize?: number }): Promise<CommentSlice> {
    await this.open(v, galleryId);
    const size = o.pagesize ?? COMMENT_PAGE_SIZE;
    const params: unknown[] = [galleryId];
    let where = SHOWN_ROOTS;
    if (o.time !== undefined) where += ` AND c.created_at >= $${params.push(o.time)}`;
    if (o.before !== undefined) where += ` AND c.id < $${params.push(o.before)}`;
    const { rows } = await this.db.query<CommentRow>(`SELECT ${COMMENT_COLUMNS} FROM comments c WHERE ${where} ORDER BY c.id DESC LIMIT ${size + 1}`, params);
    const total = await this.countRoots(galleryId);
    return { items: await withReplies(this.db, rows.slice(0, size)), total, has_more: rows.length > size ? 1 : 0 };
  }

  /** `GET /api/v2/comments/{id}/list`: pinned first, then newest, 50 a page. */
  async page(v: Viewer, galleryId: number, page = 1): Promise<CommentPage> {
    await this.open(v, galleryId);
    const { rows } = await this.db.query<CommentRow>(
      `SELECT ${COMMENT_COLUMNS} FROM comments c WHERE ${SHOWN_ROOTS} ORDER BY c.istop DESC, c.id DESC LIMIT ${COMMENT_PAGE_SIZE} OFFSET $2`,
      [galleryId, (page - 1) * COMMENT_PAGE_SIZE]
    );
    return { items: await withReplies(this.db, rows), total: await this.countRoots(galleryId), page, page_size: COMMENT_PAGE_SIZE };
  }

  async top(v: Viewer, galleryId: number): Promise<Comment[]> {
    await this.open(v, galleryId);
    const { rows } = await this.db.query<CommentRow>(`SELECT ${COMMENT_COLUMNS} FROM comments c WHERE ${SHOWN_ROOTS} AND c.istop ORDER BY c.id DESC LIMIT ${COMMENT_PAGE_SIZE}`, [galleryId]);
    return withReplies(this.db, rows);
  }

  /** The visitor's own comments (held ones included), newest first. */
  async mine(v: Viewer, galleryId: number): Promise<Comment[]> {
    await this.open(v, galleryId);
    if (!v.userId) return [];
    const { rows } = await this.db.query<CommentRow>(
      `SELECT ${COMMENT_COLUMNS} FROM comments c WHERE c.gallery_id = $1 AND c.user_id = $2 AND c.status <> 'rejected' ORDER BY c.id DESC LIMIT ${COMMENT_PAGE_SIZE}`,
      [galleryId, v.userId]
    );
    return withReplies(this.db, rows);
  }

  /** Replies of shown root comments, oldest first; roots not found (or not shown) are left out. */
  async replies(v: Viewer, ids: number[], limit: number, offset = 0): Promise<ReplyGroup[]> {
    const roots = await this.db.query<{ id: number; gallery_id: number; total: number }>(
      `SELECT c.id, c.gallery_id, (SELECT count(*) FROM comments r WHERE r.reply_id = c.id AND r.status = 'shown')::int AS total
         FROM comments c WHERE c.id = ANY($1::int[]) AND c.status = 'shown' AND c.reply_id IS NULL`,
      [ids]
    );
    for (const g of new Set(roots.rows.map((r) => r.gallery_id))) await this.gates.assertPass(v, g);
    if (!roots.rows.length) return [];
    const { rows } = await this.db.query<CommentRow & { n: number }>(
      `SELECT * FROM (
         SELECT ${COMMENT_COLUMNS}, row_number() OVER (PARTITION BY c.reply_id ORDER BY c.id) AS n
           FROM comments c WHERE c.reply_id = ANY($1::int[]) AND c.status = 'shown'
       ) x WHERE n > $2 AND n <= $3 ORDER BY reply_id, id`,
      [roots.rows.map((r) => r.id), offset, offset + limit]
    );
    return ids
      .map((id) => roots.rows.find((r) => r.id === id))
      .filter((r): r is { id: number; gallery_id: number; total: number } => Boolean(r))
      .map((r) => ({ id: r.id, total: r.total, items: rows.filter((x) => x.reply_id === r.id).map((x) => presentComment(x)) }));
  }

  /** The bullet screen's history: shown text and question comments (replies too), newest first. */
  async history(v: Viewer, galleryId: number, page = 1, paging = 1): Promise<DanmakuHistory> {
    await this.open(v, galleryId);
    const p = paging ? page : 1;
    const { rows } = await this.db.query<{ id: number; type: string; content: string; nickname: string; photo: string }>(
      `SELECT id, type, content, nickname, photo FROM comments WHERE gallery_id = $1 AND status = 'shown' AND type IN ('text', 'question')
        ORDER BY id DESC LIMIT ${COMMENT_PAGE_SIZE} OFFSET $2`,
      [galleryId, (p - 1) * COMMENT_PAGE_SIZE]
    );
    const total = await this.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM comments WHERE gallery_id = $1 AND status = 'shown' AND type IN ('text', 'question')`,
      [galleryId]
    );
    return { items: rows, total: total.rows[0].n };
  }

  async gifts(v: Viewer, galleryId: number): Promise<Gift[]> {
    await this.open(v, galleryId);
    return this.giftList(galleryId);
  }

  async emotions(v: Viewer, galleryId: number): Promise<Emotion[]> {
    await this.open(v, galleryId);
    return this.emotionList(galleryId);
  }

  /** `GET /api/v2/gallery/show`: the comment settings, with gifts and/or emotions. */
  async show(v: Viewer, galleryId: number, withs: string[]): Promise<GalleryShow> {
    const flags = await this.open(v, galleryId);
    const out: GalleryShow = { id: galleryId, ...flags };
    if (withs.includes('gift_detail')) out.gift_detail = await this.giftList(galleryId);
    if (withs.includes('emotion_detail')) out.emotion_detail = await this.emotionList(galleryId);
    return out;
  }

  /** The block check: muted here, and the gallery's block_all. */
  async blockState(v: Viewer, galleryId: number): Promise<BlockState> {
    const flags = await this.open(v, galleryId);
    let blocked = 0;
    if (v.userId) {
      const { rows } = await this.db.query('SELECT 1 FROM comment_mutes WHERE gallery_id = $1 AND user_id = $2', [galleryId, v.userId]);
      blocked = rows.length ? 1 : 0;
    }
    return { gallery_id: galleryId, blocked, block_all: flags.block_all, openid: v.user?.openid ?? '' };
  }

  private async countRoots(galleryId: number): Promise<number> {
    const { rows } = await this.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM comments c WHERE ${SHOWN_ROOTS}`, [galleryId]);
    return rows[0].n;
  }

  private async giftList(galleryId: number): Promise<Gift[]> {
    const { rows } = await this.db.query<GiftRow>('SELECT id, name, image, price_cents, cooldown_s FROM comment_gifts WHERE gallery_id = $1 ORDER BY position, id', [galleryId]);
    return rows.map(presentGift);
  }

  private async emotionList(galleryId: number): Promise<Emotion[]> {
    const { rows } = await this.db.query<{ id: number; name: string; images: string[] }>('SELECT id, name, images FROM comment_emotions WHERE gallery_id = $1 ORDER BY position, id', [galleryId]);
    return rows.map(presentEmotion);
  }
}
