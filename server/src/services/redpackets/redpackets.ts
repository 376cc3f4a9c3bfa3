import type { Db } from '../../db';
import { AppError, notFound } from '../../errors';
import { requireRealUser, requireUser, type Viewer } from '../../viewer';
import type { GalleryService } from '../gallery/gallery';
import type { GateAccess } from '../gates/gateAccess';
import type { RateLimiter } from '../shared/rateLimit';
import type { OrderBook, OrderRow } from '../pay/orders';
import type { LivePublisher } from '../../live/bus';
import {
  RED_PACKET_DETAIL_PAGE_SIZE,
  RED_PACKET_LIST_SIZE,
  RED_PACKET_MESSAGES,
  RED_PACKET_REFUND_AFTER_S,
  RedPacketError,
  type AskResult,
  type CreateRequest,
  type CreateResult,
  type GrabResult,
  type PrecreateRequest,
  type PrecreateResult,
  type RedPacket,
  type RedPacketDetail
} from '../../../../types/api/redpackets';
import { checkShareMinimum, parseAmountCents, parseNumber, splitShares } from './split';
import { grabPacket, packetStatus, presentPacket, type PacketRow } from './ledger';
import type { Grabber } from './grab';
import type { PayoutService } from './payouts';

const LOGIN_FIRST = 'Log in with WeChat to send and open red packets';
/** How long get() may use a packet row it read (recentPacket). */
const PACKET_CACHE_MS = 1000;
/** Sends (precreate and create) per user and minute. */
const SEND_LIMIT = { limit: 20, windowS: 60 };

const err = (key: keyof typeof RedPacketError & keyof typeof RED_PACKET_MESSAGES, status = 400, data: unknown = null) =>
  new AppError(RedPacketError[key], RED_PACKET_MESSAGES[key], data, status);

/**
 * Red packets (issue 15 Deliver 4): paying for one, creating it from the paid order (shares split
 * then, in cents), asking and grabbing, the list and the recipients. Grabs go through the Grabber
 * (Redis or SQL); refunds, announcements and payouts are the sweeper's (sweeper.ts).
 */
export class RedPacketService {
  private recent = new Map<number, { row: Promise<PacketRow>; at: number }>();

  constructor(
    private db: Db,
    private galleries: GalleryService,
    private gates: GateAccess,
    private orders: OrderBook,
    private limits: RateLimiter,
    private live: LivePublisher,
    private grabber: Grabber,
    private payouts: PayoutService,
    private clock: () => number,
    private warn: (msg: string, err?: unknown) => void = () => undefined
  ) {}

  /** The gallery, after its gate; red packets on (use_package 1) or 403 DISABLED. */
  private async packetGallery(v: Viewer, galleryId: number) {
    const g = await this.galleries.byId(galleryId);
    await this.gates.assertPass(v, galleryId);
    if (g.config.use_package !== 1) throw err('DISABLED', 403);
    return g;
  }

  /** precreate: checks the amount (and the quantity when given) before any order exists, then the order and its pay parameters. */
  async precreate(v: Viewer, b: PrecreateRequest): Promise<PrecreateResult> {
    const user = requireRealUser(v, LOGIN_FIRST);
    const cents = parseAmountCents(b.amount);
    if (b.number !== undefined) checkShareMinimum(cents, parseNumber(b.number));
    else checkShareMinimum(cents, 1);
    await this.packetGallery(v, b.galleryid);
    if (!this.orders.provider.refunds) throw err('NO_REFUNDS', 503);
    await this.limits.enforce(`redpacket:send:${user.id}`, SEND_LIMIT, 'Too many red packets, please wait a minute');
    const order = await this.orders.createRedPacketOrder(user.id, b.galleryid, cents);
    const channel = b.channel ?? 'jsapi';
    const pay = await this.orders.prepay(order, channel, user.openid, await this.orders.describe(order));
    return {
      tradeid: order.out_trade_no,
      order_id: order.id,
      amount: order.amount_cents,
      provider: order.provider,
      wxpay: pay.jsapi ?? null,
      ...(pay.code_url ? { code_url: pay.code_url } : {}),
      ...(pay.sandbox_url ? { sandbox_url: pay.sandbox_url } : {})
    };
  }

