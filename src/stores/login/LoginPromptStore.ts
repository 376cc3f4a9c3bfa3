import { makeAutoObservable, runInAction } from 'mobx';
import type { LoginPath, LoginSysInfo, QrLang } from '../../../types/api/auth';
import type { UserInfo } from '../../../types/api/session';
import { isDefaultNickname, mustLogIn, type GatedAction } from './loginGate';
import type { MessageKey } from '../../i18n';
import { PlaceTracker, readPlace, type LoginPlace } from './loginPlace';

export type { LoginPlace, LoginSheet } from './loginPlace';
import { isLocalAvatar } from '../../utils/avatar';

/**
 * closed → ask ('WeChat authorisation': ok / cancel) → working (mini-program code,
 * or leaving for the provider page) | popup (desktop QR / sandbox page, session polled)
 * → closed, or → profile (mini-program fill-in nickname and avatar after the first login).
 * 'unavailable' only when the server has no login for this visitor (path 'none').
 */
export type LoginPromptPhase = 'closed' | 'ask' | 'working' | 'popup' | 'profile' | 'unavailable';

/** What an interrupted action needs to go on after a full-page login (the page reloads). */
export interface LoginResume {
  kind: GatedAction;
  data: Record<string, string | number>;
}

/** After the reload: the interrupted action (for a real user only) and the place. */
export interface LoginReturn {
  action: LoginResume | null;
  place: LoginPlace | null;
}

interface StoredResume extends LoginResume {
  at: number;
  place?: LoginPlace | null;
}

export const RESUME_KEY = 'login-resume';
/** A stored resume older than this is dropped (the OAuth state lives 600 s). */
export const RESUME_MAX_AGE_MS = 600_000;
export const LOGIN_POLL_MS = 1500;

export interface LoginPromptDeps {
  isGuest: () => boolean;
  user: () => UserInfo | null;
  loginInfo: () => LoginSysInfo | null | undefined;
  isPc: () => boolean;
  /** Re-read GET /session.js (same token). */
  refresh: () => Promise<void>;
  /** stores/login/loginFlow `login`: 'done' (mini-program), 'navigating' (page leaves), 'popup', 'none'. */
  login: (
    path: LoginPath,
    opts: { isPc: boolean; sandbox: boolean; lang: QrLang; beforeLeave?: () => void }
  ) => Promise<'done' | 'navigating' | 'popup' | 'none'>;
  /** The provider page for the popup, bound to this session. */
  oauthUrl: (path: LoginPath, lang: QrLang) => Promise<string>;
  saveProfile: (p: { nickname?: string; avatar?: string }) => Promise<unknown>;
  /** api/avatar (over platform/upload): store a chosen avatar still on the device; answers its public URL. */
  uploadAvatar: (filePath: string) => Promise<string>;
  toast: (key: MessageKey) => void;
  lang: () => QrLang;
  storage: { read: (key: string) => unknown; write: (key: string, v: unknown) => void; remove: (key: string) => void };
  now: () => number;
  pollMs: number;
}

const memoryStorage = (): LoginPromptDeps['storage'] => {
  const m = new Map<string, unknown>();
  return { read: (k) => m.get(k), write: (k, v) => void m.set(k, v), remove: (k) => void m.delete(k) };
};

/**
 * The one shared 'WeChat authorisation' prompt. Any action that needs a real
 * user awaits `requireLogin(reason)`; while a prompt is up, later callers share
 * it. 'ok' runs the login for the session's path; the callers get true once the
 * visitor is a real user, false on cancel or failure (with a toast).
 */
export class LoginPromptStore {
  phase: LoginPromptPhase = 'closed';
  reason: GatedAction | null = null;
  popupUrl = '';
  popupLang: QrLang = 'cn';
  private pending: Promise<boolean> | null = null;
  private settle: ((ok: boolean) => void) | null = null;
  private resume: LoginResume | null = null;
  /** Where the visitor is (the page, its viewer and open sheet), kept across a login that leaves the page. */
  readonly places = new PlaceTracker();
  private poll: ReturnType<typeof setInterval> | null = null;
  private deps: LoginPromptDeps;

