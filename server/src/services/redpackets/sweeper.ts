import type { Db } from '../../db';
import type { OrderBook, OrderRow } from '../pay/orders';
import { RED_PACKET_REFUND_AFTER_S } from '../../../../types/api/redpackets';
import type { Grabber } from './grab';
import { grabPacket, type PacketRow } from './ledger';
import type { PayoutService } from './payouts';
import { startPeriodic } from '../shared/periodic';

/** How often a process runs the red packet sweep (app.ts starts it; `npm run redpackets -- sweep` runs it once). */
export const RED_PACKET_SWEEP_MS = 15_000;
const BATCH = 50;

export interface SweepReport {
  /** Target-time packets whose live message went out. */
  announced: number;
  /** Packets whose leftovers were refunded (or found to have none) in this sweep. */
  refunded: number;
  /** Paid red packet orders never made a packet (and paid gift orders never sent), refunded whole in this sweep. */
  orders_refunded: number;
  /** Cents sent back in this sweep. */
  refunded_cents: number;
  /** Refunds the provider has not finished (tried again next sweep). */
  refunds_pending: number;
  /** Payouts looked at. */
  payouts: number;
}

/**
 * The red packets' background work, safe in several processes at once:
 * - target-time packets are announced at their posttime (one UPDATE … RETURNING claims each once);
 * - 24 hours after posting, shares nobody took are refunded to the sender through the payment
 *   provider (the shares turn 'refunded' under the packet's lock, in the same transaction that
 *   fixes the refund's amount and out_refund_no, so a grab can never take a refunded share and a
 *   retried refund is always the same one);
 * - a paid order that never became a packet is refunded whole 24 hours after payment, and so is
 *   a paid comment gift's order that never became its comment (types/api/comments.ts);
 * - payouts due are sent or looked up (payouts.ts).
 * `now` is the clock (tests move it).
 */
export class RedPacketSweeper {
  constructor(
    private db: Db,
    private orders: OrderBook,
    private grabber: Grabber,
    private payouts: PayoutService,
    private announce: (p: PacketRow) => Promise<void>,
    private clock: () => number,
    private warn: (msg: string, err?: unknown) => void = () => undefined
  ) {}

  async sweep(now = this.clock()): Promise<SweepReport> {
    const report: SweepReport = { announced: 0, refunded: 0, orders_refunded: 0, refunded_cents: 0, refunds_pending: 0, payouts: 0 };
    const due = await this.db.query<PacketRow>(
      `UPDATE red_packets SET announced = true WHERE id IN (SELECT id FROM red_packets WHERE NOT announced AND posttime <= $1 ORDER BY id LIMIT $2)
         AND NOT announced RETURNING *`,
      [now, BATCH]
    );
    for (const p of due.rows) await this.announce(p);
    report.announced = due.rows.length;

    const expired = await this.db.query<PacketRow>(
      `SELECT * FROM red_packets WHERE expires_at <= $1 AND (refund_state IS NULL OR refund_state = 'pending') ORDER BY id LIMIT $2`,
      [now, BATCH]
    );
    for (const p of expired.rows) {
      try {
        const r = await this.refund(p, now);
        if (r === 'pending') report.refunds_pending++;
        else if (r !== null) {
          report.refunded++;
          report.refunded_cents += r;
        }
      } catch (e) {
        report.refunds_pending++;
        this.warn(`refunding red packet ${p.id} failed, will retry`, e);
      }
    }
    const unused = await this.db.query<{ id: number }>(
      `SELECT o.id FROM orders o WHERE o.purpose IN ('redpacket', 'gift') AND o.status = 'paid' AND (o.refund_state IS NULL OR o.refund_state = 'pending')
         AND o.paid_at <= $1 AND NOT EXISTS (SELECT 1 FROM red_packets p WHERE p.order_id = o.id)
         AND NOT EXISTS (SELECT 1 FROM gift_orders g WHERE g.order_id = o.id AND g.used_at IS NOT NULL) ORDER BY o.id LIMIT $2`,
      [now - RED_PACKET_REFUND_AFTER_S, BATCH]
    );
    for (const o of unused.rows) {
      try {
        const r = await this.refundUnused(o.id, now);
        if (r === 'pending') report.refunds_pending++;
        else if (r !== null) {
          report.orders_refunded++;
          report.refunded_cents += r;
        }
      } catch (e) {
        report.refunds_pending++;
        this.warn(`refunding red packet order ${o.id} failed, will retry`, e);
      }
    }
    report.payouts = await this.payouts.processDue(now);
    return report;
  }

