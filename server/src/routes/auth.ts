import { requireUser } from '../viewer';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, badRequest, notFound, unauthorized } from '../errors';
import { ok, sendError, strParam } from '../http';
import { AuthService, hashToken } from '../services/auth/auth';
import { updateProfile } from '../services/auth/authUsers';
import { createLoginProviders } from '../providers/login';
import { SANDBOX_APPROVE_PATH, sandboxAuthorizePage, sandboxCode, sandboxName } from '../providers/login/sandbox';
import type { Services } from '../services';
import { AUTH_CALLBACK_PATH, AVATAR_MAX, NICKNAME_MAX, SANDBOX_AUTHORIZE_PATH, type ProfileUpdateRequest } from '../../../types/api/auth';

type Query = { Querystring: Record<string, string | undefined> };

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Browsers get a small page for a refused callback; API clients the envelope. */
function refusePage(req: FastifyRequest, reply: FastifyReply, err: AppError): FastifyReply {
  if (!/text\/html/.test(req.headers.accept ?? '')) return sendError(reply, err);
  const body = `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Login failed</title></head>
<body style="font-family:system-ui,sans-serif;max-width:420px;margin:10vh auto;padding:0 16px"><h1>登录失败 / Login failed</h1>
<p data-testid="login-error">${esc(err.message)}</p><p><a href="/">返回首页 / Back</a></p></body></html>`;
  return reply.status(err.status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);
}

function nickname(v: unknown): string | undefined {
  if (v === undefined || v === null) return undefined;
  const s = typeof v === 'string' ? v.trim() : '';
  if (!s || [...s].length > NICKNAME_MAX || /[\u0000-\u001f\u007f]/.test(s)) throw badRequest(`nickname must be 1 to ${NICKNAME_MAX} characters`);
  return s;
}

/** An http(s) URL or an uploaded object key (letters, digits, '/', '.', '_', '-', no '..'). */
function avatar(v: unknown): string | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string' || !v || v.length > AVATAR_MAX) throw badRequest(`avatar must be a URL or an uploaded key of at most ${AVATAR_MAX} characters`);
  if (/^https?:\/\//i.test(v)) {
    try {
      new URL(v);
    } catch {
      throw badRequest('avatar is not a valid URL');
    }
    if (/[\s"'<>]/.test(v)) throw badRequest('avatar is not a valid URL');
    return v;
  }
  if (!/^[A-Za-z0-9][A-Za-z0-9/_.!-]*$/.test(v) || v.includes('..')) throw badRequest('avatar must be a URL or an uploaded key');
  return v;
}

/** Login: mini-program code2session, browser OAuth (WeChat H5, desktop QR, sandbox), the fill-in profile. */
export default async function authRoutes(app: FastifyInstance, ctx: Services) {
  const providers = createLoginProviders(ctx.config.login, ctx.config.publicUrl);
  const auth = new AuthService(ctx.db, ctx.config.login, providers, ctx.limits, (h) => ctx.sessions.forgetEverywhere(h));

  /** The caller's session token; a login always upgrades an existing session (from /session.js). */
  async function sessionToken(req: FastifyRequest): Promise<string> {
    requireUser(req.viewer);
    return req.token!;
  }

  app.post<{ Body: Record<string, unknown> | null }>('/api/v2/auth/mp/login', async (req) => {
    await auth.limitIp(req.ip);
    const b = req.body && typeof req.body === 'object' ? req.body : {};
    return ok(await auth.mpLogin(await sessionToken(req), b.code));
  });

  app.get<Query>('/api/v2/auth/oauth/start', async (req, reply) => {
    await auth.limitIp(req.ip);
    const token = await sessionToken(req);
    reply.header('cache-control', 'no-store');
    return ok(await auth.startOAuth(token, req.query.provider, req.query.redirect, req.query.lang, ctx.config.publicUrl));
  });

  app.get<Query>(AUTH_CALLBACK_PATH, async (req, reply) => {
    try {
      await auth.limitIp(req.ip);
      const to = await auth.callback(req.query.code, req.query.state, req.token);
      return reply.header('cache-control', 'no-store').redirect(to, 302);
    } catch (e) {
      if (e instanceof AppError) return refusePage(req, reply, e);
      throw e;
    }
  });

  app.post<{ Body: ProfileUpdateRequest | null }>('/api/v2/userinfo/profile', async (req) => {
    const b = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;
    const p = { nickname: nickname(b.nickname), avatar: avatar(b.avatar) };
    if (p.nickname === undefined && p.avatar === undefined) throw badRequest('nickname or avatar is required');
    const user = requireUser(req.viewer);
    if (user.is_mock) throw unauthorized('Log in before setting a nickname or avatar');
    const updated = await updateProfile(ctx.db, user.id, p);
    await ctx.sessions.forgetEverywhere(hashToken(req.token!));
    return ok(updated);
  });

  // The local sandbox's authorise page and its approve step (404 while the sandbox is off).
  app.get<Query>(SANDBOX_AUTHORIZE_PATH, async (req, reply) => {
    const sandbox = providers.sandbox;
    if (!sandbox) throw notFound('The login sandbox is off on this server');
    const state = strParam('state', req.query.state, 100);
    const redirectUri = strParam('redirect_uri', req.query.redirect_uri, 1000);
    if (!state || redirectUri !== sandbox.callbackUrl()) throw badRequest('state and this server\'s redirect_uri are required');
    const lang = req.query.lang === 'en' ? 'en' : 'cn';
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'")
      .send(sandboxAuthorizePage({ state, redirectUri, lang }));
  });

  app.get<Query>(SANDBOX_APPROVE_PATH, async (req, reply) => {
    const sandbox = providers.sandbox;
    if (!sandbox) throw notFound('The login sandbox is off on this server');
    await auth.limitIp(req.ip);
    const state = strParam('state', req.query.state, 100);
    if (!state || req.query.redirect_uri !== sandbox.callbackUrl()) throw badRequest('state and this server\'s redirect_uri are required');
    const code = sandboxCode(sandboxName(req.query.nickname));
    const q = new URLSearchParams({ code, state }).toString();
    return reply.header('cache-control', 'no-store').redirect(`${sandbox.callbackUrl()}?${q}`, 302);
  });
}
