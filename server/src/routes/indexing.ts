import type { FastifyInstance } from 'fastify';
import { route } from '../http';
import { indexingCalls } from '../../../types/api/indexing';
import type { Services } from '../services';

/** How far a gallery's indexing has got (types/api/indexing.ts): the rules are in services/indexing/progress.ts. */
export default async function indexingRoutes(app: FastifyInstance, s: Services) {
  route(app, indexingCalls.organizer, ({ viewer, params }) => s.indexingProgress.forOrganizer(viewer, params.id));
  route(app, indexingCalls.visitor, ({ viewer, query }) => s.indexingProgress.forVisitor(viewer, query.galleryid));
}
