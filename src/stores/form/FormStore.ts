import { makeAutoObservable, runInAction } from 'mobx';
import type { PageComponent } from '../../../types/page';
import type { PayGoods } from '../../../types/api/pay';
import type { FormPayRef } from '../../../types/api/form';
import { ErrorCode } from '../../../types/envelope';
import { firstProblem, formFields, isFilled, truncate, type FormField, type FormValue, type FormValues } from '../../../types/formRules';
import type { GatedAction } from '../login/loginGate';
import type { MessageKey } from '../../i18n';
import { ApiError } from '../../api/client';
import type { FormApi } from '../../api/form';
import { PhoneFieldStore } from './phoneField';

/** The top warning of a disabled submit stays 3 s (spec part 1 §5, §9). */
export const FORM_WARNING_MS = 3000;
/** PostPaperSuccess is read before the page is left for `/g/{parent}`. */
export const FORM_REDIRECT_MS = 1500;

export interface FormDeps {
  api: FormApi;
  isGuest: () => boolean;
  requireLogin: (reason: GatedAction) => Promise<boolean>;
  toast: (text: string) => void;
  t: (key: MessageKey, params?: Record<string, string | number>) => string;
  /** Open a spec URL (`/g/{link}`). */
  open: (url: string) => void;
  /** The custom POST without credentials. */
  customPost: (url: string, body: unknown) => Promise<{ ok: boolean; text: string }>;
  /** The visitor's id for the custom POST (`unionid`). */
  unionid: () => string;
  /** Pay a good for a phone verified in the form (PayStore.payGoods); true when paid. */
  payGoods: (goodsId: number, form: FormPayRef) => Promise<boolean>;
  goods: (goodsId: number) => Promise<PayGoods>;
  /** Runs `fn` every `ms`; returns the stop. */
  every: (ms: number, fn: () => void) => () => void;
  /** Runs `fn` once after `ms`; returns the cancel. */
  after: (ms: number, fn: () => void) => () => void;
  thisYear: () => number;
}

export interface FormOptions {
  galleryId: number;
  /** The form's component id (the `action` of its calls). */
  formId: string;
  /** The link id opened after success. */
  redirect: string;
  customUrl: string;
}

/**
 * One form on a page (spec part 1 §4, §5, §7, §8): its fields' values, the phone fields' code
 * flow, the pay fields, and submit. Submit is enabled only when every required field is
 * filled (a phone: verified; a pay field: paid for the verified phone, by this account or any
 * other: the code check says so, and a phone that paid is not asked to pay again); tapping it disabled shows the top warning
 * 'Please input the right {field}' (a pay field: 'no payment record for this phone number')
 * for 3 s. Submitting: a guest logs in first when there is a phone or invite field; then the
 * phone validation, the paper post and the optional custom POST; PostPaperSuccess and `/g/{redirect}`,
 * or 'PostPaperError' with the code.
 */
export class FormStore {
  readonly fields: FormField[];
  values: FormValues = {};
  phones = new Map<string, PhoneFieldStore>();
  prices = new Map<string, number>();
  warning: string | null = null;
  submitting = false;
  private clearWarning: (() => void) | null = null;
  /** The pending open of the parent page after a successful submit (cancelled when the form goes). */
  private cancelRedirect: (() => void) | null = null;

  constructor(
    form: PageComponent,
    readonly opts: FormOptions,
    private deps: FormDeps
  ) {
    this.fields = formFields(form);
    for (const f of this.fields) {
      if (f.type === 'form_phone') this.phones.set(f.id, new PhoneFieldStore(opts.galleryId, opts.formId, this.label(f), deps));
      // Every value's key exists from the start: the observable object then tracks each one.
      if (f.type === 'form_checkbox') this.values[f.id] = [];
      else if (f.type !== 'form_phone' && f.type !== 'form_pay') this.values[f.id] = '';
    }
    makeAutoObservable<FormStore, 'deps' | 'clearWarning' | 'cancelRedirect'>(this, { fields: false, opts: false, deps: false, clearWarning: false, cancelRedirect: false });
  }

  /** The field's label: its own, else the app's word for its type. */
  label(f: FormField): string {
    return f.props.field || this.deps.t(`form.type.${f.type}` as MessageKey);
  }

  setValue(id: string, v: string): void {
    const f = this.fields.find((x) => x.id === id);
    if (!f) return;
    const max = (f.props as { max?: number }).max;
    // Textarea and input text stop at their max (spec part 2 §5: the textarea truncates).
    this.values[id] = max ? truncate(v, max) : v;
  }

  /** A checkbox field's option ticked or unticked; the value is the ticked options, in the field's order. */
  toggle(id: string, option: string): void {
    const f = this.fields.find((x) => x.id === id);
    if (!f || f.type !== 'form_checkbox') return;
    const now = new Set(Array.isArray(this.values[id]) ? (this.values[id] as string[]) : []);
    if (now.has(option)) now.delete(option);
    else now.add(option);
    this.values[id] = (f.props as { options: string[] }).options.filter((o) => now.has(o));
  }

  setChecked(id: string, options: string[]): void {
    const f = this.fields.find((x) => x.id === id);
    if (!f || f.type !== 'form_checkbox') return;
    const set = new Set(options);
    this.values[id] = (f.props as { options: string[] }).options.filter((o) => set.has(o));
  }

