import crypto from 'node:crypto';
import type { Db } from '../../db';
import { AppError } from '../../errors';
import { ErrorCode } from '../../../../types/envelope';
import type { SessionData, UserInfo } from '../../../../types/api/session';
import { detectEnv, isPcEnv } from '../../../../types/ua';
import type { Viewer } from '../../viewer';
import type { LoginConfig } from '../../providers/login/config';
import { loginSysInfo } from '../auth/auth';
import type { LiveBus } from '../../live/bus';
import { clientAddressKey, type LimitRule, type RateLimiter } from '../shared/rateLimit';

/** Sessions live 30 days and are extended on every refresh (the client refreshes every 59 min). */
export const SESSION_TTL_S = 30 * 24 * 3600;
const CACHE_MS = 60_000;

/** New guests per client address (its /64 for IPv6) per minute: `perMin` from GUEST_SESSIONS_PER_MIN. */
export const guestSessionRule = (perMin: number): LimitRule => ({ limit: perMin, windowS: 60 });
export const GUEST_LIMIT_MESSAGE = 'Too many new sessions from this address, please try again later';

export interface GuestLimit {
  limits: RateLimiter;
  rule: LimitRule;
}

export interface SessionUser extends UserInfo {
  id: number;
}

const now = () => Math.floor(Date.now() / 1000);
const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

interface UserRow {
  id: number;
  openid: string;
  nickname: string;
  photo: string;
  is_mock: boolean;
}

function toUser(r: UserRow): SessionUser {
  return { id: r.id, openid: r.openid, nickname: r.nickname, photo: r.photo, is_mock: r.is_mock };
}

export class SessionService {
  private cache = new Map<string, { user: SessionUser; at: number }>();

  constructor(
    private db: Db,
    /** Tells the other processes to drop a session from their caches (bus.ts BusNotice). */
    private bus?: LiveBus,
    /** How many guests one address may create (GET /session.js); unlimited when omitted. */
    private guestLimit?: GuestLimit
  ) {}

  /** The user of a token, or null when unknown or expired. Looked up at most once a minute per token. */
  async resolve(token: string | undefined): Promise<SessionUser | null> {
    if (!token || token.length > 200) return null;
    const key = hashToken(token);
    const hit = this.cache.get(key);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.user;
    const { rows } = await this.db.query<UserRow>(
      `SELECT u.id, u.openid, u.nickname, u.photo, u.is_mock FROM sessions s JOIN users u ON u.id = s.user_id
       WHERE s.token_hash = $1 AND s.expires_at > $2`,
      [key, now()]
    );
    if (!rows.length) {
      this.cache.delete(key);
      return null;
    }
    const user = toUser(rows[0]);
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(key, { user, at: Date.now() });
    return user;
  }

  /**
   * GET /session.js, first step: the viewer's session resumed (extended), or a new guest
   * (counted per address: 429 with data.retry_after over the limit). The route then hands
   * the token over (the H5 cookie or the answer) and answers with `answer()`.
   */
  async open(v: Viewer): Promise<{ user: SessionUser; token: string }> {
    return (await this.resume(v.token)) ?? (await this.createGuest(v.ip));
  }

  /**
   * GET /session.js, the answer: the session's user, with what the client needs to know of its
   * environment; the token only when `token` is given (clients the cookie does not carry).
   */
  answer(
    user: SessionUser,
    token: string | undefined,
    client: { userAgent: string; miniProgram: boolean },
    site: { webAppId: string; login: LoginConfig; shareOff?: boolean; redirect?: string | null }
  ): SessionData {
    const env = detectEnv(client.userAgent, { miniProgram: client.miniProgram });
    const data: SessionData = {
      user: { openid: user.openid, nickname: user.nickname, photo: user.photo, is_mock: user.is_mock },
      ...(token ? { token } : {}),
      redirect: site.redirect ?? null,
      sysinfo: {
        env,
        is_pc: !client.miniProgram && isPcEnv(client.userAgent),
        web_appid: site.webAppId,
        srv_time: Math.floor(Date.now() / 1000),
        share_off: !!site.shareOff,
        login: loginSysInfo(site.login, env)
      }
    };
    // Spec part 3 §8: a session answer carrying a redirect is code 200302 (with the session: the client keeps it).
    if (data.redirect) throw new AppError(ErrorCode.SESSION_REDIRECT, 'Go to the redirect address', data);
    return data;
  }

