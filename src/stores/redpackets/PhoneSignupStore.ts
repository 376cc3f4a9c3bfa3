import { makeAutoObservable, runInAction } from 'mobx';
import type { MessageKey } from '../../i18n';
import { t } from '../../i18n';
import { ApiError } from '../../api/client';
import { redPacketApi, type RedPacketApi } from '../../api/redpackets';
import { toast } from '../../platform/ui';
import { SMS_COUNTDOWN_S, SMS_DEBOUNCE_MS, checkPhone, checkSignup } from './redPacketRules';

type Timer = ReturnType<typeof setInterval>;

export interface PhoneSignupDeps {
  galleryId: number;
  api: Pick<RedPacketApi, 'sendPhoneCode' | 'bindPhone'>;
  toast: (text: string) => void;
  now: () => number;
  setInterval: (fn: () => void, ms: number) => Timer;
  clearInterval: (t: Timer) => void;
}

/**
 * The phone sign-up modal of red packets (spec part 3 §5, §7): phone exactly 11 digits, name
 * required, captcha exactly 4 characters; the SMS code (`type 'bindphone'`) with a 60 s
 * countdown and a 2 s debounce of the tap; POST /api/v2/wxuser/bindphone. A failure shows the
 * server's message, else 'Something wrong!'. `request()` opens it and resolves true once bound.
 */
export class PhoneSignupStore {
  open = false;
  phone = '';
  name = '';
  code = '';
  /** Seconds until another SMS code may be asked for (0: now). */
  countdown = 0;
  submitting = false;
  error: MessageKey | null = null;
  /** The server's refusal, shown as it came. */
  serverError = '';
  private lastSend = -Infinity;
  private timer: Timer | null = null;
  private pending: ((bound: boolean) => void) | null = null;
  private deps: PhoneSignupDeps;

  constructor(deps: Pick<PhoneSignupDeps, 'galleryId'> & Partial<PhoneSignupDeps>) {
    this.deps = {
      api: redPacketApi,
      toast: (text) => toast(text),
      now: () => Date.now(),
      setInterval: (fn, ms) => setInterval(fn, ms),
      clearInterval: (tm) => clearInterval(tm),
      ...deps
    };
    makeAutoObservable<PhoneSignupStore, 'deps' | 'lastSend' | 'timer' | 'pending'>(this, { deps: false, lastSend: false, timer: false, pending: false });
  }

  /** Open the modal; true once the phone is bound, false when closed. */
  request(): Promise<boolean> {
    this.pending?.(false);
    this.open = true;
    this.error = null;
    this.serverError = '';
    return new Promise<boolean>((resolve) => {
      this.pending = resolve;
    });
  }

  close(): void {
    this.open = false;
    const p = this.pending;
    this.pending = null;
    p?.(false);
  }

  setPhone(v: string): void {
    this.phone = v.replace(/\D+/g, '');
    this.error = null;
  }
  setName(v: string): void {
    this.name = v;
    this.error = null;
  }
  setCode(v: string): void {
    this.code = v.trim();
    this.error = null;
  }

  /** The 'Send code' tap: debounced 2 s, refused during the 60 s countdown or with a wrong number. */
  async sendCode(): Promise<boolean> {
    const now = this.deps.now();
    if (now - this.lastSend < SMS_DEBOUNCE_MS || this.countdown > 0) return false;
    this.lastSend = now;
    const p = checkPhone(this.phone);
    if (!p.ok) {
      this.error = p.error;
      return false;
    }
    try {
      await this.deps.api.sendPhoneCode(this.phone, this.deps.galleryId);
    } catch (e) {
      runInAction(() => (this.serverError = e instanceof ApiError && e.message ? e.message : t('redpacket.somethingWrong')));
      return false;
    }
    runInAction(() => this.startCountdown());
    this.deps.toast(t('redpacket.codeSent'));
    return true;
  }

  private startCountdown(): void {
    this.countdown = SMS_COUNTDOWN_S;
    if (this.timer) this.deps.clearInterval(this.timer);
    this.timer = this.deps.setInterval(() => {
      runInAction(() => {
        this.countdown = Math.max(0, this.countdown - 1);
        if (this.countdown === 0 && this.timer) {
          this.deps.clearInterval(this.timer);
          this.timer = null;
        }
      });
    }, 1000);
  }

  async submit(): Promise<boolean> {
    if (this.submitting) return false;
    const c = checkSignup(this.phone, this.name, this.code);
    if (!c.ok) {
      this.error = c.error;
      return false;
    }
    this.submitting = true;
    this.serverError = '';
    try {
      await this.deps.api.bindPhone({ phone: this.phone, galleryid: this.deps.galleryId, code: this.code, nickname: this.name.trim(), content: '' });
    } catch (e) {
      runInAction(() => {
        this.submitting = false;
        this.serverError = e instanceof ApiError && e.message ? e.message : t('redpacket.somethingWrong');
      });
      return false;
    }
    runInAction(() => {
      this.submitting = false;
      this.open = false;
    });
    const p = this.pending;
    this.pending = null;
    p?.(true);
    return true;
  }

  dispose(): void {
    if (this.timer) this.deps.clearInterval(this.timer);
    this.timer = null;
  }
}
