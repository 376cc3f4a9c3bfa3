import type { Queryable } from '../../db';
import { AppError } from '../../errors';
import { ErrorCode } from '../../../../types/envelope';
import type { Viewer } from '../../viewer';
import type { FormPayRef } from '../../../../types/api/form';
import type { PayProvider } from '../../../../types/api/pay';
import { ORDER_TTL_S } from '../../providers/pay/wechatpay';
import { assertOnOffer, newTradeNo, now, REUSE_MIN_LEFT_S, type GoodsRow, type OrderRow } from './orderRows';

/**
 * Who a form's pay order is for (issue 14, form_pay; migration 023): the form, and a phone the
 * visitor verified in it. Made only by FormPayers.payer from the server's verification record.
 */
export interface FormPayer {
  galleryId: number;
  formId: string;
  country: string;
  phone: string;
}

/** Turns makePrePay's `form` into a FormPayer, or refuses (FormService: gate, the form's good, the verified phone). */
export interface FormPayers {
  payer(v: Viewer, ref: FormPayRef, goodsId: number): Promise<FormPayer>;
}

export interface PhoneKey {
  country: string;
  phone: string;
}

/**
 * The paid order that makes a form's good paid for a visitor: one paid for any of `phones` in this
 * gallery, by any account; or the account's own payment from before migration 023, which recorded
 * no phone (`account_paid_form`). The visitor's own order first; a refunded one does not count
 * (migration 030: a second payment for a paid phone). Null: no payment record.
 */
export async function formPaidOrder(q: Queryable, userId: number, galleryId: number, goodsId: number, phones: readonly PhoneKey[]): Promise<OrderRow | null> {
  const { rows } = await q.query<OrderRow>(
    `SELECT * FROM orders WHERE goods_id = $2 AND status = 'paid' AND refund_state IS NULL AND (
       (gallery_id = $3 AND phone IS NOT NULL
         AND (phone_country, phone) IN (SELECT c, n FROM unnest($4::text[], $5::text[]) AS p(c, n)))
       OR (user_id = $1 AND account_paid_form)
     ) ORDER BY (user_id = $1) DESC, id LIMIT 1`,
    [userId, goodsId, galleryId, phones.map((p) => p.country), phones.map((p) => p.phone)]
  );
  return rows[0] ?? null;
}

/**
 * The advisory lock key of one (gallery, good, phone): concurrent orders and settlements for the
 * same phone wait for each other.
 */
export const formPayLockKey = (goodsId: number, p: Pick<FormPayer, 'galleryId' | 'country' | 'phone'>) => `formpay:${p.galleryId}:${goodsId}:${p.country}:${p.phone}`;

/**
 * How long another account's unpaid order for a phone blocks a new one: the time a payment takes at
 * the cashier. An order older than this was walked away from: the next account's prepay closes it
 * with the provider (OrderBook.createFormGoodsOrder, after a last query: paid after all → settled)
 * and goes on, instead of waiting up to ORDER_TTL_S (2 h) for it to expire.
 */
export const FORM_PAY_HANDOVER_S = 5 * 60;
/** 202000's retry_after when an abandoned order could not be closed (the provider was unreachable). */
const HANDOVER_RETRY_S = 30;

/** Other accounts' unpaid orders for this phone and good, started `olderThanS` or more ago and not expired. */
export async function otherAccountsOpenOrders(q: Queryable, provider: PayProvider, userId: number, goodsId: number, p: FormPayer, olderThanS: number): Promise<OrderRow[]> {
  const { rows } = await q.query<OrderRow>(
    `SELECT * FROM orders WHERE goods_id = $1 AND gallery_id = $2 AND phone_country = $3 AND phone = $4 AND user_id <> $5
       AND status = 'created' AND provider = $6 AND created_at > $7 AND created_at <= $8 ORDER BY created_at DESC`,
    [goodsId, p.galleryId, p.country, p.phone, userId, provider, now() - ORDER_TTL_S, now() - olderThanS]
  );
  return rows;
}

/**
 * A form pay field's order (form_pay), inside the caller's transaction: for the phone the visitor
 * verified in the form (`payer`, from the server's verification record). A phone that already paid
 * this good in this gallery is paid: the visitor's own paid order is answered as is; another
 * account's answers 200201, nothing to pay. Concurrent and repeated requests for the same phone and
 * account make one order (the account row and the phone's advisory lock), a pending one for the
 * same phone is reused. While another account's order for the phone is open and unexpired, 202000
 * (FORM_PAY_BUSY) with data.retry_after (until FORM_PAY_HANDOVER_S has passed, when the caller
 * closes it): two accounts never hold payable orders for one phone at once (a payment that still
 * comes twice is refunded by the settlement, settlement.ts).
 */
export async function createFormOrder(q: Queryable, provider: PayProvider, userId: number, goods: GoodsRow, payer: FormPayer): Promise<OrderRow> {
  await q.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
  await q.query('SELECT pg_advisory_xact_lock(hashtext($1))', [formPayLockKey(goods.id, payer)]);
  const paid = await formPaidOrder(q, userId, payer.galleryId, goods.id, [payer]);
  if (paid?.user_id === userId) return paid;
  if (paid) throw new AppError(ErrorCode.ALREADY_PAID, 'This phone number has already paid', { paid: true });
  await assertOnOffer(q, goods.id);
  const pending = await q.query<OrderRow>(
    `SELECT * FROM orders WHERE user_id = $1 AND goods_id = $2 AND status = 'created' AND provider = $3 AND gallery_id = $4
       AND form_id = $5 AND phone_country = $6 AND phone = $7 AND amount_cents = $8 AND created_at > $9 ORDER BY id DESC LIMIT 1`,
    [userId, goods.id, provider, payer.galleryId, payer.formId, payer.country, payer.phone, goods.price_cents, now() - ORDER_TTL_S + REUSE_MIN_LEFT_S]
  );
  if (pending.rows[0]) return pending.rows[0];
  const open = await otherAccountsOpenOrders(q, provider, userId, goods.id, payer, 0);
  if (open[0]) {
    const handover = Number(open[0].created_at) + FORM_PAY_HANDOVER_S - now();
    const retryAfter = handover > 0 ? handover : HANDOVER_RETRY_S;
    throw new AppError(ErrorCode.FORM_PAY_BUSY, 'Another account is paying for this phone number', { retry_after: retryAfter });
  }
  const { rows } = await q.query<OrderRow>(
    `INSERT INTO orders (out_trade_no, user_id, gallery_id, goods_id, amount_cents, photo_ids, provider, created_at, form_id, phone_country, phone)
     VALUES ($1, $2, $3, $4, $5, '{}', $6, $7, $8, $9, $10) RETURNING *`,
    [newTradeNo(), userId, payer.galleryId, goods.id, goods.price_cents, provider, now(), payer.formId, payer.country, payer.phone]
  );
  return rows[0];
}
