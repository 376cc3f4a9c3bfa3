import { requireUser } from '../viewer';
import type { FastifyInstance } from 'fastify';
import { ok } from '../http';
import { detectEnv, isPcEnv } from '../../../types/ua';
import type { SessionData } from '../../../types/api/session';
import type { Services } from '../services';
import { loginSysInfo } from '../services/auth/auth';

export default async function sessionRoutes(app: FastifyInstance, ctx: Services) {
  /** Creates or resumes the visitor's session; the app renders after this answers. */
  app.get('/session.js', async (req, reply) => {
    const ua = req.headers['user-agent'] ?? '';
    const miniProgram = req.headers['x-client'] === 'weapp';
    const { user, token } = await ctx.sessions.createOrResume(req.token);
    const env = detectEnv(ua, { miniProgram });
    const data: SessionData = {
      user: { openid: user.openid, nickname: user.nickname, photo: user.photo, is_mock: user.is_mock },
      token,
      redirect: null,
      sysinfo: {
        env,
        is_pc: !miniProgram && isPcEnv(ua),
        web_appid: ctx.config.webAppId,
        srv_time: Math.floor(Date.now() / 1000),
        login: loginSysInfo(ctx.config.login, env)
      }
    };
    reply.header('cache-control', 'no-store');
    return ok(data);
  });

  app.get('/api/v2/userinfo', async (req) => {
    const user = requireUser(req.viewer);
    return ok({ openid: user.openid, nickname: user.nickname, photo: user.photo, is_mock: user.is_mock });
  });
}
