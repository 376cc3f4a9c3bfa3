import type { FastifyInstance } from 'fastify';
import { route } from '../http';
import { mineCalls } from '../../../types/api/mine';
import type { Services } from '../services';

/** The Find page's lists (spec part 1 §7, part 3 §7): my favourite photos, my splice posters (long pictures: routes/splice.ts). */
export default async function mineRoutes(app: FastifyInstance, s: Services) {
  route(app, mineCalls.lovedImages, ({ viewer, query }) => s.mine.lovedImagesFor(viewer, query.page ?? 1));
  route(app, mineCalls.splices, ({ viewer, query }) => s.mine.splicesFor(viewer, query.page ?? 1));
}
