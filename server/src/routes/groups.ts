import type { FastifyInstance } from 'fastify';
import { route } from '../http';
import type { Services } from '../services';
import { groupCalls, organizerGroupCalls } from '../../../types/api/groups';
import { orderPageCalls } from '../../../types/api/orderPage';

/** The order / preorder page (types/api/orderPage.ts) and groups (types/api/groups.ts). */
export default async function groupRoutes(app: FastifyInstance, s: Services) {
  route(app, orderPageCalls.show, ({ viewer, params }) => s.orderPage.show(viewer, params.link_id));
  route(app, groupCalls.show, ({ viewer, params }) => s.groups.show(viewer, params.token));
  route(app, organizerGroupCalls.list, ({ viewer }) => s.groups.list(viewer));
  route(app, organizerGroupCalls.create, ({ viewer, body }) => s.groups.create(viewer, body));
  route(app, organizerGroupCalls.update, ({ viewer, params, body }) => s.groups.update(viewer, params.id, body));
}
