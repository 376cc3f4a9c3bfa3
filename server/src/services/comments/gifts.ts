import type { Db, Queryable } from '../../db';
import { AppError, notFound } from '../../errors';
import { ErrorCode } from '../../../../types/envelope';
import { COMMENT_MESSAGES, type GiftOrder, type GiftPrecreate } from '../../../../types/api/comments';
import { requireRealUser, type Viewer } from '../../viewer';
import type { GateAccess } from '../gates/gateAccess';
import type { RateLimiter } from '../shared/rateLimit';
import type { OrderBook, OrderRow } from '../pay/orders';

const now = () => Math.floor(Date.now() / 1000);
/** Gift orders one visitor may open a minute. */
const PRECREATE_LIMIT = { limit: 20, windowS: 60 };

export interface GiftRow {
  id: number;
  name: string;
  image: string;
  price_cents: number;
  cooldown_s: number;
}

/** A gift comment's content and the order it was paid with (null for a free gift). */
export interface GiftPost {
  content: string;
  giftId: number;
  orderId: number | null;
}

const giftError = (code: number, msg: string, status = 400, data: unknown = null) => new AppError(code, msg, data, status);

/** The gallery's gift, or 404. */
export async function giftOf(q: Queryable, galleryId: number, giftId: number): Promise<GiftRow> {
  const { rows } = await q.query<GiftRow>('SELECT id, name, image, price_cents, cooldown_s FROM comment_gifts WHERE id = $1 AND gallery_id = $2', [giftId, galleryId]);
  if (!rows.length) throw notFound('Gift not found in this gallery');
  return rows[0];
}

/** 201208 with data.retry_after while the visitor's last send of this gift is within its cooldown. */
export async function assertCooledDown(q: Queryable, userId: number, gift: GiftRow): Promise<void> {
  if (gift.cooldown_s <= 0) return;
  const last = await q.query<{ at: number | string | null }>('SELECT max(created_at) AS at FROM comments WHERE user_id = $1 AND gift_id = $2', [userId, gift.id]);
  const at = last.rows[0]?.at;
  const wait = at === null || at === undefined ? 0 : Number(at) + gift.cooldown_s - now();
  if (wait > 0) throw giftError(ErrorCode.GIFT_COOLDOWN, COMMENT_MESSAGES.cooldown, 429, { retry_after: wait });
}

const contentOf = (gift: GiftRow, count: number, unitCents: number) =>
  JSON.stringify({ id: gift.id, name: gift.name, image: gift.image, count, price: unitCents });

interface GiftOrderRow extends OrderRow {
  gift_id: number;
  count: number;
  unit_cents: number;
  used_at: number | string | null;
  order_gallery_id: number;
}

/**
 * Gifts as the post sees them (types/api/comments.ts): free gifts with their cooldown, and paid
 * gifts through an order (precreate → the provider → post with the trade id). The paid post's
 * checks run inside the post's transaction under the order's row lock, so one trade id makes
 * at most one comment however often or concurrently it is posted.
 */
export class GiftPayments {
  constructor(
    private db: Db,
    private gates: GateAccess,
    private orders: OrderBook,
    private limits: RateLimiter,
    /** The comment gates (use_comment, block_all, mute): CommentService.assertMayComment. */
    private assertMayComment: (q: Queryable, galleryId: number, userId: number) => Promise<void>
  ) {}

  /** The order for `count` of a paid gift, priced here in integer cents; refused before any order when the post would be. */
  async precreate(v: Viewer, b: GiftPrecreate): Promise<GiftOrder> {
    await this.gates.assertPass(v, b.galleryid);
    const user = requireRealUser(v, 'Log in to send gifts');
    const gift = await giftOf(this.db, b.galleryid, b.gift_id);
    if (gift.price_cents <= 0) throw giftError(ErrorCode.GIFT_FREE, COMMENT_MESSAGES.giftFree);
    // A paid gift that is never sent is refunded by the sweep: a provider that cannot refund takes no gift payments.
    if (!this.orders.provider.refunds) throw giftError(ErrorCode.GIFT_NO_REFUNDS, COMMENT_MESSAGES.giftNoRefunds, 503);
    await this.assertMayComment(this.db, b.galleryid, user.id);
    await assertCooledDown(this.db, user.id, gift);
    await this.limits.enforce(`gift:precreate:${user.id}`, PRECREATE_LIMIT, 'Too many gift payments, please wait a minute');
    const order = await this.orders.createGiftOrder(user.id, b.galleryid, gift.id, b.count, gift.price_cents);
    const channel = b.channel ?? 'jsapi';
    const pay = await this.orders.prepay(order, channel, user.openid, `${gift.name} × ${b.count} · ${await this.orders.describe(order)}`);
    return {
      tradeid: order.out_trade_no,
      order_id: order.id,
      amount: order.amount_cents,
      gift_id: gift.id,
      count: b.count,
      provider: order.provider,
      wxpay: pay.jsapi ?? null,
      ...(pay.code_url ? { code_url: pay.code_url } : {}),
      ...(pay.sandbox_url ? { sandbox_url: pay.sandbox_url } : {})
    };
  }

