import type { WechatApp } from '../login/config';
import { STALE_TOKEN_CODES, StaleAccessTokenError, type Expiring, type OfficialAccountProvider } from './provider';

const TIMEOUT_MS = 8000;

interface Answer {
  errcode?: number;
  errmsg?: string;
  access_token?: string;
  ticket?: string;
  expires_in?: number;
}

async function getJson(url: string, what: string): Promise<Answer> {
  let body: Answer;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    body = (await res.json()) as Answer;
  } catch (e) {
    // The URL carries the secret or the token: never in an error.
    throw new Error(`WeChat ${what} is unreachable (${(e as Error).name})`);
  }
  if (!body || typeof body !== 'object') throw new Error(`WeChat ${what} answered badly`);
  return body;
}

function life(v: unknown): number {
  return typeof v === 'number' && Number.isFinite(v) && v > 0 ? Math.floor(v) : 7200;
}

/** The official account of WECHAT_WEB_APPID / WECHAT_WEB_SECRET at WeChat's API (WECHAT_API_BASE in tests). */
export class WechatOfficialAccount implements OfficialAccountProvider {
  readonly id = 'wechat';
  readonly appId: string;

  constructor(private app: WechatApp, private apiBase: string) {
    this.appId = app.appId;
  }

  async fetchAccessToken(): Promise<Expiring> {
    const q = new URLSearchParams({ grant_type: 'client_credential', appid: this.app.appId, secret: this.app.secret });
    const body = await getJson(`${this.apiBase}/cgi-bin/token?${q.toString()}`, 'access token');
    if (body.errcode || typeof body.access_token !== 'string' || !body.access_token || body.access_token.length > 1024) {
      throw new Error(`WeChat gave no access token (errcode ${Number(body.errcode ?? 0)})`);
    }
    return { value: body.access_token, expiresIn: life(body.expires_in) };
  }

  async fetchJsapiTicket(accessToken: string): Promise<Expiring> {
    const q = new URLSearchParams({ access_token: accessToken, type: 'jsapi' });
    const body = await getJson(`${this.apiBase}/cgi-bin/ticket/getticket?${q.toString()}`, 'JS-API ticket');
    const code = Number(body.errcode ?? 0);
    if (STALE_TOKEN_CODES.has(code)) throw new StaleAccessTokenError(code);
    if (code || typeof body.ticket !== 'string' || !body.ticket || body.ticket.length > 1024) throw new Error(`WeChat gave no JS-API ticket (errcode ${code})`);
    return { value: body.ticket, expiresIn: life(body.expires_in) };
  }
}
