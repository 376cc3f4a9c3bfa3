import { requireUser } from '../viewer';
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { badRequest, notFound, unauthorized } from '../errors';
import { ok } from '../http';
import type { Services } from '../services';
import { updateProfile } from '../services/auth/authUsers';
import { hashToken } from '../services/auth/auth';
import { avatarKey, isAvatarHash, readLimited, storeAvatar } from '../services/auth/avatar';
import { AVATAR_UPLOAD_MAX_BYTES, AVATAR_UPLOAD_PATH, AVATAR_UPLOADS_PER_MIN, type AvatarUploadResult } from '../../../types/api/auth';

/** Avatars are stored by content hash: a URL never changes its bytes. */
const AVATAR_CACHE = 'public, max-age=31536000, immutable';

/**
 * The mini-program's chosen avatar (a temporary local file WeChat gives the
 * chooseAvatar button): uploaded here, stored as a small JPEG, set as the
 * user's photo; and the public GET of stored avatars.
 */
export default async function avatarRoutes(app: FastifyInstance, ctx: Services) {
  await app.register(async (scope) => {
    await scope.register(multipart, {
      throwFileSizeLimit: false,
      // One byte past the limit, so an oversize file is seen as such (readLimited).
      limits: { fileSize: AVATAR_UPLOAD_MAX_BYTES + 1, files: 1, fields: 5, parts: 6, fieldSize: 1024 }
    });
    scope.post(AVATAR_UPLOAD_PATH, async (req) => {
      const user = requireUser(req.viewer);
      if (user.is_mock) throw unauthorized('Log in before uploading an avatar');
      await ctx.limits.enforce(`avatar:u:${user.id}`, { limit: AVATAR_UPLOADS_PER_MIN, windowS: 60 }, 'Too many avatar uploads, please try again later');
      if (!req.isMultipart()) throw badRequest('Expected a multipart/form-data body with the avatar in field "file"');
      const part = await req.file();
      if (!part || part.fieldname !== 'file') {
        if (part) await readLimited(part.file, Infinity);
        throw badRequest('field "file" is required');
      }
      const { hash } = await storeAvatar(ctx.store, await readLimited(part.file));
      const url = `${ctx.config.publicUrl}/avatars/${hash}.jpg`;
      const updated = await updateProfile(ctx.db, user.id, { avatar: url });
      // Every process's session cache shows the new photo (as the profile call does).
      await ctx.sessions.forgetEverywhere(hashToken(req.token!));
      const answer: AvatarUploadResult = { url, user: updated };
      return ok(answer);
    });
  });

  app.get<{ Params: { file: string } }>('/avatars/:file', async (req, reply) => {
    const m = /^([0-9a-f]{64})\.jpg$/.exec(req.params.file);
    if (!m || !isAvatarHash(m[1])) throw notFound('Avatar not found');
    const etag = `"${m[1]}"`;
    reply.header('etag', etag).header('cache-control', AVATAR_CACHE);
    if ((req.headers['if-none-match'] ?? '').split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) return reply.status(304).send();
    const body = await ctx.store.get(avatarKey(m[1]));
    if (!body) {
      reply.removeHeader('etag').header('cache-control', 'no-store');
      throw notFound('Avatar not found');
    }
    return reply.type('image/jpeg').header('content-length', body.length).send(body);
  });
}
