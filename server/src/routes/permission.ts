import type { FastifyInstance } from 'fastify';
import { route } from '../http';
import { permissionCalls } from '../../../types/api/permission';
import type { Services } from '../services';

/**
 * Gated pages (spec part 3 §2, §7; types/api/permission.ts). Passwords and codes
 * come only in JSON bodies; Fastify never logs bodies, and main.ts logs paths only.
 */
export default async function permissionRoutes(app: FastifyInstance, s: Services) {
  for (const kind of ['watermark', 'pgdata'] as const) {
    const calls = permissionCalls[kind];
    route(app, calls.isPass, ({ viewer, params }) => s.permissions.isPass(viewer, kind, params.id));
    route(app, calls.check, ({ viewer, body }) => s.permissions.check(viewer, kind, body));
  }
  route(app, permissionCalls.smsSend, ({ viewer, body }) => s.permissions.sendCode(viewer, body.phone, body.gallery_id));
  route(app, permissionCalls.smsValidation, ({ viewer, body }) => s.permissions.validateCode(viewer, body.phone, body.code));
  route(app, permissionCalls.permissibility, ({ viewer, query }) => s.permissions.permissibility(viewer, query.link));
}