  /** Resume the token's session (extending it) or create a guest with a new token (no limit: tests and tools). */
  async createOrResume(token: string | undefined): Promise<{ user: SessionUser; token: string }> {
    return (await this.resume(token)) ?? (await this.insertGuest());
  }

  /** The token's session, extended; null when there is none (or it was pruned meanwhile). */
  private async resume(token: string | undefined): Promise<{ user: SessionUser; token: string } | null> {
    const existing = await this.resolve(token);
    if (!existing || !token) return null;
    const { rowCount } = await this.db.query('UPDATE sessions SET expires_at = $2 WHERE token_hash = $1', [hashToken(token), now() + SESSION_TTL_S]);
    if (!rowCount) {
      // Gone since it was cached (the guest sweep, services/session/guestPrune.ts): start afresh.
      this.forget(token);
      return null;
    }
    return { user: existing, token };
  }

  /** A new guest for a visitor at `ip`, within the per-address limit. */
  private async createGuest(ip: string): Promise<{ user: SessionUser; token: string }> {
    if (this.guestLimit) await this.guestLimit.limits.enforce(`guest:ip:${clientAddressKey(ip)}`, this.guestLimit.rule, GUEST_LIMIT_MESSAGE);
    return this.insertGuest();
  }

  private insertGuest(): Promise<{ user: SessionUser; token: string }> {
    return this.db.tx(async (q) => {
      const openid = `guest_${crypto.randomBytes(12).toString('hex')}`;
      const { rows } = await q.query<UserRow>(
        `INSERT INTO users (openid, nickname, photo, is_mock, created_at) VALUES ($1, '', '', true, $2)
         RETURNING id, openid, nickname, photo, is_mock`,
        [openid, now()]
      );
      const fresh = crypto.randomBytes(32).toString('base64url');
      await q.query('INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)', [
        hashToken(fresh),
        rows[0].id,
        now(),
        now() + SESSION_TTL_S
      ]);
      return { user: toUser(rows[0]), token: fresh };
    });
  }

  forget(token: string): void {
    this.cache.delete(hashToken(token));
  }

  /** Drop a cached session by its stored hash (a login upgraded it; the OAuth callback knows only the hash). */
  forgetHash(tokenHash: string): void {
    this.cache.delete(tokenHash);
  }

  /**
   * A login moved or upgraded this session (or its user changed): drop it from
   * this process's cache and, through the bus, from every other one's.
   */
  async forgetEverywhere(tokenHash: string): Promise<void> {
    this.forgetHash(tokenHash);
    if (!this.bus) return;
    try {
      await this.bus.publishInternal({ kind: 'session_forget', token_hash: tokenHash });
    } catch (e) {
      // The change is committed; other processes catch up when their cache entry expires (60 s).
      console.error(`session cache: could not tell other processes: ${(e as Error).message}`);
    }
  }

  /** Follow the other processes' notices; returns the unsubscribe. */
  listen(): () => void {
    if (!this.bus) return () => undefined;
    return this.bus.subscribeInternal((n) => {
      if (n.kind === 'session_forget') this.forgetHash(n.token_hash);
    });
  }
}

/** The token from `Authorization: Bearer <token>` (a bare token is accepted too; `Bearer` with nothing after it is none). */
export function tokenFromHeader(header: string | undefined): string | undefined {
  if (!header || /^\s*Bearer\s*$/i.test(header)) return undefined;
  const m = /^Bearer\s+(.+)$/i.exec(header.trim());
  return (m ? m[1] : header).trim() || undefined;
}
