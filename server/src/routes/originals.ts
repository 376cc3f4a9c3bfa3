import type { FastifyInstance } from 'fastify';
import { route } from '../http';
import { downloadCalls } from '../../../types/api/download';
import type { Services } from '../services';
import { contentDisposition } from '../services/pay/zip';

/** Paid originals: signed original URLs, and ZIP downloads streamed from the store. */
export default async function originalRoutes(app: FastifyInstance, s: Services) {
  route(app, downloadCalls.original, ({ viewer, params, query, reply }) => {
    reply.header('cache-control', 'no-store');
    return s.originals.sign(viewer, params.id, query.style ?? 'original');
  });

  route(app, downloadCalls.zip, ({ viewer, body, reply }) => {
    reply.header('cache-control', 'no-store');
    return s.downloads.ticket(viewer, body.gallery_id, body.ids);
  });

  route(app, downloadCalls.zipDownload, async ({ params, reply }) => {
    const zip = await s.downloads.open(params['*']);
    reply
      .type('application/zip')
      .header('content-disposition', contentDisposition(zip.fileName))
      .header('cache-control', 'no-store');
    if (zip.size !== null) reply.header('content-length', zip.size);
    return reply.send(zip.stream);
  });
}
