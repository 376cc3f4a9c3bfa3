import type { Db, Queryable } from '../../db';
import type { LoginIdentity } from '../../providers/login';
import type { LoginProviderId } from '../../../../types/api/auth';
import type { UserInfo } from '../../../../types/api/session';
import { mergeGuestInto } from './guestMerge';

const now = () => Math.floor(Date.now() / 1000);

interface Row {
  id: number;
  openid: string;
  nickname: string;
  photo: string;
  is_mock: boolean;
}

const toInfo = (r: Row): UserInfo => ({ openid: r.openid, nickname: r.nickname, photo: r.photo, is_mock: r.is_mock });

/**
 * Upgrade the session `tokenHash` to the user of `who`, in one transaction:
 * - that openid (or unionid) already has a user → the session moves to it; when the
 *   session's user was a guest, the guest's likes, visits and passes go along (guestMerge.ts);
 * - the session's user is a guest → it becomes that user (openid set, is_mock false);
 * - the session's user is another real user → a new user is created and the session moves.
 * The token never changes. Profile fields from the provider fill only empty ones
 * (the fill-in components own them afterwards). Returns null when the session is gone.
 */
export async function upgradeSession(db: Db, tokenHash: string, who: LoginIdentity, provider: LoginProviderId): Promise<UserInfo | null> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.tx((q) => upgradeOnce(q, tokenHash, who, provider));
    } catch (e) {
      // Two first logins of one openid at once: the loser retries and finds the winner's user.
      // A merge that deadlocked with a like toggle (40P01) or lost a serialization race (40001) retries too.
      const code = (e as { code?: string }).code;
      if ((code === '23505' || code === '40P01' || code === '40001') && attempt < 2) continue;
      throw e;
    }
  }
}

async function upgradeOnce(q: Queryable, tokenHash: string, who: LoginIdentity, provider: LoginProviderId): Promise<UserInfo | null> {
  const t = now();
  const { rows: current } = await q.query<Row>(
    `SELECT u.id, u.openid, u.nickname, u.photo, u.is_mock FROM sessions s JOIN users u ON u.id = s.user_id
     WHERE s.token_hash = $1 AND s.expires_at > $2 FOR UPDATE OF s`,
    [tokenHash, t]
  );
  if (!current.length) return null;
  const { rows: found } = await q.query<Row>(
    `SELECT id, openid, nickname, photo, is_mock FROM users
     WHERE openid = $1 OR ($2::text IS NOT NULL AND unionid = $2) ORDER BY (openid = $1) DESC, id LIMIT 1`,
    [who.openid, who.unionid ?? null]
  );
  const fields = [who.unionid ?? null, who.sessionKey ?? null, provider, who.nickname ?? '', who.avatar ?? '', t];
  const setFields = `unionid = COALESCE(unionid, $2), wx_session_key = COALESCE($3, wx_session_key), login_provider = $4,
       nickname = CASE WHEN nickname = '' THEN $5 ELSE nickname END, photo = CASE WHEN photo = '' THEN $6 ELSE photo END,
       updated_at = $7, is_mock = false`;
  let target: Row;
  if (found.length) {
    const r = await q.query<Row>(`UPDATE users SET ${setFields} WHERE id = $1 RETURNING id, openid, nickname, photo, is_mock`, [found[0].id, ...fields]);
    target = r.rows[0];
  } else if (current[0].is_mock) {
    const r = await q.query<Row>(
      `UPDATE users SET openid = $8, ${setFields} WHERE id = $1 RETURNING id, openid, nickname, photo, is_mock`,
      [current[0].id, ...fields, who.openid]
    );
    target = r.rows[0];
  } else {
    const r = await q.query<Row>(
      `INSERT INTO users (openid, unionid, wx_session_key, login_provider, nickname, photo, updated_at, is_mock, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, false, $7) RETURNING id, openid, nickname, photo, is_mock`,
      [who.openid, ...fields]
    );
    target = r.rows[0];
  }
  if (target.id !== current[0].id) {
    await q.query('UPDATE sessions SET user_id = $2 WHERE token_hash = $1', [tokenHash, target.id]);
    // Only a guest's activity follows: two real accounts stay apart.
    if (current[0].is_mock) await mergeGuestInto(q, current[0].id, target.id);
  }
  return toInfo(target);
}

/** The fill-in nickname and avatar components' values for a logged-in user. */
export async function updateProfile(db: Db, userId: number, p: { nickname?: string; avatar?: string }): Promise<UserInfo> {
  const { rows } = await db.query<Row>(
    `UPDATE users SET nickname = COALESCE($2, nickname), photo = COALESCE($3, photo), updated_at = $4
     WHERE id = $1 RETURNING id, openid, nickname, photo, is_mock`,
    [userId, p.nickname ?? null, p.avatar ?? null, now()]
  );
  return toInfo(rows[0]);
}