  /**
   * create: the packet of a paid order, its shares split now. Everything is checked before the
   * order is touched; one packet per order (the order row is locked, order_id is unique), so a
   * replay answers the same packet with `replayed: true`.
   */
  async create(v: Viewer, b: CreateRequest): Promise<CreateResult> {
    const user = requireRealUser(v, LOGIN_FIRST);
    const number = parseNumber(b.number);
    const cents = parseAmountCents(b.amount);
    checkShareMinimum(cents, number);
    const now = this.clock();
    const target = b.posttime !== undefined && b.posttime > now;
    if (b.posttime !== undefined && b.posttime > now + RED_PACKET_REFUND_AFTER_S) throw err('POSTTIME_INVALID', 400, { field: 'posttime' });
    let order = await this.ownOrder(user.id, b.tradeid);
    const existing = await this.packetOfOrder(order.id);
    if (existing) return { packet: presentPacket(existing, now, await this.myAmount(existing.id, user.id)), replayed: true };
    if (order.gallery_id !== b.galleryid) throw err('TRADE_UNKNOWN', 400, { field: 'tradeid' });
    const g = await this.packetGallery(v, b.galleryid);
    if (order.status !== 'paid') {
      await this.orders.charge(order); // the provider's order query: a payment whose notification is late still counts
      order = await this.ownOrder(user.id, b.tradeid);
      if (order.status !== 'paid') throw err('TRADE_UNPAID', 400, { field: 'tradeid' });
    }
    if (order.amount_cents !== cents) throw err('TRADE_AMOUNT', 400, { field: 'amount' });
    const shares = splitShares(cents, number, b.type);
    const posttime = target ? b.posttime! : now;
    const made = await this.db.tx(async (q) => {
      const locked = await q.query<{ refund_state: string | null }>('SELECT refund_state FROM orders WHERE id = $1 FOR UPDATE', [order.id]);
      const again = await q.query<PacketRow>('SELECT * FROM red_packets WHERE order_id = $1', [order.id]);
      if (again.rows.length) return { row: again.rows[0], replayed: true };
      if (locked.rows[0]?.refund_state) throw err('TRADE_REFUNDED', 400, { field: 'tradeid' });
      const { rows } = await q.query<PacketRow>(
        `INSERT INTO red_packets (gallery_id, user_id, order_id, trade_no, type, amount_cents, number, content, nickname, photo,
           access_type, posttype, posttime, notice, noticestep, announced, expires_at, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18) RETURNING *`,
        [
          g.id, user.id, order.id, order.out_trade_no, b.type, cents, number, b.content ?? '', user.nickname, user.photo,
          b.access_type ?? 'other', target ? 'target' : 'now', posttime, b.notice ?? '', b.noticestep ?? 0, !target,
          posttime + RED_PACKET_REFUND_AFTER_S, now
        ]
      );
      const row = rows[0];
      await q.query(
        `INSERT INTO red_packet_shares (packet_id, seq, amount_cents) SELECT $1, s.i, s.a FROM unnest($2::int[]) WITH ORDINALITY AS s(a, i)`,
        [row.id, shares]
      );
      return { row, replayed: false };
    });
    if (!made.replayed) {
      await this.grabber.prepare(grabPacket(made.row)).catch((e) => this.warn('preparing a red packet for grabs failed', e));
      await this.announce(made.row); // a target-time packet: its advance notice now, the post at posttime (the sweeper)
    }
    return { packet: presentPacket(made.row, now, made.replayed ? await this.myAmount(made.row.id, user.id) : null), replayed: made.replayed };
  }

  /** The redpackage live message (a failure to publish is logged: the list still shows the packet). */
  async announce(p: PacketRow): Promise<void> {
    await this.live
      .publish(p.gallery_id, 'redpackage', {
        id: p.id, galleryid: p.gallery_id, type: p.type, number: p.number, amount: p.amount_cents, content: p.content,
        nickname: p.nickname, photo: p.photo, posttype: p.posttype, posttime: p.posttime, notice: p.notice, noticestep: p.noticestep
      })
      .catch((e) => this.warn('publishing a red packet failed', e));
  }

