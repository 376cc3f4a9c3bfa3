import type { FastifyInstance } from 'fastify';
import { route } from '../http';
import { sessionCalls } from '../../../types/api/session';
import { requireUser } from '../viewer';
import { sessionByCookie, writeSessionCookie } from '../sessionCookie';
import type { Services } from '../services';

export default async function sessionRoutes(app: FastifyInstance, s: Services) {
  route(app, sessionCalls.session, async ({ viewer, req, reply }) => {
    reply.header('cache-control', 'no-store');
    const client = { userAgent: req.headers['user-agent'] ?? '', miniProgram: req.headers['x-client'] === 'weapp' };
    const site = { webAppId: s.config.webAppId, login: s.config.login, shareOff: s.config.shareOff, redirect: s.config.sessionRedirectUrl };
    // H5: the session goes into the HttpOnly cookie (every answer renews its Max-Age), never into the answer.
    const byCookie = sessionByCookie(req);
    let session;
    try {
      session = await s.sessions.open(viewer);
    } catch (e) {
      // No new guest now (429): a cookie naming a session the server no longer has is dropped.
      if (req.tokenFrom === 'cookie') writeSessionCookie(req, reply, null);
      throw e;
    }
    if (byCookie) writeSessionCookie(req, reply, session.token);
    return s.sessions.answer(session.user, byCookie ? undefined : session.token, client, site);
  });

  route(app, sessionCalls.userInfo, ({ viewer }) => {
    const user = requireUser(viewer);
    return { openid: user.openid, nickname: user.nickname, photo: user.photo, is_mock: user.is_mock };
  });
}
