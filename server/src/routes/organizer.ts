import type { FastifyInstance } from 'fastify';
import { route } from '../http';
import { organizerCalls } from '../../../types/api/upload';
import type { Services } from '../services';

/** The organiser API: every call needs `Authorization: Bearer <ORGANIZER_TOKEN>` (checked inside the service). */
export default async function organizerRoutes(app: FastifyInstance, s: Services) {
  route(app, organizerCalls.createGallery, ({ viewer, body }) => s.organizer.createGallery(viewer, body));
  route(app, organizerCalls.listGalleries, ({ viewer }) => s.organizer.list(viewer));
  route(app, organizerCalls.photoAction, ({ viewer, params, body }) => s.organizer.photoAction(viewer, params.id, params.action, body.ids));
}
