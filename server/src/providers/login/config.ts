import { LOGIN_LIMIT_PER_IP_PER_MIN } from '../../../../types/api/auth';

/** One WeChat app's credentials. */
export interface WechatApp {
  appId: string;
  secret: string;
}

/** Login providers' settings (the WECHAT_* and LOGIN_SANDBOX variables; README "Environment variables"). */
export interface LoginConfig {
  /** Mini-program (code2session): WECHAT_MP_APPID + WECHAT_MP_SECRET. */
  mp: WechatApp | null;
  /** Official account web OAuth inside WeChat (snsapi_userinfo): WECHAT_WEB_APPID + WECHAT_WEB_SECRET. */
  web: WechatApp | null;
  /** Open platform website app, desktop QR login (snsapi_login): WECHAT_OPEN_APPID + WECHAT_OPEN_SECRET. */
  open: WechatApp | null;
  /** The local sandbox provider: on by default when no real credentials are configured, never with them. */
  sandbox: boolean;
  /** https://api.weixin.qq.com unless WECHAT_API_BASE points elsewhere (tests: a local fake). */
  apiBase: string;
  /** https://open.weixin.qq.com unless WECHAT_OPEN_BASE points elsewhere. */
  openBase: string;
  /** LOGIN_PER_IP_PER_MIN: login calls one client address may make per minute (default LOGIN_LIMIT_PER_IP_PER_MIN). */
  perIpPerMin: number;
}

function perMinute(value: string | undefined): number {
  if (value === undefined || value === '') return LOGIN_LIMIT_PER_IP_PER_MIN;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 1_000_000) throw new Error(`LOGIN_PER_IP_PER_MIN must be an integer from 1 to 1000000, got "${value}"`);
  return n;
}

function base(name: string, value: string | undefined, def: string): string {
  if (!value) return def;
  let u: URL;
  try {
    u = new URL(value);
  } catch {
    throw new Error(`${name} is not a valid URL`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error(`${name} must use http: or https:`);
  return value.replace(/\/+$/, '');
}

/** A pair is configured when both halves are set; a secret without its app id is a start error. */
function app(env: NodeJS.ProcessEnv, idVar: string, secretVar: string): WechatApp | null {
  const appId = env[idVar] ?? '';
  const secret = env[secretVar] ?? '';
  if (secret && !appId) throw new Error(`${secretVar} is set but ${idVar} is empty`);
  if (appId && !/^[A-Za-z0-9_-]{1,64}$/.test(appId)) throw new Error(`${idVar} is not a valid app id: "${appId}"`);
  return appId && secret ? { appId, secret } : null;
}

export function loadLoginConfig(env: NodeJS.ProcessEnv): LoginConfig {
  const mp = app(env, 'WECHAT_MP_APPID', 'WECHAT_MP_SECRET');
  const web = app(env, 'WECHAT_WEB_APPID', 'WECHAT_WEB_SECRET');
  const open = app(env, 'WECHAT_OPEN_APPID', 'WECHAT_OPEN_SECRET');
  const real = Boolean(mp || web || open);
  const raw = env.LOGIN_SANDBOX ?? '';
  let sandbox = !real;
  if (raw !== '') {
    if (/^(1|true|yes|on)$/i.test(raw)) sandbox = true;
    else if (/^(0|false|no|off)$/i.test(raw)) sandbox = false;
    else throw new Error(`LOGIN_SANDBOX must be true or false, got "${raw}"`);
  }
  if (sandbox && real) {
    throw new Error('LOGIN_SANDBOX is on but real WeChat credentials are configured: the sandbox must be off with real credentials');
  }
  return {
    mp,
    web,
    open,
    sandbox,
    apiBase: base('WECHAT_API_BASE', env.WECHAT_API_BASE, 'https://api.weixin.qq.com'),
    openBase: base('WECHAT_OPEN_BASE', env.WECHAT_OPEN_BASE, 'https://open.weixin.qq.com'),
    perIpPerMin: perMinute(env.LOGIN_PER_IP_PER_MIN)
  };
}
