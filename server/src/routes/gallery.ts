import type { FastifyInstance } from 'fastify';
import { badRequest, intParam, ok, strParam } from '../http';
import { LINK_ID_RE } from '../../../src/routes';
import type { AppContext } from '../context';

export default async function galleryRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get<{ Params: { link_id: string } }>('/api/v2/gallery/link/:link_id', async (req) => {
    if (!LINK_ID_RE.test(req.params.link_id)) throw badRequest('link_id must be 6 to 9 letters or digits');
    const g = await ctx.galleries.byLinkId(req.params.link_id);
    return ok(await ctx.gates.presentDetail(req, await ctx.galleries.detail(g)));
  });

  /** The home album: the oldest top-level page (the demo event on a fresh install). */
  app.get('/api/v2/home', async () => ok({ link_id: await ctx.galleries.homeLinkId() }));

  app.get<{ Params: { gti: string } }>('/api/v2/gallery/gti/:gti', async (req) => {
    const gti = strParam('gti', req.params.gti, 64)!;
    const g = await ctx.galleries.byGti(gti);
    return ok(await ctx.gates.presentDetail(req, await ctx.galleries.detail(g)));
  });

  /** By numeric id: the legacy WeChat gallery route (/wx/gallery?id=, ids below 1,000,000). */
  app.get<{ Params: { id: string } }>('/api/v2/gallery/id/:id', async (req) => {
    const id = intParam('id', req.params.id, 0, 2_147_483_647);
    const g = await ctx.galleries.byId(id);
    return ok(await ctx.gates.presentDetail(req, await ctx.galleries.detail(g)));
  });
}
