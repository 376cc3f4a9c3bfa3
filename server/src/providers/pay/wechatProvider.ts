import type { PayChannel } from '../../../../types/api/pay';
import { NotifyError, type ClientPayParams, type NotifiedPayment, type PaymentNotifications, type PaymentProvider, type PaymentRefunds, type ProviderOrder, type ProviderPayment } from './provider';
import { wechatRefund } from './wechatFunds';
import { WechatPayClient, type WechatTransaction } from './wechatpay';

/** Checks a notification or query answer against our merchant and app ids; the message of the refusal, or null. */
export function foreignTransaction(client: WechatPayClient, tx: WechatTransaction): string | null {
  if (tx.mchid !== client.mchid) return 'mchid does not match';
  if (tx.appid !== client.appIdFor('jsapi') && tx.appid !== client.appIdFor('mp')) return 'appid does not match';
  return null;
}

export class WechatPayProvider implements PaymentProvider {
  readonly name = 'wechat' as const;
  /**
   * A WeChat Pay notification: signature over the raw body, timestamp window, resource decryption,
   * merchant and app ids, trade state; NotifyError otherwise.
   */
  readonly notifications: PaymentNotifications = {
    verify: (headers, raw): NotifiedPayment => {
      const tx = this.client.verifyNotification(headers, raw);
      const foreign = foreignTransaction(this.client, tx);
      if (foreign) throw new NotifyError(foreign);
      if (tx.trade_state !== 'SUCCESS') throw new NotifyError(`trade_state is ${tx.trade_state}`);
      if (typeof tx.out_trade_no !== 'string' || typeof tx.transaction_id !== 'string' || !tx.out_trade_no || !tx.transaction_id || !Number.isSafeInteger(tx.amount?.total)) {
        throw new NotifyError('Incomplete transaction');
      }
      return { out_trade_no: tx.out_trade_no, transaction_id: tx.transaction_id, amount: tx.amount!.total };
    }
  };

  /** Refunds through /v3/refund/domestic/refunds (red packet leftovers). */
  readonly refunds: PaymentRefunds = { refund: (r) => wechatRefund(this.client, r) };

  constructor(public readonly client: WechatPayClient) {}

  async prepay(order: ProviderOrder, channel: PayChannel, openid: string): Promise<Record<string, string>> {
    const r = await this.client.prepay(channel, {
      outTradeNo: order.out_trade_no,
      description: order.description,
      amountCents: order.amount_cents,
      expiresAt: order.expires_at,
      openid
    });
    return r.code_url ? { code_url: r.code_url } : { prepay_id: r.prepay_id! };
  }

  clientParams(_order: ProviderOrder, channel: PayChannel, stored: Record<string, string>): ClientPayParams {
    if (channel === 'native') return { code_url: stored.code_url };
    return { jsapi: this.client.payParams(channel, stored.prepay_id) };
  }

  close(order: ProviderOrder): Promise<void> {
    return this.client.close(order.out_trade_no);
  }

  async query(order: ProviderOrder): Promise<ProviderPayment | null> {
    const tx = await this.client.query(order.out_trade_no);
    if (!tx || tx.trade_state !== 'SUCCESS' || !tx.transaction_id || tx.out_trade_no !== order.out_trade_no) return null;
    if (foreignTransaction(this.client, tx)) return null;
    return { transaction_id: tx.transaction_id, amount: tx.amount?.total ?? -1 };
  }
}
