import type { Db, Queryable } from '../../db';
import { AppError, badRequest, notFound } from '../../errors';
import { ErrorCode } from '../../../../types/envelope';
import type { Charge, PayChannel, PayOrder, PayProvider, PrePayResult } from '../../../../types/api/pay';
import type { PaymentProvider, ProviderPayment } from '../../providers/pay/provider';
import { ORDER_TTL_S } from '../../providers/pay/wechatpay';
import type { OrderContext } from '../../../../types/api/orderPage';
import { createFormOrder, FORM_PAY_HANDOVER_S, otherAccountsOpenOrders, type FormPayer } from './formOrders';
import { assertOnOffer, expired, newTradeNo, now, orderDescription, providerOrder, REUSE_MIN_LEFT_S, toCharge, type GoodsRow, type OrderPurpose, type OrderRow } from './orderRows';
import { prepayOrder } from './prepay';
import { pendingDuplicateRefunds, refundDuplicate, settleOrder, type SettleResult } from './settlement';

export * from './orderRows';

/** getCharge asks the provider (order-query fallback) once an unpaid order is this old… */
export const QUERY_FALLBACK_AFTER_S = 5;
/** …and at most this often per order. */
const QUERY_INTERVAL_MS = 3_000;
/** Expired unpaid orders closed per sweep. */
const SWEEP_BATCH = 50;

/**
 * The order book: orders and their one state change. Amounts come from the goods price only; an order moves
 * created → paid exactly once, under a row lock, whoever reports the payment (notification,
 * order query or the sandbox page), and the paid photos are recorded in the same transaction.
 */
export class OrderBook {
  private lastQuery = new Map<number, number>();

  constructor(
    private db: Db,
    /** The provider new orders use. */
    public readonly provider: PaymentProvider,
    private log: (msg: string, err?: unknown) => void = () => undefined
  ) {}

  async goods(id: number): Promise<GoodsRow> {
    const { rows } = await this.db.query<GoodsRow>('SELECT id, gallery_id, name, price_cents, kind, withdrawn_at FROM goods WHERE id = $1', [id]);
    if (!rows.length) throw notFound('Pay good not found');
    return rows[0];
  }

  /** A gallery's goods on offer: its own (but withdrawn ones) and the one its is_pay_down names. */
  async galleryGoods(galleryId: number): Promise<GoodsRow[]> {
    const { rows } = await this.db.query<GoodsRow>(
      `SELECT id, gallery_id, name, price_cents, kind, withdrawn_at FROM goods
       WHERE (gallery_id = $1 AND withdrawn_at IS NULL) OR id = (SELECT is_pay_down FROM galleries WHERE id = $1) ORDER BY id`,
      [galleryId]
    );
    return rows;
  }

  /**
   * An order for the photos of `photoIds` the user has not paid yet (amount = price × count).
   * Every id already paid → 200201 with those ids. A pending identical order is reused (whatever
   * it was asked for: the same photos are never in two payable orders), and the user row is
   * locked so concurrent identical requests make one order. `purpose` names what is bought on
   * the pay page; pay-to-remove-watermark takes `remove_watermark` goods only.
   */
  async createPhotoOrder(userId: number, galleryId: number, goodsId: number, photoIds: number[], purpose: OrderPurpose): Promise<PayOrder> {
    const goods = await this.goods(goodsId);
    if (goods.gallery_id !== null && goods.gallery_id !== galleryId) throw badRequest('This pay good does not belong to the gallery');
    if (purpose === 'remove_watermark' && goods.kind !== purpose) throw badRequest(`This pay good is not a ${purpose} good`);
    if (goods.kind === 'service') throw badRequest('This pay good is a service offer, not a photo good');
    const ids = [...new Set(photoIds)].sort((a, b) => a - b);
    if (!ids.length) throw badRequest('imgids is required');
    const found = await this.db.query<{ id: number }>('SELECT id FROM photos WHERE gallery_id = $1 AND id = ANY($2::int[]) AND NOT hidden', [
      galleryId,
      ids
    ]);
    if (found.rows.length !== ids.length) throw notFound('Photo not found in this gallery');
    return this.db.tx(async (q) => {
      await q.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
      const paidRows = await q.query<{ photo_id: number }>('SELECT photo_id FROM paid_images WHERE user_id = $1 AND photo_id = ANY($2::int[])', [
        userId,
        ids
      ]);
      const paid = new Set(paidRows.rows.map((r) => r.photo_id));
      const alreadyPaid = ids.filter((id) => paid.has(id));
      const unpaid = ids.filter((id) => !paid.has(id));
      if (!unpaid.length) throw new AppError(ErrorCode.ALREADY_PAID, 'These photos are already paid', alreadyPaid);
      const order = await this.pendingOrCreate(q, userId, galleryId, goods, unpaid, goods.price_cents * unpaid.length, purpose);
      return { ...toCharge(order), already_paid: alreadyPaid };
    });
  }

