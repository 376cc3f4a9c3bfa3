import type { WechatApp } from '../login/config';
import type { ContentCheckInput, ContentCheckResult, ContentChecker } from './provider';

const TIMEOUT_MS = 8000;
/** Renew the access token this long before WeChat says it expires. */
const TOKEN_MARGIN_S = 300;
/** msgSecCheck v2 scene: 2 = comment. */
const SCENE_COMMENT = 2;
/** Access token invalid (40001), expired (42001), not the latest (40014). */
const TOKEN_ERRORS = new Set([40001, 40014, 42001]);

interface TokenAnswer {
  access_token?: string;
  expires_in?: number;
  errcode?: number;
}

interface SecCheckAnswer {
  errcode?: number;
  errmsg?: string;
  result?: { suggest?: string; label?: number | string };
}

/**
 * WeChat's content security check (mini-program `POST {base}/wxa/msg_sec_check`, version 2,
 * scene 2 = comment) with the mini-program's access token (`GET {base}/cgi-bin/token`,
 * client_credential), cached until shortly before it expires and fetched again once when
 * WeChat calls it invalid. `suggest` pass → pass, risky → reject, review → review. When
 * WeChat cannot be asked (network, errcode), the comment is held for review: nothing
 * unchecked is broadcast.
 */
export class WechatContentChecker implements ContentChecker {
  readonly id = 'wechat';
  private token: { value: string; until: number } | null = null;
  private pending: Promise<string> | null = null;

  constructor(
    private app: WechatApp,
    private apiBase: string,
    private warn: (msg: string) => void = () => undefined,
    private clock: () => number = () => Math.floor(Date.now() / 1000)
  ) {}

  async check(input: ContentCheckInput): Promise<ContentCheckResult> {
    try {
      let answer = await this.ask(input, await this.accessToken());
      if (answer.errcode && TOKEN_ERRORS.has(answer.errcode)) {
        this.token = null;
        answer = await this.ask(input, await this.accessToken());
      }
      if (answer.errcode) {
        this.warn(`content check: msgSecCheck answered errcode ${Number(answer.errcode)}; the comment is held for review`);
        return { verdict: 'review', label: `wechat errcode ${Number(answer.errcode)}` };
      }
      const suggest = answer.result?.suggest;
      const label = answer.result?.label === undefined ? '' : `wechat label ${String(answer.result.label).slice(0, 20)}`;
      if (suggest === 'pass') return { verdict: 'pass', label };
      if (suggest === 'risky') return { verdict: 'reject', label };
      return { verdict: 'review', label: label || 'wechat review' };
    } catch (e) {
      this.warn(`content check: WeChat unavailable (${(e as Error).message}); the comment is held for review`);
      return { verdict: 'review', label: 'wechat unavailable' };
    }
  }

  private async ask(input: ContentCheckInput, token: string): Promise<SecCheckAnswer> {
    const res = await fetch(`${this.apiBase}/wxa/msg_sec_check?access_token=${encodeURIComponent(token)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ content: input.text, version: 2, scene: SCENE_COMMENT, openid: input.openid, nickname: input.nickname }),
      signal: AbortSignal.timeout(TIMEOUT_MS)
    });
    const body = (await res.json()) as SecCheckAnswer;
    if (!body || typeof body !== 'object') throw new Error('malformed answer');
    return body;
  }

  /** The cached access token, or a new one (concurrent callers share one request). */
  private async accessToken(): Promise<string> {
    if (this.token && this.token.until > this.clock()) return this.token.value;
    this.pending ??= this.fetchToken().finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  private async fetchToken(): Promise<string> {
    const q = new URLSearchParams({ grant_type: 'client_credential', appid: this.app.appId, secret: this.app.secret });
    const res = await fetch(`${this.apiBase}/cgi-bin/token?${q.toString()}`, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    const body = (await res.json()) as TokenAnswer;
    // The URL carries the secret: never in an error.
    if (!body?.access_token || typeof body.access_token !== 'string') throw new Error(`no access token (errcode ${Number(body?.errcode ?? 0)})`);
    const life = typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : 7200;
    this.token = { value: body.access_token, until: this.clock() + Math.max(60, life - TOKEN_MARGIN_S) };
    return body.access_token;
  }
}
