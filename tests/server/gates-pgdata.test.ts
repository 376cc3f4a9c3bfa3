import sharp from 'sharp';
import { ImageService } from '../../server/src/services/photos/images';
import { BACKENDS, startTestServer, insertGallery, type TestServer } from './helpers';
import { newUser } from './pay-fixture';
import { LIVE_PATH } from '../../types/live';
import type { SmsProvider } from '../../server/src/providers/sms';

const ORGANISER = 'pgdata-organiser-token';

/**
 * Issue 11 finding 4: a page (pgdata) gate holds on every path. Its description, its
 * sub-pages (found by id) and their photos are withheld until the visitor passes it.
 */
describe.each(BACKENDS)('page gates hold everywhere on %s', (backend) => {
  let s: TestServer;
  let seq = 0;
  const sent = new Map<string, string>();
  const sms: SmsProvider = {
    kind: 'test',
    async sendCode(phone, code) {
      sent.set(phone, code);
    }
  };

  beforeAll(async () => {
    s = await startTestServer(backend, { ORGANIZER_TOKEN: ORGANISER }, undefined, (configured) => ({ ...configured, sms }));
  });
  afterAll(() => s.close());

  const auth = (token?: string): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {});
  const get = (url: string, token?: string, ip = '10.1.0.1') => s.app.inject({ method: 'GET', url, headers: auth(token), remoteAddress: ip });
  const post = (url: string, payload: unknown, token?: string, ip = '10.1.0.1') =>
    s.app.inject({ method: 'POST', url, payload: payload as object, headers: auth(token), remoteAddress: ip });
  const setGate = async (id: number, kind: 'pgdata' | 'watermark', body: Record<string, unknown>) => {
    const r = await post(`/api/v2/organizer/galleries/${id}/gates/${kind}`, body, ORGANISER);
    expect(r.json()).toMatchObject({ code: 200 });
  };

  async function withPhotos(id: number, n: number) {
    const images = new ImageService({ db: s.db, store: s.services.store });
    const out: { id: number; hash: string }[] = [];
    for (let i = 0; i < n; i++) {
      const k = ++seq;
      const buf = await sharp({ create: { width: 200, height: 120, channels: 3, background: { r: (31 * k) % 256, g: (77 * k) % 256, b: (13 * k) % 256 } } }).jpeg().toBuffer();
      const img = await images.ingest(buf);
      out.push({ id: (await images.addPhoto(s.db, id, img, { origin: `P${k}.JPG` }))!.id, hash: img.hash });
    }
    return out;
  }

  /** top (page gate 'top-pw') → child (photos) → grandchild (photos); `free` is an ungated page. */
  async function tree(tag: string) {
    const top = await insertGallery(s.db, { link_id: `${tag}top`, name: 'Top', desc: 'top secret', pagedata: { components: [] } });
    const child = await insertGallery(s.db, { link_id: `${tag}kid`, name: 'Kid', desc: 'kid secret', parent: top, pagedata: { components: [] } });
    const grand = await insertGallery(s.db, { link_id: `${tag}grd`, name: 'Grand', desc: 'grand secret', parent: child });
    const free = await insertGallery(s.db, { link_id: `${tag}free`, name: 'Free', desc: 'public text' });
    const kidPhotos = await withPhotos(child, 2);
    const grandPhotos = await withPhotos(grand, 1);
    await setGate(top, 'pgdata', { access_type: 'password', password: 'top-pw' });
    return { top, child, grand, free, tag, kidPhotos, grandPhotos };
  }

  /** What every path gives of the tree to this visitor. */
  async function paths(t: Awaited<ReturnType<typeof tree>>, token: string) {
    const [p0, p1] = t.kidPhotos;
    return {
      mediums: (await get(`/api/v2/gallerymedium/batch?ids=${t.top},${t.child},${t.grand},${t.free}&desc=1`, token)).json().data,
      batch: (await get(`/api/v2/gallery/batch?ids=${t.child},${t.grand}`, token)).json().data,
      byId: (await get(`/api/v2/gallery/id/${t.child}`, token)).json().data,
      kidList: (await get(`/api/v2/images/${t.child}/list`, token)).json(),
      grandList: (await get(`/api/v2/images/${t.grand}/list`, token)).json(),
      photoBatch: (await get(`/api/v2/images/batchlist?id=${p0.id},${p1.id},${t.grandPhotos[0].id}`, token)).json().data,
      image: (await get(`/img/${p0.hash}!wx_750_n?g=${t.child}`, token)).statusCode,
      imageNoG: (await get(`/img/${t.grandPhotos[0].hash}!wx_750_n`, token)).statusCode,
      size: (await get(`/api/v2/images/size?url=${encodeURIComponent(`/img/${p0.hash}!wx_750_n?g=${t.child}`)}`, token)).json(),
      zip: (await post('/api/v2/images/zip', { gallery_id: t.child, ids: [p0.id, p1.id] }, token)).json(),
      original: (await get(`/api/v2/images/original/${p0.id}`, token)).json(),
      love: (await post('/api/v2/userimage/love', { id: p0.id, galleryid: t.child, path: `/img/${p0.hash}!wx_750_n`, love: 1 }, token)).json(),
      loved: (await get(`/api/v2/images/user/loved?galleryid=${t.child}`, token)).json(),
      live: (await get(`${LIVE_PATH}?gallery=${t.grand}&token=${token}`)).json()
    };
  }

  it('withholds the description, sub-pages and their photos on every path until the parent page gate is passed', async () => {
    const t = await tree('pgda');
    const u = await newUser(s);
    const missing = { code: 200202, data: { gallery_id: t.top, kind: 'pgdata', access_type: 'password' } };

    // Visit add, history and last visit carry the description.
    for (const link of [`${t.tag}kid`, `${t.tag}top`]) {
      const visit = (await post(`/api/v2/gallery_visit/link/${link}/add`, {}, u.token)).json().data;
      expect(visit).toMatchObject({ link_id: link, desc: '' });
    }
    expect((await get('/api/v2/user/lastvisithistory', u.token)).json().data).toMatchObject({ name: expect.any(String), desc: '' });
    expect((await get('/api/v2/user/visithistory', u.token)).json().data.items.map((i: { desc: string }) => i.desc)).toEqual(['', '']);

    const before = await paths(t, u.token);
    expect(before.mediums.map((m: { desc: string }) => m.desc)).toEqual(['', '', '', 'public text']);
    expect(before.batch).toHaveLength(2);
    for (const g of before.batch) expect(g).toMatchObject({ desc: '', pagedata: null, access_type: 'password' });
    expect(before.byId).toMatchObject({ gallery: { id: t.child, desc: '', pagedata: null, access_type: 'password' }, children: [] });
    expect(before.kidList).toMatchObject(missing);
    expect(before.grandList).toMatchObject(missing);
    expect(before.photoBatch).toEqual([]);
    expect([before.image, before.imageNoG]).toEqual([403, 403]);
    expect(before.size).toMatchObject(missing);
    expect(before.zip).toMatchObject(missing);
    expect(before.original).toMatchObject(missing);
    expect(before.love).toMatchObject(missing);
    expect(before.loved).toMatchObject(missing);
    expect(before.live).toMatchObject(missing);
    const love = await s.db.query<{ love: number }>('SELECT love FROM photos WHERE id = $1', [t.kidPhotos[0].id]);
    expect(love.rows[0].love).toBe(0);

    // The sub-page's permission page asks for the parent's page gate, and passing it there passes the parent.
    expect((await get(`/api/v2/permissibility?link=${t.tag}grd`, u.token)).json().data).toMatchObject({ gallery_id: t.grand, state: 'password', kind: 'pgdata' });
    expect((await get(`/api/v2/gallerypgdata/permisson/ispass/${t.grand}`, u.token)).json().data).toMatchObject({ access_type: 'password', ispass: false });
    expect((await post('/api/v2/gallerypgdata/permisson/visit/check', { id: t.grand, password: 'wrong' }, u.token)).json().code).toBe(200209);
    const pass = (await post('/api/v2/gallerypgdata/permisson/visit/check', { id: t.grand, password: 'top-pw' }, u.token)).json();
    expect(pass).toMatchObject({ code: 200, data: { gallery_id: t.grand, ispass: true, image_ticket: expect.any(String) } });
    expect((await get(`/api/v2/permissibility?link=${t.tag}kid`, u.token)).json().data).toMatchObject({ state: 'passed', kind: null });

    const after = await paths(t, u.token);
    expect(after.mediums.map((m: { desc: string }) => m.desc)).toEqual(['top secret', 'kid secret', 'grand secret', 'public text']);
    expect(after.batch.map((g: { desc: string }) => g.desc)).toEqual(['kid secret', 'grand secret']);
    expect(after.byId).toMatchObject({ gallery: { desc: 'kid secret', pagedata: { components: [] } }, children: [{ id: t.grand }] });
    expect(after.kidList.data.items).toHaveLength(2);
    expect(after.grandList.data.items).toHaveLength(1);
    expect(after.photoBatch).toHaveLength(3);
    expect([after.image, after.imageNoG]).toEqual([200, 200]);
    expect(after.size.code).toBe(200);
    expect(after.love).toMatchObject({ code: 200, data: { loved: true, love: 1 } });
    expect(after.loved).toMatchObject({ code: 200, data: { [t.kidPhotos[0].id]: true } });
    // Past the gate, originals and archives are a matter of entitlement (this gallery sells them).
    expect([after.zip.code, after.original.code]).toEqual([403, 403]);
    expect(after.live).toMatchObject({ code: 400, msg: 'WebSocket upgrade required' });
    const history = (await get('/api/v2/user/visithistory', u.token)).json().data.items as Array<{ id: number; desc: string }>;
    expect(history.map((i) => [i.id, i.desc]).sort()).toEqual([[t.top, 'top secret'], [t.child, 'kid secret']].sort());
    // <img> without a token: the sub-page's own ticket opens its photos.
    expect((await get(`/img/${t.grandPhotos[0].hash}!wx_750_n?g=${t.grand}&p=${pass.data.image_ticket}`)).statusCode).toBe(200);

    // Someone else is still outside.
    const other = await paths(t, (await newUser(s)).token);
    expect(other.kidList).toMatchObject(missing);
    expect(other.mediums.map((m: { desc: string }) => m.desc)).toEqual(['', '', '', 'public text']);
  });

  it('a sub-page with its own page gate asks for the outer gate first, then its own', async () => {
    const top = await insertGallery(s.db, { link_id: 'nesttop', name: 'Outer', desc: 'outer' });
    const inner = await insertGallery(s.db, { link_id: 'nestin1', name: 'Inner', desc: 'inner', parent: top });
    await withPhotos(inner, 1);
    await setGate(top, 'pgdata', { access_type: 'password', password: 'outer-pw' });
    await setGate(inner, 'pgdata', { access_type: 'password', password: 'inner-pw' });
    const u = await newUser(s);
    const check = (password: string) => post('/api/v2/gallerypgdata/permisson/visit/check', { id: inner, password }, u.token, '10.1.1.1');

    expect((await get(`/api/v2/images/${inner}/list`, u.token)).json().data).toMatchObject({ gallery_id: top, kind: 'pgdata' });
    expect((await check('inner-pw')).json().code).toBe(200209);
    expect((await check('outer-pw')).json().data).toMatchObject({ ispass: false });
    expect((await get(`/api/v2/permissibility?link=nestin1`, u.token)).json().data).toMatchObject({ state: 'password', kind: 'pgdata' });
    expect((await get(`/api/v2/images/${inner}/list`, u.token)).json().data).toMatchObject({ gallery_id: inner, kind: 'pgdata' });
    // The outer page is open now; its sub-page's description is still not.
    expect((await get(`/api/v2/gallery/id/${top}`, u.token)).json().data).toMatchObject({ gallery: { desc: 'outer' }, children: [{ id: inner, desc: '' }] });
    expect((await check('inner-pw')).json().data).toMatchObject({ ispass: true });
    expect((await get(`/api/v2/images/${inner}/list`, u.token)).json().data.items).toHaveLength(1);
  });

  it('a phone page gate is passed from its sub-page too; the sub-page answers an image ticket for any gate kind', async () => {
    const top = await insertGallery(s.db, { link_id: 'phonetop', name: 'Press', desc: 'press only' });
    const kid = await insertGallery(s.db, { link_id: 'phonekid', name: 'Press kid', parent: top });
    const [photo] = await withPhotos(kid, 1);
    await setGate(top, 'pgdata', { access_type: 'phone', whitelist: ['13500000001'] });
    const u = await newUser(s);
    expect((await get(`/api/v2/permissibility?link=phonekid`, u.token)).json().data).toMatchObject({ state: 'phone', kind: 'pgdata' });
    // Off the whitelist: the same answer, no SMS, and the whitelist's error key.
    expect((await post('/api/v2/policy/sms/send', { phone: '13500000002', gallery_id: kid }, u.token, '10.1.3.1')).json().code).toBe(200);
    expect(sent.has('13500000002')).toBe(false);
    expect((await post('/api/v2/policy/sms/send', { phone: '13500000001', gallery_id: kid }, u.token, '10.1.3.1')).json().code).toBe(200);
    const code = sent.get('13500000001')!;
    const wrong = String((Number(code) + 1) % 10000).padStart(4, '0');
    const check = (c: string) => post('/api/v2/gallerypgdata/permisson/visit/check', { id: kid, phone: '13500000001', code: c }, u.token, '10.1.3.1');
    expect((await check(wrong)).json()).toMatchObject({ code: 200210, data: { key: 'PhoneCodeErrorWhite' } });
    expect((await check(code)).json().data).toMatchObject({ gallery_id: kid, kind: 'pgdata', ispass: true });
    expect((await get(`/api/v2/gallery/id/${top}`, u.token)).json().data.gallery.desc).toBe('press only');
    const wm = (await get(`/api/v2/gallery/watermark/ispass/${kid}`, u.token)).json().data;
    expect(wm).toMatchObject({ access_type: 'free', ispass: true, image_ticket: expect.any(String) });
    expect((await get(`/img/${photo.hash}!wx_750_n?g=${kid}&p=${wm.image_ticket}`)).statusCode).toBe(200);
    expect((await get(`/img/${photo.hash}!wx_750_n?g=${kid}`)).statusCode).toBe(403);
  });

  it('password tries through sub-pages count against the one gate they open', async () => {
    const top = await insertGallery(s.db, { link_id: 'limtop1', name: 'Limited' });
    const kids = [await insertGallery(s.db, { link_id: 'limkid1', parent: top }), await insertGallery(s.db, { link_id: 'limkid2', parent: top })];
    await setGate(top, 'pgdata', { access_type: 'password', password: 'right' });
    const u = await newUser(s);
    for (let i = 0; i < 10; i++) {
      const r = await post('/api/v2/gallerypgdata/permisson/visit/check', { id: kids[i % 2], password: `guess-${i}` }, u.token, '10.1.2.1');
      expect(r.json().code).toBe(200209);
    }
    expect((await post('/api/v2/gallerypgdata/permisson/visit/check', { id: top, password: 'right' }, u.token, '10.1.2.1')).statusCode).toBe(429);
  });

  it('a loop of parents (bad data) ends: each gate is listed once and the list still needs both passes', async () => {
    const a = await insertGallery(s.db, { link_id: 'loopaaa1', name: 'A' });
    const b = await insertGallery(s.db, { link_id: 'loopbbb1', name: 'B', parent: a });
    await s.db.query('UPDATE galleries SET parent = $2 WHERE id = $1', [a, b]);
    await setGate(a, 'pgdata', { access_type: 'password', password: 'a-pw' });
    await setGate(b, 'pgdata', { access_type: 'password', password: 'b-pw' });
    const reqs = await s.services.gates.service.requirementsOf(a);
    expect(reqs.map((r) => [r.gallery_id, r.kind, r.depth])).toEqual([[b, 'pgdata', 1], [a, 'pgdata', 0]]);
    expect(Object.keys(await s.services.gates.service.gatesOf(a))).toEqual(['pgdata']);
    const u = await newUser(s);
    expect((await get(`/api/v2/images/${a}/list`, u.token)).json().data).toMatchObject({ gallery_id: b });
  });

  it('clearing the parent gate opens its sub-pages at once (no stale cache)', async () => {
    const t = await tree('clrd');
    const u = await newUser(s);
    expect((await get(`/api/v2/images/${t.grand}/list`, u.token)).json().code).toBe(200202);
    expect((await post(`/api/v2/organizer/galleries/${t.top}/gates/pgdata/clear`, {}, ORGANISER)).json().data).toMatchObject({ access_type: 'free' });
    expect((await get(`/api/v2/images/${t.grand}/list`, u.token)).json().data.items).toHaveLength(1);
    expect((await get(`/api/v2/gallerymedium/batch?ids=${t.child}&desc=1`, u.token)).json().data[0].desc).toBe('kid secret');
    expect((await get(`/api/v2/gallery/id/${t.child}`, u.token)).json().data.gallery.access_type).toBe('free');
  });
});
