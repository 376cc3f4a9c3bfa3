import { makeAutoObservable, runInAction } from 'mobx';
import type { PayChannel, PrePayResult } from '../../../types/api/pay';
import type { CreateRequest, RedPacket, RedPacketType } from '../../../types/api/redpackets';
import type { MessageKey } from '../../i18n';
import { t } from '../../i18n';
import { ApiError } from '../../api/client';
import { redPacketApi, type RedPacketApi } from '../../api/redpackets';
import { payApi, type PayApi } from '../../api/pay';
import { payChannel, runPlatformPayDetailed, type PlatformPayOutcome } from '../../platform/pay';
import { toast } from '../../platform/ui';
import { showAlert } from '../../platform/redpacket';
import { PAY_POLL_LIMIT, PAY_POLL_MS } from '../pay/PayStore';
import { awaitPayment, precreatedPrepay, startPlatformPay } from '../pay/paidFlow';
import { SEND_DEBOUNCE_MS, centsToYuan, checkSend } from './redPacketRules';

export type SendPhase = 'form' | 'ordering' | 'confirm' | 'paying' | 'waiting' | 'creating';
export type PostType = 'now' | 'target';

export interface SendDeps {
  galleryId: number;
  api: Pick<RedPacketApi, 'precreate' | 'create'>;
  getCharge: PayApi['getCharge'];
  platformPay: (r: PrePayResult) => Promise<PlatformPayOutcome>;
  channel: () => PayChannel;
  requireLogin: () => Promise<boolean>;
  toast: (text: string) => void;
  alert: (text: string) => void;
  sleep: (ms: number) => Promise<void>;
  now: () => number;
  pollMs: number;
  pollLimit: number;
  /** A packet was made (the host shows it). */
  onSent: (p: RedPacket) => void;
}

/** Seconds of the advance notice before a target time. */
export const NOTICE_STEP_S = 300;

/** The next time of day 'HH:mm' (today, or tomorrow when passed) in Unix seconds: within 24 hours. */
export function targetTimeOf(hhmm: string, nowMs: number): number | null {
  const m = /^(\d{2}):(\d{2})$/.exec(hhmm);
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59) return null;
  const d = new Date(nowMs);
  d.setHours(Number(m[1]), Number(m[2]), 0, 0);
  let at = d.getTime();
  if (at <= nowMs) at += 24 * 3600 * 1000;
  return Math.floor(at / 1000);
}

/**
 * The send modal (spec part 3 §5, §7): the form's checks in integer cents, then precreate → the
 * platform's pay step (started from the confirm tap: the sandbox page or the JSAPI bridge) →
 * the charge polled until paid → create. A payment failure shows the provider's errMsg; a
 * create failure the server's message. The send button is debounced.
 */
export class RedPacketSendStore {
  open = false;
  number = '';
  amount = '';
  type: RedPacketType = 'luck';
  content = '';
  postType: PostType = 'now';
  /** 'HH:mm' of the target time. */
  targetTime = '';
  notice = '';
  phase: SendPhase = 'form';
  error: MessageKey | null = null;
  /** The order waiting for the confirm tap. */
  private prepay: PrePayResult | null = null;
  private tradeid = '';
  private lastTap = -Infinity;
  private paidFlag = false;
  private deps: SendDeps;

  constructor(deps: Pick<SendDeps, 'galleryId'> & Partial<SendDeps>) {
    this.deps = {
      api: redPacketApi,
      getCharge: payApi.getCharge,
      platformPay: runPlatformPayDetailed,
      channel: payChannel,
      requireLogin: async () => true,
      toast: (text) => toast(text),
      alert: (text) => void showAlert(text),
      sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
      now: () => Date.now(),
      pollMs: PAY_POLL_MS,
      pollLimit: PAY_POLL_LIMIT,
      onSent: () => undefined,
      ...deps
    };
    makeAutoObservable<RedPacketSendStore, 'deps' | 'prepay' | 'tradeid' | 'lastTap'>(this, { deps: false, prepay: false, tradeid: false, lastTap: false });
  }

  /** The amount to pay, in cents, when the form is valid. */
  get totalCents(): number | null {
    const c = checkSend(this.number, this.amount);
    return c.ok ? c.cents : null;
  }

  get totalYuan(): string {
    return centsToYuan(this.totalCents ?? 0);
  }

  get busy(): boolean {
    return this.phase !== 'form' && this.phase !== 'confirm';
  }

  show(): void {
    this.open = true;
    this.phase = 'form';
    this.error = null;
  }

  close(): void {
    if (this.busy) return;
    this.open = false;
    this.phase = 'form';
    this.prepay = null;
    this.paidFlag = false;
  }

