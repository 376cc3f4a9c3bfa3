import { makeAutoObservable, runInAction } from 'mobx';
import type { SysInfo, UserInfo } from '../../../types/api/session';
import { SESSION_REFRESH_MS } from '../../../types/api/session';
import { fetchSession } from '../../api/session';
import { saveSessionToken } from '../../api/credentials';

export type SessionStatus = 'idle' | 'loading' | 'ready' | 'error';

/** The visitor's session: created or resumed before the app renders, refreshed every 59 minutes. */
export class SessionStore {
  status: SessionStatus = 'idle';
  user: UserInfo | null = null;
  sysinfo: SysInfo | null = null;
  redirect: string | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(private load = fetchSession) {
    makeAutoObservable<SessionStore, 'timer' | 'load'>(this, { timer: false, load: false });
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
    const s = await this.load();
    saveSessionToken(s.token);
    runInAction(() => {
      this.user = s.user;
      this.sysinfo = s.sysinfo;
      this.redirect = s.redirect;
      this.status = 'ready';
    });
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
