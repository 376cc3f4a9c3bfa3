// WeChat Pay API v3 against a local fake: signed prepay, and the notification rules of issue 5
// item 7 (signature over the raw body, timestamp window, amount, idempotence) plus the query fallback.
import crypto from 'node:crypto';
import { BACKENDS, startTestServer, insertGallery, insertPhotos, type TestServer } from './helpers';
import { insertGoods, merchant, newUser, platformSigned, signedNotification, startFakeWechatPay, wechatEnv, APIV3_KEY, APPID, MCHID, MP_APPID, PLATFORM_KEY_ID } from './pay-fixture';
import { encryptResource } from '../../server/src/providers/pay/wechatpay';

const NOTIFY = '/api/v2/pay/notify/wechat';

describe.each(BACKENDS)('WeChat Pay notifications on %s', (backend) => {
  let s: TestServer;
  let fake: Awaited<ReturnType<typeof startFakeWechatPay>>;
  let galleryId: number;
  let goodsId: number;
  let photos: number[];
  let user: { id: number; token: string; openid: string };

  const auth = (tk: string) => ({ authorization: `Bearer ${tk}` });
  const post = (url: string, payload: unknown, tk = user.token) => s.app.inject({ method: 'POST', url, payload: payload as object, headers: auth(tk) });
  const get = (url: string, tk = user.token) => s.app.inject({ method: 'GET', url, headers: auth(tk) });
  const orderRow = async (id: number) =>
    (await s.db.query<{ status: string; transaction_id: string | null; paid_at: number | null }>('SELECT status, transaction_id, paid_at FROM orders WHERE id = $1', [id])).rows[0];
  const paidCount = async (orderId: number) => (await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM paid_images WHERE order_id = $1', [orderId])).rows[0].n;
  const notify = (n: { body: string; headers: Record<string, string> }) => s.app.inject({ method: 'POST', url: NOTIFY, payload: n.body, headers: n.headers });

  /** A fresh order for `count` new photos (its amount is 150 × count). */
  async function newOrder(count = 2) {
    const ids = await insertPhotos(s.db, galleryId, count);
    const res = await post('/api/v2/pay/predownimg', { gallery_id: galleryId, goods_id: goodsId, link_id: 'payg0001', imgids: ids });
    expect(res.json().code).toBe(200);
    return { ...(res.json().data as { id: number; out_trade_no: string; amount: number }), ids };
  }

  beforeAll(async () => {
    fake = await startFakeWechatPay();
    s = await startTestServer(backend, wechatEnv(fake.base));
    galleryId = await insertGallery(s.db, { link_id: 'payg0001' });
    goodsId = await insertGoods(s, galleryId, 150);
    await s.db.query('UPDATE galleries SET is_pay_down = $2 WHERE id = $1', [galleryId, goodsId]);
    photos = await insertPhotos(s.db, galleryId, 3);
    user = await newUser(s);
  });
  afterAll(async () => {
    await s?.close();
    await fake?.close();
  });

  it('makes signed prepay requests: native gives the code_url, jsapi and mp give RSA-signed client parameters', async () => {
    const order = await newOrder();
    const native = (await post('/api/v2/pay/prepay', { id: order.id, channel: 'native' })).json();
    expect(native).toMatchObject({ code: 200, data: { status: 0, provider: 'wechat', code_url: `weixin://wxpay/bizpayurl?pr=${order.out_trade_no}` } });
    const sent = fake.requests.find((r) => r.url === '/v3/pay/transactions/native')!;
    expect(sent.signed).toBe(true);
    expect(sent.body).toMatchObject({ appid: APPID, out_trade_no: order.out_trade_no, amount: { total: 300, currency: 'CNY' } });
    expect(String(sent.body!.notify_url)).toMatch(/\/api\/v2\/pay\/notify\/wechat$/);

    for (const [channel, appId] of [['jsapi', APPID], ['mp', MP_APPID]] as const) {
      const d = (await post('/api/v2/pay/prepay', { id: order.id, channel })).json().data.jsapi;
      expect(d).toMatchObject({ appId, package: `prepay_id=wx_prepay_${order.out_trade_no}`, signType: 'RSA' });
      const msg = `${d.appId}\n${d.timeStamp}\n${d.nonceStr}\n${d.package}\n`;
      expect(crypto.verify('RSA-SHA256', Buffer.from(msg), merchant.publicKey, Buffer.from(d.paySign, 'base64'))).toBe(true);
    }
    const jsapiReq = fake.requests.filter((r) => r.url === '/v3/pay/transactions/jsapi');
    expect(jsapiReq.map((r) => r.body!.appid)).toEqual([APPID, MP_APPID]);
    expect(jsapiReq[0].body!.payer).toEqual({ openid: user.openid });
  });

  it('rejects a missing or bad signature and a reformatted body, leaving the order unchanged', async () => {
    const order = await newOrder();
    const good = signedNotification(order.out_trade_no, { amount: order.amount });
    const { 'wechatpay-signature': _sig, ...unsigned } = good.headers;
    const forged = signedNotification(order.out_trade_no, { amount: order.amount, signer: merchant.privateKey });
    const reformatted = { body: JSON.stringify(JSON.parse(good.body), null, 2), headers: good.headers };
    for (const n of [{ body: good.body, headers: unsigned }, forged, reformatted]) {
      const res = await notify(n);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json()).toMatchObject({ code: 'FAIL' });
    }
    expect(await orderRow(order.id)).toMatchObject({ status: 'created', transaction_id: null });
    expect(await paidCount(order.id)).toBe(0);
    expect((await get(`/api/v2/pay/charge?id=${order.id}`)).json().data.status).toBe(0);
  });

  it('rejects a correctly signed notification 6 minutes old', async () => {
    const order = await newOrder();
    const res = await notify(signedNotification(order.out_trade_no, { amount: order.amount, timestamp: Math.floor(Date.now() / 1000) - 360 }));
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('FAIL');
    expect((await orderRow(order.id)).status).toBe('created');
  });

  it('rejects a signed notification with a different amount, another app id, or an unknown order', async () => {
    const order = await newOrder();
    for (const n of [
      signedNotification(order.out_trade_no, { amount: 1 }),
      signedNotification(order.out_trade_no, { amount: order.amount, appid: 'wxsomeoneelse' }),
      signedNotification('LGUNKNOWN00000000', { amount: order.amount })
    ]) {
      const res = await notify(n);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.json().code).toBe('FAIL');
    }
    expect((await orderRow(order.id)).status).toBe('created');
    expect(await paidCount(order.id)).toBe(0);
  });

  it('answers 400 FAIL to a validly signed body that is not a transaction (JSON null, a null or list resource)', async () => {
    const order = await newOrder();
    const signed = (body: string) => ({ body, headers: { 'content-type': 'application/json', ...platformSigned(body) } });
    const envelope = (plain: unknown) => {
      const nonce = crypto.randomBytes(6).toString('hex');
      return JSON.stringify({ resource: { algorithm: 'AEAD_AES_256_GCM', ciphertext: encryptResource(APIV3_KEY, plain, nonce, 'transaction'), associated_data: 'transaction', nonce } });
    };
    for (const body of ['null', '[]', '{"resource":null}', envelope(null), envelope([1]), envelope('SUCCESS'), envelope({ out_trade_no: order.out_trade_no, trade_state: 'SUCCESS', mchid: MCHID, appid: APPID, transaction_id: 42, amount: { total: order.amount } })]) {
      const res = await notify(signed(body));
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('FAIL');
    }
    expect((await orderRow(order.id)).status).toBe('created');
  });

  it('applies the same valid notification sent 10 times at once exactly once, answering every one with success', async () => {
    const order = await newOrder(3);
    const n = signedNotification(order.out_trade_no, { amount: order.amount, transactionId: '4200000001202601010000000001' });
    const answers = await Promise.all(Array.from({ length: 10 }, () => notify(n)));
    for (const a of answers) {
      expect(a.statusCode).toBe(200);
      expect(a.json()).toEqual({ code: 'SUCCESS' });
    }
    const row = await orderRow(order.id);
    expect(row).toMatchObject({ status: 'paid', transaction_id: '4200000001202601010000000001' });
    expect(await paidCount(order.id)).toBe(3);
    // A late repeat is still a success and changes nothing.
    expect((await notify(n)).json()).toEqual({ code: 'SUCCESS' });
    expect(await orderRow(order.id)).toEqual(row);
    expect((await get(`/api/v2/pay/charge?id=${order.id}`)).json().data).toMatchObject({ status: 1, state: 'paid' });
    const again = await post('/api/v2/pay/predownimg', { gallery_id: galleryId, goods_id: goodsId, imgids: order.ids });
    expect(again.json()).toMatchObject({ code: 200201, data: order.ids });
  });

  it('settles through the order-query fallback when no notification arrives', async () => {
    const order = await newOrder(2);
    fake.trades.set(order.out_trade_no, { trade_state: 'NOTPAY', amount: order.amount });
    await s.db.query('UPDATE orders SET created_at = created_at - 10 WHERE id = $1', [order.id]);
    expect((await get(`/api/v2/pay/charge?id=${order.id}`)).json().data.status).toBe(0);
    fake.trades.set(order.out_trade_no, { trade_state: 'SUCCESS', amount: order.amount, transaction_id: '4200000002' });
    // The fallback asks at most every few seconds per order: make the previous ask old.
    const other = await newOrder(1);
    fake.trades.set(other.out_trade_no, { trade_state: 'SUCCESS', amount: other.amount, transaction_id: '4200000003' });
    await s.db.query('UPDATE orders SET created_at = created_at - 10 WHERE id = $1', [other.id]);
    const charge = (await get(`/api/v2/pay/charge?id=${other.id}`)).json();
    expect(charge).toMatchObject({ code: 200, data: { id: other.id, status: 1 } });
    expect(fake.requests.some((r) => r.method === 'GET' && r.url.includes(other.out_trade_no) && r.signed)).toBe(true);
    const list = (await get('/api/v2/user/payedimages?page=1')).json().data;
    expect(list.items.map((i: { id: number }) => i.id)).toEqual(expect.arrayContaining(other.ids));
  });

  it('does not settle from a query answer with another amount', async () => {
    const order = await newOrder(1);
    fake.trades.set(order.out_trade_no, { trade_state: 'SUCCESS', amount: 1, transaction_id: '4200000004' });
    await s.db.query('UPDATE orders SET created_at = created_at - 10 WHERE id = $1', [order.id]);
    expect((await get(`/api/v2/pay/charge?id=${order.id}`)).json().data.status).toBe(0);
    expect((await orderRow(order.id)).status).toBe('created');
  });

  it('refuses a notification signed for another platform key id, leaving the order unchanged', async () => {
    const order = await newOrder(1);
    const row = await orderRow(order.id);
    const res = await notify(signedNotification(order.out_trade_no, { amount: order.amount, serial: 'PUB_KEY_ID_0000000000000000000000000000' }));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'FAIL' });
    expect(await orderRow(order.id)).toEqual(row);
  });

  it('sends our key id and time_expire, and trusts no answer that the platform key did not sign', async () => {
    const order = await newOrder(1);
    const created = (await s.db.query<{ created_at: number }>('SELECT created_at FROM orders WHERE id = $1', [order.id])).rows[0].created_at;
    const native = (await post('/api/v2/pay/prepay', { id: order.id, channel: 'native' })).json();
    expect(native.code).toBe(200);
    const sent = fake.requests.filter((r) => r.url === '/v3/pay/transactions/native').pop()!;
    expect(sent.headers['wechatpay-serial']).toBe(PLATFORM_KEY_ID);
    // Two hours to pay, written in China time as WeChat expects.
    expect(sent.body!.time_expire).toBe(new Date((created + 2 * 3600 + 8 * 3600) * 1000).toISOString().replace(/\.\d{3}Z$/, '+08:00'));

    // An impostor answers the query fallback with SUCCESS: the order stays unpaid.
    const other = await newOrder(1);
    fake.trades.set(other.out_trade_no, { trade_state: 'SUCCESS', amount: other.amount, transaction_id: '4200000010' });
    await s.db.query('UPDATE orders SET created_at = created_at - 10 WHERE id = $1', [other.id]);
    fake.answerSigner = crypto.generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } }).privateKey;
    try {
      expect((await get(`/api/v2/pay/charge?id=${other.id}`)).json().data.status).toBe(0);
      expect((await orderRow(other.id)).status).toBe('created');
      const third = await newOrder(1);
      const refused = (await post('/api/v2/pay/prepay', { id: third.id, channel: 'native' })).json();
      expect(refused.code).toBe(500);
      expect(refused.data).toBeNull();
    } finally {
      fake.answerSigner = undefined;
    }
  });

  it('closes an unpaid order after two hours with WeChat, and a new purchase makes a new order', async () => {
    const order = await newOrder(1);
    await post('/api/v2/pay/prepay', { id: order.id, channel: 'native' });
    fake.trades.set(order.out_trade_no, { trade_state: 'NOTPAY', amount: order.amount });
    await s.db.query('UPDATE orders SET created_at = created_at - 7201 WHERE id = $1', [order.id]);
    expect((await get(`/api/v2/pay/charge?id=${order.id}`)).json().data).toMatchObject({ status: 0, state: 'closed' });
    expect(fake.requests.some((r) => r.method === 'POST' && r.url === `/v3/pay/transactions/out-trade-no/${order.out_trade_no}/close` && r.signed)).toBe(true);
    expect(fake.trades.get(order.out_trade_no)?.trade_state).toBe('CLOSED');
    expect((await post('/api/v2/pay/prepay', { id: order.id, channel: 'native' })).json().code).toBe(400);
    const again = (await post('/api/v2/pay/predownimg', { gallery_id: galleryId, goods_id: goodsId, link_id: 'payg0001', imgids: order.ids })).json();
    expect(again.code).toBe(200);
    expect(again.data.id).not.toBe(order.id);
  });

  it('settles instead of closing an expired order that WeChat reports paid, also from the periodic sweep', async () => {
    const order = await newOrder(1);
    fake.trades.set(order.out_trade_no, { trade_state: 'SUCCESS', amount: order.amount, transaction_id: '4200000011' });
    const stale = await newOrder(1);
    fake.trades.set(stale.out_trade_no, { trade_state: 'NOTPAY', amount: stale.amount });
    await s.db.query('UPDATE orders SET created_at = created_at - 7300 WHERE id = ANY($1::int[])', [[order.id, stale.id]]);
    expect(await s.services.orders.sweepExpired()).toBeGreaterThanOrEqual(2);
    expect((await orderRow(order.id)).status).toBe('paid');
    expect((await orderRow(stale.id)).status).toBe('closed');
    expect(await paidCount(order.id)).toBe(1);
  });

  it('keeps the sandbox page away when real credentials are configured', async () => {
    expect((await s.app.inject({ method: 'GET', url: `/sandbox/pay/LGX0000000000` })).statusCode).toBe(404);
    expect(photos.length).toBe(3);
  });
});
