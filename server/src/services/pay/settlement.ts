import type { Db, Queryable } from '../../db';
import type { PayProvider } from '../../../../types/api/pay';
import type { PaymentProvider, ProviderPayment } from '../../providers/pay/provider';
import { formPayLockKey } from './formOrders';
import { now, SettleRefused, type OrderRow } from './orderRows';

/** What a settlement did: paid now, paid before, or paid now and to be refunded whole (its phone was already paid). */
export type SettleResult = 'applied' | 'already' | 'refunded';

/** The out_refund_no of a form order paid for a phone already paid (migration 030). */
const duplicateRefundNo = (o: OrderRow) => `RP${o.out_trade_no}`;

/**
 * The one state change: created → paid, with the paid photos recorded, in one transaction that
 * locks the order row. A repeated report answers 'already'. Refuses an unknown order, another
 * provider's order, or an amount other than the order's.
 *
 * A form order (form_pay) whose (gallery, good, phone) another order already paid is recorded as
 * paid, because the money did arrive, and fixed for a whole refund in the same transaction
 * ('refunded'; the caller asks the provider, refundDuplicate). The phone's advisory lock makes two
 * settlements for one phone run one after the other, and the unique index of migration 030 refuses
 * a second paid, unrefunded order whatever happens.
 */
export function settleOrder(db: Db, outTradeNo: string, payment: ProviderPayment, provider: PayProvider): Promise<SettleResult> {
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
    if (await phoneAlreadyPaid(q, order)) {
      await q.query(`UPDATE orders SET status = 'paid', transaction_id = $2, paid_at = $3, refund_state = 'pending', refund_no = $4 WHERE id = $1`, [
        order.id,
        payment.transaction_id,
        t,
        duplicateRefundNo(order)
      ]);
      return 'refunded' as const;
    }
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

/** A form order's phone was already paid for this good in this gallery by another (unrefunded) order; takes the phone's lock. */
async function phoneAlreadyPaid(q: Queryable, o: OrderRow): Promise<boolean> {
  if (o.phone === null || o.phone_country === null || o.gallery_id === null || o.goods_id === null) return false;
  await q.query('SELECT pg_advisory_xact_lock(hashtext($1))', [formPayLockKey(o.goods_id, { galleryId: o.gallery_id, country: o.phone_country, phone: o.phone })]);
  const { rows } = await q.query(
    `SELECT 1 FROM orders WHERE id <> $1 AND gallery_id = $2 AND goods_id = $3 AND phone_country = $4 AND phone = $5
       AND status = 'paid' AND refund_state IS NULL LIMIT 1`,
    [o.id, o.gallery_id, o.goods_id, o.phone_country, o.phone]
  );
  return rows.length > 0;
}

/**
 * Asks the provider to refund a form order fixed for a duplicate refund ('pending'); 'done' once it
 * says success. Safe to repeat (the same out_refund_no is the same refund). True when done now.
 */
export async function refundDuplicate(db: Db, provider: PaymentProvider, orderId: number): Promise<boolean> {
  const { rows } = await db.query<OrderRow>(`SELECT * FROM orders WHERE id = $1 AND phone IS NOT NULL AND refund_state = 'pending'`, [orderId]);
  const o = rows[0];
  if (!o || !o.refund_no) return false;
  if (!provider.refunds || o.provider !== provider.name) throw new Error(`payment provider ${provider.name} cannot refund order ${o.id} (${o.provider})`);
  const r = await provider.refunds.refund({
    out_trade_no: o.out_trade_no,
    out_refund_no: o.refund_no,
    total_cents: o.amount_cents,
    refund_cents: o.amount_cents,
    reason: 'Phone number already paid · 该手机号已付款，重复付款退款'
  });
  if (r.state !== 'success') return false;
  const done = await db.query(`UPDATE orders SET refund_state = 'done' WHERE id = $1 AND refund_state = 'pending' RETURNING id`, [o.id]);
  return done.rows.length > 0;
}

/** Form orders whose duplicate refund the provider has not finished (or that failed), oldest first. */
export async function pendingDuplicateRefunds(db: Db, provider: PayProvider, limit: number): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT id FROM orders WHERE phone IS NOT NULL AND status = 'paid' AND refund_state = 'pending' AND provider = $1 ORDER BY id LIMIT $2`,
    [provider, limit]
  );
  return rows.map((r) => r.id);
}