  constructor(deps: Partial<LoginPromptDeps> | (() => boolean) = {}) {
    const d = typeof deps === 'function' ? { isGuest: deps } : deps;
    this.deps = {
      isGuest: () => true,
      user: () => null,
      loginInfo: () => null,
      isPc: () => false,
      refresh: async () => undefined,
      login: async () => 'none',
      oauthUrl: async () => '',
      saveProfile: async () => undefined,
      uploadAvatar: async () => {
        throw new Error('no avatar upload here');
      },
      toast: () => undefined,
      lang: () => 'cn',
      storage: memoryStorage(),
      now: () => Date.now(),
      pollMs: LOGIN_POLL_MS,
      ...d
    };
    makeAutoObservable<LoginPromptStore, 'pending' | 'settle' | 'deps' | 'poll' | 'resume'>(this, {
      pending: false,
      settle: false,
      deps: false,
      poll: false,
      resume: false,
      places: false
    });
  }

  get isOpen(): boolean {
    return this.phase !== 'closed';
  }

  /** The server's login path for this visitor ('none' before the session is known). */
  get path(): LoginPath {
    return this.deps.loginInfo()?.path ?? 'none';
  }

  /** The local sandbox stands in for WeChat: shown on screen. */
  get sandbox(): boolean {
    return !!this.deps.loginInfo()?.sandbox;
  }

  /**
   * Resolves true when the visitor may go on (already logged in, or logged in now),
   * false when they did not log in. `resume` lets the action go on after a login
   * that reloads the page (see takeReturn).
   */
  requireLogin(reason: GatedAction, resume?: LoginResume['data']): Promise<boolean> {
    if (!mustLogIn(reason, this.deps.isGuest())) return Promise.resolve(true);
    if (this.pending) return this.pending;
    this.reason = reason;
    this.resume = resume ? { kind: reason, data: resume } : null;
    this.phase = 'ask';
    this.pending = new Promise<boolean>((resolve) => {
      this.settle = resolve;
    });
    return this.pending;
  }

  /** 'ok': run the login for this visitor's path. */
  async confirm(): Promise<void> {
    if (this.phase !== 'ask') return;
    const path = this.path;
    if (path === 'none') return this.unavailable();
    this.phase = 'working';
    const lang = this.deps.lang();
    const resume = this.resume ?? { kind: this.reason ?? 'view', data: {} };
    // Only a login that leaves the page needs the action and the place stored for after the reload.
    const beforeLeave = () => this.deps.storage.write(RESUME_KEY, { ...resume, place: this.places.current(), at: this.deps.now() } satisfies StoredResume);
    try {
      const outcome = await this.deps.login(path, { isPc: this.deps.isPc(), sandbox: this.sandbox, lang, beforeLeave });
      if (outcome === 'none') return this.unavailable();
      if (outcome === 'navigating') return; // the page leaves; takeReturn() continues after the reload
      if (outcome === 'popup') return await this.openPopup(lang);
      await this.deps.refresh();
      if (this.deps.isGuest()) throw new Error('still a guest after login');
      const user = this.deps.user();
      const needsProfile = !!user && (isDefaultNickname(user.nickname) || !user.photo);
      this.succeed(needsProfile);
    } catch (e) {
      console.info('login failed', e);
      this.fail();
    }
  }

  cancel(): void {
    this.deps.storage.remove(RESUME_KEY);
    this.finish(false);
  }

  /** Close the 'not available' note. */
  dismiss(): void {
    this.finish(false);
  }

  /** The popup's close button: the login did not happen. */
  closePopup(): void {
    if (this.phase !== 'popup') return;
    this.deps.toast('login.cancelled');
    this.cancel();
  }