  /** ask: what opening this packet would do for the viewer (welcome → claim with get). */
  async ask(v: Viewer, id: number): Promise<AskResult> {
    const user = requireRealUser(v, LOGIN_FIRST);
    const p = await this.packet(id);
    await this.gates.assertPass(v, p.gallery_id);
    const mine = await this.myAmount(p.id, user.id);
    const packet = presentPacket(p, this.clock(), mine);
    const refusal = await this.refusal(p, user.id, mine);
    if (refusal) return refusal === 'wait' || refusal === 'forbidden' || refusal === 'phone'
      ? { status: refusal, msg: refusal === 'wait' ? RED_PACKET_MESSAGES.ASK_WAIT : refusal === 'forbidden' ? RED_PACKET_MESSAGES.ASK_FORBIDDEN : '', packet }
      : { status: refusal, msg: '', packet, detail: await this.detailOf(p, 1) };
    return { status: 'welcome', msg: '', packet };
  }

  /** What stops the viewer from grabbing, or null: done, wait, close, end (from the row), forbidden (use_package off), phone. */
  private async refusal(p: PacketRow, userId: number, mine: number | null): Promise<'done' | 'forbidden' | 'wait' | 'close' | 'phone' | 'end' | null> {
    if (mine !== null) return 'done';
    const status = packetStatus(p, this.clock());
    if (status === 'wait' || status === 'close' || status === 'end') return status;
    const g = await this.galleries.cachedById(p.gallery_id);
    if (g.config.use_package !== 1) return 'forbidden';
    if (p.access_type === 'limit' && !(await this.hasPhone(userId, p.gallery_id))) return 'phone';
    return null;
  }

  /**
   * get: the claim. One share per user (a second get answers the same share, won false). The
   * packet row may be up to PACKET_CACHE_MS old here: its counters only grow and its times do not
   * change, so a stale row can only send a grab to the grabber, which decides.
   */
  async get(v: Viewer, id: number): Promise<GrabResult> {
    const user = requireRealUser(v, LOGIN_FIRST);
    const p = await this.recentPacket(id);
    await this.gates.assertPass(v, p.gallery_id);
    const before = await this.refusal(p, user.id, null);
    if (before === 'end' || before === 'close') {
      const mine = await this.myAmount(p.id, user.id);
      return this.grabAnswer(p, user.id, mine !== null ? 'done' : before, mine, false);
    }
    if (before) return this.grabAnswer(p, user.id, before, null, false);
    const outcome = await this.grabber.grab(grabPacket(p), { id: user.id, openid: user.openid });
    if (outcome.kind === 'won') {
      this.payouts.kick(p.id, outcome.seq);
      return this.grabAnswer(await this.packet(id), user.id, 'done', outcome.amount, true);
    }
    if (outcome.kind === 'already') return this.grabAnswer(p, user.id, 'done', outcome.amount, false);
    // None left: every share is taken (or refunded, once expired).
    const closed = packetStatus(p, this.clock()) === 'close';
    return this.grabAnswer(closed ? p : { ...p, goted: p.number }, user.id, closed ? 'close' : 'end', null, false);
  }

  /** The packet row, read at most once per PACKET_CACHE_MS in this process (the grab burst reads it once, not once per claimer). */
  private recentPacket(id: number): Promise<PacketRow> {
    const hit = this.recent.get(id);
    if (hit && Date.now() - hit.at < PACKET_CACHE_MS) return hit.row;
    const row = this.packet(id);
    if (this.recent.size > 1000) this.recent.clear();
    this.recent.set(id, { row, at: Date.now() });
    row.catch(() => this.recent.delete(id));
    return row;
  }

  private async grabAnswer(p: PacketRow, userId: number, status: GrabResult['status'], amount: number | null, won: boolean): Promise<GrabResult> {
    const mine = amount ?? (status === 'done' ? await this.myAmount(p.id, userId) : null);
    const msg = status === 'wait' ? RED_PACKET_MESSAGES.ASK_WAIT : status === 'forbidden' ? RED_PACKET_MESSAGES.ASK_FORBIDDEN : '';
    return { status, msg, amount: mine, won, packet: presentPacket(p, this.clock(), mine) };
  }

