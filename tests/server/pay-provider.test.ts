// A payment provider added through the interface alone (server/src/providers/pay/provider.ts):
// no class check, no list of provider names in the database. Its capabilities decide which
// provider calls exist: a hosted pay page here, no notifications.
import { BACKENDS, startTestServer, insertGallery, insertPhotos, type TestServer } from './helpers';
import { insertGoods, newUser } from './pay-fixture';
import type { PaymentProvider } from '../../server/src/providers/pay/provider';

const testPay: PaymentProvider = {
  name: 'testpay',
  hostedPage: { html: (o) => `<p>TESTPAY ${o.out_trade_no} ${o.amount_cents} ${o.state}</p>` },
  prepay: async (order) => ({ ref: `tp_${order.out_trade_no}` }),
  clientParams: (_order, _channel, stored) => ({ code_url: `testpay://${stored.ref}` }),
  query: async () => null,
  close: async () => undefined
};

describe.each(BACKENDS)('a new payment provider on %s', (backend) => {
  let s: TestServer;
  afterAll(async () => {
    await s?.close();
  });

  it('takes orders, prepays, hosts its page and settles without any change outside its own file', async () => {
    s = await startTestServer(backend, {}, undefined, (p) => ({ ...p, pay: testPay }));
    const galleryId = await insertGallery(s.db, { link_id: 'tpay0001' });
    const goodsId = await insertGoods(s, galleryId, 250);
    const photos = await insertPhotos(s.db, galleryId, 2);
    const user = await newUser(s);
    const headers = { authorization: `Bearer ${user.token}` };

    const order = (await s.app.inject({ method: 'POST', url: '/api/v2/pay/predownimg', headers, payload: { gallery_id: galleryId, goods_id: goodsId, imgids: photos } })).json().data;
    expect(order).toMatchObject({ amount: 500, state: 'created' });
    const row = (await s.db.query<{ provider: string }>('SELECT provider FROM orders WHERE id = $1', [order.id])).rows[0];
    expect(row.provider).toBe('testpay');

    const prepay = (await s.app.inject({ method: 'POST', url: '/api/v2/pay/prepay', headers, payload: { id: order.id, channel: 'native' } })).json().data;
    expect(prepay).toMatchObject({ provider: 'testpay', status: 0, code_url: `testpay://tp_${order.out_trade_no}` });

    const page = await s.app.inject({ method: 'GET', url: `/sandbox/pay/${order.out_trade_no}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe(`<p>TESTPAY ${order.out_trade_no} 500 created</p>`);
    const confirm = await s.app.inject({ method: 'POST', url: `/sandbox/pay/${order.out_trade_no}/confirm` });
    expect(confirm.json()).toEqual({ code: 200, data: { id: order.id, status: 1, result: 'applied' }, msg: 'ok' });
    expect((await s.app.inject({ method: 'GET', url: `/api/v2/pay/charge?id=${order.id}`, headers })).json().data).toMatchObject({ status: 1, state: 'paid' });

    // No notifications capability: its notify path, and WeChat's, answer 404 and settle nothing.
    for (const name of ['testpay', 'wechat']) {
      const r = await s.app.inject({ method: 'POST', url: `/api/v2/pay/notify/${name}`, payload: '{}', headers: { 'content-type': 'application/json' } });
      expect(r.statusCode).toBe(404);
      expect(r.json()).toMatchObject({ code: 'FAIL' });
    }
  });
});
