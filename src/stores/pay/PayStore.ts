import { OrderPageErrorCode, orderContext, type OrderContext } from '../../../types/api/orderPage';
import { makeAutoObservable, observable, runInAction } from 'mobx';
import type { Photo } from '../../../types/api/photo';
import { ChargeStatus, type PayChannel, type PayGoods, type PayOrder, type PrePayResult } from '../../../types/api/pay';
import type { FormPayRef } from '../../../types/api/form';
import { ErrorCode } from '../../../types/envelope';
import type { MessageKey } from '../../i18n';
import type { GatedAction } from '../login/loginGate';
import { ApiError } from '../../api/client';
import { payApi, type PayApi } from '../../api/pay';
import { payChannel, runPlatformPay, type PlatformPayResult } from '../../platform/pay';
import { toast } from '../../platform/ui';
import { t } from '../../i18n';
import { galleryCharges, viewerResume, type PayGallery, type PayPurpose, type PayQr, type PaySheet } from './payRules';

export * from './payRules';

/** Polling of the charge while the QR popup (or the sandbox page) is open: every 2 s, at most 90 times (3 min). */
export const PAY_POLL_MS = 2000;
export const PAY_POLL_LIMIT = 90;

export interface PayDeps {
  api: Pick<PayApi, 'payToImage' | 'preDownImg' | 'makePrePay' | 'getCharge' | 'goods'>;
  /** `resume`: what the action needs to go on after a login that reloads the page (WeChat OAuth). */
  requireLogin: (reason: GatedAction, resume?: Record<string, string | number>) => Promise<boolean>;
  toast: (key: MessageKey, params?: Record<string, number | string>) => void;
  channel: () => PayChannel;
  /**
   * The platform's pay step. Called synchronously from the visitor's confirm tap: a browser
   * opens the sandbox page (or calls the WeChat bridge) before its first await, so no pop-up
   * blocker sees a window opened after a server round trip.
   */
  platformPay: (r: PrePayResult) => Promise<PlatformPayResult>;
  sleep: (ms: number) => Promise<void>;
  pollMs: number;
  pollLimit: number;
}

/**
 * The visitor's answer on the sheet: the pay step started by the confirm tap (boxed, so
 * resolving with it does not wait for it), or null (cancelled).
 */
type Decision = { step: Promise<PlatformPayResult> } | null;

/**
 * What the server says of a charge: not paid (yet), paid, or paid and refunded whole (a form's pay
 * order whose phone had already been paid from another order: the phone is paid, this money goes back).
 */
type ChargeCheck = 'unpaid' | 'paid' | 'refunded';

/** 202000's data.retry_after (seconds until the other account's order expires) in whole minutes, at least 1. */
const retryMinutes = (e: ApiError): number => {
  const s = Number((e.body as { data?: { retry_after?: unknown } } | null)?.data?.retry_after);
  return Number.isFinite(s) && s > 0 ? Math.ceil(s / 60) : 1;
};

/**
 * Pay-to-remove-watermark and paid download (spec part 1 §4 payment): 'ReadyToPay'
 * toast → a guest logs in first → the confirmation sheet opens ('ordering') while the
 * server makes the order for the unpaid photos (already-paid ones, code 200201, count
 * as paid) and its prepay → the sheet shows what is bought, the price per photo and the
 * total, all in cents from the server ('confirm') → the confirm tap runs the platform's
 * pay step in that tap ('paying') → wait for the server to say paid ('waiting', or the
 * QR popup) → the photos are marked 'payed' and the result is toasted (paid, failed,
 * cancelled). A tap while a payment runs says so ('pay.busy'). Callers continue the
 * interrupted action when `pay` resolves true.
 */
export class PayStore {
  /** Photos this visitor paid for in this session (the list's own `payed` flags count too). */
  paidIds = observable.set<number>();
  qr: PayQr | null = null;
  /** The confirmation sheet (null when closed). */
  sheet: PaySheet | null = null;
  busy = false;
  private deps: PayDeps;
  private waiting: { chargeId: number; resolve: (result: ChargeCheck) => void } | null = null;
  /** The open sheet's pending answer: resolved by confirm() or cancel(). */
  private decide: { prepay: PrePayResult | null; resolve: (d: Decision) => void; cancelled: boolean } | null = null;

