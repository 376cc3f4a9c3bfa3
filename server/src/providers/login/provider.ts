import { AppError, badRequest } from '../../errors';
import { ErrorCode } from '../../../../types/envelope';
import type { LoginProviderId, OAuthProviderId, QrLang } from '../../../../types/api/auth';

/** Who a provider says the visitor is. `sessionKey` stays on the server (users.wx_session_key). */
export interface LoginIdentity {
  openid: string;
  unionid?: string;
  nickname?: string;
  avatar?: string;
  sessionKey?: string;
}

/** Anything that turns a single-use login code into an identity. */
export interface CodeExchanger {
  readonly id: LoginProviderId;
  exchange(code: string): Promise<LoginIdentity>;
}

/** A browser redirect provider: an authorise URL out, a code back at the callback. */
export interface OAuthLoginProvider extends CodeExchanger {
  readonly id: OAuthProviderId;
  authorizeUrl(p: { state: string; redirectUri: string; lang: QrLang }): string;
}

/** WeChat's error answer: `{errcode, errmsg}` (40029 invalid code, 40163 code been used, 45011 rate limit). */
interface WechatError {
  errcode?: number;
  errmsg?: string;
}

const TIMEOUT_MS = 8000;

/**
 * GET a WeChat API endpoint and return its JSON. A WeChat errcode becomes a 400
 * envelope ("login code rejected"); an unreachable or malformed answer a 500.
 * The URL carries the app secret, so it is never logged or put in an error.
 */
export async function wechatGet<T extends object>(url: string, what: string): Promise<T> {
  let body: T & WechatError;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    body = (await res.json()) as T & WechatError;
  } catch {
    throw new AppError(ErrorCode.INTERNAL, `WeChat ${what} is unavailable, please try again`);
  }
  if (!body || typeof body !== 'object') throw new AppError(ErrorCode.INTERNAL, `WeChat ${what} answered badly`);
  if (body.errcode) {
    if (body.errcode === 40029 || body.errcode === 40163 || body.errcode === 40030) {
      throw badRequest('Login code is invalid or expired, please log in again');
    }
    if (body.errcode === 45011) throw new AppError(ErrorCode.TOO_MANY_REQUESTS, 'Too many login attempts, please try again later');
    throw badRequest(`WeChat ${what} refused the login (errcode ${Number(body.errcode)})`);
  }
  return body;
}

/** Query string from a record (order kept; WeChat's URLs are order-sensitive only for the #fragment). */
export function qs(params: Record<string, string>): string {
  return new URLSearchParams(params).toString();
}

export function requireString(v: unknown, what: string): string {
  if (typeof v !== 'string' || !v || v.length > 200) throw new AppError(ErrorCode.INTERNAL, `WeChat answered without ${what}`);
  return v;
}
