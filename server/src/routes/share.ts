import type { FastifyInstance } from 'fastify';
import { badRequest } from '../errors';
import { ok } from '../http';
import type { Services } from '../services';
import { sharerByOpenid } from '../services/auth/sharer';
import { SHARER_OPENID_RE } from '../../../types/api/share';

/** The image share page's public call: who shared (nickname and avatar only; types/api/share.ts). */
export default async function shareRoutes(app: FastifyInstance, ctx: Services) {
  app.get<{ Params: { openid: string } }>('/api/v2/user/sharer/:openid', async (req) => {
    const openid = req.params.openid;
    if (!SHARER_OPENID_RE.test(openid)) throw badRequest('openid must be 1 to 64 letters, digits, _ or -');
    return ok(await sharerByOpenid(ctx.db, openid));
  });
}
