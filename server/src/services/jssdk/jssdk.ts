import crypto from 'node:crypto';
import { AppError } from '../../errors';
import { JSSDK_MESSAGES, JsSdkError, SIGNATURE_URL_MAX, type JsSdkSignature } from '../../../../types/api/jssdk';
import { StaleAccessTokenError, type OfficialAccountProvider } from '../../providers/officialaccount';
import type { CredentialCache } from './credentials';

/** WeChat's JS-SDK signature: sha1 over the four fields in this order (their documentation, appendix 1). */
export function jsapiSignature(p: { ticket: string; noncestr: string; timestamp: number; url: string }): string {
  const plain = `jsapi_ticket=${p.ticket}&noncestr=${p.noncestr}&timestamp=${p.timestamp}&url=${p.url}`;
  return crypto.createHash('sha1').update(plain, 'utf8').digest('hex');
}

/**
 * The address to sign: the page's own text up to its `#` (WeChat signs the address as
 * the page has it, so it is not normalised), refused unless it is an absolute http(s) URL
 * with a host and no spaces or control characters.
 */
export function signableUrl(raw: string): string {
  const url = raw.split('#')[0];
  const bad = () => new AppError(JsSdkError.BAD_URL, JSSDK_MESSAGES.BAD_URL, { field: 'url' }, 400);
  if (!url || url.length > SIGNATURE_URL_MAX || /[\s\u0000-\u001f\u007f]/.test(url)) throw bad();
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw bad();
  }
  if ((parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || !parsed.hostname || !/^https?:\/\/[^/?#]/i.test(url)) throw bad();
  return url;
}

/** A nonce of 16 letters and digits. */
function nonce(): string {
  return crypto.randomBytes(12).toString('base64').replace(/[^A-Za-z0-9]/g, 'x').slice(0, 16);
}

/**
 * `GET /api/v2/user/signature`: the JS-SDK configuration of a page in WeChat's browser,
 * signed with the official account's JS-API ticket (cached across processes; CredentialCache).
 */
export class JsSdkService {
  constructor(
    private oa: OfficialAccountProvider,
    private cache: CredentialCache,
    private clock: () => number = () => Math.floor(Date.now() / 1000),
    private warn: (msg: string) => void = () => undefined
  ) {}

  async signature(rawUrl: string): Promise<JsSdkSignature> {
    const url = signableUrl(rawUrl);
    const ticket = await this.ticket();
    const timestamp = this.clock();
    const noncestr = nonce();
    return { appid: this.oa.appId, timestamp, noncestr, signature: jsapiSignature({ ticket, noncestr, timestamp, url }) };
  }

  private name(what: 'access_token' | 'jsapi_ticket'): string {
    return `${this.oa.id}:${this.oa.appId}:${what}`;
  }

  /** The cached ticket; when WeChat refuses the token it was fetched with, the token is dropped and fetched again once. */
  private async ticket(): Promise<string> {
    try {
      return await this.fetchTicket();
    } catch (e) {
      if (e instanceof StaleAccessTokenError) {
        // After the refresh's transaction ended: invalidate queries outside it.
        if (e.token) await this.cache.invalidate(this.name('access_token'), e.token);
        try {
          return await this.fetchTicket();
        } catch (again) {
          throw this.unavailable(again);
        }
      }
      throw this.unavailable(e);
    }
  }

  private fetchTicket(): Promise<string> {
    return this.cache.get(
      this.name('jsapi_ticket'),
      async (token: string) => {
        try {
          return await this.oa.fetchJsapiTicket(token);
        } catch (e) {
          if (e instanceof StaleAccessTokenError) e.token = token;
          throw e;
        }
      },
      () => this.cache.get(this.name('access_token'), () => this.oa.fetchAccessToken())
    );
  }

  private unavailable(e: unknown): AppError {
    if (e instanceof AppError) return e;
    this.warn(`JS-SDK signature: ${(e as Error)?.message ?? String(e)}`);
    return new AppError(JsSdkError.UNAVAILABLE, JSSDK_MESSAGES.UNAVAILABLE, null, 503);
  }
}
