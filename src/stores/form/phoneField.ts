import { makeAutoObservable, runInAction } from 'mobx';
import { PhoneCheck, type PhoneCheckState } from '../../../types/api/form';
import { SMS_RESEND_S } from '../../../types/api/permission';
import { FORM_CODE_LENGTH, FORM_DEFAULT_COUNTRY, validPhone } from '../../../types/formRules';
import { ApiError } from '../../api/client';
import type { FormDeps } from './FormStore';

/**
 * One form_phone field (spec part 2 §3, §4, §5, §8): phone, 4-digit code and country (default
 * 86, without the plus). Sending needs a phone ('Please input the {field}'); resend waits out a
 * 60 s countdown and stops once verified; the fourth digit checks the code: 1 verified, -1
 * failed (the code is cleared), 0 pending. A guest logs in first; a '500' (or 401) on the check
 * for a guest opens the authorisation.
 */
export class PhoneFieldStore {
  phone = '';
  code = '';
  country = FORM_DEFAULT_COUNTRY;
  state: PhoneCheckState = PhoneCheck.PENDING;
  countdown = 0;
  sending = false;
  /**
   * The form's pay fields (form_pay ids) paid for the verified number, from any account (the
   * code check's answer, then the payments made here). Paid is per phone: another number starts empty.
   */
  paidFields: string[] = [];
  private stopTick: (() => void) | null = null;

  constructor(
    private galleryId: number,
    private formId: string,
    private label: string,
    private deps: FormDeps
  ) {
    makeAutoObservable<PhoneFieldStore, 'deps' | 'stopTick'>(this, { deps: false, stopTick: false });
  }

  get verified(): boolean {
    return this.state === PhoneCheck.VERIFIED;
  }

  /** The send button is usable: not verified, no countdown, not sending. */
  get canSend(): boolean {
    return !this.verified && this.countdown === 0 && !this.sending;
  }

  setPhone(v: string): void {
    const digits = v.replace(/\D/g, '').slice(0, 15);
    if (digits === this.phone) return;
    this.phone = digits;
    // Another number needs its own code, and has paid nothing yet.
    if (this.verified) this.state = PhoneCheck.PENDING;
    this.paidFields = [];
  }

  setCountry(v: string): void {
    this.country = v.replace(/\D/g, '').slice(0, 4) || FORM_DEFAULT_COUNTRY;
  }

  async send(): Promise<void> {
    if (!this.phone.trim()) {
      this.deps.toast(this.deps.t('form.inputField', { field: this.label }));
      return;
    }
    if (!this.canSend) return;
    if (!validPhone(this.country, this.phone)) {
      this.deps.toast(this.deps.t('form.inputRight', { field: this.label }));
      return;
    }
    if (this.deps.isGuest() && !(await this.deps.requireLogin('form_phone'))) return;
    this.sending = true;
    try {
      const r = await this.deps.api.sendValidate({ phone: this.phone, type: 'form', country: this.country, gallery_id: this.galleryId, action: this.formId });
      this.deps.toast(this.deps.t('form.MessageSendSuccess'));
      this.startCountdown(r.resend_after || SMS_RESEND_S);
    } catch (e) {
      const wait = e instanceof ApiError ? Number((e.body as { data?: { retry_after?: unknown } } | null)?.data?.retry_after) : NaN;
      this.deps.toast(this.deps.t('form.MessageSendError'));
      if (wait > 0) this.startCountdown(Math.min(wait, SMS_RESEND_S));
    } finally {
      runInAction(() => (this.sending = false));
    }
  }

  private startCountdown(seconds: number): void {
    this.stopTick?.();
    this.countdown = seconds;
    this.stopTick = this.deps.every(1000, () =>
      runInAction(() => {
        this.countdown = Math.max(0, this.countdown - 1);
        if (this.countdown === 0) this.stop();
      })
    );
  }

  /** Typing the code: digits only, at most 4; the fourth digit checks it. */
  setCode(v: string): void {
    if (this.verified) return;
    this.code = v.replace(/\D/g, '').slice(0, FORM_CODE_LENGTH);
    if (this.state === PhoneCheck.FAILED && this.code) this.state = PhoneCheck.PENDING;
    if (this.code.length === FORM_CODE_LENGTH) void this.check();
  }

  private async check(): Promise<void> {
    const code = this.code;
    try {
      const r = await this.deps.api.validateCodeV2({ phone: this.phone, country: this.country, code, gallery_id: this.galleryId, action: this.formId });
      runInAction(() => {
        this.state = PhoneCheck.VERIFIED;
        this.paidFields = r.paid ?? [];
        this.stop();
        this.countdown = 0;
      });
    } catch (e) {
      runInAction(() => {
        this.state = PhoneCheck.FAILED;
        this.code = '';
      });
      const authorise = e instanceof ApiError && (e.code === 500 || e.status === 500 || e.code === 401 || e.status === 401);
      if (authorise && this.deps.isGuest()) await this.deps.requireLogin('form_phone');
      else this.deps.toast(this.deps.t('form.codeWrong'));
    }
  }

  /** A pay field paid for `phone` (the number the order was made for): counted while this field still holds that number, verified. */
  markPaid(fieldId: string, phone: { phone: string; country: string }): void {
    if (!this.verified || phone.phone !== this.phone || phone.country !== this.country || this.paidFields.includes(fieldId)) return;
    this.paidFields.push(fieldId);
  }

  /** The number as shown beside a paid field: 138****0001. */
  get masked(): string {
    return this.phone.length > 7 ? `${this.phone.slice(0, 3)}****${this.phone.slice(-4)}` : this.phone;
  }

  stop(): void {
    this.stopTick?.();
    this.stopTick = null;
  }

  get value() {
    return { phone: this.phone, code: this.code, country: this.country };
  }
}