  /** list: the gallery's packets, newest first, with the viewer's status; guests get none. */
  async list(v: Viewer, galleryId: number): Promise<RedPacket[]> {
    await this.galleries.byId(galleryId);
    await this.gates.assertPass(v, galleryId);
    if (v.isGuest || !v.userId) return [];
    const { rows } = await this.db.query<PacketRow & { mine: number | null }>(
      `SELECT p.*, s.amount_cents AS mine FROM red_packets p
       LEFT JOIN red_packet_shares s ON s.packet_id = p.id AND s.user_id = $2 AND s.state = 'taken'
       WHERE p.gallery_id = $1 ORDER BY p.id DESC LIMIT $3`,
      [galleryId, v.userId, RED_PACKET_LIST_SIZE]
    );
    const now = this.clock();
    return rows.map((r) => presentPacket(r, now, r.mine ?? null));
  }

  /** detail: the packet and a page of its recipients, earliest first, with the best-luck mark once every share is taken. */
  async detail(v: Viewer, id: number, page: number): Promise<RedPacketDetail> {
    requireUser(v); // recipients carry openids: visitors with a session only
    const p = await this.packet(id);
    await this.gates.assertPass(v, p.gallery_id);
    return this.detailOf(p, page, v.userId);
  }

  private async detailOf(p: PacketRow, page: number, viewerId: number | null = null): Promise<RedPacketDetail> {
    const size = RED_PACKET_DETAIL_PAGE_SIZE;
    const { rows } = await this.db.query<{ nickname: string | null; photo: string | null; openid: string | null; amount_cents: number; taken_at: number; best: boolean }>(
      `SELECT u.nickname, u.photo, u.openid, s.amount_cents, s.taken_at,
              (s.seq = (SELECT seq FROM red_packet_shares b WHERE b.packet_id = s.packet_id AND b.state = 'taken'
                        ORDER BY b.amount_cents DESC, b.taken_at, b.seq LIMIT 1)) AS best
       FROM red_packet_shares s LEFT JOIN users u ON u.id = s.user_id
       WHERE s.packet_id = $1 AND s.state = 'taken' ORDER BY s.taken_at, s.seq LIMIT $2 OFFSET $3`,
      [p.id, size, (page - 1) * size]
    );
    const complete = p.goted >= p.number;
    const mine = viewerId ? await this.myAmount(p.id, viewerId) : null;
    return {
      packet: presentPacket(p, this.clock(), mine),
      items: rows.map((r) => ({
        nickname: r.nickname ?? '',
        photo: r.photo ?? '',
        openid: r.openid ?? '',
        amount: r.amount_cents,
        best: complete && r.best ? 1 : 0,
        createtime: r.taken_at
      })),
      total: p.goted,
      page,
      page_size: size
    };
  }

  private async packet(id: number): Promise<PacketRow> {
    const { rows } = await this.db.query<PacketRow>('SELECT * FROM red_packets WHERE id = $1', [id]);
    if (!rows.length) throw notFound('Red packet not found');
    return rows[0];
  }

  private async packetOfOrder(orderId: number): Promise<PacketRow | null> {
    const { rows } = await this.db.query<PacketRow>('SELECT * FROM red_packets WHERE order_id = $1', [orderId]);
    return rows[0] ?? null;
  }

  private async ownOrder(userId: number, tradeNo: string): Promise<OrderRow> {
    const { rows } = await this.db.query<OrderRow>(`SELECT * FROM orders WHERE out_trade_no = $1 AND user_id = $2 AND purpose = 'redpacket'`, [tradeNo, userId]);
    if (!rows.length) throw err('TRADE_UNKNOWN', 400, { field: 'tradeid' });
    return rows[0];
  }

  private async myAmount(packetId: number, userId: number): Promise<number | null> {
    const { rows } = await this.db.query<{ amount_cents: number }>(
      `SELECT amount_cents FROM red_packet_shares WHERE packet_id = $1 AND user_id = $2 AND state = 'taken'`,
      [packetId, userId]
    );
    return rows[0]?.amount_cents ?? null;
  }

  private async hasPhone(userId: number, galleryId: number): Promise<boolean> {
    const { rows } = await this.db.query('SELECT 1 FROM red_packet_phones WHERE user_id = $1 AND gallery_id = $2', [userId, galleryId]);
    return rows.length > 0;
  }
}
