// The order page's leftovers (issue 16): the order context (`?from=&from_id=`) kept on the order
// bought from it, and service offers an organiser withdraws (API and CLI): gone from the page,
// refused by prepay with 201900, still paid for their buyers; withdrawing twice changes nothing.
import type { AddressInfo } from 'node:net';
import { BACKENDS, startTestServer, insertGallery, type TestServer } from './helpers';
import { newUser, insertGoods } from './pay-fixture';
import { parseGalleryArgs, runGalleryCommand } from '../../server/src/cli/gallery';
import { OrderPageErrorCode } from '../../types/api/orderPage';

const ORGANISER = 'organiser-order-withdraw';

describe.each(BACKENDS)('order context and withdrawn offers on %s', (backend) => {
  let s: TestServer;
  let server: string;
  let galleryId: number;
  const auth = (tk: string) => ({ authorization: `Bearer ${tk}` });
  const post = (url: string, payload: unknown, tk: string) => s.app.inject({ method: 'POST', url, payload: payload as object, headers: auth(tk) });
  const get = (url: string, tk?: string) => s.app.inject({ method: 'GET', url, headers: tk ? auth(tk) : {} });
  const prepay = (tk: string, body: object) => post('/api/v2/pay/prepay', { channel: 'native', ...body }, tk);
  const confirm = (outTradeNo: string) => s.app.inject({ method: 'POST', url: `/sandbox/pay/${outTradeNo}/confirm` });
  const ordersOf = async (userId: number) =>
    (
      await s.db.query<{ id: number; status: string; from_source: string | null; from_id: string | null }>(
        'SELECT id, status, from_source, from_id FROM orders WHERE user_id = $1 ORDER BY id',
        [userId]
      )
    ).rows;
  const addOffer = async (name: string, price: number) => {
    const r = await post(`/api/v2/organizer/galleries/${galleryId}/goods`, { name, price, kind: 'service' }, ORGANISER);
    expect(r.json().code).toBe(200);
    return (r.json().data.goods as { id: number; name: string }[]).find((g) => g.name === name)!.id;
  };
  const offersSeenBy = async (tk?: string) => ((await get('/api/v2/order/page/ctx00001', tk)).json().data.offers as { id: number; paid: boolean }[]).map((o) => [o.id, o.paid]);
  const cli = async (...args: string[]) => {
    const lines: string[] = [];
    const code = await runGalleryCommand(parseGalleryArgs([...args, '--server', server, '--token', ORGANISER], {}), (l) => lines.push(l));
    return { code, lines };
  };

  beforeAll(async () => {
    s = await startTestServer(backend, { PUBLIC_URL: 'http://ctx.test', ORGANIZER_TOKEN: ORGANISER });
    await s.app.listen({ port: 0, host: '127.0.0.1' });
    server = `http://127.0.0.1:${(s.app.server.address() as AddressInfo).port}`;
    galleryId = await insertGallery(s.db, { link_id: 'ctx00001', name: 'Gala' });
  });
  afterAll(async () => {
    await s?.close();
  });

  it('keeps the order context on the order made from the order page; a bad value is refused and writes nothing', async () => {
    const offer = await addOffer('Prints', 1200);
    const me = await newUser(s);
    for (const [field, value] of [
      ['from', 'x'.repeat(33)],
      ['from', 'a b'],
      ['from', ''],
      ['from', 'café'],
      ['from_id', 'y'.repeat(65)],
      ['from_id', 'o1\u0000'],
      ['from_id', '<script>']
    ] as const) {
      const r = await prepay(me.token, { goods_id: offer, [field]: value });
      expect([r.statusCode, r.json().code]).toEqual([400, 400]);
      expect(r.json().msg).toMatch(new RegExp(`^${field} `));
    }
    expect(await ordersOf(me.id)).toEqual([]);

    const first = await prepay(me.token, { goods_id: offer, link_id: 'ctx00001', from: 'timeline', from_id: 'ord_2026-11.A' });
    expect(first.json()).toMatchObject({ code: 200, data: { status: 0 } });
    const id = first.json().data.id;
    expect(await ordersOf(me.id)).toEqual([{ id, status: 'created', from_source: 'timeline', from_id: 'ord_2026-11.A' }]);
    // The same unpaid order asked for from elsewhere: the latest context; none given: unchanged.
    expect((await prepay(me.token, { goods_id: offer, from: 'chat' })).json().data.id).toBe(id);
    expect(await ordersOf(me.id)).toEqual([{ id, status: 'created', from_source: 'chat', from_id: null }]);
    await prepay(me.token, { goods_id: offer });
    expect(await ordersOf(me.id)).toEqual([{ id, status: 'created', from_source: 'chat', from_id: null }]);
    // Paid: the context it was paid with stays.
    await confirm(first.json().data.out_trade_no);
    expect((await prepay(me.token, { goods_id: offer, from: 'qr', from_id: '9' })).json().data).toMatchObject({ id, status: 1 });
    expect(await ordersOf(me.id)).toEqual([{ id, status: 'paid', from_source: 'chat', from_id: null }]);
    // Without a context: stored as none.
    const other = await newUser(s);
    await prepay(other.token, { goods_id: offer });
    expect(await ordersOf(other.id)).toEqual([expect.objectContaining({ from_source: null, from_id: null })]);
  });

  it('a withdrawn offer leaves the page, takes no payment, and stays paid for its buyers', async () => {
    const offer = await addOffer('Photographer', 50000);
    const [buyer, waiting, late] = [await newUser(s), await newUser(s), await newUser(s)];
    const bought = (await prepay(buyer.token, { goods_id: offer })).json().data;
    await confirm(bought.out_trade_no);
    const pending = (await prepay(waiting.token, { goods_id: offer })).json().data;
    expect(pending.status).toBe(0);

    const withdrawn = await post(`/api/v2/organizer/goods/${offer}/withdraw`, {}, ORGANISER);
    expect(withdrawn.json()).toMatchObject({ code: 200, data: { id: offer, kind: 'service', withdrawn_at: expect.any(Number) } });
    const at = withdrawn.json().data.withdrawn_at;
    // Twice: harmless, the first time stays.
    expect((await post(`/api/v2/organizer/goods/${offer}/withdraw`, {}, ORGANISER)).json().data.withdrawn_at).toBe(at);
    const listed = (await get(`/api/v2/organizer/galleries/${galleryId}/goods`, ORGANISER)).json().data.goods;
    expect(listed.find((g: { id: number }) => g.id === offer)).toMatchObject({ withdrawn_at: at });

    // Gone from the page and the gallery's goods; its buyer still sees it, paid.
    expect(await offersSeenBy(late.token)).not.toContainEqual([offer, false]);
    expect((await offersSeenBy()).map(([id]) => id)).not.toContain(offer);
    expect(await offersSeenBy(buyer.token)).toContainEqual([offer, true]);
    const goods = (await get(`/api/v2/pay/goods?gallery_id=${galleryId}`)).json().data as { id: number }[];
    expect(goods.map((g) => g.id)).not.toContain(offer);

    // No new payment: a new buyer, an order made before, paid again through usecharge.
    const refused = async (r: Awaited<ReturnType<typeof prepay>>) => expect([r.statusCode, r.json().code]).toEqual([410, OrderPageErrorCode.WITHDRAWN]);
    await refused(await prepay(late.token, { goods_id: offer, from: 'chat' }));
    expect(await ordersOf(late.id)).toEqual([]);
    await refused(await prepay(waiting.token, { goods_id: offer }));
    await refused(await prepay(waiting.token, { id: pending.id }));
    await refused(await post('/api/v2/pay/usecharge', { id: pending.id, channel: 'native' }, waiting.token));
    expect((await ordersOf(waiting.id)).map((o) => o.status)).toEqual(['created']);
    // Its buyer: paid, the same order.
    expect((await prepay(buyer.token, { goods_id: offer })).json().data).toMatchObject({ id: bought.id, status: 1 });
    expect((await get(`/api/v2/pay/charge?goods_id=${offer}`, buyer.token)).json().data).toMatchObject({ status: 1 });

    // Offered again: on the page and payable.
    expect((await post(`/api/v2/organizer/goods/${offer}/restore`, {}, ORGANISER)).json().data.withdrawn_at).toBeNull();
    expect(await offersSeenBy(late.token)).toContainEqual([offer, false]);
    expect((await prepay(late.token, { goods_id: offer })).json().data.status).toBe(0);
  });

  it('withdraws service offers only, for the organiser only', async () => {
    const photoGood = await insertGoods(s, galleryId, 300);
    const r = await post(`/api/v2/organizer/goods/${photoGood}/withdraw`, {}, ORGANISER);
    expect([r.statusCode, r.json().code]).toEqual([400, OrderPageErrorCode.NOT_SERVICE]);
    expect((await post(`/api/v2/organizer/goods/${photoGood}/restore`, {}, ORGANISER)).json().code).toBe(OrderPageErrorCode.NOT_SERVICE);
    expect((await post('/api/v2/organizer/goods/2147483647/withdraw', {}, ORGANISER)).statusCode).toBe(404);
    const offer = await addOffer('Album', 9900);
    const visitor = await newUser(s);
    expect((await post(`/api/v2/organizer/goods/${offer}/withdraw`, {}, visitor.token)).statusCode).toBeGreaterThanOrEqual(401);
    expect((await s.db.query('SELECT withdrawn_at FROM goods WHERE id = $1', [offer])).rows[0].withdrawn_at).toBeNull();
  });

  it('the CLI withdraws and restores an offer, and lists it as withdrawn', async () => {
    const offer = await addOffer('Video', 20000);
    const out = await cli('goods', 'withdraw', String(offer));
    expect(out).toEqual({ code: 0, lines: [`Good ${offer}: Video, ¥200.00 (20000 cents), withdrawn`] });
    expect((await cli('goods', 'withdraw', String(offer))).lines).toEqual(out.lines);
    expect((await cli('goods', String(galleryId))).lines.find((l) => l.includes('Video'))).toMatch(/Video {2}\(withdrawn\)$/);
    expect((await cli('goods', 'restore', String(offer))).lines).toEqual([`Good ${offer}: Video, ¥200.00 (20000 cents), on offer`]);
    expect((await cli('goods', String(galleryId))).lines.find((l) => l.includes('Video'))).toMatch(/Video$/);
    expect(() => parseGalleryArgs(['goods', 'withdraw', 'x', '--token', ORGANISER], {})).toThrow('goods id');
  });
});
