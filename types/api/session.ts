/** The environment the client runs in, as the server sees it (spec part 1 §3 sysinfo). */
export type ClientEnv = 'weapp' | 'wechat' | 'wxwork' | 'dingtalk' | 'mobile' | 'pc';

export interface SysInfo {
  env: ClientEnv;
  is_pc: boolean;
  web_appid: string;
  /** Server time, Unix seconds. */
  srv_time: number;
  /** Login providers and the path for this client (types/api/auth.ts). Always sent by this server; optional for older fixtures. */
  login?: import('./auth').LoginSysInfo;
}

export interface UserInfo {
  openid: string;
  nickname: string;
  photo: string;
  /** A guest not yet authorised. */
  is_mock: boolean;
}

/** GET /session.js answer (JSON envelope). */
export interface SessionData {
  user: UserInfo;
  token: string;
  redirect: string | null;
  sysinfo: SysInfo;
}

export const SESSION_REFRESH_MS = 3_540_000;
