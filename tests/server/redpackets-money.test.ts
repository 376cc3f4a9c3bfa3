/**
 * Red packet money after the grab (issue 15 Deliver 4): shares nobody took are refunded through
 * the payment provider 24 hours after posting (the clock moved, not waited for), once, and a
 * refund the provider failed is asked again as the same refund; payouts to winners are recorded
 * with their state and retried safely (same out_batch_no / out_detail_no, never paid twice).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { openPglite, type Db } from '../../server/src/db';
import { LocalStore } from '../../server/src/storage';
import { createProviders } from '../../server/src/providers';
import type { PaymentProvider, RefundRequest } from '../../server/src/providers/pay/provider';
import type { PayoutProvider, PayoutRequest, PayoutResult } from '../../server/src/providers/payout';
import type { Services } from '../../server/src/services';
import { bulkUsers, packetGallery, paidTrade, rp, sendPacket, type RpUser } from './redpacket-fixture';
import { RedPacketError } from '../../types/api/redpackets';
import type { LiveMessage } from '../../types/live';

jest.setTimeout(120_000);

const DAY = 24 * 3600;

/** A payout provider that can fail on cue: before accepting (nothing sent) or after (sent, answer lost), or answer 'processing'. */
class FlakyPayouts implements PayoutProvider {
  readonly name = 'flaky';
  accepted = new Map<string, PayoutRequest>();
  calls: Array<{ op: 'send' | 'status'; req: PayoutRequest }> = [];
  mode: 'ok' | 'down' | 'lostAnswer' | 'processing' = 'ok';
  settled = true;

  async send(req: PayoutRequest): Promise<PayoutResult> {
    this.calls.push({ op: 'send', req });
    if (this.mode === 'down') throw new Error('connect ECONNREFUSED');
    this.accepted.set(req.out_detail_no, req);
    if (this.mode === 'lostAnswer') throw new Error('socket hang up');
    return { state: this.mode === 'processing' ? 'processing' : 'success' };
  }

  async status(req: PayoutRequest): Promise<PayoutResult | null> {
    this.calls.push({ op: 'status', req });
    if (!this.accepted.has(req.out_detail_no)) return null;
    return { state: this.settled ? 'success' : 'processing' };
  }

  sends(detailNo: string) {
    return this.calls.filter((c) => c.op === 'send' && c.req.out_detail_no === detailNo).length;
  }
}

