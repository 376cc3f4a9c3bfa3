import { makeAutoObservable } from 'mobx';
import { ChargeStatus, type PrePayResult } from '../../../types/api/pay';
import type { PayDeps } from './PayStore';
import type { PayQr } from './payRules';

/**
 * What the server says of a charge: not paid (yet), paid, or paid and refunded whole (a form's pay
 * order whose phone had already been paid from another order: the phone is paid, this money goes back).
 */
export type ChargeCheck = 'unpaid' | 'paid' | 'refunded';

/**
 * PayStore's wait for the server to say paid: the Native QR popup (or the sheet left waiting while
 * an opened sandbox page is paid), the charge polled until paid, closed or the limit, the popup's
 * 'already paid' (ask now) and its close (the payment abandoned, the poll stops).
 */
export class ChargeWait {
  /** The QR popup's content (null when closed). */
  qr: PayQr | null = null;
  private waiting: { chargeId: number; resolve: (result: ChargeCheck) => void } | null = null;

  constructor(private deps: Pick<PayDeps, 'api' | 'toast' | 'sleep' | 'pollMs' | 'pollLimit'>) {
    makeAutoObservable<ChargeWait, 'deps' | 'waiting'>(this, { deps: false, waiting: false });
  }

  /** Show the QR popup (or not, for an opened sandbox page) and poll until paid, closed or the limit. */
  wait(r: PrePayResult, showQr: boolean): Promise<ChargeCheck> {
    const result = new Promise<ChargeCheck>((resolve) => {
      this.waiting = { chargeId: r.id, resolve };
    });
    if (showQr) {
      this.qr = { chargeId: r.id, codeUrl: r.code_url ?? r.sandbox_url ?? '', sandboxUrl: r.provider === 'sandbox' ? r.sandbox_url ?? r.code_url ?? null : null, amount: r.amount };
    }
    void this.poll(r.id, this.deps.pollLimit, true).then((paid) => {
      if (this.waiting?.chargeId !== r.id) return;
      if (paid === 'unpaid') this.deps.toast('pay.noRecord');
      this.finish(paid);
    });
    return result;
  }

  /** Asks getCharge up to `times` times, 2 s apart; stops early when the wait ended (popup closed). */
  async poll(chargeId: number, times: number, whileWaiting = false): Promise<ChargeCheck> {
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
      if (this.waiting === w) this.finish(check);
    } else this.deps.toast('pay.noRecord');
  }

  /** Close the popup (or cancel the waiting sheet): the payment is abandoned (polling stops). */
  close(): void {
    if (this.waiting) {
      this.deps.toast('pay.cancelled');
      this.finish('unpaid');
    }
    this.qr = null;
  }

  private finish(result: ChargeCheck): void {
    const w = this.waiting;
    this.waiting = null;
    this.qr = null;
    w?.resolve(result);
  }
}
