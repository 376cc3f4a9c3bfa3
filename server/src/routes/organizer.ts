import type { FastifyInstance } from 'fastify';
import { route } from '../http';
import { organizerCalls } from '../../../types/api/upload';
import { organizerGateCalls } from '../../../types/api/permission';
import type { Services } from '../services';

/** The organiser API: every call needs `Authorization: Bearer <ORGANIZER_TOKEN>` (checked inside the service). */
export default async function organizerRoutes(app: FastifyInstance, s: Services) {
  route(app, organizerCalls.createGallery, ({ viewer, body }) => s.organizer.createGallery(viewer, body));
  route(app, organizerCalls.setPage, ({ viewer, params, body }) => s.organizer.setPage(viewer, params.id, body));
  route(app, organizerCalls.setConfig, ({ viewer, params, body }) => s.organizer.setConfig(viewer, params.id, body));
  route(app, organizerCalls.listGalleries, ({ viewer }) => s.organizer.list(viewer));
  route(app, organizerCalls.photoAction, ({ viewer, params, body }) => s.organizer.photoAction(viewer, params.id, params.action, body.ids));
  route(app, organizerGateCalls.list, ({ viewer, params }) => s.organizerGates.list(viewer, params.id));
  route(app, organizerGateCalls.set, ({ viewer, params, body }) => s.organizerGates.set(viewer, params.id, params.kind, body));
  route(app, organizerGateCalls.clear, ({ viewer, params }) => s.organizerGates.clear(viewer, params.id, params.kind));
}
