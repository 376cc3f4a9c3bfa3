import type { Queryable } from '../../db';
import type { Viewer } from '../../viewer';
import type { FormPayRef } from '../../../../types/api/form';
import type { OrderRow } from './orders';

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
 * no phone (`account_paid_form`). The visitor's own order first. Null: no payment record.
 */
export async function formPaidOrder(q: Queryable, userId: number, galleryId: number, goodsId: number, phones: readonly PhoneKey[]): Promise<OrderRow | null> {
  const { rows } = await q.query<OrderRow>(
    `SELECT * FROM orders WHERE goods_id = $2 AND status = 'paid' AND (
       (gallery_id = $3 AND phone IS NOT NULL
         AND (phone_country, phone) IN (SELECT c, n FROM unnest($4::text[], $5::text[]) AS p(c, n)))
       OR (user_id = $1 AND account_paid_form)
     ) ORDER BY (user_id = $1) DESC, id LIMIT 1`,
    [userId, goodsId, galleryId, phones.map((p) => p.country), phones.map((p) => p.phone)]
  );
  return rows[0] ?? null;
}

/** The advisory lock key of one (gallery, good, phone): concurrent orders for the same phone wait for each other. */
export const formPayLockKey = (goodsId: number, p: FormPayer) => `formpay:${p.galleryId}:${goodsId}:${p.country}:${p.phone}`;
