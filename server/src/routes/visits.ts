import type { FastifyInstance } from 'fastify';
import { route } from '../http';
import { visitCalls } from '../../../types/api/visit';
import type { Services } from '../services';

/** Visit history (spec part 1 §7): add on open, my history, my last visit, a link's latest visitors, remove. */
export default async function visitRoutes(app: FastifyInstance, s: Services) {
  route(app, visitCalls.add, ({ viewer, params, body }) => s.visits.open(viewer, params.link_id, body.parentid));
  route(app, visitCalls.history, ({ viewer, query }) => s.visits.historyFor(viewer, query.page ?? 1));
  route(app, visitCalls.last, ({ viewer }) => s.visits.lastFor(viewer));
  route(app, visitCalls.latest, ({ params }) => s.visits.latestOf(params.link_id));
  route(app, visitCalls.remove, ({ viewer, body }) => s.visits.removeFor(viewer, body.id));
}
