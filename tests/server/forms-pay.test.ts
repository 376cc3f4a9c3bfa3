// A form's pay field (form_pay) is paid per verified phone, not per account (issue 14 Deliver 5,
// spec part 2 §5 and part 1 §5 'no payment record for this phone number'; migration 023): the
// order records the phone of the visitor's verification record; another account that verifies
// the same phone sees it paid, another phone of the paying account is not; a phone only claimed
// in a request body counts for nothing; concurrent and repeated requests pay once; orders made
// before migration 023 keep counting for their account.
// A phone is paid once whichever account pays (migration 030): while one account's order for it is
// open another account's prepay is refused (202000), and a second payment that still arrives is
// recorded, refunded whole through the provider, and shown as refunded to its payer.
import crypto from 'node:crypto';
import { BACKENDS, insertGallery, startTestServer, type TestServer } from './helpers';
import { insertGoods, newUser } from './pay-fixture';
import { SandboxSmsProvider } from '../../server/src/providers/sms';
import type { RefundRequest, RefundResult } from '../../server/src/providers/pay/provider';
import { ORDER_TTL_S } from '../../server/src/providers/pay/wechatpay';
import { openPglite, openPostgres, type Db } from '../../server/src/db';
import { listMigrations, migrate } from '../../server/src/db/migrate';
import { FORM_PAY_HANDOVER_S, formPaidOrder } from '../../server/src/services/pay/formOrders';
import { ErrorCode } from '../../types/envelope';

const ORGANISER = 'forms-pay-organiser';

const PAGE = (goodsId: number) => ({
  components: [
    {
      id: 'reg',
      type: 'form',
      props: {
        title: 'Race entry',
        children: [
          { id: 'name', type: 'form_input', props: { field: 'Name', required: true } },
          { id: 'mobile', type: 'form_phone', props: { field: 'Mobile', required: true } },
          { id: 'fee', type: 'form_pay', props: { field: 'Entry fee', required: true, goods_id: goodsId } }
        ]
      }
    }
  ]
});

