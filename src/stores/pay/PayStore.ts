import { makeAutoObservable, observable, runInAction } from 'mobx';
import type { Photo } from '../../../types/api/photo';
import type { Gallery } from '../../../types/api/gallery';
import { ChargeStatus, type PayChannel, type PayOrder, type PrePayResult } from '../../../types/api/pay';
import { ErrorCode } from '../../../types/envelope';
import type { MessageKey } from '../../i18n';
import type { GatedAction } from '../login/loginGate';
import { ApiError } from '../../api/client';
import { payApi, type PayApi } from '../../api/pay';
import { payChannel, runPlatformPay, type PlatformPayResult } from '../../platform/pay';
import { toast } from '../../platform/ui';
import { t } from '../../i18n';

/** Polling of the charge while the QR popup (or the sandbox page) is open: every 2 s, at most 90 times (3 min). */
export const PAY_POLL_MS = 2000;
export const PAY_POLL_LIMIT = 90;

/** The gallery fields the pay rules read. */
export type PayGallery = Pick<Gallery, 'id' | 'is_pay_down' | 'link_id'> & { config?: { original_photo?: number } | null };

/** What a payment buys: the watermark removed (viewer PayToRemove), or a paid download. */
export type PayPurpose = 'remove_watermark' | 'download';

/** The Native QR popup's content (desktop and other browsers). */
export interface PayQr {
  chargeId: number;
  codeUrl: string;
  /** The sandbox pay page (only with the sandbox provider). */
  sandboxUrl: string | null;
  amount: number;
}

export interface PayDeps {
  api: Pick<PayApi, 'payToImage' | 'preDownImg' | 'makePrePay' | 'getCharge'>;
  /** `resume`: what the action needs to go on after a login that reloads the page (WeChat OAuth). */
  requireLogin: (reason: GatedAction, resume?: Record<string, string | number>) => Promise<boolean>;
  toast: (key: MessageKey) => void;
  channel: () => PayChannel;
  platformPay: (r: PrePayResult) => Promise<PlatformPayResult>;
  sleep: (ms: number) => Promise<void>;
  pollMs: number;
  pollLimit: number;
}

/**
 * A viewer action on one photo (PayToRemove, Download) that a full-page login
 * interrupts goes on after the reload (stores/login/resume.ts); actions
 * on several photos (a selection) are not resumed.
 */
export function viewerResume(g: Pick<PayGallery, 'id'>, photos: readonly Pick<Photo, 'id'>[], purpose: PayPurpose): Record<string, string | number> | undefined {
  return photos.length === 1 ? { gallery: g.id, photo: photos[0].id, purpose } : undefined;
}

/** Unpaid, watermarked photos of a charging gallery need payment before the original (spec part 1 §4, §5). */
export function galleryCharges(g: PayGallery | null | undefined): boolean {
  return !!g && g.is_pay_down > 0 && !g.config?.original_photo;
}

/**
 * Pay-to-remove-watermark and paid download (spec part 1 §4 payment): 'ReadyToPay'
 * toast → a guest logs in first → order for the unpaid photos (already-paid ones,
 * code 200201, count as paid) → the platform's pay step → wait for the server to
 * say paid (getCharge polled) → the photos are marked 'payed'. Callers continue
 * the interrupted action when `pay` resolves true.
 */
export class PayStore {
  /** Photos this visitor paid for in this session (the list's own `payed` flags count too). */
  paidIds = observable.set<number>();
  qr: PayQr | null = null;
  busy = false;
  private deps: PayDeps;
  private waiting: { chargeId: number; resolve: (paid: boolean) => void } | null = null;

  constructor(deps: Partial<PayDeps> = {}) {
    this.deps = {
      api: payApi,
      requireLogin: async () => false,
      toast: (key) => toast(t(key)),
      channel: payChannel,
      platformPay: runPlatformPay,
      sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
      pollMs: PAY_POLL_MS,
      pollLimit: PAY_POLL_LIMIT,
      ...deps
    };
    makeAutoObservable<PayStore, 'deps' | 'waiting'>(this, { deps: false, waiting: false });
  }

  isPaid(p: Pick<Photo, 'id' | 'payed'>): boolean {
    return p.payed === 1 || this.paidIds.has(p.id);
  }

  /** The photo shows a watermark that this gallery sells the removal of, and it is not paid. */
  needsPayment(p: Pick<Photo, 'id' | 'payed' | 'show_mark'>, g: PayGallery | null | undefined): boolean {
    return galleryCharges(g) && !!p.show_mark && !this.isPaid(p);
  }

  markPaid(ids: readonly number[]): void {
    for (const id of ids) this.paidIds.add(id);
  }

  /** Pay for the photos (those still unpaid); true when they are all paid, so the interrupted action may go on. */
  pay(g: PayGallery, photos: readonly Photo[], purpose: PayPurpose): Promise<boolean> {
    // Not an async method itself: Babel would wrap it in a local `function pay`, and
    // Terser then mis-binds the module-level `pay` (platform/pay.ts) that webpack
    // names when platform/pay is not concatenated here (the H5 build broke that way).
    return this.startPay(g, photos, purpose);
  }

