import type { FastifyInstance } from 'fastify';
import { route } from '../http';
import type { Services } from '../services';
import { redPacketCalls } from '../../../types/api/redpackets';

/** Red packets and the phone sign-up (types/api/redpackets.ts); the rules are in services/redpackets/. */
export default async function redPacketRoutes(app: FastifyInstance, s: Services) {
  route(app, redPacketCalls.precreate, ({ viewer, body }) => s.redPackets.precreate(viewer, body));
  route(app, redPacketCalls.create, ({ viewer, body }) => s.redPackets.create(viewer, body));
  route(app, redPacketCalls.ask, ({ viewer, body }) => s.redPackets.ask(viewer, body.id));
  route(app, redPacketCalls.get, ({ viewer, body }) => s.redPackets.get(viewer, body.id));
  route(app, redPacketCalls.list, ({ viewer, query }) => s.redPackets.list(viewer, query.galleryid));
  route(app, redPacketCalls.detail, ({ viewer, query }) => s.redPackets.detail(viewer, query.id, query.page ?? 1));
  route(app, redPacketCalls.bindPhone, ({ viewer, body }) => s.redPacketPhones.bind(viewer, body));
}
