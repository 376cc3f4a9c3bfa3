import type { FastifyInstance } from 'fastify';
import { route } from '../http';
import { contentCalls } from '../../../types/api/content';
import type { Services } from '../services';

export default async function contentRoutes(app: FastifyInstance, s: Services) {
  route(app, contentCalls.create, ({ viewer, body }) => s.contents.create(viewer, body.html));
  route(app, contentCalls.get, ({ viewer, params }) => s.contents.get(viewer, params.hash));
}
