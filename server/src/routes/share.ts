import type { FastifyInstance } from 'fastify';
import { route } from '../http';
import { shareCalls } from '../../../types/api/share';
import type { Services } from '../services';

/** The image share page's public call: who shared (nickname and avatar only; types/api/share.ts). */
export default async function shareRoutes(app: FastifyInstance, s: Services) {
  route(app, shareCalls.sharer, ({ params }) => s.sharers.byOpenid(params.openid));
}
