import type { FastifyInstance } from 'fastify';
import { route } from '../http';
import { organizerCalls } from '../../../types/api/upload';
import { organizerGateCalls } from '../../../types/api/permission';
import { organizerSettingsCalls } from '../../../types/api/organizer';
import { organizerOrderCalls } from '../../../types/api/organizerOrders';
import type { Services } from '../services';

/** The organiser API: every call needs `Authorization: Bearer <ORGANIZER_TOKEN>` (checked inside the service). */
export default async function organizerRoutes(app: FastifyInstance, s: Services) {
  route(app, organizerCalls.createGallery, ({ viewer, body }) => s.organizer.createGallery(viewer, body));
  route(app, organizerCalls.setPage, ({ viewer, params, body }) => s.organizer.setPage(viewer, params.id, body));
  route(app, organizerSettingsCalls.setConfig, ({ viewer, params, body }) => s.organizerSettings.setConfig(viewer, params.id, body));
  route(app, organizerSettingsCalls.setWatermark, ({ viewer, params, body }) => s.organizerSettings.setWatermark(viewer, params.id, body));
  route(app, organizerSettingsCalls.clearWatermark, ({ viewer, params }) => s.organizerSettings.setWatermark(viewer, params.id, null));
  route(app, organizerSettingsCalls.goods, ({ viewer, params }) => s.organizerGoods.list(viewer, params.id));
  route(app, organizerSettingsCalls.addGoods, ({ viewer, params, body }) => s.organizerGoods.add(viewer, params.id, body));
  route(app, organizerSettingsCalls.updateGoods, ({ viewer, params, body }) => s.organizerGoods.update(viewer, params.goods_id, body));
  route(app, organizerSettingsCalls.withdrawGoods, ({ viewer, params }) => s.organizerGoods.setWithdrawn(viewer, params.goods_id, true));
  route(app, organizerSettingsCalls.restoreGoods, ({ viewer, params }) => s.organizerGoods.setWithdrawn(viewer, params.goods_id, false));
  route(app, organizerSettingsCalls.setPayDown, ({ viewer, params, body }) => s.organizerGoods.setPayDown(viewer, params.id, body.goods_id));
  route(app, organizerOrderCalls.list, ({ viewer, params, query }) => s.organizerOrders.list(viewer, params.id, query));
  route(app, organizerCalls.listGalleries, ({ viewer }) => s.organizer.list(viewer));
  route(app, organizerCalls.photoAction, ({ viewer, params, body }) => s.organizer.photoAction(viewer, params.id, params.action, body.ids));
  route(app, organizerGateCalls.list, ({ viewer, params }) => s.organizerGates.list(viewer, params.id));
  route(app, organizerGateCalls.set, ({ viewer, params, body }) => s.organizerGates.set(viewer, params.id, params.kind, body));
  route(app, organizerGateCalls.clear, ({ viewer, params }) => s.organizerGates.clear(viewer, params.id, params.kind));
}