describe.each(BACKENDS)('form pay per verified phone on %s', (backend) => {
  let s: TestServer;
  let gallery: number;
  let other: number;
  let goods: number;
  const log: string[] = [];
  let ipSeq = 1;
  /** Refunds asked of the sandbox provider; `failNext` makes the next one fail (a provider outage). */
  const refunds: RefundRequest[] = [];
  const refundFaults = { failNext: 0 };
  /** Orders the provider reports paid (a payment whose notification has not arrived), and whether closing fails. */
  const providerPaid = new Map<string, number>();
  const closeFaults = { fail: false };

  beforeAll(async () => {
    s = await startTestServer(backend, { ORGANIZER_TOKEN: ORGANISER }, undefined, (c) => ({
      ...c,
      sms: new SandboxSmsProvider((l) => log.push(l)),
      pay: Object.assign(Object.create(c.pay), {
        query: async (o: { out_trade_no: string }) => {
          const amount = providerPaid.get(o.out_trade_no);
          return amount === undefined ? null : { transaction_id: `TX${o.out_trade_no}`, amount };
        },
        close: async () => {
          if (closeFaults.fail) throw new Error('provider unavailable');
        },
        refunds: {
          refund: async (r: RefundRequest): Promise<RefundResult> => {
            refunds.push(r);
            if (refundFaults.failNext > 0) {
              refundFaults.failNext--;
              throw new Error('provider unavailable');
            }
            return c.pay.refunds!.refund(r);
          }
        }
      })
    }));
    gallery = await insertGallery(s.db, { link_id: 'fpay0001', name: 'Race' });
    other = await insertGallery(s.db, { link_id: 'fpay0002', name: 'Another race' });
    // A good of no gallery, sold by both galleries' forms: a payment counts in the gallery it was made in.
    goods = await insertGoods(s, null, 2500, 'download');
    for (const id of [gallery, other]) {
      const r = await s.app.inject({ method: 'POST', url: `/api/v2/organizer/galleries/${id}/page`, payload: { pagedata: PAGE(goods) }, headers: { authorization: `Bearer ${ORGANISER}` } });
      expect(r.json().code).toBe(200);
    }
  });
  afterAll(() => s.close());

  const post = (url: string, payload: unknown, token: string) =>
    s.app.inject({ method: 'POST', url, payload: payload as object, headers: { authorization: `Bearer ${token}` }, remoteAddress: `10.21.0.${ipSeq}` });
  const lastCode = () => /code (\d{4})$/.exec(log[log.length - 1] ?? '')?.[1];

  /** The SMS flow; answers validateCodeV2's data ({status, phone, country, paid}). */
  async function verify(token: string, phone: string, g = gallery) {
    ipSeq++;
    // Another account (or gallery) verifying the same phone within the minute: a minute has passed, as far as the SMS limit knows.
    await s.db.query('DELETE FROM rate_limits WHERE key = $1', [`sms:phone:${phone}`]);
    expect((await post('/api/common/sendsms', { phone, type: 'form', country: '86', gallery_id: g, action: 'reg' }, token)).json().code).toBe(200);
    const ok = await post('/api/common/validatecode', { phone, country: '86', code: lastCode(), gallery_id: g, action: 'reg' }, token);
    expect(ok.json()).toMatchObject({ code: 200, data: { status: 1, phone, country: '86' } });
    return ok.json().data as { paid: string[] };
  }
  const form = (phone: string, g = gallery) => ({ gallery_id: g, action: 'reg', phone, country: '86' });
  const prepay = (token: string, phone: string, g = gallery) => post('/api/v2/pay/prepay', { goods_id: goods, channel: 'native', form: form(phone, g) }, token);
  const paper = (token: string, phone: string, g = gallery) =>
    post(`/api/v2/policy/records/${g}/paper`, { action: 'reg', parent: 'fpay0001', json_data: { name: 'Li Lei', mobile: { phone, code: '0000', country: '86' } } }, token);
  const confirm = async (orderId: number) => {
    const no = (await s.db.query<{ out_trade_no: string }>('SELECT out_trade_no FROM orders WHERE id = $1', [orderId])).rows[0].out_trade_no;
    return s.app.inject({ method: 'POST', url: `/sandbox/pay/${no}/confirm` });
  };
  const ordersOf = async (userId: number) =>
    (await s.db.query<{ id: number; phone: string | null; status: string; amount_cents: number }>('SELECT id, phone, status, amount_cents FROM orders WHERE user_id = $1 ORDER BY id', [userId])).rows;

  it('paid on account A with phone P: account B verifying P sees it paid, pays nothing and submits; A with another phone is not paid', async () => {
    const a = await newUser(s);
    const b = await newUser(s);
    expect((await verify(a.token, '13900000001')).paid).toEqual([]);
    expect((await paper(a.token, '13900000001')).json()).toMatchObject({ code: ErrorCode.NO_PERMISSION, msg: 'no payment record for this phone number', data: { field: 'fee' } });
    const pre = await prepay(a.token, '13900000001');
    expect(pre.json()).toMatchObject({ code: 200, data: { amount: 2500, status: 0 } });
    expect((await confirm(pre.json().data.id)).statusCode).toBe(200);
    expect(await ordersOf(a.id)).toEqual([{ id: pre.json().data.id, phone: '13900000001', status: 'paid', amount_cents: 2500 }]);
    expect((await paper(a.token, '13900000001')).json().code).toBe(200);

    // B, another account (another device), verifies the same phone: paid, nothing to pay, the submit is accepted.
    expect((await verify(b.token, '13900000001')).paid).toEqual(['fee']);
    expect((await prepay(b.token, '13900000001')).json()).toMatchObject({ code: ErrorCode.ALREADY_PAID, msg: 'This phone number has already paid' });
    expect(await ordersOf(b.id)).toEqual([]);
    expect((await paper(b.token, '13900000001')).json()).toMatchObject({ code: 200, data: { redirect: 'fpay0001' } });

    // A verifies another phone: not paid there; paying it makes a new order for that phone.
    expect((await verify(a.token, '13900000002')).paid).toEqual([]);
    expect((await paper(a.token, '13900000002')).json()).toMatchObject({ code: ErrorCode.NO_PERMISSION, msg: 'no payment record for this phone number' });
    const second = await prepay(a.token, '13900000002');
    expect(second.json()).toMatchObject({ code: 200, data: { status: 0, amount: 2500 } });
    expect(second.json().data.id).not.toBe(pre.json().data.id);
    // A's own paid phone answers its paid order again, status 1.
    expect((await prepay(a.token, '13900000001')).json().data).toMatchObject({ id: pre.json().data.id, status: 1 });

    // The same phone in another gallery's form is not paid there.
    expect((await verify(b.token, '13900000001', other)).paid).toEqual([]);
    expect((await paper(b.token, '13900000001', other)).json().msg).toBe('no payment record for this phone number');
  });

  it('a phone only claimed in the body is not trusted: no order for it, no submit with it', async () => {
    const payer = await newUser(s);
    await verify(payer.token, '13900000011');
    const pre = await prepay(payer.token, '13900000011');
    await confirm(pre.json().data.id);
    const c = await newUser(s);
    // C never verified the phone: the prepay naming it and the submit carrying it are refused.
    expect((await prepay(c.token, '13900000011')).json()).toMatchObject({ code: ErrorCode.NO_PERMISSION, msg: 'Verify the phone number first' });
    expect((await paper(c.token, '13900000011')).json()).toMatchObject({ code: ErrorCode.NO_PERMISSION, msg: 'Verify the phone number first' });
    // Verifying another phone does not let C name the paid one either.
    expect((await verify(c.token, '13900000012')).paid).toEqual([]);
    expect((await prepay(c.token, '13900000011')).json().code).toBe(ErrorCode.NO_PERMISSION);
    // A verification in another gallery's form proves nothing for this one.
    await verify(c.token, '13900000011', other);
    expect((await prepay(c.token, '13900000011')).json().code).toBe(ErrorCode.NO_PERMISSION);
    expect(await ordersOf(c.id)).toEqual([]);
    // A good this form does not sell (unknown or another one), and a form that does not exist.
    expect((await post('/api/v2/pay/prepay', { goods_id: goods + 1000, channel: 'native', form: form('13900000012') }, c.token)).json()).toMatchObject({ code: 400, msg: 'This form has no pay field for this good' });
    const otherGoods = await insertGoods(s, gallery, 100, 'download');
    expect((await post('/api/v2/pay/prepay', { goods_id: otherGoods, channel: 'native', form: form('13900000012') }, c.token)).json()).toMatchObject({ code: 400 });
    expect((await post('/api/v2/pay/prepay', { goods_id: goods, channel: 'native', form: { ...form('13900000012'), action: 'nope' } }, c.token)).json().code).toBe(404);
    // A guest logs in first.
    const guest = await newUser(s, false);
    expect((await prepay(guest.token, '13900000011')).json().code).toBe(401);
    // Once C really verifies it, the phone is paid; the answer names the paid field and nothing of the other account's order.
    expect(await verify(c.token, '13900000011')).toEqual({ status: 1, phone: '13900000011', country: '86', paid: ['fee'] });
    expect((await paper(c.token, '13900000011')).json().code).toBe(200);
  });

  it('concurrent double submits pay once: one order, one settlement, one submission', async () => {
    const d = await newUser(s);
    await verify(d.token, '13900000021');
    const answers = await Promise.all(Array.from({ length: 6 }, () => prepay(d.token, '13900000021')));
    const ids = new Set(answers.map((r) => r.json().data.id));
    expect(answers.map((r) => r.json().code)).toEqual(Array(6).fill(200));
    expect(ids.size).toBe(1);
    const [orderId] = [...ids];
    const confirms = await Promise.all([confirm(orderId), confirm(orderId), confirm(orderId)]);
    expect(confirms.map((r) => r.json().data.result).sort()).toEqual(['already', 'already', 'applied']);
    expect(await ordersOf(d.id)).toEqual([{ id: orderId, phone: '13900000021', status: 'paid', amount_cents: 2500 }]);
    // Repeated after payment: the same paid order, nothing new.
    expect((await prepay(d.token, '13900000021')).json().data).toMatchObject({ id: orderId, status: 1 });
    const submits = await Promise.all([paper(d.token, '13900000021'), paper(d.token, '13900000021'), paper(d.token, '13900000021')]);
    expect(submits.map((r) => r.json().code)).toEqual([200, 200, 200]);
    expect(new Set(submits.map((r) => r.json().data.id)).size).toBe(1);
    const n = await s.db.query<{ n: string }>('SELECT count(*) AS n FROM form_submissions WHERE user_id = $1', [d.id]);
    expect(Number(n.rows[0].n)).toBe(1);
    expect((await ordersOf(d.id)).length).toBe(1);
  });

  const phoneOrders = async (phone: string) =>
    (
      await s.db.query<{ id: number; user_id: number; status: string; refund_state: string | null; refund_no: string | null; out_trade_no: string }>(
        'SELECT id, user_id, status, refund_state, refund_no, out_trade_no FROM orders WHERE phone = $1 ORDER BY id',
        [phone]
      )
    ).rows;
  const charge = (token: string, id: number) => s.app.inject({ method: 'GET', url: `/api/v2/pay/charge?id=${id}`, headers: { authorization: `Bearer ${token}` } });
  /** An order for `userId` as the prepay made them before migration 030 (nothing refused a second account then). */
  const orderMadeBeforeTheFix = async (userId: number, phone: string) =>
    (
      await s.db.query<{ id: number }>(
        `INSERT INTO orders (out_trade_no, user_id, gallery_id, goods_id, amount_cents, photo_ids, provider, created_at, form_id, phone_country, phone)
         VALUES ($1, $2, $3, $4, 2500, '{}', 'sandbox', $5, 'reg', '86', $6) RETURNING id`,
        [`LGOLD${crypto.randomBytes(6).toString('hex')}`, userId, gallery, goods, Math.floor(Date.now() / 1000), phone]
      )
    ).rows[0].id;

  it('two accounts that verified one phone prepay at the same instant: one order; the other account is told 202000 until it is paid, then 200201', async () => {
    const a = await newUser(s);
    const b = await newUser(s);
    await verify(a.token, '13900000051');
    await verify(b.token, '13900000051');
    const tokens = [a.token, b.token, a.token, b.token, a.token, b.token];
    const answers = await Promise.all(tokens.map((tk) => prepay(tk, '13900000051')));
    const orders = await phoneOrders('13900000051');
    expect(orders).toHaveLength(1);
    const winner = orders[0].user_id === a.id ? a.token : b.token;
    tokens.forEach((tk, i) => {
      const body = answers[i].json();
      if (tk === winner) expect(body).toMatchObject({ code: 200, data: { id: orders[0].id, status: 0, amount: 2500 } });
      else {
        expect(answers[i].statusCode).toBe(409);
        expect(body).toMatchObject({ code: ErrorCode.FORM_PAY_BUSY, msg: 'Another account is paying for this phone number' });
        // Until the other account's payment counts as walked away from (FORM_PAY_HANDOVER_S), not the order's 2 h.
        expect(body.data.retry_after).toBeGreaterThan(FORM_PAY_HANDOVER_S - 60);
        expect(body.data.retry_after).toBeLessThanOrEqual(FORM_PAY_HANDOVER_S);
      }
    });
    const loser = winner === a.token ? b.token : a.token;
    expect((await confirm(orders[0].id)).json().data.result).toBe('applied');
    expect((await prepay(loser, '13900000051')).json()).toMatchObject({ code: ErrorCode.ALREADY_PAID });
    expect((await paper(loser, '13900000051')).json().code).toBe(200);
    expect(refunds.filter((r) => r.out_trade_no === orders[0].out_trade_no)).toEqual([]);
  });

  it("another account's expired order does not block a prepay", async () => {
    const a = await newUser(s);
    const b = await newUser(s);
    await verify(a.token, '13900000052');
    await verify(b.token, '13900000052');
    const first = (await prepay(a.token, '13900000052')).json().data.id;
    expect((await prepay(b.token, '13900000052')).json().code).toBe(ErrorCode.FORM_PAY_BUSY);
    await s.db.query('UPDATE orders SET created_at = created_at - $2 WHERE id = $1', [first, ORDER_TTL_S]);
    expect((await prepay(b.token, '13900000052')).json()).toMatchObject({ code: 200, data: { status: 0 } });
  });

  it("another account's payment walked away from: after FORM_PAY_HANDOVER_S the next account's prepay closes it and pays", async () => {
    const a = await newUser(s);
    const b = await newUser(s);
    await verify(a.token, '13900000064');
    await verify(b.token, '13900000064');
    const first = (await prepay(a.token, '13900000064')).json().data.id as number;
    // Four minutes on, A may still be at the cashier.
    await s.db.query('UPDATE orders SET created_at = created_at - 240 WHERE id = $1', [first]);
    const busy = (await prepay(b.token, '13900000064')).json();
    expect(busy.code).toBe(ErrorCode.FORM_PAY_BUSY);
    expect(busy.data.retry_after).toBeGreaterThan(0);
    expect(busy.data.retry_after).toBeLessThanOrEqual(FORM_PAY_HANDOVER_S - 240);
    // Past the handover time: A's order is closed and B gets one of its own.
    await s.db.query('UPDATE orders SET created_at = created_at - $2 WHERE id = $1', [first, FORM_PAY_HANDOVER_S]);
    const mine = (await prepay(b.token, '13900000064')).json();
    expect(mine).toMatchObject({ code: 200, data: { status: 0, amount: 2500 } });
    expect((await phoneOrders('13900000064')).map((o) => [o.user_id, o.status])).toEqual([
      [a.id, 'closed'],
      [b.id, 'created']
    ]);
    // A's closed order cannot be paid any more; A coming back is now the one told to wait.
    expect((await confirm(first)).json().data?.result).not.toBe('applied');
    expect((await prepay(a.token, '13900000064')).json().code).toBe(ErrorCode.FORM_PAY_BUSY);
    expect((await confirm(mine.data.id)).json().data.result).toBe('applied');
    expect((await prepay(a.token, '13900000064')).json().code).toBe(ErrorCode.ALREADY_PAID);
  });

  it('a walked-away order the provider reports paid after all is settled, not closed: the next account is told the phone has paid', async () => {
    const a = await newUser(s);
    const b = await newUser(s);
    await verify(a.token, '13900000065');
    await verify(b.token, '13900000065');
    const first = (await prepay(a.token, '13900000065')).json().data.id as number;
    await s.db.query('UPDATE orders SET created_at = created_at - $2 WHERE id = $1', [first, FORM_PAY_HANDOVER_S + 1]);
    const [row] = await phoneOrders('13900000065');
    providerPaid.set(row.out_trade_no, 2500);
    try {
      expect((await prepay(b.token, '13900000065')).json()).toMatchObject({ code: ErrorCode.ALREADY_PAID, msg: 'This phone number has already paid' });
    } finally {
      providerPaid.delete(row.out_trade_no);
    }
    expect((await phoneOrders('13900000065')).map((o) => [o.user_id, o.status, o.refund_state])).toEqual([[a.id, 'paid', null]]);
  });

  it('a walked-away order the provider cannot close keeps blocking (no second payable order), with a short retry', async () => {
    const a = await newUser(s);
    const b = await newUser(s);
    await verify(a.token, '13900000066');
    await verify(b.token, '13900000066');
    const first = (await prepay(a.token, '13900000066')).json().data.id as number;
    await s.db.query('UPDATE orders SET created_at = created_at - $2 WHERE id = $1', [first, FORM_PAY_HANDOVER_S + 1]);
    closeFaults.fail = true;
    try {
      const busy = (await prepay(b.token, '13900000066')).json();
      expect(busy).toMatchObject({ code: ErrorCode.FORM_PAY_BUSY, data: { retry_after: 30 } });
    } finally {
      closeFaults.fail = false;
    }
    expect((await phoneOrders('13900000066')).map((o) => [o.user_id, o.status])).toEqual([[a.id, 'created']]);
    expect((await prepay(b.token, '13900000066')).json().code).toBe(200);
  });

  it('two payable orders of two accounts for one phone paid at the same instant: one counts, the other is refunded whole and its payer is told', async () => {
    const a = await newUser(s);
    const b = await newUser(s);
    await verify(a.token, '13900000053');
    await verify(b.token, '13900000053');
    const aOrder = (await prepay(a.token, '13900000053')).json().data.id as number;
    const bOrder = await orderMadeBeforeTheFix(b.id, '13900000053');
    const results = await Promise.all([confirm(aOrder), confirm(bOrder)]);
    expect(results.map((r) => r.json().data.result).sort()).toEqual(['applied', 'refunded']);
    const rows = await phoneOrders('13900000053');
    expect(rows.map((o) => o.status)).toEqual(['paid', 'paid']);
    const kept = rows.filter((o) => o.refund_state === null);
    const back = rows.filter((o) => o.refund_state !== null);
    expect(kept).toHaveLength(1);
    expect(back).toEqual([expect.objectContaining({ refund_state: 'done', refund_no: `RP${back[0].out_trade_no}` })]);
    expect(refunds.filter((r) => r.out_trade_no === back[0].out_trade_no)).toEqual([
      { out_trade_no: back[0].out_trade_no, out_refund_no: `RP${back[0].out_trade_no}`, total_cents: 2500, refund_cents: 2500, reason: expect.stringContaining('already paid') }
    ]);
    // The refunded payer: the charge says paid and refunded; paying it again says refunded; the phone is paid all the same.
    const refundedToken = back[0].user_id === a.id ? a.token : b.token;
    expect((await charge(refundedToken, back[0].id)).json()).toMatchObject({ code: 200, data: { status: 1, state: 'paid', refund: 'done' } });
    expect((await charge(refundedToken === a.token ? b.token : a.token, kept[0].id)).json().data).toMatchObject({ status: 1, refund: null });
    const again = await post('/api/v2/pay/usecharge', { id: back[0].id, channel: 'native' }, refundedToken);
    expect(again.json()).toMatchObject({ code: ErrorCode.FORM_PAY_REFUNDED, data: { refund: 'done' } });
    expect((await prepay(refundedToken, '13900000053')).json().code).toBe(ErrorCode.ALREADY_PAID);
    expect((await paper(refundedToken, '13900000053')).json().code).toBe(200);
    // A repeated report of the refunded payment changes nothing and refunds nothing more.
    expect((await confirm(back[0].id)).json().data.result).toBe('already');
    expect(refunds.filter((r) => r.out_trade_no === back[0].out_trade_no)).toHaveLength(1);
  });

  it("one account's two payable orders for one phone (the older one not reused any more) both paid: the second is refunded; a failed refund is retried by the sweep", async () => {
    const a = await newUser(s);
    await verify(a.token, '13900000054');
    const first = (await prepay(a.token, '13900000054')).json().data.id as number;
    // Less than 15 minutes left to pay it: a new prepay makes a new order, the old one still payable.
    await s.db.query('UPDATE orders SET created_at = created_at - $2 WHERE id = $1', [first, ORDER_TTL_S - 10 * 60]);
    const second = (await prepay(a.token, '13900000054')).json().data.id as number;
    expect(second).not.toBe(first);
    expect((await confirm(first)).json().data.result).toBe('applied');
    refundFaults.failNext = 1;
    expect((await confirm(second)).json().data.result).toBe('refunded');
    expect((await phoneOrders('13900000054')).map((o) => [o.id, o.refund_state])).toEqual([
      [first, null],
      [second, 'pending']
    ]);
    expect((await charge(a.token, second)).json().data).toMatchObject({ status: 1, refund: 'pending' });
    // The phone stays paid by the first order meanwhile.
    expect((await prepay(a.token, '13900000054')).json().data).toMatchObject({ id: first, status: 1 });
    await s.services.orders.sweepExpired();
    expect((await phoneOrders('13900000054')).map((o) => o.refund_state)).toEqual([null, 'done']);
    const secondNo = (await phoneOrders('13900000054'))[1].out_trade_no;
    // Asked twice (the failure, then the sweep), both times as the same refund.
    expect(refunds.filter((r) => r.out_trade_no === secondNo).map((r) => r.out_refund_no)).toEqual([`RP${secondNo}`, `RP${secondNo}`]);
  });

  it('a form good paid without a form (the account-level path) is not a payment for a phone', async () => {
    const e = await newUser(s);
    const pre = await post('/api/v2/pay/prepay', { goods_id: goods, channel: 'native' }, e.token);
    await confirm(pre.json().data.id);
    expect((await verify(e.token, '13900000031')).paid).toEqual([]);
    expect((await paper(e.token, '13900000031')).json().msg).toBe('no payment record for this phone number');
  });
});

