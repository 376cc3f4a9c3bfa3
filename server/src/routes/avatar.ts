import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { asInputError, badRequest, notFound } from '../errors';
import { route } from '../http';
import type { Services } from '../services';
import { malformedForm, readLimited } from '../services/auth/avatar';
import { AVATAR_UPLOAD_MAX_BYTES, avatarCalls } from '../../../types/api/auth';

/** Avatars are stored by content hash: a URL never changes its bytes. */
const AVATAR_CACHE = 'public, max-age=31536000, immutable';

/** The avatar upload (multipart, its own scope and limits) and the public GET of stored avatars. */
export default async function avatarRoutes(app: FastifyInstance, s: Services) {
  await app.register(async (scope) => {
    await scope.register(multipart, {
      throwFileSizeLimit: false,
      // One byte past the limit, so an oversize file is seen as such (readLimited).
      limits: { fileSize: AVATAR_UPLOAD_MAX_BYTES + 1, files: 1, fields: 5, parts: 6, fieldSize: 1024 }
    });
    route(scope, avatarCalls.upload, ({ viewer, req }) =>
      s.avatars.upload(viewer, async () => {
        if (!req.isMultipart()) throw badRequest('Expected a multipart/form-data body with the avatar in field "file"');
        const part = await req.file().catch((e: unknown) => {
          throw asInputError(e, malformedForm);
        });
        if (!part || part.fieldname !== 'file') {
          if (part) await readLimited(part.file, Infinity);
          throw badRequest('field "file" is required');
        }
        return readLimited(part.file);
      })
    );
  });

  route(app, avatarCalls.file, async ({ params, req, reply }) => {
    const { hash, body } = await s.avatars.file(params.file);
    const etag = `"${hash}"`;
    reply.header('etag', etag).header('cache-control', AVATAR_CACHE);
    if ((req.headers['if-none-match'] ?? '').split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) return reply.status(304).send();
    const bytes = await body();
    if (!bytes) {
      reply.removeHeader('etag').header('cache-control', 'no-store');
      throw notFound('Avatar not found');
    }
    return reply.type('image/jpeg').header('content-length', bytes.length).send(bytes);
  });
}
