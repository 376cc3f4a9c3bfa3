import { makeAutoObservable } from 'mobx';
import { mustLogIn, type GatedAction } from './loginGate';

export type LoginPromptPhase = 'closed' | 'ask' | 'unavailable';

/**
 * The one shared 'WeChat authorisation' prompt. Any action that needs a real
 * user awaits `requireLogin(reason)`; while a prompt is up, later callers share
 * it. The login flows come later: 'ok' explains that login is not available in
 * this build, and every caller gets false.
 */
export class LoginPromptStore {
  phase: LoginPromptPhase = 'closed';
  reason: GatedAction | null = null;
  private pending: Promise<boolean> | null = null;
  private settle: ((ok: boolean) => void) | null = null;

  constructor(private isGuest: () => boolean = () => true) {
    makeAutoObservable<LoginPromptStore, 'pending' | 'settle' | 'isGuest'>(this, { pending: false, settle: false, isGuest: false });
  }

  get isOpen(): boolean {
    return this.phase !== 'closed';
  }

  /** Resolves true when the visitor may go on (already logged in), false when they did not log in. */
  requireLogin(reason: GatedAction): Promise<boolean> {
    if (!mustLogIn(reason, this.isGuest())) return Promise.resolve(true);
    if (this.pending) return this.pending;
    this.reason = reason;
    this.phase = 'ask';
    this.pending = new Promise<boolean>((resolve) => {
      this.settle = resolve;
    });
    return this.pending;
  }

  /** 'ok': no login flow exists yet in this build: say so, and the waiting action does not go on. */
  confirm(): void {
    if (this.phase !== 'ask') return;
    const settle = this.settle;
    this.pending = null;
    this.settle = null;
    this.phase = 'unavailable';
    settle?.(false);
  }

  cancel(): void {
    this.finish(false);
  }

  /** Close the 'not available' note. */
  dismiss(): void {
    this.finish(false);
  }

  private finish(result: boolean): void {
    const settle = this.settle;
    this.phase = 'closed';
    this.reason = null;
    this.pending = null;
    this.settle = null;
    settle?.(result);
  }
}
