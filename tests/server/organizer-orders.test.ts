// The organiser's order list (issue 16, types/api/organizerOrders.ts): a gallery's orders, newest
// first, filtered by status and purpose, paged, with the filter's count and paid sum; the order
// page's context (from, from_id) on the order made from it; bad query values with their own codes;
// the organiser token only; and the CLI's table (`npm run gallery -- orders`).
import type { AddressInfo } from 'node:net';
import { BACKENDS, startTestServer, insertGallery, insertPhotos, type TestServer } from './helpers';
import { newUser, insertGoods } from './pay-fixture';
import { parseGalleryArgs, runGalleryCommand } from '../../server/src/cli/gallery';
import { OrganizerOrdersErrorCode, type OrganizerOrder, type OrganizerOrderList } from '../../types/api/organizerOrders';

const ORGANISER = 'organiser-orders-token';

describe.each(BACKENDS)('the organiser order list on %s', (backend) => {
  let s: TestServer;
  let server: string;
  let gallery: number;
  let otherGallery: number;
  /** The orders made in beforeAll, by name. */
  const made: Record<string, number> = {};
  let buyer: { id: number; token: string };

  const auth = (tk: string) => ({ authorization: `Bearer ${tk}` });
  const post = (url: string, payload: object, tk: string) => s.app.inject({ method: 'POST', url, payload, headers: auth(tk) });
  const list = (query = '', tk: string | null = ORGANISER, id = gallery) =>
    s.app.inject({ method: 'GET', url: `/api/v2/organizer/galleries/${id}/orders${query}`, headers: tk ? auth(tk) : {} });
  const listed = async (query = ''): Promise<OrganizerOrderList> => {
    const r = await list(query);
    expect([r.statusCode, r.json().code]).toEqual([200, 200]);
    return r.json().data;
  };
  const ids = (l: OrganizerOrderList) => l.items.map((o) => o.id);
  const confirm = (outTradeNo: string) => s.app.inject({ method: 'POST', url: `/sandbox/pay/${outTradeNo}/confirm` });
  /** An order row as another flow leaves it (closed, refunded, a red packet): written directly. */
  const insertOrder = async (o: { user: number; galleryId: number; goods: number | null; cents: number; status: string; purpose?: string; refund?: string; at: number }) =>
    (
      await s.db.query<{ id: number }>(
        `INSERT INTO orders (out_trade_no, user_id, gallery_id, goods_id, amount_cents, status, provider, created_at, paid_at, purpose, refund_state)
         VALUES ($1, $2, $3, $4, $5, $6, 'sandbox', $7, $8, $9, $10) RETURNING id`,
        [`T${o.at}${Math.random().toString(36).slice(2, 8)}`, o.user, o.galleryId, o.goods, o.cents, o.status, o.at, o.status === 'paid' ? o.at + 5 : null, o.purpose ?? null, o.refund ?? null]
      )
    ).rows[0].id;

  beforeAll(async () => {
    s = await startTestServer(backend, { PUBLIC_URL: 'http://orders.test', ORGANIZER_TOKEN: ORGANISER });
    await s.app.listen({ port: 0, host: '127.0.0.1' });
    server = `http://127.0.0.1:${(s.app.server.address() as AddressInfo).port}`;
    gallery = await insertGallery(s.db, { link_id: 'ordlist01', name: 'Gala' });
    otherGallery = await insertGallery(s.db, { link_id: 'ordlist02', name: 'Elsewhere' });

    const offer = await post(`/api/v2/organizer/galleries/${gallery}/goods`, { name: 'Prints', price: 1200, kind: 'service' }, ORGANISER);
    const offerId = (offer.json().data.goods as { id: number; name: string }[]).find((g) => g.name === 'Prints')!.id;
    const photoGood = await insertGoods(s, gallery, 300, 'download');
    const photos = await insertPhotos(s.db, gallery, 3);
    buyer = await newUser(s);
    await s.db.query(`UPDATE users SET nickname = 'Lin' WHERE id = $1`, [buyer.id]);
    const [late, other] = [await newUser(s), await newUser(s)];

    // Oldest first: a closed photo order, a refunded red packet (written as those flows leave them).
    made.closed = await insertOrder({ user: other.id, galleryId: gallery, goods: photoGood, cents: 300, status: 'closed', purpose: 'download', at: 1_700_000_000 });
    made.refunded = await insertOrder({ user: other.id, galleryId: gallery, goods: null, cents: 888, status: 'paid', purpose: 'redpacket', refund: 'done', at: 1_700_000_100 });
    // Bought from the order page with its context, and paid.
    const bought = await post('/api/v2/pay/prepay', { goods_id: offerId, link_id: 'ordlist01', channel: 'native', from: 'timeline', from_id: 'ord_2026-11.A' }, buyer.token);
    expect(bought.json().code).toBe(200);
    made.page = bought.json().data.id;
    await confirm(bought.json().data.out_trade_no);
    // Two photos to download, paid.
    const photoOrder = await post('/api/v2/pay/predownimg', { gallery_id: gallery, goods_id: photoGood, link_id: 'ordlist01', imgids: `${photos[0]},${photos[2]}` }, buyer.token);
    expect(photoOrder.json().code).toBe(200);
    made.photos = photoOrder.json().data.id;
    await confirm(photoOrder.json().data.out_trade_no);
    // An unpaid one without a context.
    const pending = await post('/api/v2/pay/prepay', { goods_id: offerId, channel: 'native' }, late.token);
    made.unpaid = pending.json().data.id;
    // Another gallery's order: never listed here.
    const elsewhere = await insertGoods(s, otherGallery, 500, 'service');
    made.elsewhere = (await post('/api/v2/pay/prepay', { goods_id: elsewhere, channel: 'native' }, buyer.token)).json().data.id;
  });
  afterAll(async () => {
    await s?.close();
  });

  it('lists the gallery’s orders newest first, each with its buyer, what it covers and its context', async () => {
    const l = await listed();
    expect(ids(l)).toEqual([made.unpaid, made.photos, made.page, made.refunded, made.closed]);
    expect(l).toMatchObject({ gallery_id: gallery, status: 'all', purpose: null, page: 1, page_size: 20, total: 5, paid_cents: 1200 + 600 });
    const byId = new Map<number, OrganizerOrder>(l.items.map((o) => [o.id, o]));
    const page = byId.get(made.page)!;
    expect(page).toEqual({
      id: made.page,
      out_trade_no: expect.stringMatching(/^LG/),
      purpose: 'service',
      status: 'paid',
      refund: null,
      amount: 1200,
      created_at: expect.any(Number),
      paid_at: expect.any(Number),
      user_id: buyer.id,
      nickname: 'Lin',
      goods_id: expect.any(Number),
      goods_name: 'Prints',
      photo_ids: [],
      form_id: null,
      from: 'timeline',
      from_id: 'ord_2026-11.A'
    });
    const { rows } = await s.db.query<{ out_trade_no: string }>('SELECT out_trade_no FROM orders WHERE id = $1', [made.page]);
    expect(page.out_trade_no).toBe(rows[0].out_trade_no);
    expect(byId.get(made.photos)).toMatchObject({ purpose: 'download', status: 'paid', amount: 600, photo_ids: expect.any(Array), from: null, from_id: null });
    expect(byId.get(made.photos)!.photo_ids).toHaveLength(2);
    expect(byId.get(made.unpaid)).toMatchObject({ status: 'unpaid', paid_at: null, from: null, from_id: null });
    expect(byId.get(made.refunded)).toMatchObject({ purpose: 'redpacket', status: 'refunded', refund: 'done', goods_id: null, goods_name: null, amount: 888 });
    expect(byId.get(made.closed)).toMatchObject({ purpose: 'download', status: 'closed', paid_at: null });
    // The other gallery lists its own.
    const other = (await list('', ORGANISER, otherGallery)).json().data as OrganizerOrderList;
    expect([ids(other), other.total, other.paid_cents]).toEqual([[made.elsewhere], 1, 0]);
  });

  it('filters by status and purpose, with the totals of the filter', async () => {
    const by = async (q: string) => {
      const l = await listed(q);
      return { ids: ids(l), total: l.total, paid: l.paid_cents };
    };
    expect(await by('?status=paid')).toEqual({ ids: [made.photos, made.page], total: 2, paid: 1800 });
    expect(await by('?status=unpaid')).toEqual({ ids: [made.unpaid], total: 1, paid: 0 });
    expect(await by('?status=closed')).toEqual({ ids: [made.closed], total: 1, paid: 0 });
    expect(await by('?status=refunded')).toEqual({ ids: [made.refunded], total: 1, paid: 0 });
    expect(await by('?status=all')).toEqual({ ids: [made.unpaid, made.photos, made.page, made.refunded, made.closed], total: 5, paid: 1800 });
    expect(await by('?purpose=service')).toEqual({ ids: [made.unpaid, made.page], total: 2, paid: 1200 });
    expect(await by('?purpose=download')).toEqual({ ids: [made.photos, made.closed], total: 2, paid: 600 });
    expect(await by('?purpose=download&status=paid')).toEqual({ ids: [made.photos], total: 1, paid: 600 });
    expect(await by('?purpose=gift')).toEqual({ ids: [], total: 0, paid: 0 });
    expect((await listed('?status=paid&purpose=service')).status).toBe('paid');
  });

  it('names a form’s pay order by its purpose, apart from the order page’s offers', async () => {
    const g = await insertGallery(s.db, { link_id: 'ordlist03', name: 'Forms' });
    const good = await insertGoods(s, g, 990, 'service');
    const payer = await newUser(s);
    const form = (
      await s.db.query<{ id: number }>(
        `INSERT INTO orders (out_trade_no, user_id, gallery_id, goods_id, amount_cents, provider, created_at, form_id, phone_country, phone)
         VALUES ('TFORM1', $1, $2, $3, 990, 'sandbox', 1700000200, 'reg', '86', '13800000000') RETURNING id`,
        [payer.id, g, good]
      )
    ).rows[0].id;
    const offer = (await post('/api/v2/pay/prepay', { goods_id: good, channel: 'native' }, payer.token)).json().data.id;
    const of = async (q: string) => ((await list(q, ORGANISER, g)).json().data as OrganizerOrderList).items.map((o) => [o.id, o.purpose, o.form_id]);
    expect(await of('')).toEqual([[offer, 'service', null], [form, 'form', 'reg']]);
    expect(await of('?purpose=form')).toEqual([[form, 'form', 'reg']]);
    expect(await of('?purpose=service')).toEqual([[offer, 'service', null]]);
  });

  it('pages through the list without gaps or repeats', async () => {
    const all = ids(await listed());
    const seen: number[] = [];
    for (let page = 1; page <= 3; page++) {
      const l = await listed(`?page=${page}&page_size=2`);
      expect([l.page, l.page_size, l.total]).toEqual([page, 2, 5]);
      expect(l.items.length).toBe(page < 3 ? 2 : 1);
      seen.push(...ids(l));
    }
    expect(seen).toEqual(all);
    const past = await listed('?page=4&page_size=2');
    expect([past.items, past.total, past.paid_cents]).toEqual([[], 5, 1800]);
  });

  it('refuses bad query values with their own codes', async () => {
    const cases: Array<[string, number, string]> = [
      ['?status=bogus', OrganizerOrdersErrorCode.BAD_STATUS, 'status must be one of unpaid, paid, closed, refunded or all'],
      ['?status=', OrganizerOrdersErrorCode.BAD_STATUS, 'status must be one of unpaid, paid, closed, refunded or all'],
      ['?status=PAID', OrganizerOrdersErrorCode.BAD_STATUS, 'status must be one of unpaid, paid, closed, refunded or all'],
      ['?purpose=tips', OrganizerOrdersErrorCode.BAD_PURPOSE, 'purpose must be one of remove_watermark, download, service, form, redpacket, gift'],
      ['?page=0', OrganizerOrdersErrorCode.BAD_PAGE, 'page must be a whole number from 1 to 100000'],
      ['?page=-1', OrganizerOrdersErrorCode.BAD_PAGE, 'page must be a whole number from 1 to 100000'],
      ['?page=abc', OrganizerOrdersErrorCode.BAD_PAGE, 'page must be a whole number from 1 to 100000'],
      ['?page=1e3', OrganizerOrdersErrorCode.BAD_PAGE, 'page must be a whole number from 1 to 100000'],
      ['?page=100001', OrganizerOrdersErrorCode.BAD_PAGE, 'page must be a whole number from 1 to 100000'],
      ['?page_size=0', OrganizerOrdersErrorCode.BAD_PAGE_SIZE, 'page_size must be a whole number from 1 to 100'],
      ['?page_size=101', OrganizerOrdersErrorCode.BAD_PAGE_SIZE, 'page_size must be a whole number from 1 to 100']
    ];
    for (const [q, code, msg] of cases) {
      const r = await list(q);
      expect({ q, status: r.statusCode, body: r.json() }).toEqual({ q, status: 400, body: { code, data: null, msg } });
    }
  });

  it('answers the organiser only, and only for a gallery of this server', async () => {
    const visitor = await newUser(s);
    const refused = async (r: Awaited<ReturnType<typeof list>>, status: number) => {
      expect([r.statusCode, r.json().code, r.json().data]).toEqual([status, status, null]);
    };
    await refused(await list('', null), 401);
    await refused(await list('', visitor.token), 403);
    // Another organiser's token (another server's): refused before the query is looked at.
    await refused(await list('', 'organiser-of-another-event'), 403);
    await refused(await list('?status=bogus', 'organiser-of-another-event'), 403);
    await refused(await list('', 'organiser-of-another-event', otherGallery), 403);
    // No such gallery here.
    await refused(await list('', ORGANISER, 2_147_483_647), 404);
  });

  it('the CLI prints the orders as a table with the count and paid sum', async () => {
    const cli = async (...args: string[]) => {
      const lines: string[] = [];
      const code = await runGalleryCommand(parseGalleryArgs([...args, '--server', server, '--token', ORGANISER], {}), (l) => lines.push(l));
      return { code, lines };
    };
    const paid = await cli('orders', 'ordlist01', '--status', 'paid');
    expect(paid.code).toBe(0);
    expect(paid.lines[0]).toMatch(/^ID\s+CREATED\s+PAID\s+STATUS\s+PURPOSE\s+AMOUNT\s+BUYER\s+COVERS\s+FROM\s+TRADE NO$/);
    expect(paid.lines).toHaveLength(4);
    expect(paid.lines[1]).toMatch(new RegExp(`^${made.photos}\\s.*\\spaid\\s+download\\s+¥6\\.00\\s+${buyer.id} Lin\\s+goods \\d+ \\(Remove watermark\\); photos \\d+,\\d+\\s+-\\s+LG`));
    expect(paid.lines[2]).toMatch(new RegExp(`^${made.page}\\s.*\\spaid\\s+service\\s+¥12\\.00\\s+${buyer.id} Lin\\s+goods \\d+ \\(Prints\\)\\s+timeline/ord_2026-11\\.A\\s+LG`));
    expect(paid.lines[3]).toBe('2 orders (paid), paid ¥18.00 (1800 cents); page 1 of 1, 20 a page');

    const refunded = await cli('orders', String(gallery), '--status', 'refunded');
    expect(refunded.lines[1]).toMatch(/\srefunded \(done\)\s+redpacket\s+¥8\.88\s/);
    expect((await cli('orders', 'ordlist01', '--purpose', 'gift')).lines).toEqual([`No orders in gallery ${gallery} (gift).`, '0 orders (gift), paid ¥0.00 (0 cents)']);
    expect((await cli('orders', 'ordlist01', '--page', '2', '--page-size', '3')).lines.at(-1)).toBe('5 orders, paid ¥18.00 (1800 cents); page 2 of 2, 3 a page');
    expect(() => parseGalleryArgs(['orders', 'ordlist01', '--status', 'done', '--token', ORGANISER], {})).toThrow('--status must be one of unpaid, paid, closed, refunded or all');
    expect(() => parseGalleryArgs(['orders', '--status', 'paid', '--token', ORGANISER], {})).toThrow(/gallery id or link is needed/);
    await expect(cli('orders', '2147483647')).rejects.toThrow(/Gallery 2147483647 not found/);
  });
});