  private async startPay(g: PayGallery, photos: readonly Photo[], purpose: PayPurpose): Promise<boolean> {
    if (this.busy) return false;
    this.deps.toast('pay.ReadyToPay');
    if (!(await this.deps.requireLogin('pay', viewerResume(g, photos, purpose)))) return false;
    const unpaid = photos.filter((p) => !this.isPaid(p)).map((p) => p.id);
    if (!unpaid.length) return true;
    runInAction(() => (this.busy = true));
    try {
      return await this.payIds(g, unpaid, purpose);
    } finally {
      runInAction(() => (this.busy = false));
    }
  }

  private async payIds(g: PayGallery, ids: number[], purpose: PayPurpose): Promise<boolean> {
    let order: PayOrder;
    try {
      const body = { gallery_id: g.id, goods_id: g.is_pay_down, link_id: g.link_id, imgids: ids };
      order = await (purpose === 'remove_watermark' ? this.deps.api.payToImage(body) : this.deps.api.preDownImg(body));
    } catch (e) {
      if (e instanceof ApiError && e.code === ErrorCode.ALREADY_PAID) {
        const paid = (e.body as { data?: unknown } | null)?.data;
        this.markPaid(Array.isArray(paid) ? paid.map(Number) : ids);
        return true;
      }
      this.deps.toast('pay.failed');
      return false;
    }
    this.markPaid(order.already_paid ?? []);
    if (order.status === ChargeStatus.PAID) return this.succeed(order.photo_ids.length ? order.photo_ids : ids);
    let prepay: PrePayResult;
    try {
      prepay = await this.deps.api.makePrePay({ id: order.id, channel: this.deps.channel() });
    } catch {
      this.deps.toast('pay.failed');
      return false;
    }
    if (prepay.status === ChargeStatus.PAID) return this.succeed(order.photo_ids);
    const step = await this.deps.platformPay(prepay);
    if (step === 'cancelled' || step === 'failed') {
      this.deps.toast('pay.retry');
      return false;
    }
    if (step === 'done') {
      // The client says paid; the server settles on the notification: a few quick checks.
      const paid = await this.poll(order.id, 5);
      if (paid) return this.succeed(order.photo_ids);
      this.deps.toast('pay.noRecord');
      return false;
    }
    const paid = await this.waitForPayment(prepay, step === 'qr');
    return paid ? this.succeed(order.photo_ids) : false;
  }

  /** Show the QR popup (or not, for an opened sandbox page) and poll until paid, closed or the limit. */
  private waitForPayment(r: PrePayResult, showQr: boolean): Promise<boolean> {
    const result = new Promise<boolean>((resolve) => {
      this.waiting = { chargeId: r.id, resolve };
    });
    if (showQr) {
      this.qr = { chargeId: r.id, codeUrl: r.code_url ?? r.sandbox_url ?? '', sandboxUrl: r.provider === 'sandbox' ? r.sandbox_url ?? r.code_url ?? null : null, amount: r.amount };
    }
    void this.poll(r.id, this.deps.pollLimit, true).then((paid) => {
      if (this.waiting?.chargeId !== r.id) return;
      if (!paid) this.deps.toast('pay.noRecord');
      this.finishWait(paid);
    });
    return result;
  }

  /** Asks getCharge up to `times` times, 2 s apart; stops early when the wait ended (popup closed). */
  private async poll(chargeId: number, times: number, whileWaiting = false): Promise<boolean> {
    for (let i = 0; i < times; i++) {
      if (whileWaiting && this.waiting?.chargeId !== chargeId) return false;
      if (await this.isChargePaid(chargeId)) return true;
      if (i < times - 1) await this.deps.sleep(this.deps.pollMs);
    }
    return false;
  }

  private async isChargePaid(chargeId: number): Promise<boolean> {
    try {
      return (await this.deps.api.getCharge(chargeId)).status === ChargeStatus.PAID;
    } catch {
      return false;
    }
  }

  /** 'already paid' in the popup: ask now. */
  async checkNow(): Promise<void> {
    const w = this.waiting;
    if (!w) return;
    if (await this.isChargePaid(w.chargeId)) {
      if (this.waiting === w) this.finishWait(true);
    } else this.deps.toast('pay.noRecord');
  }

  /** Close the popup: the payment is abandoned (polling stops). */
  closeQr(): void {
    if (this.waiting) this.finishWait(false);
    this.qr = null;
  }

  private finishWait(paid: boolean): void {
    const w = this.waiting;
    this.waiting = null;
    this.qr = null;
    w?.resolve(paid);
  }

  private succeed(ids: readonly number[]): true {
    this.markPaid(ids);
    this.deps.toast('pay.success');
    return true;
  }
}
