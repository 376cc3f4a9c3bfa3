import { requireUser } from '../viewer';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../errors';
import { intParam, ok } from '../http';
import { LINK_ID_RE } from '../../../types/routes';
import { PASSWORD_MAX_LEN } from '../services/gates/gates';
import { PHONE_RE, SMS_CODE_LENGTH, type GateKind } from '../../../types/api/permission';
import type { Services } from '../services';

const MAX_INT = 2_147_483_647;
type Body = Record<string, unknown> | null;

function bodyOf(req: FastifyRequest): Record<string, unknown> {
  const b = req.body as Body;
  return b && typeof b === 'object' && !Array.isArray(b) ? b : {};
}

function idOf(name: string, v: unknown): number {
  if (v === undefined || v === null || v === '') throw badRequest(`${name} is required`);
  const n = intParam(name, typeof v === 'number' ? v : String(v), 0, MAX_INT);
  if (n <= 0) throw badRequest(`${name} must be a positive integer`);
  return n;
}

function phoneOf(v: unknown): string {
  if (typeof v !== 'string' || !PHONE_RE.test(v)) throw badRequest('phone must be 11 digits');
  return v;
}

function codeOf(v: unknown): string {
  const s = typeof v === 'number' ? String(v).padStart(SMS_CODE_LENGTH, '0') : v;
  if (typeof s !== 'string' || !new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`).test(s)) throw badRequest(`code must be ${SMS_CODE_LENGTH} digits`);
  return s;
}

/**
 * Gated pages (spec part 3 §2, §7; types/api/permission.ts). Passwords and codes
 * come only in JSON bodies; Fastify never logs bodies, and main.ts logs paths only.
 */
export default async function permissionRoutes(app: FastifyInstance, ctx: Services) {
  const gates = ctx.gates.service;

  const families: [GateKind, string][] = [
    ['watermark', '/api/v2/gallery/watermark'],
    ['pgdata', '/api/v2/gallerypgdata/permisson']
  ];
  for (const [kind, base] of families) {
    app.get<{ Params: { id: string } }>(`${base}/ispass/:id`, async (req) => {
      const id = idOf('id', req.params.id);
      await ctx.galleries.cachedById(id);
      const user = req.viewer.user;
      return ok(await gates.status(user?.id ?? null, id, kind));
    });

    app.post(`${base}/visit/check`, async (req) => {
      const b = bodyOf(req);
      const id = idOf('id', b.id);
      await ctx.galleries.cachedById(id);
      const user = requireUser(req.viewer);
      const gate = (await gates.gatesOf(id))[kind];
      if (!gate) return ok(await gates.status(user.id, id, kind));
      if (gate.access_type === 'phone') {
        await ctx.gates.sms.validate(user.id, req.ip, phoneOf(b.phone), codeOf(b.code), id);
        return ok(await gates.status(user.id, id, kind));
      }
      if (typeof b.password !== 'string' || !b.password) throw badRequest('password is required');
      if (b.password.length > PASSWORD_MAX_LEN) throw badRequest(`password is longer than ${PASSWORD_MAX_LEN} characters`);
      return ok(await gates.checkPassword(user.id, req.ip, id, kind, b.password));
    });
  }

  /** Path ours (the spec does not show the send call): {phone, gallery_id}. */
  app.post('/api/v2/policy/sms/send', async (req) => {
    const b = bodyOf(req);
    const phone = phoneOf(b.phone);
    const galleryId = idOf('gallery_id', b.gallery_id);
    await ctx.galleries.cachedById(galleryId);
    requireUser(req.viewer);
    return ok(await ctx.gates.sms.send(req.ip, phone, galleryId));
  });

  app.post('/api/v2/policy/sms/validation', async (req) => {
    const b = bodyOf(req);
    const phone = phoneOf(b.phone);
    const code = codeOf(b.code);
    const user = requireUser(req.viewer);
    return ok(await ctx.gates.sms.validate(user.id, req.ip, phone, code));
  });

  app.get<{ Querystring: { link?: string } }>('/api/v2/permissibility', async (req) => {
    const link = req.query.link;
    if (typeof link !== 'string' || !LINK_ID_RE.test(link)) throw badRequest('link must be 6 to 9 letters or digits');
    const user = req.viewer.user;
    return ok(await gates.permissibility(user?.id ?? null, link));
  });
}
