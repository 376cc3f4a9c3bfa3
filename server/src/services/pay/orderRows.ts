/**
 * The order row and what is derived from one row alone: its charge, its provider order, its
 * description, whether it expired; new trade numbers. The OrderBook (orders.ts) changes rows.
 */
import crypto from 'node:crypto';
import { ChargeStatus, type Charge, type PayChannel, type OrderRefund, type PayGoodsKind, type PayProvider } from '../../../../types/api/pay';
import type { ProviderOrder } from '../../providers/pay/provider';
import type { Queryable } from '../../db';
import { AppError } from '../../errors';
import { OrderPageErrorCode } from '../../../../types/api/orderPage';
import { ORDER_TTL_S } from '../../providers/pay/wechatpay';

/** A pending identical order is reused while it has at least this long left to be paid. */
export const REUSE_MIN_LEFT_S = 15 * 60;

export const now = () => Math.floor(Date.now() / 1000);

export interface OrderRow {
  id: number;
  out_trade_no: string;
  user_id: number;
  gallery_id: number | null;
  /** The good bought; null for an order that buys none (a red packet). */
  goods_id: number | null;
  amount_cents: number;
  photo_ids: number[];
  status: 'created' | 'paid' | 'closed';
  provider: PayProvider;
  channel: PayChannel | null;
  prepay: Record<string, Record<string, string>>;
  transaction_id: string | null;
  paid_at: number | null;
  created_at: number;
  /** What a photo order buys (null for a photo-less good). */
  purpose: OrderPurpose | null;
  /** A form pay field's order (migration 023): the form, and the phone verified in it that it pays for. */
  form_id: string | null;
  phone_country: string | null;
  phone: string | null;
  /** A photo-less goods order from before migration 023 (no phone): counts for its account in forms. */
  account_paid_form: boolean;
  /**
   * A paid order's whole payment going back (migrations 019, 030): an unused red packet or gift
   * order, or a form order paid for a phone that had already been paid. Null: not refunded.
   */
  refund_state: OrderRefund | null;
  /** The refund's out_refund_no, fixed with refund_state (asking again is the same refund). */
  refund_no: string | null;
}

/** What an order buys: the watermark removed (paytoimage), a paid download (predownimg), a red packet or a comment gift (no good). */
export type OrderPurpose = PayGoodsKind | 'redpacket' | 'gift';

export interface GoodsRow {
  id: number;
  gallery_id: number | null;
  name: string;
  price_cents: number;
  kind: PayGoodsKind;
  /** When its organiser withdrew it (a service offer; migration 029); null while on offer. */
  withdrawn_at: number | null;
}

/** A payment report we refuse (unknown order, other amount, other provider); `status` is the HTTP status. */
export class SettleRefused extends Error {
  constructor(message: string, public readonly status = 400) {
    super(message);
  }
}

export function toCharge(o: OrderRow): Charge {
  return {
    id: o.id,
    status: o.status === 'paid' ? ChargeStatus.PAID : ChargeStatus.UNPAID,
    out_trade_no: o.out_trade_no,
    goods_id: o.goods_id,
    gallery_id: o.gallery_id,
    amount: o.amount_cents,
    photo_ids: o.photo_ids,
    state: o.status,
    created_at: o.created_at,
    paid_at: o.paid_at,
    refund: o.refund_state ?? null
  };
}

/** What the provider needs of an order (it stops being payable ORDER_TTL_S after creation). */
export function providerOrder(o: OrderRow, description = ''): ProviderOrder {
  return { out_trade_no: o.out_trade_no, amount_cents: o.amount_cents, description, expires_at: o.created_at + ORDER_TTL_S };
}

const photos = (n: number) => (n === 1 ? '1 photo' : `${n} photos`);

/**
 * What an order buys, in words (bilingual: the sandbox page and the provider's cashier are
 * outside the app's i18n): "Download 3 photos · 下载 3 张照片", "Remove watermark · 1 photo ·
 * 去水印 1 张"; a photo-less good is called by its name.
 */
export function orderDescription(o: Pick<OrderRow, 'purpose' | 'photo_ids' | 'amount_cents'>, goods: Pick<GoodsRow, 'name'> | null): string {
  const n = o.photo_ids.length;
  if (o.purpose === 'redpacket') return `Red packet ¥${(o.amount_cents / 100).toFixed(2)} · 红包`;
  if (o.purpose === 'gift') return `Gift ¥${(o.amount_cents / 100).toFixed(2)} · 礼物`;
  if (o.purpose === 'download') return `Download ${photos(n)} · 下载 ${n} 张照片`;
  if (o.purpose === 'remove_watermark') return `Remove watermark · ${photos(n)} · 去水印 ${n} 张`;
  return goods?.name ?? 'Order · 订单';
}

export const expired = (o: OrderRow) => o.status === 'created' && now() >= o.created_at + ORDER_TTL_S;

export const newTradeNo = () => `LG${Date.now().toString(36).toUpperCase()}${crypto.randomBytes(8).toString('hex')}`;

/**
 * A good its organiser withdrew takes no new payment (201900, 410). Read in the buyer's transaction
 * (after the paid check), so a purchase that raced a withdrawal is refused or made before it; an order
 * already at the provider may still be paid there, and then counts like any paid order.
 */
export async function assertOnOffer(q: Queryable, goodsId: number): Promise<void> {
  const { rows } = await q.query<{ withdrawn_at: number | null }>('SELECT withdrawn_at FROM goods WHERE id = $1', [goodsId]);
  if (rows[0]?.withdrawn_at != null) throw new AppError(OrderPageErrorCode.WITHDRAWN, 'This offer has been withdrawn', { goods_id: goodsId }, 410);
}
