import crypto from 'node:crypto';
import type { Db } from '../../db';
import type { LoginConfig } from '../../providers/login/config';
import type { LoginProviders } from '../../providers/login';
import type { RateLimiter } from '../shared/rateLimit';
import { AppError, badRequest, forbidden, notFound } from '../../errors';
import { ErrorCode } from '../../../../types/envelope';
import { updateProfile, upgradeSession } from './authUsers';
import { requireRealUser, requireUser, type Viewer } from '../../viewer';
import { sandboxAuthorizePage, sandboxCode, sandboxName } from '../../providers/login/sandbox';
import type { UserInfo } from '../../../../types/api/session';
import type { ClientEnv } from '../../../../types/api/session';
import {
  AUTH_CALLBACK_PATH,
  AVATAR_MAX,
  LOGIN_CODE_MAX,
  NICKNAME_MAX,
  LOGIN_CODE_MEMORY_S,
  LOGIN_LIMIT_PER_CODE,
  LOGIN_LIMIT_PER_IP_PER_MIN,
  OAUTH_STATE_TTL_S,
  SANDBOX_CODE_PREFIX,
  type AuthLoginResult,
  type LoginProviderId,
  type LoginSysInfo,
  type OAuthProviderId,
  type OAuthStartResult,
  type QrLang
} from '../../../../types/api/auth';

const now = () => Math.floor(Date.now() / 1000);
const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');
/** Same hashing as the sessions table (services/session.ts). */
export const hashToken = sha256;

const MAX_REDIRECT = 1000;

/** A fill-in nickname: trimmed, 1..NICKNAME_MAX characters, no control characters. */
function nickname(v: unknown): string | undefined {
  if (v === undefined || v === null) return undefined;
  const s = typeof v === 'string' ? v.trim() : '';
  if (!s || [...s].length > NICKNAME_MAX || /[\u0000-\u001f\u007f]/.test(s)) throw badRequest(`nickname must be 1 to ${NICKNAME_MAX} characters`);
  return s;
}