/** A database of its own for the migration test: in-memory PGlite, or a new schema of TEST_DATABASE_URL. */
async function emptyDb(backend: 'pglite' | 'postgres'): Promise<{ db: Db; close: () => Promise<void> }> {
  if (backend === 'pglite') {
    const db = await openPglite(null);
    return { db, close: () => db.close() };
  }
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = await openPostgres(process.env.TEST_DATABASE_URL!);
  await admin.query(`CREATE SCHEMA ${schema}`);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const db = await openPostgres(url.toString());
  return {
    db,
    close: async () => {
      await db.close();
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.close();
    }
  };
}

describe.each(BACKENDS)('migration 023 on %s', (backend) => {
  it('keeps the form payments made before it counting for their accounts, for any phone; other orders are untouched', async () => {
    const { db, close } = await emptyDb(backend);
    try {
      await migrate(db, listMigrations().filter((m) => m.version < 23));
      const user = async (openid: string) => (await db.query<{ id: number }>('INSERT INTO users (openid, created_at) VALUES ($1, 0) RETURNING id', [openid])).rows[0].id;
      const [payer, stranger] = [await user('o_old_payer'), await user('o_stranger')];
      const g = (await db.query<{ id: number }>(`INSERT INTO galleries (link_id, name, created_at) VALUES ('mig02301', 'Old', 0) RETURNING id`)).rows[0].id;
      const goodsId = (await db.query<{ id: number }>(`INSERT INTO goods (gallery_id, name, price_cents, kind, created_at) VALUES ($1, 'Fee', 990, 'download', 0) RETURNING id`, [g])).rows[0].id;
      const order = async (no: string, photos: string, purpose: string | null) =>
        (
          await db.query<{ id: number }>(
            `INSERT INTO orders (out_trade_no, user_id, gallery_id, goods_id, amount_cents, photo_ids, status, provider, created_at, paid_at, purpose)
             VALUES ($1, $2, $3, $4, 990, $5::int[], 'paid', 'sandbox', 0, 1, $6) RETURNING id`,
            [no, payer, g, goodsId, photos, purpose]
          )
        ).rows[0].id;
      const formOrder = await order('LGOLD1', '{}', null);
      const photoOrder = await order('LGOLD2', '{7}', 'download');
      expect(await migrate(db)).toContain(23);
      const { rows } = await db.query<{ id: number; account_paid_form: boolean; phone: string | null }>('SELECT id, account_paid_form, phone FROM orders ORDER BY id');
      expect(rows).toEqual([
        { id: formOrder, account_paid_form: true, phone: null },
        { id: photoOrder, account_paid_form: false, phone: null }
      ]);
      expect((await formPaidOrder(db, payer, g, goodsId, [{ country: '86', phone: '13900000041' }]))?.id).toBe(formOrder);
      expect(await formPaidOrder(db, stranger, g, goodsId, [{ country: '86', phone: '13900000041' }])).toBeNull();
      // A form order names its form and phone together.
      await expect(
        db.query(`INSERT INTO orders (out_trade_no, user_id, gallery_id, goods_id, amount_cents, provider, created_at, phone) VALUES ('LGBAD1', $1, $2, $3, 990, 'sandbox', 0, '13900000041')`, [payer, g, goodsId])
      ).rejects.toThrow(/orders_form_phone/);
    } finally {
      await close();
    }
  });
});