  /**
   * A paid red packet order that never became a packet (create failed or never came), or a paid
   * gift order that never became its comment, is refunded whole 24 hours after payment. Its
   * refund is fixed under the order's row lock, which create (and the gift's post) also takes,
   * so an order is either a packet (a gift comment) or refunded, never both.
   */
  async refundUnused(orderId: number, now: number): Promise<number | 'pending' | null> {
    const order = await this.db.tx(async (q) => {
      const { rows } = await q.query<OrderRow & { refund_state: string | null; refund_no: string | null }>(
        `SELECT * FROM orders WHERE id = $1 AND purpose IN ('redpacket', 'gift') AND status = 'paid' AND paid_at <= $2 FOR UPDATE`,
        [orderId, now - RED_PACKET_REFUND_AFTER_S]
      );
      const o = rows[0];
      if (!o || o.refund_state === 'done') return null;
      const packet = await q.query('SELECT 1 FROM red_packets WHERE order_id = $1 UNION ALL SELECT 1 FROM gift_orders WHERE order_id = $1 AND used_at IS NOT NULL', [orderId]);
      if (packet.rows.length) return null;
      if (o.refund_state === 'pending') return o;
      const upd = await q.query<OrderRow & { refund_no: string }>(
        `UPDATE orders SET refund_state = 'pending', refund_no = $2 WHERE id = $1 RETURNING *`,
        [orderId, `RO${o.out_trade_no}`]
      );
      return upd.rows[0];
    });
    if (!order) return null;
    const refunds = this.orders.provider.refunds;
    if (!refunds) throw new Error(`payment provider ${this.orders.provider.name} cannot refund`);
    const r = await refunds.refund({
      out_trade_no: order.out_trade_no,
      out_refund_no: order.refund_no!,
      total_cents: order.amount_cents,
      refund_cents: order.amount_cents,
      reason: order.purpose === 'gift' ? 'Gift not sent · 礼物未送出退款' : 'Red packet not sent · 红包未发出退款'
    });
    if (r.state !== 'success') return 'pending';
    const done = await this.db.query(`UPDATE orders SET refund_state = 'done' WHERE id = $1 AND refund_state = 'pending' RETURNING id`, [orderId]);
    return done.rows.length ? order.amount_cents : null;
  }

  /** One expired packet: fix the leftover (once), then have the provider refund it. Cents refunded, 'pending', or null (already done). */
  async refund(p: PacketRow, now: number): Promise<number | 'pending' | null> {
    const fixed = await this.db.tx(async (q) => {
      const { rows } = await q.query<PacketRow>('SELECT * FROM red_packets WHERE id = $1 FOR UPDATE', [p.id]);
      const row = rows[0];
      if (!row || row.expires_at > now || row.refund_state === 'done' || row.refund_state === 'none') return null;
      if (row.refund_state === 'pending') return row;
      const left = await q.query<{ amount_cents: number }>(
        `UPDATE red_packet_shares SET state = 'refunded' WHERE packet_id = $1 AND state = 'free' RETURNING amount_cents`,
        [row.id]
      );
      const cents = left.rows.reduce((a, r) => a + r.amount_cents, 0);
      const state = cents > 0 ? 'pending' : 'none';
      const upd = await q.query<PacketRow>(
        `UPDATE red_packets SET refund_state = $2, refund_cents = $3, refund_no = $4, refunded_at = $5 WHERE id = $1 RETURNING *`,
        [row.id, state, cents, cents > 0 ? `RF${row.trade_no}` : null, cents > 0 ? null : now]
      );
      return upd.rows[0];
    });
    if (!fixed) return null;
    await this.grabber.forget(grabPacket(fixed)).catch((e) => this.warn('dropping a red packet from Redis failed', e));
    if (fixed.refund_state === 'none') return 0;
    const refunds = this.orders.provider.refunds;
    if (!refunds) throw new Error(`payment provider ${this.orders.provider.name} cannot refund`);
    const order = await this.orders.orderByTradeNo(fixed.trade_no);
    if (!order) throw new Error(`order ${fixed.trade_no} of red packet ${fixed.id} not found`);
    try {
      const r = await refunds.refund({
        out_trade_no: order.out_trade_no,
        out_refund_no: fixed.refund_no!,
        total_cents: order.amount_cents,
        refund_cents: fixed.refund_cents,
        reason: 'Red packet leftover · 红包未领取部分退款'
      });
      if (r.state !== 'success') return 'pending';
    } catch (e) {
      await this.db.query('UPDATE red_packets SET refund_error = $2 WHERE id = $1', [fixed.id, String((e as Error).message ?? e).slice(0, 500)]);
      throw e;
    }
    const done = await this.db.query(
      `UPDATE red_packets SET refund_state = 'done', refunded_at = $2, refund_error = NULL WHERE id = $1 AND refund_state = 'pending' RETURNING id`,
      [fixed.id, this.clock()]
    );
    return done.rows.length ? fixed.refund_cents : null;
  }

  /** Runs the sweep every `everyMs`; returns the stop (which waits for a sweep in progress). */
  start(everyMs = RED_PACKET_SWEEP_MS): () => Promise<void> {
    return startPeriodic(() => this.sweep(), { everyMs, onError: (e) => this.warn('red packet sweep failed', e) });
  }
}
