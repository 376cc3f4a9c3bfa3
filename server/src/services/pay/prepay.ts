import type { Db } from '../../db';
import { AppError, badRequest } from '../../errors';
import { ErrorCode } from '../../../../types/envelope';
import { ChargeStatus, type PayChannel, type PrePayResult } from '../../../../types/api/pay';
import type { PaymentProvider } from '../../providers/pay/provider';
import { assertOnOffer, expired, providerOrder, type OrderRow } from './orderRows';

/**
 * An order's prepay: asked of the provider once per channel and stored on the order (reused after),
 * and the client's pay parameters from it; status 1 when nothing is left to pay. A closed or
 * expired order, or one of another provider, is refused; a form order refunded because its phone
 * had already been paid answers 202001.
 */
export async function prepayOrder(
  db: Db,
  provider: PaymentProvider,
  log: (msg: string, err?: unknown) => void,
  order: OrderRow,
  channel: PayChannel,
  openid: string,
  description: string
): Promise<PrePayResult> {
  const base = { id: order.id, out_trade_no: order.out_trade_no, amount: order.amount_cents, provider: order.provider, channel };
  if (order.status === 'paid' && order.phone !== null && order.refund_state) {
    throw new AppError(ErrorCode.FORM_PAY_REFUNDED, 'This phone number had already been paid; this payment is refunded', { refund: order.refund_state });
  }
  if (order.status === 'paid') return { ...base, status: ChargeStatus.PAID };
  if (order.goods_id !== null) await assertOnOffer(db, order.goods_id);
  if (order.status === 'closed' || expired(order)) throw badRequest('This charge is closed; start a new payment');
  if (order.provider !== provider.name) throw badRequest('This charge was made with another payment provider; start a new payment');
  const po = providerOrder(order, description);
  let stored = order.prepay?.[channel];
  if (!stored) {
    try {
      stored = await provider.prepay(po, channel, openid);
    } catch (err) {
      log('prepay failed', err);
      throw new AppError(ErrorCode.INTERNAL, 'The payment provider is unavailable, please try again');
    }
    await db.query(`UPDATE orders SET prepay = prepay || jsonb_build_object($2::text, $3::jsonb), channel = $4 WHERE id = $1`, [
      order.id,
      channel,
      JSON.stringify(stored),
      channel
    ]);
  }
  return { ...base, status: ChargeStatus.UNPAID, ...provider.clientParams(po, channel, stored) };
}