describe.each(BACKENDS)('migration 030 on %s', (backend) => {
  it('marks every payment after the first for one phone for a refund, and lets no second paid order in', async () => {
    const { db, close } = await emptyDb(backend);
    try {
      await migrate(db, listMigrations().filter((m) => m.version < 30));
      const user = async (openid: string) => (await db.query<{ id: number }>('INSERT INTO users (openid, created_at) VALUES ($1, 0) RETURNING id', [openid])).rows[0].id;
      const [u1, u2, u3] = [await user('o_m30_1'), await user('o_m30_2'), await user('o_m30_3')];
      const g = (await db.query<{ id: number }>(`INSERT INTO galleries (link_id, name, created_at) VALUES ('mig03001', 'Race', 0) RETURNING id`)).rows[0].id;
      const goodsId = (await db.query<{ id: number }>(`INSERT INTO goods (gallery_id, name, price_cents, kind, created_at) VALUES ($1, 'Fee', 990, 'download', 0) RETURNING id`, [g])).rows[0].id;
      const order = async (no: string, userId: number, phone: string, status: string, paidAt: number | null) =>
        (
          await db.query<{ id: number }>(
            `INSERT INTO orders (out_trade_no, user_id, gallery_id, goods_id, amount_cents, photo_ids, status, provider, created_at, paid_at, form_id, phone_country, phone)
             VALUES ($1, $2, $3, $4, 990, '{}', $5, 'sandbox', 0, $6, 'reg', '86', $7) RETURNING id`,
            [no, userId, g, goodsId, status, paidAt, phone]
          )
        ).rows[0].id;
      const second = await order('LGM2', u2, '13900000061', 'paid', 20);
      const first = await order('LGM1', u1, '13900000061', 'paid', 10);
      const third = await order('LGM3', u3, '13900000061', 'paid', 30);
      const otherPhone = await order('LGM4', u1, '13900000062', 'paid', 40);
      const open = await order('LGM5', u2, '13900000062', 'created', null);
      expect(await migrate(db)).toContain(30);
      const { rows } = await db.query<{ id: number; refund_state: string | null; refund_no: string | null }>('SELECT id, refund_state, refund_no FROM orders ORDER BY id');
      expect(rows).toEqual([
        { id: second, refund_state: 'pending', refund_no: 'RPLGM2' },
        { id: first, refund_state: null, refund_no: null },
        { id: third, refund_state: 'pending', refund_no: 'RPLGM3' },
        { id: otherPhone, refund_state: null, refund_no: null },
        { id: open, refund_state: null, refund_no: null }
      ]);
      expect((await formPaidOrder(db, u2, g, goodsId, [{ country: '86', phone: '13900000061' }]))?.id).toBe(first);
      await expect(db.query(`UPDATE orders SET status = 'paid', paid_at = 50 WHERE id = $1`, [open])).rejects.toThrow(/orders_form_phone_paid_once/);
    } finally {
      await close();
    }
  });
});
