import type { FastifyInstance } from 'fastify';
import { badRequest } from '../errors';
import { ok } from '../http';
import { parseIdList } from '../services/gallery/batch';
import { GALLERY_BATCH_MAX, PHOTO_BATCH_MAX } from '../../../types/api/visit';
import type { Services } from '../services';
import { withPayed } from '../services/pay/entitlements';

/** Things by id lists: galleries (capped at 50), their cover media, photos (capped at 100). */
export default async function batchRoutes(app: FastifyInstance, ctx: Services) {
  app.get<{ Querystring: { ids?: string } }>('/api/v2/gallery/batch', async (req) => {
    const ids = parseIdList('ids', req.query.ids, GALLERY_BATCH_MAX);
    return ok(await ctx.gates.redactGalleries(req.viewer, await ctx.batch.galleries(ids)));
  });

  app.get<{ Querystring: { ids?: string; desc?: string } }>('/api/v2/gallerymedium/batch', async (req) => {
    const ids = parseIdList('ids', req.query.ids, GALLERY_BATCH_MAX);
    const desc = req.query.desc;
    if (desc !== undefined && desc !== '' && desc !== '0' && desc !== '1') throw badRequest('desc must be 0 or 1');
    return ok(await ctx.batch.mediums(ids, desc !== '0'));
  });

  app.get<{ Querystring: { id?: string } }>('/api/v2/images/batchlist', async (req) => {
    const ids = parseIdList('id', req.query.id, PHOTO_BATCH_MAX);
    // Photos of gated galleries the visitor has not passed are left out.
    const photos = await ctx.gates.filterPhotos(req.viewer, await ctx.batch.photos(ids));
    const user = req.token ? req.viewer.user : null;
    return ok(user ? await withPayed(ctx.db, user, photos) : photos);
  });
}
