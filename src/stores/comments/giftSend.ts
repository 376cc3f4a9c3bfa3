import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx';
import type { Emotion, Gift, GiftOrder } from '../../../types/api/comments';
import type { PrePayResult } from '../../../types/api/pay';
import { ErrorCode } from '../../../types/envelope';
import type { PlatformPayOutcome } from '../../platform/pay';
import type { MessageKey } from '../../i18n';
import { codeOf } from './commentList';
import { awaitPayment, chargePaid, payQr, precreatedPrepay, startPlatformPay } from '../pay/paidFlow';
import { giftErrorKey, tradeSpent } from './giftRules';
import type { GiftCooldowns } from './GiftCooldowns';
import type { GiftDeps } from './GiftStore';

/**
 * A gift send: choosing; the order being made; the order waiting for the pay tap; the
 * platform's pay step; the charge polled (with the QR when `qr`); the comment being posted;
 * paid but the post failed (the button posts again with the same trade id).
 */
export type GiftPhase = 'choose' | 'ordering' | 'confirm' | 'paying' | 'waiting' | 'posting' | 'paid';

/** What the panel shows under the choice: a dictionary text, or the provider's own errMsg. */
export type GiftNotice = { key: MessageKey; params?: Record<string, number | string> } | { text: string };

/** What a send reads of the pickers (GiftStore): the gallery, its gifts, the choice and the cooldowns. */
export interface GiftChoice {
  readonly galleryId: number;
  readonly gifts: readonly Gift[];
  /** The chosen gift. */
  readonly gift: Gift | null;
  readonly count: number;
  readonly cooldowns: GiftCooldowns;
}

/**
 * GiftStore's sends (spec part 3 §3 Gift, Emotion; §9): an emotion posted; a free gift posted at
 * once; a paid one giftPrecreate → the pay tap (the platform's pay step) → the charge polled →
 * posted with its trade id (again with the same id when that post failed). The phase, the
 * panel's notice, the QR and the order are its state; the choice is the pickers'. `sent` closes
 * the panel after a post (a gift's quantity back to 1).
 */
export class GiftSend {
  phase: GiftPhase = 'choose';
  notice: GiftNotice | null = null;
  /** The Native QR (desktop and other browsers) while the payment is awaited. */
  qr: { codeUrl: string; sandboxUrl: string | null } | null = null;
  private order: GiftOrder | null = null;
  private prepay: PrePayResult | null = null;
  /** Bumped when a payment is abandoned, so its poll stops. */
  private attempt = 0;

  constructor(
    private deps: Omit<GiftDeps, 'galleryId' | 'now' | 'every'>,
    private choice: GiftChoice,
    private sent: (kind: 'emotion' | 'gift') => void
  ) {
    makeObservable<GiftSend, 'order'>(this, {
      phase: observable,
      notice: observableRef,
      qr: observableRef,
      order: observableRef,
      payCents: computed,
      busy: computed,
      editable: computed,
      changed: action,
      clearNotice: action,
      abandon: action,
      pay: action
    });
  }

  /** Cents of the order waiting to be paid (the server's price). */
  get payCents(): number {
    return this.order?.amount ?? 0;
  }

  get busy(): boolean {
    return this.phase !== 'choose' && this.phase !== 'confirm' && this.phase !== 'paid';
  }

  /** The choice may change: nothing is under way (an order not paid yet is dropped by the change). */
  get editable(): boolean {
    return this.phase === 'choose' || this.phase === 'confirm';
  }

  /** The choice changed: the notice goes, and an order not paid yet is dropped (a new one is made for the new choice). */
  changed(): void {
    this.notice = null;
    if (this.phase === 'confirm') {
      this.phase = 'choose';
      this.order = null;
      this.prepay = null;
    }
  }

  clearNotice(): void {
    this.notice = null;
  }

  /** The panel closed: an awaited payment is abandoned (its poll stops), a paid one is kept for the next send. */
  abandon(): void {
    this.notice = null;
    this.qr = null;
    if (this.phase !== 'paid') {
      this.attempt += 1;
      this.phase = 'choose';
      this.order = null;
      this.prepay = null;
    }
  }

  /** An emotion image's tap: posted as an emotion comment. */
  async sendEmotion(emotion: Emotion, image: string): Promise<boolean> {
    if (this.busy) return false;
    if (this.deps.guest() && !(await this.deps.requireLogin())) return false;
    runInAction(() => {
      this.phase = 'posting';
      this.notice = null;
    });
    try {
      const posted = await this.deps.api.post({ galleryid: this.choice.galleryId, type: 'emotion', content: JSON.stringify({ id: emotion.id, image }) });
      runInAction(() => this.sent('emotion'));
      this.deps.onPosted(posted);
      return true;
    } catch (e) {
      runInAction(() => (this.notice = { key: giftErrorKey(codeOf(e)) }));
      return false;
    } finally {
      runInAction(() => (this.phase = 'choose'));
    }
  }

