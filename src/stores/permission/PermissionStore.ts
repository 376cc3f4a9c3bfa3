import { makeAutoObservable, runInAction } from 'mobx';
import type { GalleryDetail } from '../../../types/api/gallery';
import { PHONE_RE, SMS_CODE_LENGTH, SMS_RESEND_S, type GateKind, type IsPassResponse } from '../../../types/api/permission';
import { ErrorCode } from '../../../types/envelope';
import { ApiError } from '../../api/client';
import { fetchGallery } from '../../api/gallery';
import { permissionApi, type PermissionApi } from '../../api/permission';
import { setImageTicket } from '../../utils/imageTickets';
import type { MessageKey } from '../../i18n';
import type { GatedAction } from '../login/loginGate';

export type PermissionState = 'idle' | 'loading' | 'form' | 'passed' | 'notFound' | 'error';
export type GateForm = 'password' | 'phone';

/** A message to show under the form: an i18n key and its parameters. */
export interface FormError {
  key: MessageKey;
  params?: Record<string, number>;
}

export interface PermissionDeps {
  api?: PermissionApi;
  loadGallery?: (id: number) => Promise<GalleryDetail>;
  /** The shared 'WeChat authorisation' prompt: phone forms need a real user (spec part 1 §5). */
  requireLogin?: (reason: GatedAction) => Promise<boolean>;
}

