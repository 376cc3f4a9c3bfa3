import { requireUser } from '../viewer';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../errors';
import { intParam, ok } from '../http';
import { isImageStyleName } from '../../../types/image-style';
import type { Services } from '../services';
import { signOriginal } from '../services/pay/signedImage';
import { contentDisposition, openZip, parseZipIds, zipTicket } from '../services/pay/zip';

const MAX_INT = 2_147_483_647;

/** Paid originals: signed original URLs, and ZIP downloads streamed from the store (issue 5 items 3, 4). */
export default async function originalRoutes(app: FastifyInstance, ctx: Services) {
  app.get<{ Params: { id: string }; Querystring: { style?: string } }>('/api/v2/images/original/:id', async (req, reply) => {
    const id = intParam('id', req.params.id, 0, MAX_INT);
    if (!id) throw badRequest('id must be a positive photo id');
    const style = req.query.style ?? 'original';
    if (!isImageStyleName(style)) throw badRequest('Unknown image style');
    const user = requireUser(req.viewer);
    reply.header('cache-control', 'no-store');
    return ok(await signOriginal(ctx, user, id, style, (galleryId) => ctx.gates.assertPass(req.viewer, galleryId)));
  });

  app.post<{ Body: Record<string, unknown> | null }>('/api/v2/images/zip', async (req, reply) => {
    const b = req.body && typeof req.body === 'object' ? req.body : {};
    const raw = b.gallery_id;
    const galleryId = intParam('gallery_id', typeof raw === 'number' ? raw : raw === undefined || raw === null ? undefined : String(raw), 0, MAX_INT);
    if (!galleryId) throw badRequest('gallery_id is required');
    const ids = parseZipIds(b.ids);
    const user = requireUser(req.viewer);
    // A gated gallery gives no archive without its pass (the GET carries only the token).
    await ctx.gates.assertPass(req.viewer, galleryId);
    reply.header('cache-control', 'no-store');
    return ok(await zipTicket(ctx, user, galleryId, ids));
  });

  // A wildcard: tokens carry up to 50 ids and outgrow the router's 300-character parameters.
  app.get<{ Params: { '*': string } }>('/api/v2/images/zip/*', async (req, reply) => {
    const zip = await openZip(ctx, req.params['*']);
    reply
      .type('application/zip')
      .header('content-disposition', contentDisposition(zip.fileName))
      .header('cache-control', 'no-store');
    if (zip.size !== null) reply.header('content-length', zip.size);
    return reply.send(zip.stream);
  });
}
