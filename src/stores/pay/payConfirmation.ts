import { makeAutoObservable } from 'mobx';
import type { PrePayResult } from '../../../types/api/pay';
import type { PlatformPayResult } from '../../platform/pay';
import type { PayDeps } from './PayStore';
import type { PaySheet } from './payRules';

/**
 * The visitor's answer on the sheet: the pay step started by the confirm tap (boxed, so
 * resolving with it does not wait for it), or null (cancelled).
 */
export type Decision = { step: Promise<PlatformPayResult> } | null;

/** One opening of the sheet: its answer to come, and whether the visitor cancelled it. */
export interface PendingDecision {
  readonly answer: Promise<Decision>;
  readonly cancelled: boolean;
}

interface Pending extends PendingDecision {
  prepay: PrePayResult | null;
  resolve: (d: Decision) => void;
  cancelled: boolean;
}

/**
 * PayStore's confirmation sheet and the visitor's answer on it: opened while the server makes the
 * order ('ordering'), then what is bought and the price ('confirm'); the confirm tap starts the
 * platform's pay step inside the tap ('paying'), a cancel drops the payment. The sheet stays for
 * the wait ('waiting') unless the QR popup takes over.
 */
export class PayConfirmation {
  /** The confirmation sheet (null when closed). */
  sheet: PaySheet | null = null;
  /** The open sheet's pending answer: resolved by confirm() or cancel(). */
  private pending: Pending | null = null;

  constructor(private deps: Pick<PayDeps, 'toast' | 'platformPay'>) {
    makeAutoObservable<PayConfirmation, 'deps' | 'pending'>(this, { deps: false, pending: false });
  }

  /** Open the sheet (in 'ordering'); its answer comes once the order is offered and the visitor taps. */
  open(sheet: PaySheet): PendingDecision {
    let resolve!: (d: Decision) => void;
    const answer = new Promise<Decision>((r) => (resolve = r));
    const pending: Pending = { answer, prepay: null, resolve, cancelled: false };
    this.pending = pending;
    this.sheet = sheet;
    return pending;
  }

  /** The order is made: the sheet shows what is bought and its price ('confirm'), and the tap pays `prepay`. */
  offer(p: PendingDecision, prepay: PrePayResult, sheet: PaySheet): void {
    (p as Pending).prepay = prepay;
    this.sheet = sheet;
  }

  /**
   * The sheet's pay button. In 'confirm' it starts the platform's pay step right here,
   * inside the tap (a browser may open the pay page only from a tap); in any other
   * phase a payment is under way and the visitor is told so.
   */
  confirm(): void {
    const d = this.pending;
    if (!d || !d.prepay || this.sheet?.phase !== 'confirm') {
      this.deps.toast('pay.busy');
      return;
    }
    this.sheet.phase = 'paying';
    this.pending = null;
    let step: Promise<PlatformPayResult>;
    try {
      step = this.deps.platformPay(d.prepay);
    } catch {
      step = Promise.resolve('failed');
    }
    d.resolve({ step });
  }

  /** Cancel before paying: the payment is dropped (an order already made stays unpaid and expires). False when no answer is pending. */
  cancel(): boolean {
    const d = this.pending;
    if (!d) return false;
    this.pending = null;
    d.cancelled = true;
    this.sheet = null;
    this.deps.toast('pay.cancelled');
    d.resolve(null);
    return true;
  }

  /** The pay step ended: the QR popup takes over from the sheet; an opened pay page leaves the sheet waiting. */
  waiting(showQr: boolean): void {
    if (showQr) this.sheet = null;
    else if (this.sheet) this.sheet.phase = 'waiting';
  }

  /** The payment is over: the sheet closes and no answer is pending. */
  close(): void {
    this.sheet = null;
    this.pending = null;
  }
}
