import { makeAutoObservable, observable, runInAction } from 'mobx';
import type { OrderContext } from '../../../types/api/orderPage';
import type { Photo } from '../../../types/api/photo';
import { ChargeStatus, type PayChannel, type PayOrder, type PrePayResult } from '../../../types/api/pay';
import type { FormPayRef } from '../../../types/api/form';
import type { MessageKey } from '../../i18n';
import type { GatedAction } from '../login/loginGate';
import { payApi, type PayApi } from '../../api/pay';
import { payChannel, runPlatformPay, type PlatformPayResult } from '../../platform/pay';
import { toast } from '../../platform/ui';
import { t } from '../../i18n';
import { galleryCharges, viewerResume, type PayGallery, type PayPurpose, type PayQr, type PaySheet } from './payRules';
import { ChargeWait, type ChargeCheck } from './chargeWait';
import { PayConfirmation, type PendingDecision } from './payConfirmation';
import { orderGoods, orderPhotos } from './payOrders';

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
 * Pay-to-remove-watermark and paid download (spec part 1 §4 payment): 'ReadyToPay'
 * toast → a guest logs in first → the confirmation sheet opens ('ordering') while the
 * server makes the order for the unpaid photos (already-paid ones, code 200201, count
 * as paid) and its prepay → the sheet shows what is bought, the price per photo and the
 * total, all in cents from the server ('confirm') → the confirm tap runs the platform's
 * pay step in that tap ('paying') → wait for the server to say paid ('waiting', or the
 * QR popup) → the photos are marked 'payed' and the result is toasted (paid, failed,
 * cancelled). A tap while a payment runs says so ('pay.busy'). Callers continue the
 * interrupted action when `pay` resolves true.
 *
 * The parts: the sheet and the visitor's answer (payConfirmation.ts), the order and its
 * prepay (payOrders.ts), the QR popup and the charge's polling (chargeWait.ts).
 */
export class PayStore {
  /** Photos this visitor paid for in this session (the list's own `payed` flags count too). */
  paidIds = observable.set<number>();
  busy = false;
  private deps: PayDeps;
  private readonly confirmation: PayConfirmation;
  private readonly charges: ChargeWait;

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
    this.confirmation = new PayConfirmation(this.deps);
    this.charges = new ChargeWait(this.deps);
    makeAutoObservable<PayStore, 'deps' | 'confirmation' | 'charges'>(this, { deps: false, confirmation: false, charges: false });
  }

  /** The QR popup's content (null when closed). */
  get qr(): PayQr | null {
    return this.charges.qr;
  }

  /** The confirmation sheet (null when closed). */
  get sheet(): PaySheet | null {
    return this.confirmation.sheet;
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
      const pending = this.confirmation.open({ purpose: 'goods', phase: 'ordering', count: 1, alreadyPaid: 0, unitPrice: null, total: null });
      const ready = await orderGoods(this.deps, goodsId, form, context);
      if (ready.kind === 'answered') return ready.paid;
      if (pending.cancelled) return false;
      const { prepay, goods } = ready;
      if (prepay.status === ChargeStatus.PAID) return this.succeed([]);
      this.confirmation.offer(pending, prepay, {
        purpose: 'goods',
        phase: 'confirm',
        count: 1,
        alreadyPaid: 0,
        unitPrice: goods?.price ?? prepay.amount,
        total: prepay.amount,
        name: goods?.name
      });
      return await this.afterDecision(pending, { id: prepay.id, photo_ids: [] }, prepay);
    } finally {
      this.closed();
    }
  }

  /**
   * The sheet's pay button. In 'confirm' it starts the platform's pay step right here,
   * inside the tap (a browser may open the pay page only from a tap); in any other
   * phase a payment is under way and the visitor is told so.
   */
  confirm(): void {
    this.confirmation.confirm();
  }

  /**
   * Cancel, mask or Back on the sheet: before paying the payment is dropped (an order
   * already made stays unpaid and expires); while waiting it is abandoned. While the
   * platform's pay step runs, its own screen decides.
   */
  cancel(): void {
    if (this.confirmation.cancel()) return;
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
      this.closed();
    }
  }

  private async payIds(g: PayGallery, ids: number[], purpose: PayPurpose): Promise<boolean> {
    const pending = this.confirmation.open({ purpose, phase: 'ordering', count: ids.length, alreadyPaid: 0, unitPrice: null, total: null });
    const ready = await orderPhotos(this.deps, g, ids, purpose, (paid) => this.markPaid(paid));
    if (ready.kind === 'settled') this.succeed(ready.ids);
    if (pending.cancelled) return false;
    if (ready.kind !== 'ready') return ready.kind !== 'failed';
    const { order, prepay, goods } = ready;
    const count = order.photo_ids.length || ids.length;
    this.confirmation.offer(pending, prepay, {
      purpose,
      phase: 'confirm',
      count,
      alreadyPaid: order.already_paid?.length ?? 0,
      unitPrice: goods?.price ?? Math.round(order.amount / count),
      total: order.amount
    });
    return this.afterDecision(pending, order, prepay);
  }

  /** The visitor's answer on the sheet: cancelled, or the pay step the confirm tap started and what came of it. */
  private async afterDecision(pending: PendingDecision, order: Pick<PayOrder, 'id' | 'photo_ids'>, prepay: PrePayResult): Promise<boolean> {
    const started = await pending.answer;
    if (!started) return false;
    const step = await started.step.catch((): PlatformPayResult => 'failed');
    return this.afterStep(step, order, prepay);
  }

  private async afterStep(step: PlatformPayResult, order: Pick<PayOrder, 'id' | 'photo_ids'>, prepay: PrePayResult): Promise<boolean> {
    if (step === 'cancelled') return this.cancelled();
    if (step === 'failed') {
      this.deps.toast('pay.retry');
      return false;
    }
    if (step === 'done') {
      // The client says paid; the server settles on the notification: a few quick checks ('paying' still).
      const paid = await this.charges.poll(order.id, 5);
      if (paid !== 'unpaid') return this.succeed(order.photo_ids, paid);
      this.deps.toast('pay.noRecord');
      return false;
    }
    const showQr = step === 'qr';
    this.confirmation.waiting(showQr);
    const paid = await this.charges.wait(prepay, showQr);
    return paid === 'unpaid' ? false : this.succeed(order.photo_ids, paid);
  }

  /** 'already paid' in the popup or the waiting sheet: ask now. */
  checkNow(): Promise<void> {
    return this.charges.checkNow();
  }

  /** Close the popup (or cancel the waiting sheet): the payment is abandoned (polling stops). */
  closeQr(): void {
    this.charges.close();
  }

  /** The payment is over (paid or not): the store takes the next one. */
  private closed(): void {
    runInAction(() => {
      this.busy = false;
      this.confirmation.close();
    });
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
