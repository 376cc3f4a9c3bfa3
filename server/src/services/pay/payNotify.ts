import type { PayService } from './pay';
import { SettleRefused } from './pay';
import { NotifyError } from '../../providers/pay/wechatpay';
import { WechatPayProvider, foreignTransaction } from '../../providers/pay/wechatProvider';

export interface NotifyAnswer {
  status: number;
  body: { code: 'SUCCESS' } | { code: 'FAIL'; message: string };
}

/**
 * A WeChat Pay notification: signature over the raw body, timestamp window, resource decryption,
 * merchant and app ids, trade state, then settle (order exists, amount equals ours, applied once).
 * 200 SUCCESS for a valid or already-applied one; 4xx FAIL otherwise, the order unchanged.
 */
export async function handleWechatNotify(pay: PayService, headers: Record<string, string | string[] | undefined>, raw: Buffer): Promise<NotifyAnswer> {
  const provider = pay.provider;
  if (!(provider instanceof WechatPayProvider)) return { status: 404, body: { code: 'FAIL', message: 'WeChat Pay is not configured' } };
  try {
    const tx = provider.client.verifyNotification(headers, raw);
    const foreign = foreignTransaction(provider.client, tx);
    if (foreign) throw new NotifyError(foreign);
    if (tx.trade_state !== 'SUCCESS') throw new NotifyError(`trade_state is ${tx.trade_state}`);
    if (!tx.out_trade_no || !tx.transaction_id || typeof tx.amount?.total !== 'number') throw new NotifyError('Incomplete transaction');
    await pay.settle(tx.out_trade_no, { transaction_id: tx.transaction_id, amount: tx.amount.total }, 'wechat');
    return { status: 200, body: { code: 'SUCCESS' } };
  } catch (err) {
    if (err instanceof NotifyError || err instanceof SettleRefused) return { status: err.status, body: { code: 'FAIL', message: err.message } };
    throw err;
  }
}