  /**
   * The pay component's purchase of a photo-less good: one charge per user and good (a paid one is
   * answered as is, even after the good was withdrawn; a new one for a withdrawn good: 201900).
   * `context`: the order page's order context, kept on the unpaid order (the latest wins).
   */
  async createGoodsOrder(userId: number, goodsId: number, context: OrderContext = {}): Promise<Charge> {
    const goods = await this.goods(goodsId);
    return this.db.tx(async (q) => {
      await q.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
      const paid = await q.query<OrderRow>(
        `SELECT * FROM orders WHERE user_id = $1 AND goods_id = $2 AND status = 'paid' AND refund_state IS NULL AND cardinality(photo_ids) = 0 LIMIT 1`,
        [userId, goodsId]
      );
      if (paid.rows.length) return toCharge(paid.rows[0]);
      await assertOnOffer(q, goodsId);
      const order = await this.pendingOrCreate(q, userId, goods.gallery_id, goods, [], goods.price_cents);
      if (context.from === undefined && context.from_id === undefined) return toCharge(order);
      const { rows } = await q.query<OrderRow>(`UPDATE orders SET from_source = $2, from_id = $3 WHERE id = $1 AND status = 'created' RETURNING *`, [
        order.id,
        context.from ?? null,
        context.from_id ?? null
      ]);
      return toCharge(rows[0] ?? order);
    });
  }

  /** A form pay field's order (form_pay) for the phone the visitor verified in the form: formOrders.ts createFormOrder. */
  async createFormGoodsOrder(userId: number, goodsId: number, payer: FormPayer): Promise<OrderRow> {
    const goods = await this.goods(goodsId);
    // Another account walked away from its payment for this phone: its order is closed (or settled, if paid after all).
    for (const stale of await otherAccountsOpenOrders(this.db, this.provider.name, userId, goods.id, payer, FORM_PAY_HANDOVER_S)) await this.closeUnpaid(stale);
    return this.db.tx((q) => createFormOrder(q, this.provider.name, userId, goods, payer));
  }

  /**
   * A red packet's order: `amountCents` chosen by the sender (checked by the red packet service),
   * no good. Each precreate makes a new order; one paid order makes at most one packet.
   */
  async createRedPacketOrder(userId: number, galleryId: number, amountCents: number): Promise<OrderRow> {
    const { rows } = await this.db.query<OrderRow>(
      `INSERT INTO orders (out_trade_no, user_id, gallery_id, goods_id, amount_cents, photo_ids, provider, created_at, purpose)
       VALUES ($1, $2, $3, NULL, $4, '{}', $5, $6, 'redpacket') RETURNING *`,
      [newTradeNo(), userId, galleryId, amountCents, this.provider.name, now()]
    );
    return rows[0];
  }

