import type { Queryable } from '../../db';

/** What a merge moved (rows of the guest now the user's; `dropped`: duplicates of rows the user had). */
export interface GuestMergeResult {
  likes: { moved: number; dropped: number };
  visits: number;
  passes: number;
  visitors: { moved: number; dropped: number };
}

/**
 * A guest logged in with an openid that already has a user, so the session moves
 * to that user: the guest's activity goes with it, inside the login's transaction.
 * Each statement deletes the guest's rows and inserts them for the user in one go
 * (a data-modifying CTE), so a row the guest writes meanwhile is either moved or
 * left, never half-moved.
 *
 * Merged, per table:
 * - photo_likes: a photo liked by both stays liked once, and photos.love (which
 *   counts like rows) drops by one for it, since one person's two likes are one;
 * - gallery_visits: the newest visited_at (and its parent) wins;
 * - gate_passes: the later expiry wins;
 * - gallery_visitors: the earlier first_at; a gallery both visited counts one
 *   distinct visitor, so gallery_stats.uv drops by one for it;
 * - stat_minutes: views of the same minute add up (the per-minute cap is per person);
 * - stat_batches: batch ids already counted stay counted (a replay after login counts nothing).
 * Not merged: orders and paid_images (guests cannot pay: routes/pay.ts requirePayer
 * refuses is_mock users, and paid_images rows come only from paid orders), and
 * sessions (the guest's one session is the one moving).
 *
 * The guest user row stays, with no session and nothing left in these tables:
 * deleting it would cascade (ON DELETE CASCADE) through every per-user table,
 * including any added later that this merge does not know about yet.
 */
export async function mergeGuestInto(q: Queryable, guestId: number, userId: number): Promise<GuestMergeResult> {
  // Photo rows first, in id order, as LikeService.love locks them (photo, then like): no deadlock with a like toggle.
  await q.query('SELECT id FROM photos WHERE id IN (SELECT photo_id FROM photo_likes WHERE user_id = $1) ORDER BY id FOR UPDATE', [guestId]);
  const likes = await q.query<{ moved: number; dropped: number }>(
    `WITH moved AS (
       DELETE FROM photo_likes WHERE user_id = $1 RETURNING photo_id, gallery_id, path, created_at
     ), ins AS (
       INSERT INTO photo_likes (user_id, photo_id, gallery_id, path, created_at)
       SELECT $2, photo_id, gallery_id, path, created_at FROM moved
       ON CONFLICT (user_id, photo_id) DO NOTHING RETURNING photo_id
     ), both_liked AS (
       UPDATE photos SET love = GREATEST(love - 1, 0)
       WHERE id IN (SELECT photo_id FROM moved EXCEPT SELECT photo_id FROM ins) RETURNING id
     )
     SELECT (SELECT count(*)::int FROM ins) AS moved, (SELECT count(*)::int FROM both_liked) AS dropped`,
    [guestId, userId]
  );

  const visits = await q.query(
    `WITH moved AS (DELETE FROM gallery_visits WHERE user_id = $1 RETURNING gallery_id, parent_id, visited_at)
     INSERT INTO gallery_visits (user_id, gallery_id, parent_id, visited_at)
     SELECT $2, gallery_id, parent_id, visited_at FROM moved
     ON CONFLICT (user_id, gallery_id) DO UPDATE SET
       parent_id = CASE WHEN EXCLUDED.visited_at > gallery_visits.visited_at THEN EXCLUDED.parent_id ELSE gallery_visits.parent_id END,
       visited_at = GREATEST(gallery_visits.visited_at, EXCLUDED.visited_at)`,
    [guestId, userId]
  );

  const passes = await q.query(
    `WITH moved AS (DELETE FROM gate_passes WHERE user_id = $1 RETURNING gallery_id, kind, expires_at)
     INSERT INTO gate_passes (user_id, gallery_id, kind, expires_at)
     SELECT $2, gallery_id, kind, expires_at FROM moved
     ON CONFLICT (user_id, gallery_id, kind) DO UPDATE SET expires_at = GREATEST(gate_passes.expires_at, EXCLUDED.expires_at)`,
    [guestId, userId]
  );

  // The earlier first visit is kept before the rows move (the insert below keeps the user's row).
  await q.query(
    `UPDATE gallery_visitors u SET first_at = g.first_at FROM gallery_visitors g
     WHERE u.user_id = $2 AND g.user_id = $1 AND g.gallery_id = u.gallery_id AND g.first_at < u.first_at`,
    [guestId, userId]
  );
  const visitors = await q.query<{ moved: number; dropped: number }>(
    `WITH moved AS (
       DELETE FROM gallery_visitors WHERE user_id = $1 RETURNING gallery_id, first_at
     ), ins AS (
       INSERT INTO gallery_visitors (gallery_id, user_id, first_at) SELECT gallery_id, $2, first_at FROM moved
       ON CONFLICT (gallery_id, user_id) DO NOTHING RETURNING gallery_id
     ), both_visited AS (
       UPDATE gallery_stats SET uv = GREATEST(uv - 1, 0)
       WHERE gallery_id IN (SELECT gallery_id FROM moved EXCEPT SELECT gallery_id FROM ins) RETURNING gallery_id
     )
     SELECT (SELECT count(*)::int FROM ins) AS moved, (SELECT count(*)::int FROM both_visited) AS dropped`,
    [guestId, userId]
  );

  await q.query(
    `WITH moved AS (DELETE FROM stat_minutes WHERE user_id = $1 RETURNING gallery_id, minute, views, imageviews)
     INSERT INTO stat_minutes (user_id, gallery_id, minute, views, imageviews)
     SELECT $2, gallery_id, minute, views, imageviews FROM moved
     ON CONFLICT (user_id, gallery_id, minute) DO UPDATE SET
       views = stat_minutes.views + EXCLUDED.views, imageviews = stat_minutes.imageviews + EXCLUDED.imageviews`,
    [guestId, userId]
  );
  await q.query(
    `WITH moved AS (DELETE FROM stat_batches WHERE user_id = $1 RETURNING batch_id, created_at)
     INSERT INTO stat_batches (user_id, batch_id, created_at) SELECT $2, batch_id, created_at FROM moved
     ON CONFLICT (user_id, batch_id) DO NOTHING`,
    [guestId, userId]
  );

  return {
    likes: likes.rows[0],
    visits: visits.rowCount,
    passes: passes.rowCount,
    visitors: visitors.rows[0]
  };
}
