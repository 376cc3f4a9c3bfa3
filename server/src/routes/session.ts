import type { FastifyInstance } from 'fastify';
import { route } from '../http';
import { sessionCalls } from '../../../types/api/session';
import { requireUser } from '../viewer';
import type { Services } from '../services';

export default async function sessionRoutes(app: FastifyInstance, s: Services) {
  route(app, sessionCalls.session, ({ viewer, req, reply }) => {
    reply.header('cache-control', 'no-store');
    const client = { userAgent: req.headers['user-agent'] ?? '', miniProgram: req.headers['x-client'] === 'weapp' };
    return s.sessions.start(viewer, client, { webAppId: s.config.webAppId, login: s.config.login, shareOff: s.config.shareOff, redirect: s.config.sessionRedirectUrl });
  });

  route(app, sessionCalls.userInfo, ({ viewer }) => {
    const user = requireUser(viewer);
    return { openid: user.openid, nickname: user.nickname, photo: user.photo, is_mock: user.is_mock };
  });
}
