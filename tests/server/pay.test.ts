// Payment through the sandbox provider: orders priced by the server only, guests refused,
// already-paid ids answered with 200201, and the whole sandbox flow end to end.
import { BACKENDS, startTestServer, insertGallery, insertPhotos, type TestServer } from './helpers';
import { insertGoods, newUser, signedNotification } from './pay-fixture';

describe.each(BACKENDS)('payment (sandbox) on %s', (backend) => {
  let s: TestServer;
  let galleryId: number;
  let goodsId: number;
  let downloadGoods: number;
  let photos: number[];
  let user: { id: number; token: string };
  let other: { id: number; token: string };
  let guest: { id: number; token: string };

  const auth = (tk: string) => ({ authorization: `Bearer ${tk}` });
  const post = (url: string, payload: unknown, tk = user.token) => s.app.inject({ method: 'POST', url, payload: payload as object, headers: auth(tk) });
  const get = (url: string, tk = user.token) => s.app.inject({ method: 'GET', url, headers: auth(tk) });

  beforeAll(async () => {
    s = await startTestServer(backend, { PUBLIC_URL: 'http://pay.test' });
    galleryId = await insertGallery(s.db, { link_id: 'paysb001' });
    goodsId = await insertGoods(s, galleryId, 100);
    downloadGoods = await insertGoods(s, galleryId, 500, 'download');
    await s.db.query('UPDATE galleries SET is_pay_down = $2 WHERE id = $1', [galleryId, goodsId]);
    photos = await insertPhotos(s.db, galleryId, 7);
    user = await newUser(s);
    other = await newUser(s);
    guest = await newUser(s, false);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('lists the gallery goods with prices in cents', async () => {
    const list = (await get(`/api/v2/pay/goods?gallery_id=${galleryId}`)).json();
    expect(list.data).toEqual([
      { id: goodsId, gallery_id: galleryId, name: 'Remove watermark', price: 100, kind: 'remove_watermark' },
      expect.objectContaining({ id: downloadGoods, price: 500, kind: 'download' })
    ]);
    expect((await get(`/api/v2/pay/goods?id=${goodsId}`)).json().data.price).toBe(100);
  });

  it('refuses guests and visitors without a session', async () => {
    const payload = { gallery_id: galleryId, goods_id: goodsId, link_id: 'paysb001', imgids: [photos[0]] };
    const asGuest = await post('/api/v2/pay/predownimg', payload, guest.token);
    expect(asGuest.statusCode).toBe(401);
    expect(asGuest.json().code).toBe(401);
    expect((await s.app.inject({ method: 'POST', url: '/api/v2/pay/predownimg', payload })).statusCode).toBe(401);
    expect((await post('/api/v2/pay/prepay', { goods_id: goodsId, channel: 'native' }, guest.token)).statusCode).toBe(401);
    expect((await s.db.query('SELECT 1 FROM orders WHERE user_id = $1', [guest.id])).rows).toHaveLength(0);
  });

  it('ignores client-sent prices, paid flags and owner fields', async () => {
    const res = await post('/api/v2/pay/predownimg', {
      gallery_id: galleryId, goods_id: goodsId, link_id: 'paysb001', imgids: `${photos[0]},${photos[1]}`,
      price: 1, amount: 1, amount_cents: 1, total: 1, paid: true, status: 1, user_id: other.id, openid: 'someone'
    });
    expect(res.json()).toMatchObject({ code: 200, data: { amount: 200, status: 0, state: 'created', photo_ids: [photos[0], photos[1]] } });
    const row = (await s.db.query<{ user_id: number; amount_cents: number; status: string }>('SELECT user_id, amount_cents, status FROM orders WHERE id = $1', [res.json().data.id])).rows[0];
    expect(row).toEqual({ user_id: user.id, amount_cents: 200, status: 'created' });
    // The same request again reuses the pending order instead of making another.
    const again = await post('/api/v2/pay/predownimg', { gallery_id: galleryId, goods_id: goodsId, imgids: [photos[1], photos[0]] });
    expect(again.json().data.id).toBe(res.json().data.id);
    // Someone else's charge is not theirs to see or pay.
    expect((await get(`/api/v2/pay/charge?id=${res.json().data.id}`, other.token)).statusCode).toBe(404);
    expect((await post('/api/v2/pay/prepay', { id: res.json().data.id, channel: 'native' }, other.token)).statusCode).toBe(404);
  });

  it('refuses photos of another gallery, a good of the wrong kind, and bad channels', async () => {
    const elsewhere = await insertGallery(s.db, { link_id: 'paysb002' });
    const [foreign] = await insertPhotos(s.db, elsewhere, 1);
    expect((await post('/api/v2/pay/predownimg', { gallery_id: galleryId, goods_id: goodsId, imgids: [foreign] })).statusCode).toBe(404);
    expect((await post('/api/v2/pay/paytoimage', { gallery_id: galleryId, goods_id: downloadGoods, imgids: [photos[2]] })).statusCode).toBe(400);
    expect((await post('/api/v2/pay/predownimg', { gallery_id: galleryId, goods_id: goodsId, imgids: [] })).statusCode).toBe(400);
    expect((await post('/api/v2/pay/prepay', { goods_id: goodsId, channel: 'alipay' })).statusCode).toBe(400);
  });

  it('pays end to end in the sandbox: predownimg → native prepay → sandbox page → getCharge 1 → payedimages', async () => {
    const order = (await post('/api/v2/pay/paytoimage', { gallery_id: galleryId, goods_id: goodsId, link_id: 'paysb001', imgids: [photos[3], photos[4]] })).json().data;
    expect(order.amount).toBe(200);
    const pre = (await post('/api/v2/pay/prepay', { id: order.id, channel: 'native' })).json();
    expect(pre).toMatchObject({ code: 200, data: { provider: 'sandbox', status: 0, code_url: `http://pay.test/sandbox/pay/${order.out_trade_no}` } });
    const jsapi = (await post('/api/v2/pay/usecharge', { id: order.id, channel: 'jsapi' })).json().data;
    expect(jsapi.jsapi.package).toMatch(/^prepay_id=sandbox_/);

    const page = await s.app.inject({ method: 'GET', url: `/sandbox/pay/${order.out_trade_no}` });
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('Sandbox payment — no money moves');
    expect(page.body).toContain('¥2.00');
    expect(page.body).toMatch(/<button[^>]*>Pay/);
    expect((await get(`/api/v2/pay/charge?id=${order.id}`)).json().data.status).toBe(0);

    // The page's form post (urlencoded, no session needed: a phone scanned the QR).
    const confirm = await s.app.inject({
      method: 'POST', url: `/sandbox/pay/${order.out_trade_no}/confirm`, payload: '', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' }
    });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.body).toContain('Paid');
    const twice = await s.app.inject({ method: 'POST', url: `/sandbox/pay/${order.out_trade_no}/confirm` });
    expect(twice.json()).toMatchObject({ code: 200, data: { status: 1, result: 'already' } });

    expect((await get(`/api/v2/pay/charge?id=${order.id}`)).json().data).toMatchObject({ status: 1, state: 'paid' });
    expect((await get(`/api/v2/pay/charge?goods_id=${goodsId}`)).json().data.status).toBe(1);
    const paid = (await get('/api/v2/user/payedimages?page=1&page_size=30')).json().data;
    expect(paid).toMatchObject({ total: 2, page: 1, page_size: 30 });
    expect(paid.items.map((i: { id: number }) => i.id).sort()).toEqual([photos[3], photos[4]].sort());
    const down = (await get(`/api/v2/pay/getdownimglist?page=1&gallery_id=${galleryId}`)).json().data;
    expect(down).toMatchObject({ total: 2, is_pay_down: goodsId });
    expect((await get('/api/v2/user/payedimages?page=1', other.token)).json().data.total).toBe(0);
    // Paying again is "check": nothing left to pay.
    expect((await post('/api/v2/pay/prepay', { id: order.id, channel: 'native' })).json().data.status).toBe(1);
  });

  it('titles the sandbox page by what is bought: a download, or the watermark removed; one order for the same photos either way', async () => {
    const titleOf = async (no: string) => {
      const body = (await s.app.inject({ method: 'GET', url: `/sandbox/pay/${no}` })).body;
      return { title: /<title>([^<]*)<\/title>/.exec(body)?.[1] ?? '', h2: /<h2[^>]*>([^<]*)<\/h2>/.exec(body)?.[1] ?? '', body };
    };
    const down = (await post('/api/v2/pay/predownimg', { gallery_id: galleryId, goods_id: goodsId, imgids: [photos[0], photos[1]] })).json().data;
    const page = await titleOf(down.out_trade_no);
    expect(page.h2).toBe('Download 2 photos · 下载 2 张照片');
    expect(page.title).toBe('Download 2 photos · 下载 2 张照片 — Sandbox payment');
    expect(page.body).not.toContain('Remove watermark');
    expect(page.body).toContain('¥2.00');

    // The same photos asked for as pay-to-remove-watermark: the pending order is reused (never two
    // payable orders for one photo), and its page now names the watermark.
    const watermark = (await post('/api/v2/pay/paytoimage', { gallery_id: galleryId, goods_id: goodsId, imgids: [photos[1], photos[0]] })).json().data;
    expect(watermark).toMatchObject({ id: down.id, out_trade_no: down.out_trade_no, amount: 200 });
    expect((await titleOf(down.out_trade_no)).h2).toBe('Remove watermark · 2 photos · 去水印 2 张');
    const one = (await post('/api/v2/pay/paytoimage', { gallery_id: galleryId, goods_id: goodsId, imgids: [photos[2]] })).json().data;
    expect((await titleOf(one.out_trade_no)).h2).toBe('Remove watermark · 1 photo · 去水印 1 张');
    expect((await s.db.query('SELECT count(*)::int AS n FROM orders WHERE user_id = $1 AND photo_ids = $2::int[]', [user.id, [photos[0], photos[1]]])).rows[0].n).toBe(1);

    // Paid: the page says so and how to get back to the album.
    const paid = await s.app.inject({
      method: 'POST', url: `/sandbox/pay/${one.out_trade_no}/confirm`, payload: '', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' }
    });
    expect(paid.body).toContain('Remove watermark · 1 photo');
    expect(paid.body).toContain('return to the album');
  });

  it('closes a sandbox order nobody paid within two hours: the page says so and refuses to pay', async () => {
    const order = (await post('/api/v2/pay/paytoimage', { gallery_id: galleryId, goods_id: goodsId, link_id: 'paysb001', imgids: [photos[6]] })).json().data;
    await s.db.query('UPDATE orders SET created_at = created_at - 7201 WHERE id = $1', [order.id]);
    const page = await s.app.inject({ method: 'GET', url: `/sandbox/pay/${order.out_trade_no}` });
    expect(page.body).toContain('Closed');
    expect(page.body).not.toMatch(/<button/);
    const confirm = await s.app.inject({ method: 'POST', url: `/sandbox/pay/${order.out_trade_no}/confirm` });
    expect(confirm.json()).toMatchObject({ code: 400, data: null });
    expect((await get(`/api/v2/pay/charge?id=${order.id}`)).json().data).toMatchObject({ status: 0, state: 'closed' });
    expect((await get('/api/v2/user/payedimages?page=1')).json().data.items.map((i: { id: number }) => i.id)).not.toContain(photos[6]);
  });

  it('answers 200201 with the already-paid ids, and orders only the unpaid ones of a mixed request', async () => {
    const all = await post('/api/v2/pay/predownimg', { gallery_id: galleryId, goods_id: goodsId, imgids: [photos[4], photos[3]] });
    expect(all.json()).toEqual({ code: 200201, data: [photos[3], photos[4]].sort((a, b) => a - b), msg: expect.any(String) });
    const mixed = (await post('/api/v2/pay/predownimg', { gallery_id: galleryId, goods_id: goodsId, imgids: [photos[3], photos[5]] })).json();
    expect(mixed).toMatchObject({ code: 200, data: { photo_ids: [photos[5]], amount: 100, already_paid: [photos[3]] } });
  });

  it('buys a photo-less good through makePrePay with goods_id, once per user', async () => {
    const first = (await post('/api/v2/pay/prepay', { goods_id: downloadGoods, link_id: 'paysb001', channel: 'mp' })).json().data;
    expect(first).toMatchObject({ amount: 500, status: 0, provider: 'sandbox' });
    await s.app.inject({ method: 'POST', url: `/sandbox/pay/${first.out_trade_no}/confirm` });
    const second = (await post('/api/v2/pay/prepay', { goods_id: downloadGoods, link_id: 'paysb001', channel: 'mp' })).json().data;
    expect(second).toMatchObject({ id: first.id, status: 1 });
  });

  it('refuses WeChat notifications while the sandbox runs', async () => {
    const n = signedNotification('LGANY000000', { amount: 100 });
    const res = await s.app.inject({ method: 'POST', url: '/api/v2/pay/notify/wechat', payload: n.body, headers: n.headers });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('FAIL');
  });
});
