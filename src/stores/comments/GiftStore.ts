import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx';
import type { Comment, Emotion, Gift, GiftOrder } from '../../../types/api/comments';
import type { PayChannel, PrePayResult } from '../../../types/api/pay';
import { ErrorCode } from '../../../types/envelope';
import type { CommentApi } from '../../api/comments';
import type { PayApi } from '../../api/pay';
import type { PlatformPayOutcome } from '../../platform/pay';
import type { MessageKey } from '../../i18n';
import { codeOf } from './commentList';
import { awaitPayment, chargePaid, payQr, precreatedPrepay, startPlatformPay } from '../pay/paidFlow';
import { clampCount, giftErrorKey, totalCents, tradeSpent } from './giftRules';
import { GiftCooldowns } from './GiftCooldowns';

/** Which panel of the send bar is open. */
export type GiftPanel = 'emotion' | 'gift';
/**
 * A gift send: choosing; the order being made; the order waiting for the pay tap; the
 * platform's pay step; the charge polled (with the QR when `qr`); the comment being posted;
 * paid but the post failed (the button posts again with the same trade id).
 */
export type GiftPhase = 'choose' | 'ordering' | 'confirm' | 'paying' | 'waiting' | 'posting' | 'paid';

/** What the panel shows under the choice: a dictionary text, or the provider's own errMsg. */
export type GiftNotice = { key: MessageKey; params?: Record<string, number | string> } | { text: string };

export interface GiftDeps {
  galleryId: number;
  api: Pick<CommentApi, 'galleryShow' | 'post' | 'giftPrecreate'>;
  getCharge: PayApi['getCharge'];
  /** The platform's pay step, called inside the pay tap (it may open the sandbox page). */
  platformPay: (r: PrePayResult) => Promise<PlatformPayOutcome>;
  openSandbox: (url: string) => void;
  channel: () => PayChannel;
  guest: () => boolean;
  /** The login prompt; true once the visitor is a real user. */
  requireLogin: () => Promise<boolean>;
  /** A posted emotion or gift (the comment list shows it). */
  onPosted: (c: Comment) => void;
  toast: (text: MessageKey) => void;
  /** Device clock, ms. */
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  /** The cooldown countdown's tick (every second while a cooldown runs); answers the stop. */
  every: (ms: number, fn: () => void) => () => void;
  pollMs: number;
  pollLimit: number;
}

/** The charge is asked every 2 s, at most 90 times (3 minutes), while the payment is awaited. */
export const GIFT_POLL_MS = 2000;
export const GIFT_POLL_LIMIT = 90;

/**
 * The send bar's emotion and gift pickers (spec part 3 §3 Gift, Emotion; §9): the gallery's
 * gifts and emotions (gallery/show with gift_detail and emotion_detail, loaded once), an emotion
 * tap posts it, a gift is chosen with a quantity 1..GIFT_COUNT_MAX and its total in cents. A free
 * gift posts at once; a paid one goes giftPrecreate → the pay tap (the platform's pay step: the
 * JSAPI bridge, requestPayment, the sandbox page or the QR) → the charge polled → the gift posted
 * with its trade id (again with the same id when that post failed). A payment failure shows the
 * provider's errMsg. Each gift's cooldown runs on the device after a send and from the server's
 * 201208 retry_after: its button is disabled with the seconds left. Guests are sent to log in.
 */
export class GiftStore {
  readonly galleryId: number;
  gifts: Gift[] = [];
  emotions: Emotion[] = [];
  loaded = false;
  panel: GiftPanel | null = null;
  giftId: number | null = null;
  count = 1;
  phase: GiftPhase = 'choose';
  notice: GiftNotice | null = null;
  /** The Native QR (desktop and other browsers) while the payment is awaited. */
  qr: { codeUrl: string; sandboxUrl: string | null } | null = null;
  readonly cooldowns: GiftCooldowns;
  private order: GiftOrder | null = null;
  private prepay: PrePayResult | null = null;
  private loading: Promise<void> | null = null;
  /** Bumped when a payment is abandoned, so its poll stops. */
  private attempt = 0;

  constructor(private deps: GiftDeps) {
    this.galleryId = deps.galleryId;
    this.cooldowns = new GiftCooldowns(deps);
    makeObservable<GiftStore, 'order'>(this, {
      gifts: observableRef,
      emotions: observableRef,
      loaded: observable,
      panel: observable,
      giftId: observable,
      count: observable,
      phase: observable,
      notice: observableRef,
      qr: observableRef,
      order: observableRef,
      gift: computed,
      totalCents: computed,
      payCents: computed,
      busy: computed,
      open: action,
      close: action,
      choose: action,
      setCount: action,
      pay: action
    });
  }

