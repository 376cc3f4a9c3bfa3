import * as T from 'typebox';
import { defineCall } from './contract';
import { Empty } from './schema';
import type { LoginSysInfo } from './auth';

/** The environment the client runs in, as the server sees it (spec part 1 §3 sysinfo). */
export type ClientEnv = 'weapp' | 'wechat' | 'wxwork' | 'dingtalk' | 'mobile' | 'pc';

export const SysInfoSchema = T.Object({
  env: T.Unsafe<ClientEnv>({ type: 'string' }),
  is_pc: T.Boolean(),
  web_appid: T.String(),
  /** Server time, Unix seconds. */
  srv_time: T.Integer(),
  /** The global share flag (spec part 1 §6, SHARE_OFF on the server): true turns sharing off on every gallery. */
  share_off: T.Optional(T.Boolean()),
  /** Login providers and the path for this client (types/api/auth.ts). Always sent by this server; optional for older fixtures. */
  login: T.Optional(T.Unsafe<LoginSysInfo>({ type: 'object', additionalProperties: true }))
});
export type SysInfo = T.Static<typeof SysInfoSchema>;

export const UserInfoSchema = T.Object({
  openid: T.String(),
  nickname: T.String(),
  photo: T.String(),
  /** A guest not yet authorised. */
  is_mock: T.Boolean()
});
export type UserInfo = T.Static<typeof UserInfoSchema>;

/**
 * GET /session.js answer (JSON envelope). `token` only for clients without the cookie (the
 * mini-program, tools): an H5 answer (X-Client: h5, or a request the cookie authenticated) sets the
 * cookie instead and carries no token.
 */
export const SessionDataSchema = T.Object({ user: UserInfoSchema, token: T.Optional(T.String()), redirect: T.Union([T.String(), T.Null()]), sysinfo: SysInfoSchema });
export type SessionData = T.Static<typeof SessionDataSchema>;

export const sessionCalls = {
  /**
   * Creates or resumes the visitor's session; the app renders after this answers. Creating a
   * guest is limited per client address and minute (GUEST_SESSIONS_PER_MIN): over it, 429 with
   * `data.retry_after` (seconds) and no session; the app renders without one and asks again
   * (src/stores/session/SessionStore.ts). Resuming a valid token is never limited.
   */
  session: defineCall('GET', '/session.js', { query: Empty(), response: SessionDataSchema }),
  userInfo: defineCall('GET', '/api/v2/userinfo', { query: Empty(), response: UserInfoSchema })
};

export const SESSION_REFRESH_MS = 3_540_000;
