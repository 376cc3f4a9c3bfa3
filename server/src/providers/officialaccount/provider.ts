/**
 * A WeChat official account's server-side credentials for the JS-SDK: the access token
 * (`cgi-bin/token`) and the JS-API ticket (`cgi-bin/ticket/getticket?type=jsapi`). The
 * provider only fetches; caching across requests and processes is the JS-SDK service's
 * (services/jssdk/credentials.ts).
 */
export interface OfficialAccountProvider {
  /** 'wechat' or 'sandbox' (part of the cache key, so a sandbox ticket never signs for a real account). */
  readonly id: string;
  /** The official account's app id, sent to wx.config. */
  readonly appId: string;
  fetchAccessToken(): Promise<Expiring>;
  /** Throws StaleAccessTokenError when WeChat calls the token invalid or expired. */
  fetchJsapiTicket(accessToken: string): Promise<Expiring>;
}

export interface Expiring {
  value: string;
  /** Seconds the value is valid for, as WeChat says (7200 for both). */
  expiresIn: number;
}

/** The access token was refused (40001 invalid, 40014 not the latest, 42001 expired): fetch a new one, once. */
export class StaleAccessTokenError extends Error {
  /** The refused token (set by the caller that used it). */
  token?: string;
  constructor(errcode: number) {
    super(`access token refused (errcode ${errcode})`);
  }
}

/** WeChat's errcodes that say the access token is no good. */
export const STALE_TOKEN_CODES = new Set([40001, 40014, 42001]);