  setNumber(v: string): void {
    // Digits only (spec: the quantity is digits only).
    this.number = v.replace(/\D+/g, '');
    this.error = null;
  }
  setAmount(v: string): void {
    this.amount = v.trim();
    this.error = null;
  }
  setType(v: RedPacketType): void {
    this.type = v;
  }
  setContent(v: string): void {
    this.content = v;
  }
  setPostType(v: PostType): void {
    this.postType = v;
  }
  setTargetTime(v: string): void {
    this.targetTime = v;
    this.error = null;
  }
  setNotice(v: string): void {
    this.notice = v;
  }

  /** The Send tap: check, log in, make the order; debounced, and refused while a send runs. */
  async send(): Promise<boolean> {
    const now = this.deps.now();
    if (now - this.lastTap < SEND_DEBOUNCE_MS || this.busy || this.phase === 'confirm') return false;
    this.lastTap = now;
    const c = checkSend(this.number, this.amount);
    if (!c.ok) {
      this.error = c.error;
      return false;
    }
    if (this.postType === 'target' && targetTimeOf(this.targetTime, now) === null) {
      this.error = 'redpacket.targetTimeRequired';
      return false;
    }
    this.error = null;
    if (!(await this.deps.requireLogin())) return false;
    runInAction(() => (this.phase = 'ordering'));
    const channel = this.deps.channel();
    try {
      const r = await this.deps.api.precreate({ amount: centsToYuan(c.cents), galleryid: this.deps.galleryId, number: String(c.number), channel });
      runInAction(() => {
        this.prepay = precreatedPrepay(r, channel);
        this.tradeid = r.tradeid;
        this.phase = 'confirm';
      });
      return true;
    } catch (e) {
      runInAction(() => (this.phase = 'form'));
      this.deps.alert(e instanceof ApiError && e.message ? e.message : t('redpacket.sendFailed'));
      return false;
    }
  }

  /** The Pay tap: the platform's pay step starts inside the tap, then the charge is polled and the packet created. */
  pay(): Promise<RedPacket | null> {
    const prepay = this.prepay;
    if (!prepay || this.phase !== 'confirm') return Promise.resolve(null);
    if (this.paidFlag) return this.create();
    this.phase = 'paying';
    return this.afterPay(startPlatformPay(this.deps.platformPay, prepay), prepay);
  }

  private async afterPay(step: Promise<PlatformPayOutcome>, prepay: PrePayResult): Promise<RedPacket | null> {
    const r = await awaitPayment(this.deps, step, prepay.id, { abandoned: () => !this.open, waiting: () => runInAction(() => (this.phase = 'waiting')) });
    if (r.kind !== 'paid') {
      runInAction(() => (this.phase = 'confirm'));
      this.deps.alert(r.kind === 'refused' ? r.outcome.errMsg || t(r.outcome.result === 'cancelled' ? 'pay.cancelled' : 'pay.failed') : t('pay.noRecord'));
      return null;
    }
    runInAction(() => (this.paidFlag = true));
    return this.create();
  }

  /** Create after payment (also the retry after a failed create: the paid order stays until refunded). */
  async create(): Promise<RedPacket | null> {
    const c = checkSend(this.number, this.amount);
    if (!c.ok || !this.tradeid) return null;
    runInAction(() => (this.phase = 'creating'));
    const body: CreateRequest = {
      number: String(c.number),
      amount: centsToYuan(c.cents),
      type: this.type,
      content: this.content.trim() || t('redpacket.defaultWish'),
      tradeid: this.tradeid,
      galleryid: this.deps.galleryId
    };
    if (this.postType === 'target') {
      const at = targetTimeOf(this.targetTime, this.deps.now());
      if (at !== null) {
        body.posttime = at;
        body.notice = this.notice.trim();
        body.noticestep = NOTICE_STEP_S;
      }
    }
    try {
      const r = await this.deps.api.create(body);
      runInAction(() => {
        this.phase = 'form';
        this.open = false;
        this.prepay = null;
        this.tradeid = '';
        this.paidFlag = false;
        this.amount = '';
        this.number = '';
        this.content = '';
      });
      this.deps.toast(t('redpacket.sent'));
      this.deps.onSent(r.packet);
      return r.packet;
    } catch (e) {
      // The money is paid: the form stays with a retry of create (the order is refunded after 24 hours otherwise).
      runInAction(() => (this.phase = 'confirm'));
      this.deps.alert(e instanceof ApiError && e.message ? e.message : t('redpacket.sendFailed'));
      return null;
    }
  }

  /** Paid but not created yet (a create failed): the confirm button retries create instead of paying again. */
  get paidAwaitingCreate(): boolean {
    return this.paidFlag;
  }
}