/** An http(s) URL or an uploaded object key (letters, digits, '/', '.', '_', '-', no '..'). */
function avatar(v: unknown): string | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string' || !v || v.length > AVATAR_MAX) throw badRequest(`avatar must be a URL or an uploaded key of at most ${AVATAR_MAX} characters`);
  if (/^https?:\/\//i.test(v)) {
    try {
      new URL(v);
    } catch {
      throw badRequest('avatar is not a valid URL');
    }
    if (/[\s"'<>]/.test(v)) throw badRequest('avatar is not a valid URL');
    return v;
  }
  if (!/^[A-Za-z0-9][A-Za-z0-9/_.!-]*$/.test(v) || v.includes('..')) throw badRequest('avatar must be a URL or an uploaded key');
  return v;
}

/** A same-origin path ('/…', not '//…' or '/\…'), or a 400. Default '/'. */
export function safeRedirect(raw: unknown): string {
  if (raw === undefined || raw === null || raw === '') return '/';
  if (typeof raw !== 'string' || raw.length > MAX_REDIRECT) throw badRequest('redirect must be a path on this site');
  if (!/^\/(?![/\\])/.test(raw) || /[\\\u0000-\u001f\u007f\s]/.test(raw)) throw badRequest('redirect must be a path on this site');
  const probe = new URL(raw, 'http://same.invalid');
  if (probe.origin !== 'http://same.invalid') throw badRequest('redirect must be a path on this site');
  return probe.pathname + probe.search + probe.hash;
}

/** Which login path a client environment takes (sysinfo.login). */
export function loginSysInfo(cfg: LoginConfig, env: ClientEnv): LoginSysInfo {
  const providers: LoginProviderId[] = [];
  if (cfg.mp) providers.push('mp');
  if (cfg.web) providers.push('wechat');
  if (cfg.open) providers.push('qr');
  if (cfg.sandbox) providers.push('sandbox');
  const info: LoginSysInfo = { providers, sandbox: cfg.sandbox, path: 'none' };
  if (env === 'weapp') info.path = cfg.mp || cfg.sandbox ? 'mp' : 'none';
  else if (cfg.sandbox) info.path = 'sandbox';
  else if (env === 'wechat') info.path = cfg.web ? 'wechat' : cfg.open ? 'qr' : 'none';
  else info.path = cfg.open ? 'qr' : 'none';
  if (env === 'wxwork' || env === 'dingtalk') {
    info.note = `${env === 'wxwork' ? 'WeCom' : 'DingTalk'} has its own OAuth, not implemented here: use the ${info.path} path`;
  }
  return info;
}

/** Login rules: single-use codes, sessions upgraded in place, OAuth states bound to the session that started them. */
export class AuthService {
  private lastPrune = 0;

  constructor(
    private db: Db,
    private cfg: LoginConfig,
    private providers: LoginProviders,
    private limits: RateLimiter,
    /** Drops the session from every process's cache (the session now has another user). */
    private forgetSession: (tokenHash: string) => Promise<void> | void,
    private publicUrl: string
  ) {}

  /** Login calls per client IP (mp/login, oauth/start, the callback, the sandbox approve step). */
  private async limitIp(viewer: Viewer): Promise<void> {
    await this.limits.enforce(`login:ip:${viewer.ip}`, { limit: this.cfg.perIpPerMin, windowS: 60 }, 'Too many login attempts, please try again later');
  }

  /** The caller's session token: a login always upgrades an existing session (from /session.js). */
  private sessionToken(viewer: Viewer): string {
    requireUser(viewer);
    return viewer.token!;
  }

  /** Mini-program: code2session (or a sandbox code) → the caller's session upgraded. */
  async mpLogin(viewer: Viewer, rawCode: string): Promise<AuthLoginResult> {
    await this.limitIp(viewer);
    const token = this.sessionToken(viewer);
    const code = this.code(rawCode);
    const sandboxCode = code.startsWith(SANDBOX_CODE_PREFIX);
    let exchanger;
    if (sandboxCode) {
      if (!this.providers.sandbox) throw forbidden('The login sandbox is off on this server');
      exchanger = this.providers.sandbox;
    } else {
      if (!this.providers.mp) {
        throw this.providers.sandbox ? badRequest(`Sandbox login: send a code of the form ${SANDBOX_CODE_PREFIX}<name>`) : notFound('Mini-program login is not configured');
      }
      exchanger = this.providers.mp;
    }
    await this.useCode(code, 'mp');
    const who = await exchanger.exchange(code);
    const user = await upgradeSession(this.db, hashToken(token), who, sandboxCode ? 'sandbox' : 'mp');
    if (!user) throw new AppError(ErrorCode.UNAUTHORIZED, 'Session expired, please reload');
    await this.forgetSession(hashToken(token));
    return { token, user, provider: sandboxCode ? 'sandbox' : 'mp' };
  }

  /** Start a browser OAuth flow: a random state bound to the session, the provider's authorise URL. */
  async startOAuth(viewer: Viewer, q: { provider: OAuthProviderId; redirect?: string; lang?: QrLang | '' }): Promise<OAuthStartResult> {
    await this.limitIp(viewer);
    const token = this.sessionToken(viewer);
    const { provider, redirect, lang } = q;
    const p = this.providers.oauth[provider];
    if (!p) throw provider === 'sandbox' ? forbidden('The login sandbox is off on this server') : notFound(`Login provider ${provider} is not configured`);
    const path = safeRedirect(redirect);
    const state = crypto.randomBytes(24).toString('base64url');
    const t = now();
    await this.prune(t);
    await this.db.query(
      'INSERT INTO oauth_states (state_hash, token_hash, provider, redirect, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)',
      [sha256(state), hashToken(token), p.id, path, t, t + OAUTH_STATE_TTL_S]
    );
    const url = p.authorizeUrl({ state, redirectUri: `${this.publicUrl}${AUTH_CALLBACK_PATH}`, lang: lang || 'cn' });
    return { url, expires_in: OAUTH_STATE_TTL_S };
  }

  /**
   * The provider's redirect back: the state must be known, unused, unexpired, and
   * (when the request carries a token) issued to that same session. Then the code
   * is exchanged and THE SESSION THAT STARTED THE FLOW is upgraded. Answers the
   * same-origin path to redirect to.
   */
  async callback(viewer: Viewer, rawCode: unknown, rawState: unknown): Promise<string> {
    await this.limitIp(viewer);
    const token = viewer.token;
    if (typeof rawState !== 'string' || !rawState || rawState.length > 100) throw badRequest('Login state is missing');
    const code = this.code(rawCode);
    const stateHash = sha256(rawState);
    const t = now();
    const { rows } = await this.db.query<{ token_hash: string; provider: OAuthProviderId; redirect: string; expires_at: number; used_at: number | null }>(
      'SELECT token_hash, provider, redirect, expires_at, used_at FROM oauth_states WHERE state_hash = $1',
      [stateHash]
    );
    const row = rows[0];
    if (!row) throw forbidden('Login state does not match, please log in again');
    if (token && hashToken(token) !== row.token_hash) throw forbidden('Login state belongs to another session, please log in again');
    if (row.used_at !== null) throw forbidden('Login state was already used, please log in again');
    if (row.expires_at <= t) throw forbidden('Login state expired, please log in again');
    const claimed = await this.db.query('UPDATE oauth_states SET used_at = $2 WHERE state_hash = $1 AND used_at IS NULL', [stateHash, t]);
    if (!claimed.rowCount) throw forbidden('Login state was already used, please log in again');
    const p = this.providers.oauth[row.provider];
    if (!p) throw forbidden(`Login provider ${row.provider} is no longer available`);
    await this.useCode(code, row.provider);
    const who = await p.exchange(code);
    const user = await upgradeSession(this.db, row.token_hash, who, row.provider);
    if (!user) throw new AppError(ErrorCode.UNAUTHORIZED, 'Session expired, please reload');
    await this.forgetSession(row.token_hash);
    return row.redirect;
  }

  /** The fill-in nickname and avatar of a logged-in (not guest) user; the session's caches are dropped. */
  async updateProfile(viewer: Viewer, b: { nickname?: unknown; avatar?: unknown }): Promise<UserInfo> {
    const p = { nickname: nickname(b.nickname), avatar: avatar(b.avatar) };
    if (p.nickname === undefined && p.avatar === undefined) throw badRequest('nickname or avatar is required');
    const user = requireRealUser(viewer, 'Log in before setting a nickname or avatar');
    const updated = await updateProfile(this.db, user.id, p);
    await this.forgetSession(hashToken(viewer.token!));
    return updated;
  }

  /** The local sandbox's authorise page (404 while the sandbox is off). */
  sandboxAuthorizePage(q: { state?: string; redirect_uri?: string; lang?: string }): string {
    const sandbox = this.sandbox();
    if (!q.state || q.redirect_uri !== sandbox.callbackUrl()) throw badRequest("state and this server's redirect_uri are required");
    return sandboxAuthorizePage({ state: q.state, redirectUri: q.redirect_uri, lang: q.lang === 'en' ? 'en' : 'cn' });
  }

  /** The sandbox page's Authorise button: our callback's URL with a fresh single-use code for the nickname. */
  async sandboxApprove(viewer: Viewer, q: { state?: string; redirect_uri?: string; nickname?: string }): Promise<string> {
    const sandbox = this.sandbox();
    await this.limitIp(viewer);
    if (!q.state || q.redirect_uri !== sandbox.callbackUrl()) throw badRequest("state and this server's redirect_uri are required");
    const code = sandboxCode(sandboxName(q.nickname));
    return `${sandbox.callbackUrl()}?${new URLSearchParams({ code, state: q.state }).toString()}`;
  }

  private sandbox() {
    if (!this.providers.sandbox) throw notFound('The login sandbox is off on this server');
    return this.providers.sandbox;
  }

  private code(raw: unknown): string {
    if (typeof raw !== 'string' || !raw.trim()) throw badRequest('code is required');
    if (raw.length > LOGIN_CODE_MAX) throw badRequest(`code is longer than ${LOGIN_CODE_MAX} characters`);
    return raw;
  }

  /** A code is accepted once: remembered LOGIN_CODE_MEMORY_S, attempts per code limited. */
  private async useCode(code: string, provider: string): Promise<void> {
    const h = sha256(code);
    await this.limits.enforce(`login:code:${h}`, { limit: LOGIN_LIMIT_PER_CODE, windowS: LOGIN_CODE_MEMORY_S }, 'Too many attempts with this login code');
    const t = now();
    const { rowCount } = await this.db.query(
      `INSERT INTO login_codes (code_hash, provider, used_at) VALUES ($1, $2, $3)
       ON CONFLICT (code_hash) DO UPDATE SET used_at = EXCLUDED.used_at, provider = EXCLUDED.provider WHERE login_codes.used_at < $4`,
      [h, provider, t, t - LOGIN_CODE_MEMORY_S]
    );
    if (!rowCount) throw badRequest('Login code was already used, please log in again');
  }

  /** Drop expired states and forgotten codes, at most once a minute. */
  private async prune(t: number): Promise<void> {
    if (t - this.lastPrune < 60) return;
    this.lastPrune = t;
    await this.db.query('DELETE FROM oauth_states WHERE expires_at < $1', [t - OAUTH_STATE_TTL_S]);
    await this.db.query('DELETE FROM login_codes WHERE used_at < $1', [t - LOGIN_CODE_MEMORY_S]);
  }
}