const CODE_RE = new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`);

/** What a failed gate call means to the visitor (spec part 3 §8). */
export function formErrorOf(e: unknown): FormError {
  if (!(e instanceof ApiError)) return { key: 'permission.PostError' };
  const data = (e.body as { data?: { retry_after?: unknown; key?: unknown } } | undefined)?.data;
  if (e.status === 429 || e.code === 429) {
    const wait = typeof data?.retry_after === 'number' ? Math.ceil(data.retry_after) : 0;
    return wait > 0 ? { key: 'permission.tooManyIn', params: { num: wait } } : { key: 'permission.tooMany' };
  }
  if (e.code === ErrorCode.WRONG_PASSWORD) return { key: 'permission.WrongPassword' };
  if (e.code === ErrorCode.CAPTCHA_ERROR) {
    if (data?.key === 'PhoneCodeError') return { key: 'permission.PhoneCodeError' };
    if (data?.key === 'PhoneCodeErrorWhite') return { key: 'permission.PhoneCodeErrorWhite' };
    return { key: 'permission.CaptchaError' };
  }
  return { key: 'permission.PostError' };
}

/**
 * One permission page (`/page/permission/{id}`): which gate of the gallery is
 * still closed (the page gate first, then the photos gate), its password or
 * phone form, the SMS countdown, and 'passed' once every gate is open.
 */
export class PermissionStore {
  state: PermissionState = 'idle';
  galleryId = 0;
  gallery: { id: number; link_id: string; name: string } | null = null;
  kind: GateKind | null = null;
  form: GateForm | null = null;
  password = '';
  phone = '';
  code = '';
  error: FormError | null = null;
  busy = false;
  sending = false;
  /** Seconds before another code may be sent; 0: the button shows its send label. */
  countdown = 0;
  private timer: ReturnType<typeof setInterval> | null = null;
  private api: PermissionApi;
  private loadGallery: (id: number) => Promise<GalleryDetail>;
  private requireLogin: (reason: GatedAction) => Promise<boolean>;

  constructor(deps: PermissionDeps = {}) {
    this.api = deps.api ?? permissionApi;
    this.loadGallery = deps.loadGallery ?? ((id) => fetchGallery({ id }));
    this.requireLogin = deps.requireLogin ?? (async () => true);
    makeAutoObservable<PermissionStore, 'timer' | 'api' | 'loadGallery' | 'requireLogin'>(this, {
      timer: false,
      api: false,
      loadGallery: false,
      requireLogin: false
    });
  }

  get canSubmitPassword(): boolean {
    return !this.busy && this.password.length > 0;
  }

  get phoneValid(): boolean {
    return PHONE_RE.test(this.phone);
  }

  get canSendCode(): boolean {
    return !this.sending && this.countdown === 0 && this.phoneValid;
  }

  get canSubmitPhone(): boolean {
    return !this.busy && this.phoneValid && CODE_RE.test(this.code);
  }

  setPassword(v: string): void {
    this.password = v;
    this.error = null;
  }

  setPhone(v: string): void {
    this.phone = v.replace(/\s+/g, '');
    this.error = null;
  }

  setCode(v: string): void {
    this.code = v.trim();
    this.error = null;
  }

  async load(galleryId: number): Promise<void> {
    this.galleryId = galleryId;
    this.state = 'loading';
    try {
      const [detail] = await Promise.all([this.loadGallery(galleryId), this.checkGates()]);
      runInAction(() => {
        const g = detail.gallery;
        this.gallery = { id: g.id, link_id: g.link_id, name: g.name };
      });
    } catch (e) {
      runInAction(() => {
        const missing = e instanceof ApiError && (e.code === 404 || e.code === 400);
        this.state = missing ? 'notFound' : 'error';
      });
    }
  }

  async submitPassword(): Promise<void> {
    if (!this.kind || !this.canSubmitPassword) return;
    this.busy = true;
    try {
      await this.api.checkPassword(this.kind, this.galleryId, this.password);
      await this.checkGates();
    } catch (e) {
      runInAction(() => {
        this.error = formErrorOf(e);
      });
    } finally {
      runInAction(() => {
        this.busy = false;
      });
    }
  }

  async sendCode(): Promise<void> {
    if (!this.phoneValid) {
      this.error = { key: 'permission.badPhone' };
      return;
    }
    if (!this.canSendCode) return;
    this.sending = true;
    try {
      if (!(await this.requireLogin('form_phone'))) return;
      const res = await this.api.sendCode(this.phone, this.galleryId);
      this.startCountdown(res.resend_after > 0 ? res.resend_after : SMS_RESEND_S);
    } catch (e) {
      const err = formErrorOf(e);
      runInAction(() => {
        this.error = err;
      });
      if (err.params?.num) this.startCountdown(err.params.num);
    } finally {
      runInAction(() => {
        this.sending = false;
      });
    }
  }

  async submitPhone(): Promise<void> {
    if (!this.phoneValid) {
      this.error = { key: 'permission.badPhone' };
      return;
    }
    if (!CODE_RE.test(this.code)) {
      this.error = { key: 'permission.badCode' };
      return;
    }
    if (!this.canSubmitPhone) return;
    this.busy = true;
    try {
      if (!(await this.requireLogin('form_phone'))) return;
      await this.api.validateCode(this.phone, this.code);
      await this.checkGates();
    } catch (e) {
      runInAction(() => {
        this.error = formErrorOf(e);
      });
    } finally {
      runInAction(() => {
        this.busy = false;
      });
    }
  }

  dispose(): void {
    this.stopCountdown();
  }

  /** Ask both gates; show the first closed one, or 'passed' (keeping the image ticket). */
  private async checkGates(): Promise<void> {
    const id = this.galleryId;
    const [pg, wm] = await Promise.all([this.api.isPass('pgdata', id), this.api.isPass('watermark', id)]);
    runInAction(() => this.applyGates(pg, wm));
  }

  private applyGates(pg: IsPassResponse, wm: IsPassResponse): void {
    const closed = [pg, wm].find((g) => !g.ispass && g.access_type !== 'free');
    if (!closed) {
      setImageTicket(this.galleryId, wm.image_ticket ?? pg.image_ticket);
      this.stopCountdown();
      this.state = 'passed';
      return;
    }
    const form: GateForm = closed.access_type === 'phone' ? 'phone' : 'password';
    if (this.kind !== closed.kind || this.form !== form) {
      this.password = '';
      this.code = '';
    }
    this.kind = closed.kind;
    this.form = form;
    this.state = 'form';
  }

  private startCountdown(seconds: number): void {
    this.stopCountdown();
    this.countdown = seconds;
    this.timer = setInterval(() => this.tick(), 1000);
  }

  private tick(): void {
    this.countdown = Math.max(0, this.countdown - 1);
    if (this.countdown === 0) this.stopCountdown();
  }

  private stopCountdown(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.countdown = 0;
  }
}
