import type { Db } from '../../db';
import type { PayProvider } from '../../../../types/api/pay';
import type { ProviderPayment } from '../../providers/pay/provider';
import { now, SettleRefused, type OrderRow } from './orderRows';

/**
 * The one state change: created → paid, with the paid photos recorded, in one transaction that
 * locks the order row. A repeated report answers 'already'. Refuses an unknown order, another
 * provider's order, or an amount other than the order's.
 */
export function settleOrder(db: Db, outTradeNo: string, payment: ProviderPayment, provider: PayProvider): Promise<'applied' | 'already'> {
  return db.tx(async (q) => {
    const { rows } = await q.query<OrderRow>('SELECT * FROM orders WHERE out_trade_no = $1 FOR UPDATE', [outTradeNo]);
    const order = rows[0];
    if (!order) throw new SettleRefused('Unknown out_trade_no', 404);
    if (order.provider !== provider) throw new SettleRefused('Order belongs to another provider');
    if (payment.amount !== order.amount_cents) throw new SettleRefused('Amount does not match the order');
    if (order.status === 'paid') return 'already' as const;
    const t = now();
    const dup = await q.query('SELECT 1 FROM orders WHERE transaction_id = $1 AND id <> $2', [payment.transaction_id, order.id]);
    if (dup.rows.length) throw new SettleRefused('transaction_id already settled another order');
    await q.query(`UPDATE orders SET status = 'paid', transaction_id = $2, paid_at = $3 WHERE id = $1`, [order.id, payment.transaction_id, t]);
    if (order.photo_ids.length) {
      await q.query(
        `INSERT INTO paid_images (user_id, photo_id, order_id, created_at)
         SELECT $1, p.id, $2, $3 FROM photos p WHERE p.id = ANY($4::int[]) ON CONFLICT DO NOTHING`,
        [order.user_id, order.id, t, order.photo_ids]
      );
    }
    return 'applied' as const;
  });
}
