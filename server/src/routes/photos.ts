import type { FastifyInstance } from 'fastify';
import { intParam, ok, strParam } from '../http';
import { parseSort, parseTags, parseAfter, MAX_PAGE_SIZE } from '../services/photos';
import { PHOTO_PAGE_SIZE } from '../../../types/api/photo';
import type { AppContext } from '../context';
import { withPayed } from '../services/entitlements';

type ListQuery = Record<'sorttype' | 'order' | 'offset' | 'tags' | 'time' | 'page_size' | 'after', string | undefined>;

export default async function photoRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get<{ Params: { galleryid: string }; Querystring: ListQuery }>('/api/v2/images/:galleryid/list', async (req, reply) => {
    const galleryId = intParam('galleryid', req.params.galleryid, 0, 2_147_483_647);
    const q = req.query;
    const offset = intParam('offset', q.offset, 0, 10_000_000);
    const pageSize = intParam('page_size', q.page_size, PHOTO_PAGE_SIZE, MAX_PAGE_SIZE);
    intParam('time', q.time, 0);
    const gallery = await ctx.galleries.cachedById(galleryId);
    // A gated gallery lists nothing without the pass (200202).
    await ctx.gates.assertPass(req, galleryId);
    const { sort, order } = parseSort(strParam('sorttype', q.sorttype, 20), strParam('order', q.order, 4), gallery.config.sort);
    const tags = parseTags(strParam('tags', q.tags, 500));
    const after = parseAfter(strParam('after', q.after, 40));
    reply.header('cache-control', 'no-cache');
    const page = await ctx.photos.list(galleryId, { sort, order, offset, tags, pageSize, after });
    // The shared (cached) page, with this visitor's paid photos tagged on a copy.
    const user = req.token ? await ctx.currentUser(req) : null;
    return ok(user ? { ...page, items: await withPayed(ctx.db, user, page.items) } : page);
  });
}
