import { requireUser } from '../viewer';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../errors';
import { intParam, ok } from '../http';
import { LINK_ID_RE } from '../../../types/routes';
import type { Services } from '../services';

const MAX_ID = 2_147_483_647;

function linkIdParam(value: string): string {
  if (!LINK_ID_RE.test(value)) throw badRequest('link_id must be 6 to 9 letters or digits');
  return value;
}

/** Visit history (spec part 1 §7): add on open, my history, my last visit, a link's latest visitors, remove. */
export default async function visitRoutes(app: FastifyInstance, ctx: Services) {
  app.post<{ Params: { link_id: string }; Body: { parentid?: unknown } | undefined }>('/api/v2/gallery_visit/link/:link_id/add', async (req) => {
    const user = requireUser(req.viewer);
    const g = await ctx.galleries.byLinkId(linkIdParam(req.params.link_id));
    const raw = req.body && typeof req.body === 'object' ? req.body.parentid : undefined;
    let parentId = 0;
    // The parent of /g/{linkid}/visit/{parentid}: a gallery id or a link id; one that does not exist is ignored.
    if (typeof raw === 'string' && LINK_ID_RE.test(raw) && !/^\d+$/.test(raw)) {
      parentId = (await ctx.galleries.findRow('link_id', raw))?.id ?? 0;
    } else if (raw !== undefined && raw !== null && raw !== '') {
      const id = intParam('parentid', raw, 0, MAX_ID);
      parentId = id > 0 && (await ctx.galleries.findRow('id', id)) ? id : 0;
    }
    return ok(await ctx.visits.add(user.id, g.id, parentId));
  });

  app.get<{ Querystring: { page?: string } }>('/api/v2/user/visithistory', async (req) => {
    const user = requireUser(req.viewer);
    const page = Math.max(1, intParam('page', req.query.page, 1, 100_000));
    return ok(await ctx.visits.history(user.id, page));
  });

  app.get('/api/v2/user/lastvisithistory', async (req) => {
    const user = requireUser(req.viewer);
    return ok(await ctx.visits.last(user.id));
  });

  app.get<{ Params: { link_id: string } }>('/api/v2/gallery_visit/link/:link_id/latest', async (req) => {
    const g = await ctx.galleries.byLinkId(linkIdParam(req.params.link_id));
    return ok(await ctx.visits.latest(g.id));
  });

  /** Spec part 1 §5: removing a visited gallery needs an id. */
  app.post<{ Body: { id?: unknown } | undefined }>('/api/v2/usergallery/remove', async (req) => {
    const user = requireUser(req.viewer);
    const raw = req.body && typeof req.body === 'object' ? req.body.id : undefined;
    if (raw === undefined || raw === null || raw === '') throw badRequest('id is required');
    const id = intParam('id', raw, 0, MAX_ID);
    if (id < 1) throw badRequest('id must be a gallery id');
    return ok({ id, removed: await ctx.visits.remove(user.id, id) });
  });
}