  /**
   * The gift's button: a free gift is posted; a paid one gets its order (the pay button then
   * shows the server's price); after a failed post of a paid gift, the post again.
   */
  async sendGift(): Promise<boolean> {
    if (this.phase === 'paid') return this.postGift();
    const gift = this.choice.gift;
    if (!gift || this.busy || this.phase === 'confirm') return false;
    if (this.deps.guest() && !(await this.deps.requireLogin())) return false;
    if (this.choice.cooldowns.left(gift.id) > 0) {
      runInAction(() => (this.notice = { key: 'gifts.cooldownNotice' }));
      return false;
    }
    if (gift.price <= 0) return this.postGift();
    runInAction(() => {
      this.phase = 'ordering';
      this.notice = null;
    });
    const channel = this.deps.channel();
    try {
      const order = await this.deps.api.giftPrecreate({ galleryid: this.choice.galleryId, gift_id: gift.id, count: this.choice.count, channel });
      runInAction(() => {
        this.order = order;
        this.prepay = precreatedPrepay(order, channel);
        this.phase = 'confirm';
      });
      return true;
    } catch (e) {
      this.refused(e, gift.id);
      runInAction(() => (this.phase = 'choose'));
      return false;
    }
  }

  /** The pay tap: the platform's pay step starts inside the tap, then the charge is polled and the gift posted. */
  pay(): Promise<boolean> {
    const prepay = this.prepay;
    if (!prepay || this.phase !== 'confirm') return Promise.resolve(false);
    this.phase = 'paying';
    this.notice = null;
    return this.afterPay(startPlatformPay(this.deps.platformPay, prepay), prepay, this.attempt);
  }

  /** The QR's sandbox link (test mode). */
  openSandbox(): void {
    if (this.qr?.sandboxUrl) this.deps.openSandbox(this.qr.sandboxUrl);
  }

  /** 'Already paid' under the QR: ask now. */
  async checkNow(): Promise<void> {
    const prepay = this.prepay;
    if (!prepay || this.phase !== 'waiting') return;
    if (await chargePaid(this.deps.getCharge, prepay.id)) {
      if (this.phase === 'waiting' && this.prepay === prepay) await this.paid();
    } else this.deps.toast('pay.noRecord');
  }

  private async afterPay(step: Promise<PlatformPayOutcome>, prepay: PrePayResult, attempt: number): Promise<boolean> {
    const r = await awaitPayment(this.deps, step, prepay.id, {
      abandoned: () => attempt !== this.attempt || (this.phase !== 'paying' && this.phase !== 'waiting'),
      waiting: (outcome) =>
        runInAction(() => {
          this.phase = 'waiting';
          if (outcome.result === 'qr') this.qr = payQr(prepay);
        })
    });
    if (r.kind === 'abandoned') return false;
    if (r.kind === 'paid') return this.paid();
    runInAction(() => {
      this.phase = 'confirm';
      if (r.kind === 'unpaid') {
        this.qr = null;
        this.notice = { key: 'pay.noRecord' };
      } else this.notice = r.outcome.errMsg ? { text: r.outcome.errMsg } : { key: r.outcome.result === 'cancelled' ? 'pay.cancelled' : 'pay.failed' };
    });
    return false;
  }

  private paid(): Promise<boolean> {
    runInAction(() => {
      this.phase = 'paid';
      this.qr = null;
    });
    return this.postGift();
  }

  /** Post the chosen gift (with the paid order's trade id, when there is one). */
  private async postGift(): Promise<boolean> {
    const order = this.order;
    const gift = order ? this.choice.gifts.find((g) => g.id === order.gift_id) ?? this.choice.gift : this.choice.gift;
    if (!gift) return false;
    const count = order ? order.count : this.choice.count;
    const paid = !!order;
    runInAction(() => {
      this.phase = 'posting';
      this.notice = null;
    });
    try {
      const posted = await this.deps.api.post({
        galleryid: this.choice.galleryId,
        type: 'gift',
        content: JSON.stringify({ id: gift.id, count }),
        ...(order ? { tradeid: order.tradeid } : {})
      });
      runInAction(() => {
        this.phase = 'choose';
        this.order = null;
        this.prepay = null;
        this.sent('gift');
      });
      this.choice.cooldowns.start(gift.id, gift.cooldown);
      this.deps.toast('gifts.sent');
      this.deps.onPosted(posted);
      return true;
    } catch (e) {
      // A paid order stays: the button posts again with its trade id (a replay creates nothing twice).
      const spent = !paid || tradeSpent(codeOf(e));
      runInAction(() => {
        this.phase = spent ? 'choose' : 'paid';
        if (spent) this.order = null;
      });
      this.refused(e, gift.id);
      return false;
    }
  }

  private refused(e: unknown, giftId: number): void {
    const code = codeOf(e);
    if (code === ErrorCode.GIFT_COOLDOWN) {
      const body = (e as { body?: { data?: { retry_after?: unknown } } }).body;
      const after = Number(body?.data?.retry_after);
      if (Number.isFinite(after) && after > 0) this.choice.cooldowns.start(giftId, after);
    }
    runInAction(() => (this.notice = { key: giftErrorKey(code) }));
  }
}
