import { requireUser } from '../viewer';
import type { FastifyInstance } from 'fastify';
import { badRequest, unauthorized } from '../errors';
import { intParam, ok, strParam } from '../http';
import { LikeService, MAX_LOVED_IDS, hashOfImageUrl } from '../services/photos/likes';
import type { Services } from '../services';

const MAX_INT = 2_147_483_647;

/** A required positive integer from a JSON body (number or digit string). */
function bodyId(name: string, v: unknown): number {
  if (v === undefined || v === null || v === '') throw badRequest(`${name} is required`);
  const n = intParam(name, typeof v === 'number' ? v : String(v), 0, MAX_INT);
  if (n <= 0) throw badRequest(`${name} must be a positive integer`);
  return n;
}

/** The viewer's calls: the favourite heart, the user's likes, and an original's byte size. */
export default async function likeRoutes(app: FastifyInstance, ctx: Services) {
  const likes = new LikeService(ctx.db);

  app.post<{ Body: Record<string, unknown> | null }>('/api/v2/userimage/love', async (req) => {
    const b = req.body && typeof req.body === 'object' ? req.body : {};
    const id = bodyId('id', b.id);
    const galleryId = bodyId('galleryid', b.galleryid);
    if (typeof b.path !== 'string' || !b.path.trim()) throw badRequest('path is required');
    if (b.path.length > 500) throw badRequest('path is longer than 500 characters');
    if (b.love !== undefined && b.love !== 0 && b.love !== 1) throw badRequest('love must be 0 or 1');
    const user = requireUser(req.viewer);
    if (user.is_mock) throw unauthorized('Log in to keep favourite photos');
    const result = await likes.love(user.id, id, galleryId, b.path, b.love === undefined ? undefined : b.love === 1);
    ctx.photos.invalidate(galleryId);
    return ok(result);
  });

  app.get<{ Querystring: Record<string, string | undefined> }>('/api/v2/images/user/loved', async (req) => {
    const galleryId = intParam('galleryid', req.query.galleryid, 0, MAX_INT);
    if (!galleryId) throw badRequest('galleryid is required');
    const raw = strParam('imageid', req.query.imageid, 4000);
    let ids: number[] | null = null;
    if (raw) {
      ids = raw.split(',').map((s) => intParam('imageid', s.trim(), 0, MAX_INT));
      if (ids.length > MAX_LOVED_IDS) throw badRequest(`at most ${MAX_LOVED_IDS} imageid values`);
    }
    const user = req.viewer.user;
    return ok(await likes.loved(user ? user.id : null, galleryId, ids));
  });

  app.get<{ Querystring: Record<string, string | undefined> }>('/api/v2/images/size', async (req) => {
    const url = strParam('url', req.query.url, 2000);
    if (!url) throw badRequest('url is required');
    const host = req.headers.host ? [`${req.protocol}://${req.headers.host}`] : [];
    const origins = [ctx.config.publicUrl, ...host];
    // Gated galleries: same rule as the image bytes (the URL's g= and p=, or the session's pass).
    const hash = hashOfImageUrl(url, origins);
    if (hash) {
      const q = new URL(url, 'http://relative.invalid').searchParams;
      const g = q.get('g');
      await ctx.gates.assertImage(req.viewer, hash, 'size', g && /^\d{1,10}$/.test(g) ? Number(g) : undefined, q.get('p') ?? undefined);
    }
    return ok({ size: await likes.imageSize(url, origins) });
  });
}
