import type { FastifyInstance } from 'fastify';
import { route } from '../http';
import { statsCalls } from '../../../types/api/stats';
import type { Services } from '../services';

/** POST /api/v2/trigger/story: a batch of stat events (JSON, or text/plain JSON from navigator.sendBeacon). */
export default async function statsRoutes(app: FastifyInstance, s: Services) {
  route(app, statsCalls.story, ({ viewer, body }) => s.stats.story(viewer, body));
}
