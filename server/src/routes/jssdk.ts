import type { FastifyInstance } from 'fastify';
import { route } from '../http';
import { jssdkCalls } from '../../../types/api/jssdk';
import type { Services } from '../services';

/** WeChat JS-SDK: the signature wx.config needs for a page (types/api/jssdk.ts). Public: a guest's page is configured too. */
export default async function jssdkRoutes(app: FastifyInstance, s: Services) {
  route(app, jssdkCalls.signature, ({ query }) => s.jssdk.signature(query.url));
}
