import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx';
import type { Comment, Emotion, Gift } from '../../../types/api/comments';
import type { PayChannel, PrePayResult } from '../../../types/api/pay';
import type { CommentApi } from '../../api/comments';
import type { PayApi } from '../../api/pay';
import type { PlatformPayOutcome } from '../../platform/pay';
import type { MessageKey } from '../../i18n';
import { clampCount, totalCents } from './giftRules';
import { GiftCooldowns } from './GiftCooldowns';
import { GiftSend, type GiftNotice, type GiftPhase } from './giftSend';

export type { GiftNotice, GiftPhase } from './giftSend';

/** Which panel of the send bar is open. */
export type GiftPanel = 'emotion' | 'gift';

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
 *
 * This store holds what the gallery has and the choice; the sends, their order and payment are
 * giftSend.ts (GiftSend), the cooldowns GiftCooldowns.ts.
 */
export class GiftStore {
  readonly galleryId: number;
  gifts: Gift[] = [];
  emotions: Emotion[] = [];
  loaded = false;
  panel: GiftPanel | null = null;
  giftId: number | null = null;
  count = 1;
  readonly cooldowns: GiftCooldowns;
  private readonly send: GiftSend;
  private loading: Promise<void> | null = null;

  constructor(private deps: GiftDeps) {
    this.galleryId = deps.galleryId;
    this.cooldowns = new GiftCooldowns(deps);
    this.send = new GiftSend(deps, this, (kind) => {
      this.panel = null;
      if (kind === 'gift') this.count = 1;
    });
    makeObservable(this, {
      gifts: observableRef,
      emotions: observableRef,
      loaded: observable,
      panel: observable,
      giftId: observable,
      count: observable,
      gift: computed,
      totalCents: computed,
      open: action,
      close: action,
      choose: action,
      setCount: action,
      pay: action
    });
  }

  /** The send's phase (GiftPhase). */
  get phase(): GiftPhase {
    return this.send.phase;
  }

  /** What the panel shows under the choice. */
  get notice(): GiftNotice | null {
    return this.send.notice;
  }

  /** The Native QR (desktop and other browsers) while the payment is awaited. */
  get qr(): { codeUrl: string; sandboxUrl: string | null } | null {
    return this.send.qr;
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
    return this.send.payCents;
  }

  get busy(): boolean {
    return this.send.busy;
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
      this.send.clearNotice();
      if (panel === 'gift' && this.giftId === null && this.gifts.length) this.giftId = this.gifts[0].id;
    });
    void this.load();
  }

  /** Close the panel; an awaited payment is abandoned (its poll stops), a paid one is kept for the next send. */
  close(): void {
    this.panel = null;
    this.send.abandon();
  }

  choose(giftId: number): void {
    if (!this.send.editable) return;
    this.giftId = giftId;
    this.send.changed();
  }

  setCount(v: unknown): void {
    if (!this.send.editable) return;
    this.count = clampCount(v);
    this.send.changed();
  }

  /** An emotion image's tap: posted as an emotion comment. */
  sendEmotion(emotion: Emotion, image: string): Promise<boolean> {
    return this.send.sendEmotion(emotion, image);
  }

  /**
   * The gift's button: a free gift is posted; a paid one gets its order (the pay button then
   * shows the server's price); after a failed post of a paid gift, the post again.
   */
  sendGift(): Promise<boolean> {
    return this.send.sendGift();
  }

  /** The pay tap: the platform's pay step starts inside the tap, then the charge is polled and the gift posted. */
  pay(): Promise<boolean> {
    return this.send.pay();
  }

  /** The QR's sandbox link (test mode). */
  openSandbox(): void {
    this.send.openSandbox();
  }

  /** 'Already paid' under the QR: ask now. */
  checkNow(): Promise<void> {
    return this.send.checkNow();
  }

  /** The bar shows: the countdown reads the clock again. */
  resume(): void {
    this.cooldowns.resume();
  }

  /** The bar goes: the countdown stops (an awaited payment goes on, and its gift is still posted). */
  dispose(): void {
    this.cooldowns.stop();
  }
}
