import { makeAutoObservable, runInAction } from 'mobx';
import type { SysInfo, UserInfo } from '../../../types/api/session';
import { SESSION_REFRESH_MS } from '../../../types/api/session';
import { ErrorCode } from '../../../types/envelope';
import { fetchSession } from '../../api/session';
import { ApiError } from '../../api/client';
import { sessionArrived, sessionLost } from '../../api/credentials';
import { followRedirect } from '../../platform/navigate';

export type SessionStatus = 'idle' | 'loading' | 'ready' | 'error';

/** Bounds of the wait before asking again after a 429 (the server's retry_after, clamped), and its jitter. */
export const SESSION_RETRY_MIN_MS = 5_000;
export const SESSION_RETRY_MAX_MS = 300_000;
export const SESSION_RETRY_JITTER = 0.5;

/** The wait a 429 from /session.js asks for (ms, before jitter), or null for any other failure. */
export function sessionRetryMs(e: unknown): number | null {
  if (!(e instanceof ApiError) || (e.status !== ErrorCode.TOO_MANY_REQUESTS && e.code !== ErrorCode.TOO_MANY_REQUESTS)) return null;
  const s = (e.body as { data?: { retry_after?: unknown } } | undefined)?.data?.retry_after;
  const ms = typeof s === 'number' && Number.isFinite(s) ? s * 1000 : SESSION_RETRY_MIN_MS;
  return Math.min(SESSION_RETRY_MAX_MS, Math.max(SESSION_RETRY_MIN_MS, ms));
}

/**
 * The visitor's session: created or resumed before the app renders, refreshed every 59 minutes.
 *
 * The server limits how many new guests one address creates per minute; over it,
 * /session.js answers 429 with data.retry_after (a venue's shared address can reach it).
 * The app then runs without a session (`waiting`): pages render and read as for a
 * visitor without a token; what needs a session (likes, passes, the live channel) waits.
 * The store asks again after retry_after plus jitter, so a crowd does not return in step.
 */
export class SessionStore {
  status: SessionStatus = 'idle';
  user: UserInfo | null = null;
  sysinfo: SysInfo | null = null;
  redirect: string | null = null;
  /** Running without a session until the retry after a 429. */
  waiting = false;
  private timer: ReturnType<typeof setInterval> | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;

  /** The redirect already followed (a session answer carries it each time; the app goes there once). */
  private followed: string | null = null;

  constructor(
    private load = fetchSession,
    private random: () => number = Math.random,
    /** Opens the session's redirect (platform/navigate); false when it was not followed. */
    private follow: (url: string) => boolean = followRedirect
  ) {
    makeAutoObservable<SessionStore, 'timer' | 'retryTimer' | 'load' | 'random' | 'follow' | 'followed'>(this, {
      timer: false,
      retryTimer: false,
      load: false,
      random: false,
      follow: false,
      followed: false
    });
  }

  get ready(): boolean {
    return this.status === 'ready';
  }

  /** A guest not yet authorised (is_mock). */
  get isGuest(): boolean {
    return !this.user || this.user.is_mock;
  }

  get isPc(): boolean {
    return !!this.sysinfo?.is_pc;
  }

  /** Start (or retry) the session and the refresh timer. */
  async start(): Promise<void> {
    this.status = 'loading';
    try {
      await this.refresh();
      if (!this.timer) this.timer = setInterval(() => void this.refresh().catch(() => undefined), SESSION_REFRESH_MS);
    } catch (e) {
      runInAction(() => {
        this.status = 'error';
      });
      throw e;
    }
  }

  async refresh(): Promise<void> {
    let s;
    try {
      s = await this.load();
    } catch (e) {
      const wait = sessionRetryMs(e);
      if (wait === null) throw e;
      this.runWithoutSession(wait);
      return;
    }
    // The mini-program keeps the answer's token; in a browser the answer's cookie carries the session.
    sessionArrived(s.token);
    runInAction(() => {
      this.user = s.user;
      this.sysinfo = s.sysinfo;
      this.redirect = s.redirect;
      this.waiting = false;
      this.status = 'ready';
    });
    // A session answer carrying a redirect (code 200302, or a redirect in a normal answer): the app goes there, once.
    if (s.redirect && s.redirect !== this.followed) {
      this.followed = s.redirect;
      this.follow(s.redirect);
    }
  }

  /** 429: no session for now (the kept token or cookie, if any, is not one the server knows); ask again after `waitMs` plus jitter. */
  private runWithoutSession(waitMs: number): void {
    sessionLost();
    runInAction(() => {
      this.user = null;
      this.waiting = true;
      this.status = 'ready';
    });
    this.retryLater(waitMs);
  }

  private retryLater(waitMs: number): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(
      () => {
        this.retryTimer = null;
        // Still no session after a failure of another kind (offline): keep asking, at the longest wait.
        void this.refresh().catch(() => this.retryLater(SESSION_RETRY_MAX_MS));
      },
      Math.round(waitMs * (1 + SESSION_RETRY_JITTER * this.random()))
    );
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.timer = null;
    this.retryTimer = null;
  }
}