  constructor(deps: Partial<PayDeps> = {}) {
    this.deps = {
      api: payApi,
      requireLogin: async () => false,
      toast: (key, params) => toast(t(key, params)),
      channel: payChannel,
      platformPay: runPlatformPay,
      sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
      pollMs: PAY_POLL_MS,
      pollLimit: PAY_POLL_LIMIT,
      ...deps
    };
    makeAutoObservable<PayStore, 'deps' | 'waiting' | 'decide'>(this, { deps: false, waiting: false, decide: false });
  }

  isPaid(p: Pick<Photo, 'id' | 'payed'>): boolean {
    return p.payed === 1 || this.paidIds.has(p.id);
  }

  /** The photo shows a watermark that this gallery sells the removal of, and it is not paid. */
  needsPayment(p: Pick<Photo, 'id' | 'payed' | 'show_mark'>, g: PayGallery | null | undefined): boolean {
    return galleryCharges(g) && !!p.show_mark && !this.isPaid(p);
  }

  /** Something of this store is on screen (the sheet or the QR popup). */
  get shown(): boolean {
    return !!this.sheet || !!this.qr;
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

  /**
   * Buy a photo-less good (a form's pay field, form_pay, with `form`: the phone verified in it; the
   * order page with its order context, `context`, whose valid part is sent):
   * the same login, sheet, platform step and polling as photos; the server makes one order per
   * visitor and good (for a form: per phone; a repeated call pays the same order, a paid one
   * answers paid, a phone another account paid answers 200201: paid, nothing to pay; one another
   * account is paying answers 202000: try later). True once the server says paid; a payment the
   * server refunds because the phone had been paid meanwhile says so ('pay.phoneRefunded') and is
   * paid too.
   */
  payGoods(goodsId: number, form?: FormPayRef, context: OrderContext = {}): Promise<boolean> {
    return this.startGoods(goodsId, form, context);
  }

  private async startGoods(goodsId: number, form: FormPayRef | undefined, context: OrderContext): Promise<boolean> {
    if (this.busy) {
      this.deps.toast('pay.busy');
      return false;
    }
    this.busy = true;
    try {
      this.deps.toast('pay.ReadyToPay');
      if (!(await this.deps.requireLogin('pay'))) return false;
      const decision = new Promise<Decision>((resolve) => {
        this.decide = { prepay: null, resolve, cancelled: false };
      });
      const pending = this.decide!;
      runInAction(() => (this.sheet = { purpose: 'goods', phase: 'ordering', count: 1, alreadyPaid: 0, unitPrice: null, total: null }));
      let prepay: PrePayResult;
      let goods: PayGoods | null;
      try {
        const body = { goods_id: goodsId, channel: this.deps.channel(), ...(form ? { form } : orderContext(context)) };
        [goods, prepay] = await Promise.all([this.deps.api.goods(goodsId).catch(() => null), this.deps.api.makePrePay(body)]);
      } catch (e) {
        if (e instanceof ApiError && e.code === ErrorCode.ALREADY_PAID) {
          this.deps.toast('pay.phonePaid');
          return true;
        }
        if (e instanceof ApiError && e.code === OrderPageErrorCode.WITHDRAWN) {
          this.deps.toast('pay.withdrawn');
          return false;
        }
        if (e instanceof ApiError && e.code === ErrorCode.FORM_PAY_BUSY) this.deps.toast('pay.phoneBusy', { num: retryMinutes(e) });
        else this.deps.toast('pay.failed');
        return false;
      }
      if (pending.cancelled) return false;
      if (prepay.status === ChargeStatus.PAID) return this.succeed([]);
      runInAction(() => {
        pending.prepay = prepay;
        this.sheet = { purpose: 'goods', phase: 'confirm', count: 1, alreadyPaid: 0, unitPrice: goods?.price ?? prepay.amount, total: prepay.amount, name: goods?.name };
      });
      const started = await decision;
      if (!started) return false;
      const step = await started.step.catch((): PlatformPayResult => 'failed');
      return this.afterStep(step, { id: prepay.id, photo_ids: [] }, prepay);
    } finally {
      runInAction(() => {
        this.busy = false;
        this.sheet = null;
        this.decide = null;
      });
    }
  }

  /**
   * The sheet's pay button. In 'confirm' it starts the platform's pay step right here,
   * inside the tap (a browser may open the pay page only from a tap); in any other
   * phase a payment is under way and the visitor is told so.
   */
  confirm(): void {
    const d = this.decide;
    if (!d || !d.prepay || this.sheet?.phase !== 'confirm') {
      this.deps.toast('pay.busy');
      return;
    }
    this.sheet.phase = 'paying';
    this.decide = null;
    let step: Promise<PlatformPayResult>;
    try {
      step = this.deps.platformPay(d.prepay);
    } catch {
      step = Promise.resolve('failed');
    }
    d.resolve({ step });
  }

  /**
   * Cancel, mask or Back on the sheet: before paying the payment is dropped (an order
   * already made stays unpaid and expires); while waiting it is abandoned. While the
   * platform's pay step runs, its own screen decides.
   */
  cancel(): void {
    const d = this.decide;
    if (d) {
      this.decide = null;
      d.cancelled = true;
      this.sheet = null;
      this.deps.toast('pay.cancelled');
      d.resolve(null);
      return;
    }
    if (this.sheet?.phase === 'waiting') this.closeQr();
  }

  private async startPay(g: PayGallery, photos: readonly Photo[], purpose: PayPurpose): Promise<boolean> {
    if (this.busy) {
      this.deps.toast('pay.busy');
      return false;
    }
    this.busy = true;
    try {
      this.deps.toast('pay.ReadyToPay');
      if (!(await this.deps.requireLogin('pay', viewerResume(g, photos, purpose)))) return false;
      const unpaid = photos.filter((p) => !this.isPaid(p)).map((p) => p.id);
      if (!unpaid.length) return true;
      return await this.payIds(g, unpaid, purpose);
    } finally {
      runInAction(() => {
        this.busy = false;
        this.sheet = null;
        this.decide = null;
      });
    }
  }

  private async payIds(g: PayGallery, ids: number[], purpose: PayPurpose): Promise<boolean> {
    const decision = new Promise<Decision>((resolve) => {
      this.decide = { prepay: null, resolve, cancelled: false };
    });
    const pending = this.decide!;
    runInAction(() => (this.sheet = { purpose, phase: 'ordering', count: ids.length, alreadyPaid: 0, unitPrice: null, total: null }));
    const ready = await this.order(g, ids, purpose);
    if (pending.cancelled) return false;
    if (ready === 'failed') return false;
    if (ready === 'paid') return true;
    const { order, prepay, goods } = ready;
    const count = order.photo_ids.length || ids.length;
    runInAction(() => {
      pending.prepay = prepay;
      this.sheet = {
        purpose,
        phase: 'confirm',
        count,
        alreadyPaid: order.already_paid?.length ?? 0,
        unitPrice: goods?.price ?? Math.round(order.amount / count),
        total: order.amount
      };
    });
    const started = await decision;
    if (!started) return false;
    const step = await started.step.catch((): PlatformPayResult => 'failed');
    return this.afterStep(step, order, prepay);
  }

  /** The order, its prepay and the good's price; 'paid' when nothing is left to pay. */
  private async order(
    g: PayGallery,
    ids: number[],
    purpose: PayPurpose
  ): Promise<{ order: PayOrder; prepay: PrePayResult; goods: PayGoods | null } | 'paid' | 'failed'> {
    const body = { gallery_id: g.id, goods_id: g.is_pay_down, link_id: g.link_id, imgids: ids };
    const goods = this.deps.api.goods(g.is_pay_down).catch(() => null);
    let order: PayOrder;
    try {
      order = await (purpose === 'remove_watermark' ? this.deps.api.payToImage(body) : this.deps.api.preDownImg(body));
    } catch (e) {
      if (e instanceof ApiError && e.code === ErrorCode.ALREADY_PAID) {
        const paid = (e.body as { data?: unknown } | null)?.data;
        this.markPaid(Array.isArray(paid) ? paid.map(Number) : ids);
        return 'paid';
      }
      this.deps.toast('pay.failed');
      return 'failed';
    }
    this.markPaid(order.already_paid ?? []);
    if (order.status === ChargeStatus.PAID) {
      this.succeed(order.photo_ids.length ? order.photo_ids : ids);
      return 'paid';
    }
    let prepay: PrePayResult;
    try {
      prepay = await this.deps.api.makePrePay({ id: order.id, channel: this.deps.channel() });
    } catch {
      this.deps.toast('pay.failed');
      return 'failed';
    }
    if (prepay.status === ChargeStatus.PAID) {
      this.succeed(order.photo_ids);
      return 'paid';
    }
    return { order, prepay, goods: await goods };
  }

  private async afterStep(step: PlatformPayResult, order: Pick<PayOrder, 'id' | 'photo_ids'>, prepay: PrePayResult): Promise<boolean> {
    if (step === 'cancelled') return this.cancelled();
    if (step === 'failed') {
      this.deps.toast('pay.retry');
      return false;
    }
    if (step === 'done') {
      // The client says paid; the server settles on the notification: a few quick checks ('paying' still).
      const paid = await this.poll(order.id, 5);
      if (paid !== 'unpaid') return this.succeed(order.photo_ids, paid);
      this.deps.toast('pay.noRecord');
      return false;
    }
    const showQr = step === 'qr';
    runInAction(() => {
      // The QR popup takes over from the sheet; an opened pay page leaves the sheet waiting.
      if (showQr) this.sheet = null;
      else if (this.sheet) this.sheet.phase = 'waiting';
    });
    const paid = await this.waitForPayment(prepay, showQr);
    return paid === 'unpaid' ? false : this.succeed(order.photo_ids, paid);
  }

  /** Show the QR popup (or not, for an opened sandbox page) and poll until paid, closed or the limit. */
  private waitForPayment(r: PrePayResult, showQr: boolean): Promise<ChargeCheck> {
    const result = new Promise<ChargeCheck>((resolve) => {
      this.waiting = { chargeId: r.id, resolve };
    });
    if (showQr) {
      this.qr = { chargeId: r.id, codeUrl: r.code_url ?? r.sandbox_url ?? '', sandboxUrl: r.provider === 'sandbox' ? r.sandbox_url ?? r.code_url ?? null : null, amount: r.amount };
    }
    void this.poll(r.id, this.deps.pollLimit, true).then((paid) => {
      if (this.waiting?.chargeId !== r.id) return;
      if (paid === 'unpaid') this.deps.toast('pay.noRecord');
      this.finishWait(paid);
    });
    return result;
  }

  /** Asks getCharge up to `times` times, 2 s apart; stops early when the wait ended (popup closed). */
  private async poll(chargeId: number, times: number, whileWaiting = false): Promise<ChargeCheck> {
    for (let i = 0; i < times; i++) {
      if (whileWaiting && this.waiting?.chargeId !== chargeId) return 'unpaid';
      const check = await this.checkCharge(chargeId);
      if (check !== 'unpaid') return check;
      if (i < times - 1) await this.deps.sleep(this.deps.pollMs);
    }
    return 'unpaid';
  }

  private async checkCharge(chargeId: number): Promise<ChargeCheck> {
    try {
      const c = await this.deps.api.getCharge(chargeId);
      if (c.status !== ChargeStatus.PAID) return 'unpaid';
      return c.refund ? 'refunded' : 'paid';
    } catch {
      return 'unpaid';
    }
  }

  /** 'already paid' in the popup or the waiting sheet: ask now. */
  async checkNow(): Promise<void> {
    const w = this.waiting;
    if (!w) return;
    const check = await this.checkCharge(w.chargeId);
    if (check !== 'unpaid') {
      if (this.waiting === w) this.finishWait(check);
    } else this.deps.toast('pay.noRecord');
  }

  /** Close the popup (or cancel the waiting sheet): the payment is abandoned (polling stops). */
  closeQr(): void {
    if (this.waiting) {
      this.deps.toast('pay.cancelled');
      this.finishWait('unpaid');
    }
    this.qr = null;
  }

  private finishWait(result: ChargeCheck): void {
    const w = this.waiting;
    this.waiting = null;
    this.qr = null;
    w?.resolve(result);
  }

  private cancelled(): false {
    this.deps.toast('pay.cancelled');
    return false;
  }

  private succeed(ids: readonly number[], check: ChargeCheck = 'paid'): true {
    this.markPaid(ids);
    this.deps.toast(check === 'refunded' ? 'pay.phoneRefunded' : 'pay.success');
    return true;
  }
}
