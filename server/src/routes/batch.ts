import type { FastifyInstance } from 'fastify';
import { route } from '../http';
import { batchCalls } from '../../../types/api/visit';
import { splitIds } from '../../../types/api/schema';
import type { Services } from '../services';

/** Things by id lists: galleries (capped at 50), their cover media, photos (capped at 100). */
export default async function batchRoutes(app: FastifyInstance, s: Services) {
  route(app, batchCalls.galleries, ({ viewer, query }) => s.batch.galleriesFor(viewer, splitIds(query.ids)));
  route(app, batchCalls.mediums, ({ viewer, query }) => s.batch.mediumsFor(viewer, splitIds(query.ids), query.desc !== 0));
  route(app, batchCalls.photos, ({ viewer, query }) => s.batch.photosFor(viewer, splitIds(query.id)));
}
