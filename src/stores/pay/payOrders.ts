import { OrderPageErrorCode, orderContext, type OrderContext } from '../../../types/api/orderPage';
import { ChargeStatus, type PayGoods, type PayOrder, type PrePayResult } from '../../../types/api/pay';
import type { FormPayRef } from '../../../types/api/form';
import { ErrorCode } from '../../../types/envelope';
import { ApiError } from '../../api/client';
import type { PayDeps } from './PayStore';
import type { PayGallery, PayPurpose } from './payRules';

/**
 * PayStore's server side of a payment before the visitor confirms: the order and its prepay (and
 * the good's price for the sheet), with the server's refusals told (toasts) and its 'already
 * paid' answers read. The sheet, the pay step and the wait stay with the store.
 */

type OrderDeps = Pick<PayDeps, 'api' | 'channel' | 'toast'>;

/** 202000's data.retry_after (seconds until the other account's order expires) in whole minutes, at least 1. */
const retryMinutes = (e: ApiError): number => {
  const s = Number((e.body as { data?: { retry_after?: unknown } } | null)?.data?.retry_after);
  return Number.isFinite(s) && s > 0 ? Math.ceil(s / 60) : 1;
};

/** A photo-less good's order: its prepay and the good, or the server's final answer (told already). */
export type GoodsOrder = { kind: 'ready'; prepay: PrePayResult; goods: PayGoods | null } | { kind: 'answered'; paid: boolean };

/**
 * The prepay of a good (a form's pay field with `form`, else the order page with its valid
 * `context`), and the good for its name and price. A phone another account paid (200201) is paid,
 * nothing to pay; a withdrawn offer, a phone another account is paying (202000) or any other
 * refusal is told and not paid.
 */
export async function orderGoods(deps: OrderDeps, goodsId: number, form: FormPayRef | undefined, context: OrderContext): Promise<GoodsOrder> {
  let prepay: PrePayResult;
  let goods: PayGoods | null;
  try {
    const body = { goods_id: goodsId, channel: deps.channel(), ...(form ? { form } : orderContext(context)) };
    [goods, prepay] = await Promise.all([deps.api.goods(goodsId).catch(() => null), deps.api.makePrePay(body)]);
  } catch (e) {
    if (e instanceof ApiError && e.code === ErrorCode.ALREADY_PAID) {
      deps.toast('pay.phonePaid');
      return { kind: 'answered', paid: true };
    }
    if (e instanceof ApiError && e.code === OrderPageErrorCode.WITHDRAWN) {
      deps.toast('pay.withdrawn');
      return { kind: 'answered', paid: false };
    }
    if (e instanceof ApiError && e.code === ErrorCode.FORM_PAY_BUSY) deps.toast('pay.phoneBusy', { num: retryMinutes(e) });
    else deps.toast('pay.failed');
    return { kind: 'answered', paid: false };
  }
  return { kind: 'ready', prepay, goods };
}

/** The order of unpaid photos, as far as the server took it. */
export type PhotoOrder =
  | { kind: 'ready'; order: PayOrder; prepay: PrePayResult; goods: PayGoods | null }
  /** The server says the photos were paid already (code 200201): marked paid, nothing to tell. */
  | { kind: 'paid' }
  /** The order itself is paid (order or prepay): these photos are paid, and the visitor is to be told so. */
  | { kind: 'settled'; ids: readonly number[] }
  /** Refused or unreachable (told already). */
  | { kind: 'failed' };

/**
 * The order for the unpaid photos `ids` (remove_watermark or a paid download), its prepay and the
 * good's price. Photos the server counts as paid already are handed to `markPaid` as soon as it says so.
 */
export async function orderPhotos(
  deps: OrderDeps,
  g: PayGallery,
  ids: number[],
  purpose: PayPurpose,
  markPaid: (ids: readonly number[]) => void
): Promise<PhotoOrder> {
  const body = { gallery_id: g.id, goods_id: g.is_pay_down, link_id: g.link_id, imgids: ids };
  const goods = deps.api.goods(g.is_pay_down).catch(() => null);
  let order: PayOrder;
  try {
    order = await (purpose === 'remove_watermark' ? deps.api.payToImage(body) : deps.api.preDownImg(body));
  } catch (e) {
    if (e instanceof ApiError && e.code === ErrorCode.ALREADY_PAID) {
      const paid = (e.body as { data?: unknown } | null)?.data;
      markPaid(Array.isArray(paid) ? paid.map(Number) : ids);
      return { kind: 'paid' };
    }
    deps.toast('pay.failed');
    return { kind: 'failed' };
  }
  markPaid(order.already_paid ?? []);
  if (order.status === ChargeStatus.PAID) return { kind: 'settled', ids: order.photo_ids.length ? order.photo_ids : ids };
  let prepay: PrePayResult;
  try {
    prepay = await deps.api.makePrePay({ id: order.id, channel: deps.channel() });
  } catch {
    deps.toast('pay.failed');
    return { kind: 'failed' };
  }
  if (prepay.status === ChargeStatus.PAID) return { kind: 'settled', ids: order.photo_ids };
  return { kind: 'ready', order, prepay, goods: await goods };
}
