// The order / preorder page (issue 16): an organiser's service offers with prices in cents, bought
// through the pay component's photo-less order in the sandbox; repeated pay and confirm are idempotent.
import { BACKENDS, startTestServer, insertGallery, type TestServer } from './helpers';
import { newUser } from './pay-fixture';

const ORGANISER = 'organiser-order-page';

describe.each(BACKENDS)('order page on %s', (backend) => {
  let s: TestServer;
  let galleryId: number;
  let offer: number;
  let user: { id: number; token: string };
  let guest: { id: number; token: string };
  const auth = (tk: string) => ({ authorization: `Bearer ${tk}` });
  const post = (url: string, payload: unknown, tk = user.token) => s.app.inject({ method: 'POST', url, payload: payload as object, headers: auth(tk) });
  const get = (url: string, tk = user.token) => s.app.inject({ method: 'GET', url, headers: auth(tk) });

  beforeAll(async () => {
    s = await startTestServer(backend, { PUBLIC_URL: 'http://order.test', ORGANIZER_TOKEN: ORGANISER });
    galleryId = await insertGallery(s.db, { link_id: 'order001', name: 'Wedding' });
    user = await newUser(s);
    guest = await newUser(s, false);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('the organiser adds service offers with a description and a price in cents; they cannot pay for photos', async () => {
    const added = await post(`/api/v2/organizer/galleries/${galleryId}/goods`, { name: 'Photographer, half day', price: 88800, kind: 'service', description: '4 hours, 200 edited photos' }, ORGANISER);
    expect(added.json()).toMatchObject({ code: 200, data: { goods: [{ name: 'Photographer, half day', price: 88800, kind: 'service' }] } });
    offer = added.json().data.goods[0].id;
    // A service offer is never the gallery's photo good, nor a good a photo order takes.
    expect((await post(`/api/v2/organizer/galleries/${galleryId}/paydown`, { goods_id: offer }, ORGANISER)).statusCode).toBe(400);
    expect((await post(`/api/v2/organizer/galleries/${galleryId}/goods`, { name: 'X', price: 100, kind: 'service', pay_down: 1 }, ORGANISER)).statusCode).toBe(400);
    expect((await s.db.query('SELECT is_pay_down FROM galleries WHERE id = $1', [galleryId])).rows[0]).toEqual({ is_pay_down: 0 });
    const photoOrder = await post('/api/v2/pay/predownimg', { gallery_id: galleryId, goods_id: offer, imgids: [1] });
    expect(photoOrder.json()).toMatchObject({ code: 400, msg: 'This pay good is a service offer, not a photo good' });
    // Bad prices and descriptions are refused with their field named.
    expect((await post(`/api/v2/organizer/galleries/${galleryId}/goods`, { name: 'X', price: 1.5, kind: 'service' }, ORGANISER)).json().msg).toMatch(/price/);
    expect((await post(`/api/v2/organizer/goods/${offer}`, { description: 'a\u0000b' }, ORGANISER)).json().msg).toMatch(/description/);
    expect((await post(`/api/v2/organizer/goods/${offer}`, { description: '4 hours, 300 edited photos' }, ORGANISER)).json().code).toBe(200);
  });

  it('shows the offers with what this visitor has paid; 404 for an unknown gallery', async () => {
    const page = (await get('/api/v2/order/page/order001')).json();
    expect(page).toEqual({
      code: 200,
      msg: 'ok',
      data: {
        gallery: { id: galleryId, link_id: 'order001', name: 'Wedding', cover: null },
        offers: [{ id: offer, name: 'Photographer, half day', description: '4 hours, 300 edited photos', price: 88800, paid: false }]
      }
    });
    // Anyone may read it (a visitor without a session too); photo goods are not offers.
    const anonymous = await s.app.inject({ method: 'GET', url: '/api/v2/order/page/order001' });
    expect(anonymous.json().data.offers).toHaveLength(1);
    expect((await get('/api/v2/order/page/nosuch99')).json().code).toBe(404);
    expect((await get('/api/v2/order/page/bad-link')).statusCode).toBe(400);
  });

  it('a guest logs in before paying; nothing is written for them', async () => {
    expect((await post('/api/v2/pay/prepay', { goods_id: offer, channel: 'native' }, guest.token)).statusCode).toBe(401);
    expect((await s.db.query('SELECT 1 FROM orders WHERE user_id = $1', [guest.id])).rows).toHaveLength(0);
  });

  it('pays in the sandbox once: repeated and concurrent prepay make one order, a repeated confirm changes nothing', async () => {
    const prepays = await Promise.all([1, 2, 3].map(() => post('/api/v2/pay/prepay', { goods_id: offer, link_id: 'order001', channel: 'native' })));
    const ids = new Set(prepays.map((r) => r.json().data.id));
    expect(ids.size).toBe(1);
    const pre = prepays[0].json().data;
    expect(pre).toMatchObject({ amount: 88800, status: 0, provider: 'sandbox' });
    expect(pre.code_url).toMatch(/^http:\/\/order\.test\/sandbox\/pay\//);
    const no = pre.out_trade_no;
    expect((await s.app.inject({ method: 'GET', url: `/sandbox/pay/${no}` })).body).toContain('¥888.00');

    const confirms = await Promise.all([1, 2].map(() => s.app.inject({ method: 'POST', url: `/sandbox/pay/${no}/confirm` })));
    expect(confirms.map((r) => r.json().data.result).sort()).toEqual(['already', 'applied']);
    expect((await s.app.inject({ method: 'POST', url: `/sandbox/pay/${no}/confirm` })).json().data.result).toBe('already');
    expect((await get(`/api/v2/pay/charge?id=${pre.id}`)).json().data).toMatchObject({ status: 1, state: 'paid', amount: 88800 });

    // Paid once: the page says so, and paying again answers paid without a new order.
    expect((await get('/api/v2/order/page/order001')).json().data.offers[0].paid).toBe(true);
    expect((await post('/api/v2/pay/prepay', { goods_id: offer, channel: 'native' })).json().data).toMatchObject({ id: pre.id, status: 1 });
    const rows = (await s.db.query<{ status: string; amount_cents: number }>('SELECT status, amount_cents FROM orders WHERE user_id = $1', [user.id])).rows;
    expect(rows).toEqual([{ status: 'paid', amount_cents: 88800 }]);
    // Someone else has not paid.
    const other = await newUser(s);
    expect((await get('/api/v2/order/page/order001', other.token)).json().data.offers[0].paid).toBe(false);
  });

  it('a gated gallery answers 200202 until its gate is passed', async () => {
    const gated = await insertGallery(s.db, { link_id: 'order002' });
    await post(`/api/v2/organizer/galleries/${gated}/gates/pgdata`, { access_type: 'password', password: 'pw-order' }, ORGANISER);
    expect((await get('/api/v2/order/page/order002')).json().code).toBe(200202);
    await post('/api/v2/gallerypgdata/permisson/visit/check', { id: gated, password: 'pw-order' });
    expect((await get('/api/v2/order/page/order002')).json()).toMatchObject({ code: 200, data: { offers: [] } });
  });
});