describe('red packet refunds and payouts (PGlite, the clock moved)', () => {
  let app: FastifyInstance;
  let services: Services;
  let db: Db;
  let dataDir: string;
  let t = Math.floor(Date.now() / 1000);
  const refunds: RefundRequest[] = [];
  let refundFails = false;
  const payouts = new FlakyPayouts();
  let gallery: number;
  let sender: RpUser;
  let users: RpUser[];

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rp-money-'));
    db = await openPglite(null);
    const config = loadConfig({ DATA_DIR: dataDir, H5_DIR: path.join(dataDir, 'no-h5') });
    const configured = createProviders(config, () => undefined);
    const sandbox = configured.pay;
    // The sandbox provider, its refunds watched (and failed on cue).
    const pay: PaymentProvider = Object.assign(Object.create(sandbox), {
      refunds: {
        refund: async (r: RefundRequest) => {
          refunds.push(r);
          if (refundFails) throw new Error('refund service unavailable');
          return sandbox.refunds!.refund(r);
        }
      }
    });
    ({ app, services } = await buildApp({ config, db, store: new LocalStore(path.join(dataDir, 'objects')), providers: { ...configured, pay, payout: payouts }, clock: () => t }));
    await app.ready();
    gallery = await packetGallery(db);
    [sender, ...users] = await bulkUsers(db, 12);
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** Waits until the background payout kicked by a grab has been tried (no time is asserted). */
  const tried = async (packetId: number, n: number) => {
    for (let i = 0; i < 500; i++) {
      const { rows } = await db.query<{ n: number }>('SELECT count(*) AS n FROM red_packet_payouts WHERE packet_id = $1 AND attempts > 0 AND locked_until IS NULL', [packetId]);
      if (rows[0].n >= n) return;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error('the payout was never tried');
  };

  it('refunds the shares nobody took 24 hours after posting, once, through the provider', async () => {
    const p = await sendPacket(app, sender.token, gallery, { amount: '10', number: '10', type: 'normal' });
    for (const u of users.slice(0, 3)) expect((await rp(app, 'POST', '/api/v3/redpackage/get', u.token, { id: p.id })).data.won).toBe(true);

    const early = await services.redPacketSweeper.sweep(t + DAY - 60);
    expect(early).toMatchObject({ refunded: 0, refunds_pending: 0 });
    expect(refunds).toHaveLength(0);

    t += DAY; // the clock moves past the packet's 24 hours
    const ask = await rp(app, 'POST', '/api/v3/redpackage/ask', users[3].token, { id: p.id });
    expect([ask.data.status, ask.data.packet.status, ask.data.detail.total]).toEqual(['close', 'close', 3]);
    const late = await rp(app, 'POST', '/api/v3/redpackage/get', users[3].token, { id: p.id });
    expect([late.data.status, late.data.won]).toEqual(['close', false]);

    const report = await services.redPacketSweeper.sweep();
    expect(report).toMatchObject({ refunded: 1, refunded_cents: 700, refunds_pending: 0 });
    expect(refunds).toEqual([
      { out_trade_no: p.tradeid, out_refund_no: `RF${p.tradeid}`, total_cents: 1000, refund_cents: 700, reason: expect.any(String) }
    ]);
    const { rows } = await db.query<{ state: string; n: number; sum: number }>(
      'SELECT state, count(*) AS n, sum(amount_cents) AS sum FROM red_packet_shares WHERE packet_id = $1 GROUP BY state ORDER BY state',
      [p.id]
    );
    expect(rows).toEqual([{ state: 'refunded', n: 7, sum: 700 }, { state: 'taken', n: 3, sum: 300 }]);
    const packet = await db.query('SELECT refund_state, refund_cents, got_cents FROM red_packets WHERE id = $1', [p.id]);
    expect(packet.rows[0]).toEqual({ refund_state: 'done', refund_cents: 700, got_cents: 300 });

    await services.redPacketSweeper.sweep(t + DAY);
    expect(refunds).toHaveLength(1);
    expect((await rp(app, 'POST', '/api/v3/redpackage/get', users[4].token, { id: p.id })).data.status).toBe('close');
  });

  it('a refund the provider failed is asked again later as the same refund; a fully taken packet refunds nothing', async () => {
    refunds.length = 0;
    const p = await sendPacket(app, sender.token, gallery, { amount: '5', number: '5', type: 'luck' });
    const full = await sendPacket(app, sender.token, gallery, { amount: '2', number: '2', type: 'luck' });
    const got = (await rp(app, 'POST', '/api/v3/redpackage/get', users[0].token, { id: p.id })).data.amount;
    for (const u of users.slice(0, 2)) await rp(app, 'POST', '/api/v3/redpackage/get', u.token, { id: full.id });
    t += DAY;
    refundFails = true;
    const failed = await services.redPacketSweeper.sweep();
    expect(failed.refunds_pending).toBe(1);
    const pending = await db.query('SELECT refund_state, refund_cents, refund_error FROM red_packets WHERE id = $1', [p.id]);
    expect(pending.rows[0]).toEqual({ refund_state: 'pending', refund_cents: 500 - got, refund_error: 'refund service unavailable' });
    expect((await db.query('SELECT refund_state FROM red_packets WHERE id = $1', [full.id])).rows[0]).toEqual({ refund_state: 'none' });

    refundFails = false;
    const retried = await services.redPacketSweeper.sweep();
    expect(retried).toMatchObject({ refunded: 1, refunded_cents: 500 - got, refunds_pending: 0 });
    expect(refunds.map((r) => [r.out_refund_no, r.refund_cents])).toEqual([
      [`RF${p.tradeid}`, 500 - got],
      [`RF${p.tradeid}`, 500 - got]
    ]);
  });

  it('a target-time packet: its notice at creation, wait until posttime, then posted by the sweep', async () => {
    const seen: LiveMessage[] = [];
    const stop = services.bus.subscribe((m) => seen.push(m));
    const tradeid = await paidTrade(app, sender.token, gallery, '3');
    const at = t + 600;
    const made = await rp(app, 'POST', '/api/v2/redpackage/create', sender.token, {
      number: '3', amount: '3', type: 'normal', tradeid, galleryid: gallery, posttime: at, notice: 'At the toast', noticestep: 300
    });
    expect(made.data.packet).toMatchObject({ posttype: 'target', posttime: at, status: 'wait', notice: 'At the toast', noticestep: 300 });
    const ask = await rp(app, 'POST', '/api/v3/redpackage/ask', users[8].token, { id: made.data.packet.id });
    expect([ask.data.status, ask.data.msg]).toEqual(['wait', 'Red packet status exception']);
    expect((await rp(app, 'POST', '/api/v3/redpackage/get', users[8].token, { id: made.data.packet.id })).data).toMatchObject({ status: 'wait', won: false });
    expect((await services.redPacketSweeper.sweep(at - 1)).announced).toBe(0);
    t = at;
    expect((await services.redPacketSweeper.sweep()).announced).toBe(1);
    expect((await services.redPacketSweeper.sweep()).announced).toBe(0);
    await new Promise((r) => setImmediate(r));
    stop();
    const posts = seen.filter((m) => m.type === 'redpackage' && (m.data as { id: number }).id === made.data.packet.id);
    expect(posts).toHaveLength(2);
    expect((await rp(app, 'POST', '/api/v3/redpackage/ask', users[8].token, { id: made.data.packet.id })).data.status).toBe('welcome');
    const next = { number: '1', amount: '1', type: 'normal', tradeid: await paidTrade(app, sender.token, gallery, '1'), galleryid: gallery };
    expect((await rp(app, 'POST', '/api/v2/redpackage/create', sender.token, { ...next, posttime: t + DAY + 10 })).code).toBe(RedPacketError.POSTTIME_INVALID);
    expect((await rp(app, 'POST', '/api/v2/redpackage/create', sender.token, { ...next, posttime: t + DAY })).code).toBe(200);
  });

  it('a paid order never made a packet is refunded whole 24 hours after payment, and cannot be made one after', async () => {
    refunds.length = 0;
    const tradeid = await paidTrade(app, sender.token, gallery, '7.5');
    const { rows } = await db.query<{ paid_at: number }>('SELECT paid_at FROM orders WHERE out_trade_no = $1', [tradeid]);
    const paidAt = rows[0].paid_at;
    expect((await services.redPacketSweeper.sweep(paidAt + DAY - 1)).orders_refunded).toBe(0);
    expect(refunds).toHaveLength(0);
    const report = await services.redPacketSweeper.sweep(paidAt + DAY);
    expect(report).toMatchObject({ orders_refunded: 1, refunded_cents: 750 });
    expect(refunds.map((r) => [r.out_trade_no, r.out_refund_no, r.refund_cents, r.total_cents])).toEqual([[tradeid, `RO${tradeid}`, 750, 750]]);
    expect((await services.redPacketSweeper.sweep(paidAt + DAY)).orders_refunded).toBe(0);
    const late = await rp(app, 'POST', '/api/v2/redpackage/create', sender.token, { number: '3', amount: '7.5', type: 'luck', tradeid, galleryid: gallery });
    expect([late.status, late.code]).toEqual([400, RedPacketError.TRADE_REFUNDED]);
    expect((await db.query('SELECT count(*) AS n FROM red_packets WHERE trade_no = $1', [tradeid])).rows[0]).toEqual({ n: 0 });
  });

  it('payouts: recorded per share, retried under the same numbers, never paid twice', async () => {
    // 1. The provider took the transfer but its answer was lost: the retry asks first and finds it paid.
    payouts.mode = 'lostAnswer';
    const p = await sendPacket(app, sender.token, gallery, { amount: '4', number: '4', type: 'normal' });
    await rp(app, 'POST', '/api/v3/redpackage/get', users[5].token, { id: p.id });
    await tried(p.id, 1);
    const [first] = (await db.query<{ id: number; state: string; out_batch_no: string; out_detail_no: string; last_error: string; next_try_at: number; openid: string; amount_cents: number }>(
      'SELECT * FROM red_packet_payouts WHERE packet_id = $1', [p.id]
    )).rows;
    expect(first).toMatchObject({ state: 'pending', last_error: 'socket hang up', openid: users[5].openid, amount_cents: 100 });
    expect(first.out_batch_no).toMatch(/^RPB[0-9a-f]{24}$/);
    expect(first.out_detail_no).toMatch(/^RPD[0-9a-f]{24}$/);
    expect(await services.redPacketPayouts.processDue(t)).toBe(0); // not due before its backoff
    payouts.mode = 'ok';
    t = first.next_try_at;
    await Promise.all([services.redPacketPayouts.processDue(t), services.redPacketPayouts.processDue(t), services.redPacketPayouts.processDue(t)]);
    expect((await db.query('SELECT state, attempts FROM red_packet_payouts WHERE id = $1', [first.id])).rows[0]).toEqual({ state: 'success', attempts: 2 });
    expect(payouts.sends(first.out_detail_no)).toBe(1);
    expect(payouts.calls.filter((c) => c.req.out_detail_no === first.out_detail_no).every((c) => c.req.out_batch_no === first.out_batch_no)).toBe(true);

    // 2. The provider was down (nothing sent): the retry finds nothing there and sends it, once.
    payouts.mode = 'down';
    await rp(app, 'POST', '/api/v3/redpackage/get', users[6].token, { id: p.id });
    await tried(p.id, 2);
    const second = (await db.query<{ id: number; out_detail_no: string; next_try_at: number; state: string }>(
      'SELECT id, out_detail_no, next_try_at, state FROM red_packet_payouts WHERE packet_id = $1 AND user_id = $2', [p.id, users[6].id]
    )).rows[0];
    expect(second.state).toBe('pending');
    expect(payouts.accepted.has(second.out_detail_no)).toBe(false);
    payouts.mode = 'ok';
    t = second.next_try_at;
    await Promise.all([services.redPacketPayouts.processDue(t), services.redPacketPayouts.processDue(t)]);
    expect((await db.query('SELECT state FROM red_packet_payouts WHERE id = $1', [second.id])).rows[0]).toEqual({ state: 'success' });
    expect(payouts.accepted.has(second.out_detail_no)).toBe(true);

    // 3. Accepted and still moving: 'processing', then the query says success.
    payouts.mode = 'processing';
    payouts.settled = false;
    await rp(app, 'POST', '/api/v3/redpackage/get', users[7].token, { id: p.id });
    await tried(p.id, 3);
    const third = (await db.query<{ id: number; out_detail_no: string; next_try_at: number; state: string }>(
      'SELECT id, out_detail_no, next_try_at, state FROM red_packet_payouts WHERE packet_id = $1 AND user_id = $2', [p.id, users[7].id]
    )).rows[0];
    expect(third.state).toBe('processing');
    payouts.settled = true;
    t = third.next_try_at;
    await services.redPacketSweeper.sweep(t);
    expect((await db.query('SELECT state FROM red_packet_payouts WHERE id = $1', [third.id])).rows[0]).toEqual({ state: 'success' });
    expect(payouts.sends(third.out_detail_no)).toBe(1);
  });
});
