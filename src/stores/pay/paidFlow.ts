import { ChargeStatus, type Charge, type JsapiPayParams, type PayChannel, type PrePayResult } from '../../../types/api/pay';
import type { PlatformPayOutcome } from '../../platform/pay';

/**
 * The steps a paid send shares (a red packet: RedPacketSendStore; a paid gift: GiftStore): its
 * precreate answers an order with its pay parameters (precreatedPrepay) → the platform's pay step,
 * started inside the pay tap (startPlatformPay) → the charge polled until paid (awaitPayment) → the
 * store's own post (create, the gift comment). Each store keeps its phases, texts and what it posts.
 */

/** What a precreate answers (red packets' PrecreateResult, comments' GiftOrder): the order and how to pay it. */
export interface PrecreatedOrder {
  order_id: number;
  tradeid: string;
  amount: number;
  provider: string;
  wxpay: JsapiPayParams | null;
  code_url?: string;
  sandbox_url?: string;
}

/** A precreate's answer in the shape the platform's pay step takes. */
export function precreatedPrepay(o: PrecreatedOrder, channel: PayChannel): PrePayResult {
  return {
    id: o.order_id,
    out_trade_no: o.tradeid,
    amount: o.amount,
    status: ChargeStatus.UNPAID,
    provider: o.provider,
    channel,
    ...(o.wxpay ? { jsapi: o.wxpay } : {}),
    ...(o.code_url ? { code_url: o.code_url } : {}),
    ...(o.sandbox_url ? { sandbox_url: o.sandbox_url } : {})
  } as PrePayResult;
}

/**
 * Starts the platform's pay step now (call it synchronously inside the pay tap: a browser opens the
 * pay page only from a tap). Never rejects: a throw, sync or async, is a failed outcome with its message.
 */
export function startPlatformPay(platformPay: (r: PrePayResult) => Promise<PlatformPayOutcome>, prepay: PrePayResult): Promise<PlatformPayOutcome> {
  const failed = (e: unknown): PlatformPayOutcome => ({ result: 'failed', errMsg: (e as Error)?.message });
  try {
    return platformPay(prepay).catch(failed);
  } catch (e) {
    return Promise.resolve(failed(e));
  }
}

/** The charge is asked this many times after the step: a few quick checks when the client says paid, else up to `limit`. */
const pollTimes = (outcome: PlatformPayOutcome, limit: number): number => (outcome.result === 'done' ? 5 : limit);

/** The Native QR (desktop and other browsers) of a prepay; the sandbox's page link under it in test mode. */
export function payQr(prepay: PrePayResult): { codeUrl: string; sandboxUrl: string | null } {
  return { codeUrl: prepay.code_url ?? prepay.sandbox_url ?? '', sandboxUrl: prepay.provider === 'sandbox' ? prepay.sandbox_url ?? prepay.code_url ?? null : null };
}

export interface ChargePolling {
  getCharge: (id: number) => Promise<Pick<Charge, 'status'>>;
  sleep: (ms: number) => Promise<void>;
  pollMs: number;
  pollLimit: number;
}

/** The server says the charge is paid (an error answer counts as not yet). */
export async function chargePaid(getCharge: ChargePolling['getCharge'], chargeId: number): Promise<boolean> {
  try {
    return (await getCharge(chargeId)).status === ChargeStatus.PAID;
  } catch {
    return false;
  }
}

/** Asks the charge up to `times` times, `pollMs` apart, until paid; false once `stopped()` (checked before each ask). */
async function pollCharge(deps: ChargePolling, chargeId: number, times: number, stopped: () => boolean): Promise<boolean> {
  for (let i = 0; i < times; i++) {
    if (stopped()) return false;
    if (await chargePaid(deps.getCharge, chargeId)) return true;
    if (i < times - 1) await deps.sleep(deps.pollMs);
  }
  return false;
}

/** What came of a payment after the pay tap. */
export type PaymentWait =
  /** The platform's step failed or was cancelled (its errMsg, when the provider gave one). */
  | { kind: 'refused'; outcome: PlatformPayOutcome }
  | { kind: 'paid' }
  /** The server never said paid within the polls. */
  | { kind: 'unpaid' }
  /** The store moved on (the payment abandoned): nothing more is to be done. */
  | { kind: 'abandoned' };

/**
 * After the pay tap: the step's outcome (from startPlatformPay) → refused, or `waiting(outcome)`
 * and the charge polled (5 quick checks after 'done', else up to pollLimit) until paid.
 * `abandoned()` is asked once the step ends, before each poll and after the last.
 */
export async function awaitPayment(
  deps: ChargePolling,
  step: Promise<PlatformPayOutcome>,
  chargeId: number,
  hooks: { abandoned: () => boolean; waiting: (outcome: PlatformPayOutcome) => void }
): Promise<PaymentWait> {
  const outcome = await step;
  if (hooks.abandoned()) return { kind: 'abandoned' };
  if (outcome.result === 'failed' || outcome.result === 'cancelled') return { kind: 'refused', outcome };
  hooks.waiting(outcome);
  const paid = await pollCharge(deps, chargeId, pollTimes(outcome, deps.pollLimit), hooks.abandoned);
  if (hooks.abandoned()) return { kind: 'abandoned' };
  return { kind: paid ? 'paid' : 'unpaid' };
}
