/**
 * Paid gifts (issue 15; types/api/comments.ts commentCalls.giftPrecreate): the server prices
 * gift × count in integer cents and opens an order; after the sandbox payment the gift comment
 * is posted with the trade id, checked (paid, the visitor's, this gift, count and amount) and
 * used once, also under concurrent posts. Free gifts and emotions still post directly.
 */
import { BACKENDS, startTestServer, type TestServer } from './helpers';
import { ORGANISER, auth, commentGallery, get, post, visitor } from './comments-fixture';
import { ErrorCode } from '../../types/envelope';
import { GIFT_COUNT_MAX } from '../../types/api/comments';

describe.each(BACKENDS)('paid gifts (%s)', (backend) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(backend, { ORGANIZER_TOKEN: ORGANISER });
  });
  afterAll(async () => {
    await s.close();
  });

  const gift = async (g: number, name: string, price: number, cooldown = 0) =>
    (await post(s, `/api/v2/organizer/galleries/${g}/gifts`, { name, image: `https://cdn.example/${name}.png`, price, cooldown }, auth)).data as { id: number };
  const precreate = (g: number, giftId: number, count: number, headers: Record<string, string>) =>
    post(s, '/api/v2/comments/gift/precreate', { galleryid: g, gift_id: giftId, count, channel: 'native' }, headers);
  const pay = (tradeid: string) => s.app.inject({ method: 'POST', url: `/sandbox/pay/${tradeid}/confirm`, headers: { accept: 'application/json' } });
  const sendGift = (g: number, giftId: number, count: number, tradeid: string | undefined, headers: Record<string, string>) =>
    post(s, '/api/v2/comments/add', { gallery_id: g, type: 'gift', content: JSON.stringify({ id: giftId, count }), ...(tradeid ? { tradeid } : {}) }, headers);
  const giftComments = async (g: number) =>
    Number((await s.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM comments WHERE gallery_id = $1 AND type = 'gift'`, [g])).rows[0].n);

  it('prices gift × count in cents, and after the sandbox payment posts the gift with its unit price', async () => {
    const g = await commentGallery(s);
    const a = await visitor(s, 'Payer');
    const car = await gift(g, 'car', 1999);
    const pre = await precreate(g, car.id, 3, a.headers);
    expect(pre).toMatchObject({ code: 200, data: { amount: 5997, gift_id: car.id, count: 3, provider: 'sandbox' } });
    expect(pre.data.tradeid).toMatch(/^LG/);
    expect(pre.data.sandbox_url).toContain(pre.data.tradeid);
    const charge = await get(s, `/api/v2/pay/charge?id=${pre.data.order_id}`, a.headers);
    expect(charge.data).toMatchObject({ amount: 5997, status: 0 });

    // Unpaid: refused, nothing stored.
    expect(await sendGift(g, car.id, 3, pre.data.tradeid, a.headers)).toMatchObject({ code: ErrorCode.GIFT_TRADE_UNPAID });
    // Without the trade id: a paid gift needs one.
    expect(await sendGift(g, car.id, 3, undefined, a.headers)).toMatchObject({ code: ErrorCode.GIFT_TRADE_REQUIRED, status: 402 });
    expect(await giftComments(g)).toBe(0);

    await pay(pre.data.tradeid);
    expect((await get(s, `/api/v2/pay/charge?id=${pre.data.order_id}`, a.headers)).data.status).toBe(1);
    const sent = await sendGift(g, car.id, 3, pre.data.tradeid, a.headers);
    expect(sent).toMatchObject({ code: 200, data: { type: 'gift', nickname: 'Payer', status: 'shown' } });
    expect(JSON.parse(sent.data.content)).toEqual({ id: car.id, name: 'car', image: 'https://cdn.example/car.png', count: 3, price: 1999 });
    const list = await get(s, `/api/comment/list?galleryid=${g}`);
    expect(list.data.items.map((c: { id: number }) => c.id)).toEqual([sent.data.id]);
  });

  it('refuses another visitor\'s, another gallery\'s, a mismatched or an unknown trade, with nothing created', async () => {
    const g = await commentGallery(s);
    const other = await commentGallery(s);
    const a = await visitor(s);
    const b = await visitor(s, 'Bob');
    const car = await gift(g, 'car', 500);
    const rose = await gift(g, 'rose', 100);
    await gift(other, 'car', 500);
    const pre = await precreate(g, car.id, 2, a.headers);
    await pay(pre.data.tradeid);

    expect(await sendGift(g, car.id, 2, pre.data.tradeid, b.headers)).toMatchObject({ code: ErrorCode.GIFT_TRADE_UNKNOWN });
    expect(await sendGift(g, car.id, 2, 'LGnope', a.headers)).toMatchObject({ code: ErrorCode.GIFT_TRADE_UNKNOWN });
    expect((await post(s, '/api/v2/comments/add', { gallery_id: other, type: 'gift', content: JSON.stringify({ id: car.id, count: 2 }), tradeid: pre.data.tradeid }, a.headers)).code).not.toBe(200);
    // Another count (another amount) or another gift than was paid for.
    expect(await sendGift(g, car.id, 3, pre.data.tradeid, a.headers)).toMatchObject({ code: ErrorCode.GIFT_TRADE_MISMATCH });
    expect(await sendGift(g, rose.id, 2, pre.data.tradeid, a.headers)).toMatchObject({ code: ErrorCode.GIFT_TRADE_MISMATCH });
    // An order whose amount is not unit × count (tampered with) is refused too.
    await s.db.query('UPDATE orders SET amount_cents = 1 WHERE out_trade_no = $1', [pre.data.tradeid]);
    expect(await sendGift(g, car.id, 2, pre.data.tradeid, a.headers)).toMatchObject({ code: ErrorCode.GIFT_TRADE_MISMATCH });
    await s.db.query('UPDATE orders SET amount_cents = 1000 WHERE out_trade_no = $1', [pre.data.tradeid]);
    expect(await giftComments(g)).toBe(0);
    expect(await giftComments(other)).toBe(0);
    // The paid order still sends its gift.
    expect((await sendGift(g, car.id, 2, pre.data.tradeid, a.headers)).code).toBe(200);
  });

  it('refuses precreate of a free gift, a bad count, a guest, a closed or silenced gallery, and a gift in its cooldown', async () => {
    const g = await commentGallery(s);
    const closed = await commentGallery(s, { use_comment: 0 });
    const silenced = await commentGallery(s, { block_all: 1 });
    const a = await visitor(s);
    const guest = await visitor(s, 'Guest', false);
    const free = await gift(g, 'rose', 0);
    const car = await gift(g, 'car', 300, 3600);
    expect(await precreate(g, free.id, 1, a.headers)).toMatchObject({ code: ErrorCode.GIFT_FREE });
    expect((await precreate(g, car.id, 0, a.headers)).code).toBe(400);
    expect((await precreate(g, car.id, GIFT_COUNT_MAX + 1, a.headers)).code).toBe(400);
    expect((await precreate(g, car.id, 1, guest.headers)).code).toBe(401);
    expect((await precreate(g, 999999, 1, a.headers)).code).toBe(404);
    expect(await precreate(closed, (await gift(closed, 'car', 300)).id, 1, a.headers)).toMatchObject({ code: ErrorCode.COMMENT_CLOSED });
    expect(await precreate(silenced, (await gift(silenced, 'car', 300)).id, 1, a.headers)).toMatchObject({ code: ErrorCode.COMMENT_ALL_SILENCED });
    const orders = async () => Number((await s.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM orders WHERE purpose = 'gift' AND user_id = $1`, [a.id])).rows[0].n);
    expect(await orders()).toBe(0);

    // Sent once: the next precreate of it waits for the cooldown (before anything is paid).
    const pre = await precreate(g, car.id, GIFT_COUNT_MAX, a.headers);
    expect(pre.data.amount).toBe(300 * GIFT_COUNT_MAX);
    await pay(pre.data.tradeid);
    expect((await sendGift(g, car.id, GIFT_COUNT_MAX, pre.data.tradeid, a.headers)).code).toBe(200);
    const again = await precreate(g, car.id, 1, a.headers);
    expect(again).toMatchObject({ code: ErrorCode.GIFT_COOLDOWN, status: 429 });
    expect(again.data.retry_after).toBeGreaterThan(3500);
    expect(await orders()).toBe(1);
  });

  it('a replayed post of one trade id answers the same comment and creates nothing; after its deletion the trade id stays used', async () => {
    const g = await commentGallery(s);
    const a = await visitor(s);
    const car = await gift(g, 'car', 800);
    const pre = await precreate(g, car.id, 1, a.headers);
    await pay(pre.data.tradeid);
    const first = await sendGift(g, car.id, 1, pre.data.tradeid, a.headers);
    const again = await sendGift(g, car.id, 1, pre.data.tradeid, a.headers);
    expect(again).toMatchObject({ code: 200, data: { id: first.data.id } });
    // Through the send bar's call too.
    const bar = await post(s, '/api/comment/post', { galleryid: g, type: 'gift', content: JSON.stringify({ id: car.id, count: 1 }), tradeid: pre.data.tradeid }, a.headers);
    expect(bar.data.id).toBe(first.data.id);
    expect(await giftComments(g)).toBe(1);

    expect((await post(s, '/api/v2/comment/del', { id: first.data.id }, a.headers)).code).toBe(200);
    expect(await sendGift(g, car.id, 1, pre.data.tradeid, a.headers)).toMatchObject({ code: ErrorCode.GIFT_TRADE_USED });
    expect(await giftComments(g)).toBe(0);
  });

  it('concurrent posts of one paid trade id make one comment', async () => {
    const g = await commentGallery(s);
    const a = await visitor(s);
    const car = await gift(g, 'car', 250);
    const pre = await precreate(g, car.id, 4, a.headers);
    await pay(pre.data.tradeid);
    const answers = await Promise.all(Array.from({ length: 8 }, () => sendGift(g, car.id, 4, pre.data.tradeid, a.headers)));
    expect(answers.map((r) => r.code)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((r) => r.data.id)).size).toBe(1);
    expect(await giftComments(g)).toBe(1);
  });

  it('refunds a paid gift order not sent within a day (the sweep), after which its trade id sends nothing; a sent one is kept', async () => {
    const g = await commentGallery(s);
    const a = await visitor(s);
    const car = await gift(g, 'car', 300);
    const unsent = await precreate(g, car.id, 2, a.headers);
    const sent = await precreate(g, car.id, 1, a.headers);
    await pay(unsent.data.tradeid);
    await pay(sent.data.tradeid);
    expect((await sendGift(g, car.id, 1, sent.data.tradeid, a.headers)).code).toBe(200);
    const state = async (tradeid: string) =>
      (await s.db.query<{ refund_state: string | null }>('SELECT refund_state FROM orders WHERE out_trade_no = $1', [tradeid])).rows[0].refund_state;
    const now = Math.floor(Date.now() / 1000);
    await s.services.redPacketSweeper.sweep(now + 3600);
    expect(await state(unsent.data.tradeid)).toBeNull();
    await s.services.redPacketSweeper.sweep(now + 24 * 3600 + 60);
    expect(await state(unsent.data.tradeid)).toBe('done');
    expect(await state(sent.data.tradeid)).toBeNull();
    expect(await sendGift(g, car.id, 2, unsent.data.tradeid, a.headers)).toMatchObject({ code: ErrorCode.GIFT_TRADE_REFUNDED });
    expect(await giftComments(g)).toBe(1);
  });

  it('free gifts and emotions still post without paying', async () => {
    const g = await commentGallery(s);
    const a = await visitor(s);
    const rose = await gift(g, 'rose', 0, 60);
    const emo = (await post(s, `/api/v2/organizer/galleries/${g}/emotions`, { name: 'Cats', images: ['https://cdn.example/cat1.gif'] }, auth)).data;
    const sent = await sendGift(g, rose.id, 2, undefined, a.headers);
    expect(JSON.parse(sent.data.content)).toMatchObject({ id: rose.id, count: 2, price: 0 });
    expect(await sendGift(g, rose.id, 1, undefined, a.headers)).toMatchObject({ code: ErrorCode.GIFT_COOLDOWN });
    const e = await post(s, '/api/comment/post', { galleryid: g, type: 'emotion', content: JSON.stringify({ id: emo.id, image: 'https://cdn.example/cat1.gif' }) }, a.headers);
    expect(e).toMatchObject({ code: 200, data: { type: 'emotion' } });
    expect(await s.db.query(`SELECT 1 FROM orders WHERE user_id = $1`, [a.id]).then((r) => r.rows.length)).toBe(0);
  });
});