  /**
   * Before the post's transaction: an unpaid order is asked of the provider once (a payment
   * whose notification is late still counts). Unknown trade ids are left to the transaction.
   */
  async settleLate(userId: number, tradeid: string): Promise<void> {
    const { rows } = await this.db.query<OrderRow>(`SELECT * FROM orders WHERE out_trade_no = $1 AND user_id = $2 AND purpose = 'gift'`, [tradeid, userId]);
    if (rows[0] && rows[0].status !== 'paid') await this.orders.charge(rows[0]);
  }

  /**
   * Inside the post's transaction (the user row is locked): the gift's content, its order
   * checked and locked. `existing` answers the comment a used trade id already made.
   */
  async forPost(
    q: Queryable,
    galleryId: number,
    userId: number,
    g: { id: number; count: number },
    tradeid: string | undefined
  ): Promise<GiftPost | { existing: number }> {
    const gift = await giftOf(q, galleryId, g.id);
    if (!tradeid) {
      if (gift.price_cents > 0) throw giftError(ErrorCode.GIFT_TRADE_REQUIRED, COMMENT_MESSAGES.giftTradeRequired, 402, { price: gift.price_cents });
      await assertCooledDown(q, userId, gift);
      return { content: contentOf(gift, g.count, 0), giftId: gift.id, orderId: null };
    }
    const { rows } = await q.query<GiftOrderRow>(
      `SELECT o.*, go.gift_id, go.count, go.unit_cents, go.used_at, go.gallery_id AS order_gallery_id
         FROM orders o JOIN gift_orders go ON go.order_id = o.id
        WHERE o.out_trade_no = $1 AND o.user_id = $2 AND o.purpose = 'gift' FOR UPDATE OF o`,
      [tradeid, userId]
    );
    const order = rows[0];
    if (!order || order.order_gallery_id !== galleryId) throw giftError(ErrorCode.GIFT_TRADE_UNKNOWN, COMMENT_MESSAGES.giftTradeUnknown, 400, { field: 'tradeid' });
    if (order.used_at !== null) {
      const made = await q.query<{ id: number }>('SELECT id FROM comments WHERE order_id = $1', [order.id]);
      if (made.rows.length) return { existing: made.rows[0].id };
      throw giftError(ErrorCode.GIFT_TRADE_USED, COMMENT_MESSAGES.giftTradeUsed, 409, { field: 'tradeid' });
    }
    if (order.status !== 'paid') throw giftError(ErrorCode.GIFT_TRADE_UNPAID, COMMENT_MESSAGES.giftTradeUnpaid, 400, { field: 'tradeid' });
    // Not sent within a day: the sweep gave the money back (services/redpackets/sweeper.ts refundUnused).
    if (order.refund_state) throw giftError(ErrorCode.GIFT_TRADE_REFUNDED, COMMENT_MESSAGES.giftTradeRefunded, 409, { field: 'tradeid' });
    if (order.gift_id !== g.id || order.count !== g.count || order.amount_cents !== order.unit_cents * order.count) {
      throw giftError(ErrorCode.GIFT_TRADE_MISMATCH, COMMENT_MESSAGES.giftTradeMismatch, 400, { gift_id: order.gift_id, count: order.count, amount: order.amount_cents });
    }
    await q.query('UPDATE gift_orders SET used_at = $2 WHERE order_id = $1', [order.id, now()]);
    return { content: contentOf(gift, order.count, order.unit_cents), giftId: gift.id, orderId: order.id };
  }
}
