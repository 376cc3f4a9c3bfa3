import type { Config } from '../../config';
import { WechatPayClient } from '../pay/wechatpay';
import { wechatTransfer, wechatTransferDetail } from '../pay/wechatFunds';

/** One transfer to a user's wallet; the two numbers name it, so sending it again is the same transfer. */
export interface PayoutRequest {
  out_batch_no: string;
  out_detail_no: string;
  openid: string;
  amount_cents: number;
  /** Shown to the user (WeChat keeps 32 characters). */
  remark: string;
}

/** Where a transfer stands: success and failed are final; processing is asked again later. */
export type PayoutState = 'success' | 'processing' | 'failed';
export interface PayoutResult {
  state: PayoutState;
  reason?: string;
}

/**
 * Payouts to winners' wallets (red packets): WeChat Pay's merchant transfer (商家转账) with merchant
 * credentials, the sandbox otherwise. `send` must be safe to repeat with the same numbers; `status`
 * answers null for a transfer the provider never accepted (then sending it again is safe).
 */
export interface PayoutProvider {
  readonly name: string;
  send(p: PayoutRequest): Promise<PayoutResult>;
  status(p: PayoutRequest): Promise<PayoutResult | null>;
}

/** No money moves: each out_detail_no succeeds once and is answered the same afterwards. */
export class SandboxPayoutProvider implements PayoutProvider {
  readonly name = 'sandbox';
  /** What was paid, by out_detail_no (tests read it). */
  readonly paid = new Map<string, PayoutRequest>();

  async send(p: PayoutRequest): Promise<PayoutResult> {
    const seen = this.paid.get(p.out_detail_no);
    if (seen && (seen.amount_cents !== p.amount_cents || seen.openid !== p.openid)) return { state: 'failed', reason: 'out_detail_no reused with other values' };
    this.paid.set(p.out_detail_no, p);
    return { state: 'success' };
  }

  async status(p: PayoutRequest): Promise<PayoutResult | null> {
    return this.paid.has(p.out_detail_no) ? { state: 'success' } : null;
  }
}

/** WeChat Pay merchant transfer: POST /v3/transfer/batches, then the detail query until SUCCESS or FAIL. */
export class WechatPayoutProvider implements PayoutProvider {
  readonly name = 'wechat';
  constructor(
    private client: WechatPayClient,
    /** The app id the openids belong to (the mini-program's or the official account's). */
    private appid: string
  ) {}

  async send(p: PayoutRequest): Promise<PayoutResult> {
    await wechatTransfer(this.client, { appid: this.appid, out_batch_no: p.out_batch_no, out_detail_no: p.out_detail_no, openid: p.openid, amount_cents: p.amount_cents, remark: p.remark });
    return (await this.status(p)) ?? { state: 'processing' };
  }

  async status(p: PayoutRequest): Promise<PayoutResult | null> {
    const d = await wechatTransferDetail(this.client, p.out_batch_no, p.out_detail_no);
    if (!d) return null;
    if (d.detail_status === 'SUCCESS') return { state: 'success' };
    if (d.detail_status === 'FAIL') return { state: 'failed', reason: d.fail_reason ?? 'FAIL' };
    return { state: 'processing' };
  }
}

/** The configured payout provider: WeChat with merchant credentials, the sandbox otherwise (as for payments). */
export function createPayoutProvider(config: Config): PayoutProvider {
  const p = config.pay;
  if (p.sandbox || !p.wechat) return new SandboxPayoutProvider();
  const client = new WechatPayClient({ ...p.wechat, base: p.base, notifyUrl: p.notifyUrl, appId: p.appId, mpAppId: p.mpAppId });
  return new WechatPayoutProvider(client, p.mpAppId || p.appId);
}