  /**
   * A paid gift's order: `count` of gift `giftId` at `unitCents` each (priced by the comment
   * service), no good. Each call makes a new order; one paid order makes at most one comment.
   */
  async createGiftOrder(userId: number, galleryId: number, giftId: number, count: number, unitCents: number): Promise<OrderRow> {
    return this.db.tx(async (q) => {
      const { rows } = await q.query<OrderRow>(
        `INSERT INTO orders (out_trade_no, user_id, gallery_id, goods_id, amount_cents, photo_ids, provider, created_at, purpose)
         VALUES ($1, $2, $3, NULL, $4, '{}', $5, $6, 'gift') RETURNING *`,
        [newTradeNo(), userId, galleryId, unitCents * count, this.provider.name, now()]
      );
      await q.query('INSERT INTO gift_orders (order_id, gift_id, gallery_id, count, unit_cents) VALUES ($1, $2, $3, $4, $5)', [
        rows[0].id,
        giftId,
        galleryId,
        count,
        unitCents
      ]);
      return rows[0];
    });
  }

  /** What an order buys, in words (the pay page's title and the provider's description). */
  async describe(order: OrderRow): Promise<string> {
    return orderDescription(order, order.goods_id === null ? null : await this.goods(order.goods_id));
  }

  private async pendingOrCreate(
    q: Queryable,
    userId: number,
    galleryId: number | null,
    goods: GoodsRow,
    ids: number[],
    amount: number,
    purpose: OrderPurpose | null = null
  ): Promise<OrderRow> {
    const pending = await q.query<OrderRow>(
      `SELECT * FROM orders WHERE user_id = $1 AND goods_id = $2 AND status = 'created' AND provider = $3
         AND photo_ids = $4::int[] AND amount_cents = $5 AND created_at > $6 AND phone IS NULL ORDER BY id DESC LIMIT 1`,
      [userId, goods.id, this.provider.name, ids, amount, now() - ORDER_TTL_S + REUSE_MIN_LEFT_S]
    );
    const reused = pending.rows[0];
    if (reused) {
      // The same payable order, now asked for another purpose: only its label follows the request.
      if (reused.purpose === purpose) return reused;
      const { rows } = await q.query<OrderRow>('UPDATE orders SET purpose = $2 WHERE id = $1 RETURNING *', [reused.id, purpose]);
      return rows[0];
    }
    const { rows } = await q.query<OrderRow>(
      `INSERT INTO orders (out_trade_no, user_id, gallery_id, goods_id, amount_cents, photo_ids, provider, created_at, purpose)
       VALUES ($1, $2, $3, $4, $5, $6::int[], $7, $8, $9) RETURNING *`,
      [newTradeNo(), userId, galleryId, goods.id, amount, ids, this.provider.name, now(), purpose]
    );
    return rows[0];
  }

  /** The user's own order (404 for anyone else's: ids are not secrets, ownership is checked). */
  async ownOrder(userId: number, orderId: number): Promise<OrderRow> {
    const { rows } = await this.db.query<OrderRow>('SELECT * FROM orders WHERE id = $1 AND user_id = $2', [orderId, userId]);
    if (!rows.length) throw notFound('Charge not found');
    return rows[0];
  }

  async orderByTradeNo(outTradeNo: string): Promise<OrderRow | null> {
    const { rows } = await this.db.query<OrderRow>('SELECT * FROM orders WHERE out_trade_no = $1', [outTradeNo]);
    return rows[0] ?? null;
  }

  /** The gallery's is_pay_down (its pay good id, 0 for free downloads); 404 for an unknown gallery. */
  async galleryPayDown(galleryId: number): Promise<number> {
    const { rows } = await this.db.query<{ is_pay_down: number }>('SELECT is_pay_down FROM galleries WHERE id = $1', [galleryId]);
    if (!rows.length) throw notFound('Gallery not found');
    return rows[0].is_pay_down;
  }

  async latestOrderOfGoods(userId: number, goodsId: number): Promise<OrderRow> {
    const { rows } = await this.db.query<OrderRow>(
      `SELECT * FROM orders WHERE user_id = $1 AND goods_id = $2 ORDER BY (status = 'paid') DESC, id DESC LIMIT 1`,
      [userId, goodsId]
    );
    if (!rows.length) throw notFound('Charge not found');
    return rows[0];
  }

  /** Prepay (stored per channel and reused) and the client's pay parameters; status 1 when nothing is left to pay (prepay.ts). */
  prepay(order: OrderRow, channel: PayChannel, openid: string, description: string): Promise<PrePayResult> {
    return prepayOrder(this.db, this.provider, this.log, order, channel, openid, description);
  }