  /** Everything sent as json_data: typed values, phones with code and country; pay fields send nothing. */
  get jsonData(): FormValues {
    const out: FormValues = {};
    for (const f of this.fields) {
      if (f.type === 'form_pay') continue;
      if (f.type === 'form_phone') {
        const p = this.phones.get(f.id)!;
        if (p.phone) out[f.id] = p.value;
        continue;
      }
      const v = this.values[f.id];
      if (v !== undefined) out[f.id] = v;
    }
    return out;
  }

  /** Whether a field counts as filled: a phone once verified, a pay field once paid. */
  filled(f: FormField): boolean {
    if (f.type === 'form_phone') return this.phones.get(f.id)!.verified;
    if (f.type === 'form_pay') return !(f.props as { goods_id: number }).goods_id || this.isPaid(f.id);
    return isFilled(f, this.values[f.id] as FormValue | undefined);
  }

  /** The first field that keeps submit disabled: a required one not filled, or a value the rules refuse. */
  get blocking(): FormField | null {
    const missing = this.fields.find((f) => f.props.required && !this.filled(f));
    if (missing) return missing;
    return firstProblem(this.fields, this.jsonData, this.deps.thisYear())?.field ?? null;
  }

  get canSubmit(): boolean {
    return !this.blocking && !this.submitting;
  }

  /** The price of a pay field's good (cents), fetched once. */
  async loadPrice(id: string, goodsId: number): Promise<void> {
    if (!goodsId || this.prices.has(id)) return;
    try {
      const g = await this.deps.goods(goodsId);
      runInAction(() => this.prices.set(id, g.price));
    } catch {
      // No price: the field shows none and cannot be paid.
    }
  }

  /** The form's first verified phone field: the payer of its pay fields (null before a phone is verified). */
  get payer(): PhoneFieldStore | null {
    return [...this.phones.values()].find((p) => p.verified) ?? null;
  }

  /** A pay field is paid for the payer's phone (whichever account paid it). */
  isPaid(id: string): boolean {
    return !!this.payer?.paidFields.includes(id);
  }

  /**
   * A pay field's button: a verified phone of the form first ('请先验证手机号'), then the payment
   * for that phone (the server takes the phone only from its own verification record).
   */
  async pay(id: string): Promise<void> {
    const f = this.fields.find((x) => x.id === id && x.type === 'form_pay');
    const goodsId = (f?.props as { goods_id?: number } | undefined)?.goods_id;
    if (!f || !goodsId || this.isPaid(id)) return;
    const payer = this.payer;
    if (!payer) {
      this.deps.toast(this.deps.t('form.verifyPhoneFirst'));
      return;
    }
    const phone = { phone: payer.phone, country: payer.country };
    const ok = await this.deps.payGoods(goodsId, { gallery_id: this.opts.galleryId, action: this.opts.formId, ...phone });
    if (ok) payer.markPaid(id, phone);
  }

  private warn(text: string): void {
    this.clearWarning?.();
    this.warning = text;
    this.clearWarning = this.deps.after(FORM_WARNING_MS, () => runInAction(() => (this.warning = null)));
  }

  /** The submit button: disabled → the 3 s top warning naming the field; enabled → submit. */
  async tapSubmit(): Promise<void> {
    if (this.submitting) return;
    const block = this.blocking;
    if (block) {
      this.warn(block.type === 'form_pay' ? this.deps.t('form.noPayRecord') : this.deps.t('form.inputRight', { field: this.label(block) }));
      return;
    }
    await this.submit();
  }

  private async submit(): Promise<void> {
    const gated = this.fields.find((f) => f.type === 'form_phone' || f.type === 'form_invite');
    if (gated && this.deps.isGuest() && !(await this.deps.requireLogin(gated.type as GatedAction))) return;
    const { galleryId, formId, redirect, customUrl } = this.opts;
    this.submitting = true;
    try {
      await this.deps.api.validation(galleryId, formId);
      const data = this.jsonData;
      const r = await this.deps.api.paper(galleryId, { action: formId, parent: redirect, json_data: data });
      if (customUrl) {
        const custom = await this.deps.customPost(customUrl, { raw: data, unionid: this.deps.unionid() });
        if (!custom.ok) {
          this.deps.toast(custom.text || this.deps.t('form.submitFailed'));
          return;
        }
      }
      this.deps.toast(this.deps.t('form.PostPaperSuccess'));
      this.cancelRedirect?.();
      this.cancelRedirect = this.deps.after(FORM_REDIRECT_MS, () => this.deps.open(`/g/${r.redirect}`));
    } catch (e) {
      if (e instanceof ApiError && e.status === 401 && this.deps.isGuest()) {
        await this.deps.requireLogin('form_phone');
        return;
      }
      const code = e instanceof ApiError ? e.code : ErrorCode.INTERNAL;
      this.deps.toast(this.deps.t('form.PostPaperError', { code }));
    } finally {
      runInAction(() => (this.submitting = false));
    }
  }

  dispose(): void {
    this.clearWarning?.();
    // A visitor who left the page within the toast's time is not taken to the parent page afterwards.
    this.cancelRedirect?.();
    for (const p of this.phones.values()) p.stop();
  }
}
