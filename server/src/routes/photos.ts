import type { FastifyInstance } from 'fastify';
import { route } from '../http';
import { photoCalls } from '../../../types/api/photo';
import type { Services } from '../services';

export default async function photoRoutes(app: FastifyInstance, s: Services) {
  route(app, photoCalls.list, ({ viewer, params, query, reply }) => {
    reply.header('cache-control', 'no-cache');
    return s.photos.listFor(viewer, params.galleryid, query);
  });
}
