import type { Queryable } from '../../db';
import { INLINE_REPLIES, type Comment, type Reply } from '../../../../types/api/comments';
import type { OrganizerComment } from '../../../../types/api/comments-organizer';

/** A comments row as selected here (`reply_total`: its replies that are shown). */
export interface CommentRow {
  id: number;
  gallery_id: number;
  user_id: number | null;
  openid: string;
  nickname: string;
  photo: string;
  type: string;
  content: string;
  reply_id: number | null;
  master: boolean;
  istop: boolean;
  status: string;
  check_label: string;
  gift_id: number | null;
  gallery_data: Record<string, unknown> | null;
  video_data: Record<string, unknown> | null;
  created_at: number;
  reply_total: number;
}

/** Columns of a comment with the count of its shown replies. */
export const COMMENT_COLUMNS = `c.*, (SELECT count(*) FROM comments r WHERE r.reply_id = c.id AND r.status = 'shown')::int AS reply_total`;

export function presentComment(r: CommentRow, replies: Reply[] = []): Comment {
  return {
    id: r.id,
    type: r.type,
    content: r.content,
    galleryid: r.gallery_id,
    nickname: r.nickname,
    photo: r.photo,
    createtime: r.created_at,
    istop: r.istop ? 1 : 0,
    master: r.master ? 1 : 0,
    openid: r.openid,
    has_reply: r.reply_total > 0 ? 1 : 0,
    reply_id: r.reply_id ?? 0,
    replylist: replies,
    reply_total: r.reply_total,
    gallery_data: r.gallery_data,
    video_data: r.video_data,
    status: r.status
  };
}

export function presentForOrganiser(r: CommentRow, replies: Reply[] = []): OrganizerComment {
  return { ...presentComment(r, replies), user_id: r.user_id ?? 0, check_label: r.check_label };
}

/** One comment by id (any status), or null. */
export async function commentById(q: Queryable, id: number, lock = false): Promise<CommentRow | null> {
  const { rows } = await q.query<CommentRow>(`SELECT ${COMMENT_COLUMNS} FROM comments c WHERE c.id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
  return rows[0] ?? null;
}

/** The first INLINE_REPLIES shown replies of each root, oldest first. */
export async function inlineReplies(q: Queryable, rootIds: number[]): Promise<Map<number, Reply[]>> {
  const out = new Map<number, Reply[]>();
  if (!rootIds.length) return out;
  const { rows } = await q.query<{ id: number; reply_id: number; nickname: string; content: string; type: string; openid: string; created_at: number }>(
    `SELECT id, reply_id, nickname, content, type, openid, created_at FROM (
       SELECT r.*, row_number() OVER (PARTITION BY r.reply_id ORDER BY r.id) AS n
         FROM comments r WHERE r.reply_id = ANY($1::int[]) AND r.status = 'shown'
     ) x WHERE n <= $2 ORDER BY reply_id, id`,
    [rootIds, INLINE_REPLIES]
  );
  for (const r of rows) {
    const list = out.get(r.reply_id) ?? [];
    list.push({ id: r.id, nick_name: r.nickname, content: r.content, type: r.type, openid: r.openid, createtime: r.created_at });
    out.set(r.reply_id, list);
  }
  return out;
}

/** Rows presented with their inline replies. */
export async function withReplies(q: Queryable, rows: CommentRow[]): Promise<Comment[]> {
  const replies = await inlineReplies(
    q,
    rows.filter((r) => r.reply_id === null && r.reply_total > 0).map((r) => r.id)
  );
  return rows.map((r) => presentComment(r, replies.get(r.id) ?? []));
}