  /** The popup's Chinese/English toggle: a fresh provider page in that language. */
  async setPopupLang(lang: QrLang): Promise<void> {
    if (this.phase !== 'popup' || lang === this.popupLang) return;
    this.popupLang = lang;
    try {
      const url = await this.deps.oauthUrl(this.path, lang);
      runInAction(() => {
        if (this.phase === 'popup' && this.popupLang === lang) this.popupUrl = url;
      });
    } catch (e) {
      console.info('login page not loaded', e);
      this.fail();
    }
  }

  /**
   * Mini-program profile sheet: upload a chosen avatar that is still on the
   * device, post the fill-in nickname with the avatar's URL, then close. A failed
   * upload keeps the sheet open (try again, or skip).
   */
  async saveProfile(p: { nickname?: string; avatar?: string }): Promise<void> {
    const body = { nickname: p.nickname?.trim() || undefined, avatar: p.avatar || undefined };
    if (body.avatar && isLocalAvatar(body.avatar)) {
      try {
        body.avatar = await this.deps.uploadAvatar(body.avatar);
      } catch (e) {
        console.info('avatar not uploaded', e);
        this.deps.toast('login.avatarFailed');
        return;
      }
    }
    try {
      if (body.nickname || body.avatar) {
        await this.deps.saveProfile(body);
        await this.deps.refresh();
      }
      this.finish(true);
    } catch (e) {
      console.info('profile not saved', e);
      this.deps.toast('login.profileFailed');
    }
  }

  skipProfile(): void {
    this.finish(true);
  }

  /**
   * After a login that reloaded the page, once: the place the visitor left (also when they
   * came back without logging in) and the interrupted action (only for a real user). Null
   * when nothing was stored, it is stale, or a prompt is open.
   */
  takeReturn(): LoginReturn | null {
    const r = this.deps.storage.read(RESUME_KEY) as StoredResume | undefined | null;
    if (this.isOpen || !r || typeof r !== 'object') return null;
    this.deps.storage.remove(RESUME_KEY);
    if (!(this.deps.now() - Number(r.at) <= RESUME_MAX_AGE_MS)) return null;
    const data = r.data && typeof r.data === 'object' ? r.data : {};
    const action = !this.deps.isGuest() && typeof r.kind === 'string' && Object.keys(data).length ? { kind: r.kind, data } : null;
    return { action, place: readPlace(r.place) };
  }

  private async openPopup(lang: QrLang): Promise<void> {
    this.popupLang = lang;
    const url = await this.deps.oauthUrl(this.path, lang);
    runInAction(() => {
      this.popupUrl = url;
      this.phase = 'popup';
    });
    this.poll = setInterval(() => void this.checkSession(), this.deps.pollMs);
  }

  private async checkSession(): Promise<void> {
    try {
      await this.deps.refresh();
    } catch {
      return; // try again at the next tick
    }
    if (this.phase === 'popup' && !this.deps.isGuest()) this.succeed(false);
  }

  private unavailable(): void {
    const settle = this.settle;
    this.stopPoll();
    this.pending = null;
    this.settle = null;
    this.phase = 'unavailable';
    settle?.(false);
  }

  private fail(): void {
    this.deps.toast('login.failed');
    this.deps.storage.remove(RESUME_KEY);
    this.finish(false);
  }

  /** Callers go on; the mini-program may still show the profile sheet. */
  private succeed(profile: boolean): void {
    if (!profile) return this.finish(true);
    const settle = this.settle;
    this.stopPoll();
    this.pending = null;
    this.settle = null;
    this.phase = 'profile';
    settle?.(true);
  }

  private stopPoll(): void {
    if (this.poll) clearInterval(this.poll);
    this.poll = null;
  }

  private finish(result: boolean): void {
    const settle = this.settle;
    this.stopPoll();
    this.phase = 'closed';
    this.reason = null;
    this.resume = null;
    this.popupUrl = '';
    this.pending = null;
    this.settle = null;
    settle?.(result);
  }
}