  /**
   * The one state change: created → paid, with the paid photos recorded, in one transaction that
   * locks the order row (settlement.ts). A repeated report answers 'already'. A form order paid for
   * a phone already paid answers 'refunded': its refund is asked of the provider at once, and a
   * failed or unfinished one again by the sweep (the payment is recorded either way).
   */
  async settle(outTradeNo: string, payment: ProviderPayment, provider: PayProvider): Promise<SettleResult> {
    const result = await settleOrder(this.db, outTradeNo, payment, provider);
    if (result === 'refunded') {
      const order = await this.orderByTradeNo(outTradeNo);
      if (order) await this.refundDuplicate(order.id);
    }
    return result;
  }

  /** A duplicate form payment's refund, asked of the provider; a failure is logged and left for the sweep. */
  private async refundDuplicate(orderId: number): Promise<void> {
    try {
      await refundDuplicate(this.db, this.provider, orderId);
    } catch (err) {
      this.log(`refunding duplicate form payment ${orderId} failed, will retry`, err);
    }
  }

  /**
   * getCharge: the order's status. An unpaid order older than a few seconds is checked with the
   * provider first (the query fallback); an expired one is closed (after a last query, so a
   * payment at the last second still counts).
   */
  async charge(order: OrderRow): Promise<Charge> {
    if (expired(order) && order.provider === this.provider.name) return toCharge(await this.closeExpired(order));
    if (order.status !== 'created' || now() - order.created_at < QUERY_FALLBACK_AFTER_S || order.provider !== this.provider.name) {
      return toCharge(order);
    }
    const last = this.lastQuery.get(order.id) ?? 0;
    if (Date.now() - last < QUERY_INTERVAL_MS) return toCharge(order);
    this.lastQuery.set(order.id, Date.now());
    if (this.lastQuery.size > 10_000) this.lastQuery.clear();
    try {
      const payment = await this.provider.query(providerOrder(order));
      if (!payment) return toCharge(order);
      await this.settle(order.out_trade_no, payment, order.provider);
    } catch (err) {
      this.log('order query fallback failed', err);
      return toCharge(order);
    }
    return toCharge(await this.reload(order.id));
  }

  /**
   * An expired unpaid order: paid after all (the provider says so) → settled; otherwise the
   * provider closes it and so do we. A provider error leaves it as it is for the next try.
   */
  async closeExpired(order: OrderRow): Promise<OrderRow> {
    if (!expired(order)) return order;
    return this.closeUnpaid(order);
  }

  /** closeExpired for any unpaid order (also one abandoned for another account's payment, createFormGoodsOrder). */
  private async closeUnpaid(order: OrderRow): Promise<OrderRow> {
    try {
      const po = providerOrder(order);
      const payment = await this.provider.query(po);
      if (payment) {
        await this.settle(order.out_trade_no, payment, order.provider);
      } else {
        await this.provider.close(po);
        await this.db.query(`UPDATE orders SET status = 'closed' WHERE id = $1 AND status = 'created'`, [order.id]);
      }
    } catch (err) {
      this.log('closing an unpaid order failed', err);
    }
    return this.reload(order.id);
  }

  /**
   * Close this provider's expired unpaid orders, oldest first, a batch at a time, and retry the
   * duplicate form payments' refunds not finished; returns how many expired orders were looked at.
   */
  async sweepExpired(): Promise<number> {
    const { rows } = await this.db.query<OrderRow>(
      `SELECT * FROM orders WHERE status = 'created' AND provider = $1 AND created_at <= $2 ORDER BY id LIMIT $3`,
      [this.provider.name, now() - ORDER_TTL_S, SWEEP_BATCH]
    );
    for (const order of rows) await this.closeExpired(order);
    for (const id of await pendingDuplicateRefunds(this.db, this.provider.name, SWEEP_BATCH)) await this.refundDuplicate(id);
    return rows.length;
  }

  private async reload(id: number): Promise<OrderRow> {
    const { rows } = await this.db.query<OrderRow>('SELECT * FROM orders WHERE id = $1', [id]);
    return rows[0];
  }
}
