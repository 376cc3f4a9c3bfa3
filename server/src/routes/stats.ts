import type { FastifyInstance } from 'fastify';
import { badRequest, unauthorized } from '../errors';
import { ok } from '../http';
import { validateStatBatch, type StatBatch } from '../../../types/api/stats';
import type { Services } from '../services';

/**
 * POST /api/v2/trigger/story: a batch of stat events `{batch_id, events, token?}`.
 * JSON from the app; `text/plain` JSON from navigator.sendBeacon, which carries
 * the session token in the body because beacons cannot set headers.
 */
export default async function statsRoutes(app: FastifyInstance, ctx: Services) {
  app.post<{ Body: unknown }>('/api/v2/trigger/story', async (req) => {
    let body = req.body;
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body);
      } catch {
        throw badRequest('body must be JSON');
      }
    }
    const problem = validateStatBatch(body);
    if (problem) throw badRequest(problem);
    const batch = body as StatBatch;
    const user = await ctx.sessions.resolve(req.token ?? batch.token);
    if (!user) throw unauthorized();
    const { galleryIds, ...result } = await ctx.stats.record(user.id, batch.batch_id.toLowerCase(), batch.events);
    for (const id of galleryIds) ctx.galleries.invalidate(id);
    return ok(result);
  });
}
