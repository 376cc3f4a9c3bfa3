import type { FastifyReply, FastifyRequest, FastifyInstance } from 'fastify';
import { AppError } from '../errors';
import { route, sendError } from '../http';
import type { Services } from '../services';
import { authCalls } from '../../../types/api/auth';
import { sessionByCookie } from '../sessionCookie';
import { NO_FAVICON } from '../services/h5/csp';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Browsers get a small page for a refused callback; API clients the envelope. */
function refusePage(req: FastifyRequest, reply: FastifyReply, err: AppError): FastifyReply {
  if (!/text\/html/.test(req.headers.accept ?? '')) return sendError(reply, err);
  const body = `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">${NO_FAVICON}<title>Login failed</title></head>
<body style="font-family:system-ui,sans-serif;max-width:420px;margin:10vh auto;padding:0 16px"><h1>登录失败 / Login failed</h1>
<p data-testid="login-error">${esc(err.message)}</p><p><a href="/">返回首页 / Back</a></p></body></html>`;
  return reply.status(err.status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);
}

/** Login: mini-program code2session, browser OAuth (WeChat H5, desktop QR, sandbox), the fill-in profile. */
export default async function authRoutes(app: FastifyInstance, s: Services) {
  // The login keeps the session's token; a client the cookie carries (H5) does not get it back.
  route(app, authCalls.mpLogin, async ({ viewer, body, req }) => {
    const { token, ...rest } = await s.auth.mpLogin(viewer, body.code);
    return sessionByCookie(req) ? rest : { token, ...rest };
  });

  route(app, authCalls.oauthStart, ({ viewer, query, reply }) => {
    reply.header('cache-control', 'no-store');
    return s.auth.startOAuth(viewer, query);
  });

  route(app, authCalls.callback, async ({ viewer, query, req, reply }) => {
    try {
      const to = await s.auth.callback(viewer, query.code, query.state);
      return reply.header('cache-control', 'no-store').redirect(to, 302);
    } catch (e) {
      if (e instanceof AppError) return refusePage(req, reply, e);
      throw e;
    }
  });

  route(app, authCalls.profile, ({ viewer, body }) => s.auth.updateProfile(viewer, body));

  // The local sandbox's authorise page and its approve step (404 while the sandbox is off).
  route(app, authCalls.sandboxAuthorize, ({ query, reply }) => {
    const html = s.auth.sandboxAuthorizePage(query);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      // The no-script policy of every page the server writes (securityHeaders.ts, STATIC_PAGE_CSP).
      .send(html);
  });

  route(app, authCalls.sandboxApprove, async ({ viewer, query, reply }) => {
    const to = await s.auth.sandboxApprove(viewer, query);
    return reply.header('cache-control', 'no-store').redirect(to, 302);
  });
}