  /** The chosen gift. */
  get gift(): Gift | null {
    return this.gifts.find((g) => g.id === this.giftId) ?? null;
  }

  /** The chosen gift × quantity, in cents. */
  get totalCents(): number {
    return this.gift ? totalCents(this.gift.price, this.count) : 0;
  }

  /** Cents of the order waiting to be paid (the server's price). */
  get payCents(): number {
    return this.order?.amount ?? 0;
  }

  get busy(): boolean {
    return this.phase !== 'choose' && this.phase !== 'confirm' && this.phase !== 'paid';
  }

  /** Seconds until this gift may be sent again (0: now). */
  cooldownLeft(giftId: number): number {
    return this.cooldowns.left(giftId);
  }

  /** The gallery's gifts and emotions, once (the bar's icons show only for what exists). */
  load(): Promise<void> {
    if (!this.loading) {
      this.loading = Promise.resolve()
        .then(() => this.deps.api.galleryShow(this.galleryId, ['gift_detail', 'emotion_detail']))
        .then((s) =>
          runInAction(() => {
            this.gifts = s?.gift_detail ?? [];
            this.emotions = s?.emotion_detail ?? [];
            this.loaded = true;
          })
        )
        .catch(() => {
          this.loading = null; // the next bar asks again
        });
    }
    return this.loading;
  }

  /** An icon's tap: the panel (or the other one); guests log in first. Tapping the open one closes it. */
  async open(panel: GiftPanel): Promise<void> {
    if (this.panel === panel) return this.close();
    if (this.deps.guest() && !(await this.deps.requireLogin())) return;
    runInAction(() => {
      if (this.busy) return;
      this.panel = panel;
      this.notice = null;
      if (panel === 'gift' && this.giftId === null && this.gifts.length) this.giftId = this.gifts[0].id;
    });
    void this.load();
  }

  /** Close the panel; an awaited payment is abandoned (its poll stops), a paid one is kept for the next send. */
  close(): void {
    this.panel = null;
    this.notice = null;
    this.qr = null;
    if (this.phase !== 'paid') {
      this.attempt += 1;
      this.phase = 'choose';
      this.order = null;
      this.prepay = null;
    }
  }

  choose(giftId: number): void {
    if (this.phase !== 'choose' && this.phase !== 'confirm') return;
    this.giftId = giftId;
    this.notice = null;
    this.dropOrder();
  }

  setCount(v: unknown): void {
    if (this.phase !== 'choose' && this.phase !== 'confirm') return;
    this.count = clampCount(v);
    this.notice = null;
    this.dropOrder();
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
      const posted = await this.deps.api.post({ galleryid: this.galleryId, type: 'emotion', content: JSON.stringify({ id: emotion.id, image }) });
      runInAction(() => (this.panel = null));
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
    const gift = this.gift;
    if (!gift || this.busy || this.phase === 'confirm') return false;
    if (this.deps.guest() && !(await this.deps.requireLogin())) return false;
    if (this.cooldownLeft(gift.id) > 0) {
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
      const order = await this.deps.api.giftPrecreate({ galleryid: this.galleryId, gift_id: gift.id, count: this.count, channel });
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

  /** The bar shows: the countdown reads the clock again. */
  resume(): void {
    this.cooldowns.resume();
  }

  /** The bar goes: the countdown stops (an awaited payment goes on, and its gift is still posted). */
  dispose(): void {
    this.cooldowns.stop();
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
    const gift = order ? this.gifts.find((g) => g.id === order.gift_id) ?? this.gift : this.gift;
    if (!gift) return false;
    const count = order ? order.count : this.count;
    const paid = !!order;
    runInAction(() => {
      this.phase = 'posting';
      this.notice = null;
    });
    try {
      const posted = await this.deps.api.post({
        galleryid: this.galleryId,
        type: 'gift',
        content: JSON.stringify({ id: gift.id, count }),
        ...(order ? { tradeid: order.tradeid } : {})
      });
      runInAction(() => {
        this.phase = 'choose';
        this.order = null;
        this.prepay = null;
        this.panel = null;
        this.count = 1;
      });
      this.cooldowns.start(gift.id, gift.cooldown);
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
      if (Number.isFinite(after) && after > 0) this.cooldowns.start(giftId, after);
    }
    runInAction(() => (this.notice = { key: giftErrorKey(code) }));
  }

  /** A changed choice drops an order not paid yet (a new one is made for the new choice). */
  private dropOrder(): void {
    if (this.phase === 'confirm') {
      this.phase = 'choose';
      this.order = null;
      this.prepay = null;
    }
  }
}
