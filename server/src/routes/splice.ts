import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { route } from '../http';
import { spliceCalls } from '../../../types/api/splice';
import type { Services } from '../services';

/** Long pictures (spec part 2 §7): make one, look one up, and its JPEG for the maker's signed address. */
export default async function spliceRoutes(app: FastifyInstance, s: Services) {
  route(app, spliceCalls.create, ({ viewer, body }) => s.splices.create(viewer, body.galleryid, body.imageids));
  route(app, spliceCalls.show, ({ viewer, body }) => s.splices.show(viewer, body.galleryid, body.imageids));
  route(app, spliceCalls.image, async ({ viewer, params, query, reply }) => {
    reply.header('cache-control', 'no-store');
    const body = await s.splices.image(viewer, params.hash, query);
    // The maker's browser only, no longer than the signed address could live.
    reply.header('cache-control', 'private, max-age=3600').header('etag', `"${params.hash}"`).type('image/jpeg');
    if (body.kind === 'file') return reply.send(fs.createReadStream(body.path));
    return reply.send(body.body);
  });
}
