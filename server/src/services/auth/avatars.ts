import type { Db } from '../../db';
import type { ObjectStore } from '../../storage';
import { notFound } from '../../errors';
import { requireRealUser, type Viewer } from '../../viewer';
import { AVATAR_UPLOADS_PER_MIN, type AvatarUploadResult } from '../../../../types/api/auth';
import type { RateLimiter } from '../shared/rateLimit';
import type { SessionService } from '../session/session';
import { updateProfile } from './authUsers';
import { hashToken } from './auth';
import { avatarKey, isAvatarHash, storeAvatar } from './avatar';

/**
 * The mini-program's chosen avatar (the chooseAvatar button gives a temporary
 * file): stored as a small JPEG by content hash and set as the user's photo.
 */
export class AvatarService {
  constructor(
    private db: Db,
    private store: ObjectStore,
    private limits: RateLimiter,
    private sessions: SessionService,
    private publicUrl: string
  ) {}

  /** Real users only, 10 a minute; `read` reads the uploaded file (after these checks, so a refused upload is not read). */
  async upload(v: Viewer, read: () => Promise<Buffer>): Promise<AvatarUploadResult> {
    const user = requireRealUser(v, 'Log in before uploading an avatar');
    await this.limits.enforce(`avatar:u:${user.id}`, { limit: AVATAR_UPLOADS_PER_MIN, windowS: 60 }, 'Too many avatar uploads, please try again later');
    const { hash } = await storeAvatar(this.store, await read());
    const url = `${this.publicUrl}/avatars/${hash}.jpg`;
    const updated = await updateProfile(this.db, user.id, { avatar: url });
    // Every process's session cache shows the new photo (as the profile call does).
    if (v.token) await this.sessions.forgetEverywhere(hashToken(v.token));
    return { url, user: updated };
  }

  /** A stored avatar's bytes by its file name `{sha256}.jpg`; 404 otherwise. */
  async file(name: string): Promise<{ hash: string; body: () => Promise<Buffer | null> }> {
    const m = /^([0-9a-f]{64})\.jpg$/.exec(name);
    if (!m || !isAvatarHash(m[1])) throw notFound('Avatar not found');
    const hash = m[1];
    return { hash, body: () => this.store.get(avatarKey(hash)) };
  }
}