describe('paid gifts with a provider that cannot refund', () => {
  it('refuses giftPrecreate with 201507 and opens no order (free gifts still post)', async () => {
    const s = await startTestServer('pglite', { ORGANIZER_TOKEN: ORGANISER }, undefined, (c) => ({
      ...c,
      pay: Object.assign(Object.create(c.pay), { refunds: undefined })
    }));
    try {
      const g = await commentGallery(s);
      const a = await visitor(s);
      const add = (name: string, price: number) =>
        post(s, `/api/v2/organizer/galleries/${g}/gifts`, { name, image: '/x.png', price }, auth).then((r) => r.data as { id: number });
      const car = await add('car', 500);
      const rose = await add('rose', 0);
      const pre = await post(s, '/api/v2/comments/gift/precreate', { galleryid: g, gift_id: car.id, count: 1 }, a.headers);
      expect(pre).toMatchObject({ code: ErrorCode.GIFT_NO_REFUNDS, status: 503 });
      expect((await s.db.query(`SELECT 1 FROM orders WHERE purpose = 'gift'`)).rows).toHaveLength(0);
      expect((await post(s, '/api/v2/comments/add', { gallery_id: g, type: 'gift', content: JSON.stringify({ id: rose.id }) }, a.headers)).code).toBe(200);
    } finally {
      await s.close();
    }
  });
});
