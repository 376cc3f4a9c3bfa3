import type { Queryable } from '../../db';
import type { SharerInfo } from '../../../../types/api/share';

/**
 * Who shared a share link: a real user's nickname and avatar, nothing else.
 * Guests (is_mock) and users without a nickname stay anonymous (null).
 */
export class SharerService {
  constructor(private db: Queryable) {}

  byOpenid(openid: string): Promise<SharerInfo | null> {
    return sharerByOpenid(this.db, openid);
  }
}

export async function sharerByOpenid(db: Queryable, openid: string): Promise<SharerInfo | null> {
  const { rows } = await db.query<{ nickname: string; photo: string }>(
    'SELECT nickname, photo FROM users WHERE openid = $1 AND NOT is_mock',
    [openid]
  );
  const r = rows[0];
  if (!r || !r.nickname) return null;
  return { nickname: r.nickname, photo: r.photo ?? '' };
}
