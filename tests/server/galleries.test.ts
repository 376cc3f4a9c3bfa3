import { BACKENDS, startTestServer, insertGallery, insertPhotos, type TestServer } from './helpers';

describe.each(BACKENDS)('galleries around the photos on %s', (backend) => {
  let s: TestServer;
  let top: number;
  let kids: number[];
  let photoIds: number[];

  beforeAll(async () => {
    s = await startTestServer(backend);
    top = await insertGallery(s.db, { link_id: 'gtop0001', name: 'Top', desc: 'the event', cover: 'c'.repeat(64) });
    kids = [];
    for (let i = 0; i < 3; i++) kids.push(await insertGallery(s.db, { link_id: `gkid000${i}`, name: `Kid ${i}`, desc: `part ${i}`, parent: top, position: i }));
    photoIds = await insertPhotos(s.db, top, 5);
    await s.db.query('UPDATE photos SET hidden = true WHERE id = $1', [photoIds[1]]);
  });
  afterAll(() => s.close());

  const session = async () => (await s.app.inject({ method: 'GET', url: '/session.js' })).json().data.token as string;
  const userId = async (token: string) => {
    const openid = (await get('/api/v2/userinfo', token)).json().data.openid;
    return (await s.db.query<{ id: number }>('SELECT id FROM users WHERE openid = $1', [openid])).rows[0].id;
  };
  const get = (url: string, token?: string) => s.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const post = (url: string, token: string | undefined, payload?: unknown) =>
    s.app.inject({ method: 'POST', url, headers: token ? { authorization: `Bearer ${token}` } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

  describe('visit history', () => {
    it('records visits and lists them newest first, 20 a page', async () => {
      const token = await session();
      // Visit times are seconds: move earlier visits back so the order is certain.
      for (const [i, link] of ['gkid0000', 'gkid0001', 'gtop0001'].entries()) {
        const r = await post(`/api/v2/gallery_visit/link/${link}/add`, token, {});
        expect(r.statusCode).toBe(200);
        expect(r.json().data).toMatchObject({ link_id: link, parent_id: 0 });
        await s.db.query('UPDATE gallery_visits SET visited_at = visited_at - 10 * $1', [i + 1]);
      }
      const h = (await get('/api/v2/user/visithistory?page=1', token)).json().data;
      expect(h).toMatchObject({ total: 3, page: 1, page_size: 20 });
      expect(h.items.map((x: { link_id: string }) => x.link_id)).toEqual(['gtop0001', 'gkid0001', 'gkid0000']);
      expect(h.items[0]).toMatchObject({ id: top, name: 'Top', desc: 'the event', cover: 'c'.repeat(64) });
      expect(typeof h.items[0].visited_at).toBe('number');
      expect((await get('/api/v2/user/visithistory?page=2', token)).json().data.items).toEqual([]);

      // Visiting again moves a gallery back to the top.
      await post('/api/v2/gallery_visit/link/gkid0000/add', token, {});
      const again = (await get('/api/v2/user/visithistory', token)).json().data;
      expect(again.items.map((x: { link_id: string }) => x.link_id)).toEqual(['gkid0000', 'gtop0001', 'gkid0001']);
      expect((await get('/api/v2/user/lastvisithistory', token)).json().data).toMatchObject({ link_id: 'gkid0000', id: kids[0] });

      // Remove takes a gallery out of my history only.
      const rm = await post('/api/v2/usergallery/remove', token, { id: kids[0] });
      expect(rm.json()).toMatchObject({ code: 200, data: { id: kids[0], removed: true } });
      const after = (await get('/api/v2/user/visithistory', token)).json().data;
      expect(after.items.map((x: { link_id: string }) => x.link_id)).toEqual(['gtop0001', 'gkid0001']);
      expect(after.total).toBe(2);
      expect((await get('/api/v2/user/lastvisithistory', token)).json().data.link_id).toBe('gtop0001');
      expect((await post('/api/v2/usergallery/remove', token, { id: String(kids[0]) })).json().data.removed).toBe(false);
    });

    it('pages of 20', async () => {
      const token = await session();
      const ids: number[] = [];
      for (let i = 0; i < 22; i++) ids.push(await insertGallery(s.db, { link_id: `page${String(i).padStart(4, '0')}` }));
      for (const [i, id] of ids.entries()) {
        await s.db.query('INSERT INTO gallery_visits (user_id, gallery_id, visited_at) VALUES ($1, $2, $3)', [await userId(token), id, 1_700_000_000 + i]);
      }
      const p1 = (await get('/api/v2/user/visithistory?page=1', token)).json().data;
      const p2 = (await get('/api/v2/user/visithistory?page=2', token)).json().data;
      expect(p1.total).toBe(22);
      expect(p1.items).toHaveLength(20);
      expect(p2.items).toHaveLength(2);
      expect(p1.items[0].id).toBe(ids[21]);
      expect(p2.items[1].id).toBe(ids[0]);
    });

    it('records the parent of a visit under a parent, by id or link id', async () => {
      const token = await session();
      const r = await post('/api/v2/gallery_visit/link/gkid0002/add', token, { parentid: top });
      expect(r.json().data).toMatchObject({ id: kids[2], parent_id: top });
      const byLink = await post('/api/v2/gallery_visit/link/gkid0002/add', token, { parentid: 'gtop0001' });
      expect(byLink.json().data.parent_id).toBe(top);
      // An unknown parent is ignored rather than stored.
      expect((await post('/api/v2/gallery_visit/link/gkid0002/add', token, { parentid: 999 })).json().data.parent_id).toBe(0);
      expect((await post('/api/v2/gallery_visit/link/gkid0002/add', token)).statusCode).toBe(200);
    });

    it('rejects bad input and anonymous calls', async () => {
      const token = await session();
      expect((await post('/api/v2/gallery_visit/link/gkid0000/add', undefined, {})).statusCode).toBe(401);
      expect((await get('/api/v2/user/visithistory')).statusCode).toBe(401);
      expect((await get('/api/v2/user/lastvisithistory')).statusCode).toBe(401);
      expect((await post('/api/v2/gallery_visit/link/bad!/add', token, {})).statusCode).toBe(400);
      expect((await post('/api/v2/gallery_visit/link/nothere1/add', token, {})).statusCode).toBe(404);
      expect((await post('/api/v2/gallery_visit/link/gkid0000/add', token, { parentid: 'x y' })).statusCode).toBe(400);
      expect((await get('/api/v2/user/visithistory?page=abc', token)).statusCode).toBe(400);
      // Removing needs an id (spec part 1 §5).
      for (const body of [{}, { id: '' }, { id: null }, { id: 'abc' }, { id: -3 }, { id: 0 }]) {
        const r = await post('/api/v2/usergallery/remove', token, body);
        expect(r.statusCode).toBe(400);
        expect(r.json().code).toBe(400);
      }
      expect((await post('/api/v2/usergallery/remove', token)).statusCode).toBe(400);
      expect((await post('/api/v2/usergallery/remove', undefined, { id: 1 })).statusCode).toBe(401);
    });

    it('a fresh visitor has no last visit', async () => {
      const token = await session();
      expect((await get('/api/v2/user/lastvisithistory', token)).json()).toMatchObject({ code: 200, data: null });
    });

    it('lists the latest visitors of a link with the total', async () => {
      const link = await insertGallery(s.db, { link_id: 'latest01' });
      const tokens = [await session(), await session(), await session()];
      const ann = await userId(tokens[2]);
      await s.db.query("UPDATE users SET nickname = 'Ann', photo = 'https://x/a.png' WHERE id = $1", [ann]);
      for (const tk of tokens) await post('/api/v2/gallery_visit/link/latest01/add', tk, {});
      await s.db.query('UPDATE gallery_visits SET visited_at = visited_at + 100 WHERE gallery_id = $1 AND user_id = $2', [link, ann]);
      const r = (await get('/api/v2/gallery_visit/link/latest01/latest')).json();
      expect(r.code).toBe(200);
      expect(r.data.total).toBe(3);
      expect(r.data.items).toHaveLength(3);
      expect(r.data.items[0]).toEqual({ photo: 'https://x/a.png', nickname: 'Ann' });
      expect((await get('/api/v2/gallery_visit/link/nothere1/latest')).statusCode).toBe(404);
      expect((await get('/api/v2/gallery_visit/link/x/latest')).statusCode).toBe(400);
    });
  });

  describe('galleries by ids', () => {
    it('answers galleries in the order asked, unknown ids left out', async () => {
      const r = await get(`/api/v2/gallery/batch?ids=${kids[2]},${top},999,${kids[2]}`);
      expect(r.statusCode).toBe(200);
      const list = r.json().data;
      expect(list.map((g: { id: number }) => g.id)).toEqual([kids[2], top]);
      expect(list[0]).toMatchObject({ link_id: 'gkid0002', parent: top, parent_link_id: 'gtop0001', view_detail: { gallery_id: kids[2] } });
    });

    it('caps the batch at 50 ids and rejects bad lists', async () => {
      const fifty = Array.from({ length: 50 }, (_, i) => i + 1).join(',');
      expect((await get(`/api/v2/gallery/batch?ids=${fifty}`)).statusCode).toBe(200);
      const r = await get(`/api/v2/gallery/batch?ids=${fifty},51`);
      expect(r.statusCode).toBe(400);
      expect(r.json().msg).toMatch(/50/);
      for (const q of ['', '?ids=', '?ids=a,b', '?ids=1,,2', '?ids=0', '?ids=-1', '?ids=1.5', '?ids=99999999999']) {
        expect((await get(`/api/v2/gallery/batch${q}`)).statusCode).toBe(400);
      }
    });

    it('gallerymedium answers id, cover hash, name and desc per id', async () => {
      const r = (await get(`/api/v2/gallerymedium/batch?ids=${top},${kids[1]}`)).json();
      expect(r.code).toBe(200);
      expect(r.data).toEqual([
        { id: top, cover: 'c'.repeat(64), name: 'Top', desc: 'the event' },
        { id: kids[1], cover: null, name: 'Kid 1', desc: 'part 1' }
      ]);
      expect((await get(`/api/v2/gallerymedium/batch?ids=${top}&desc=0`)).json().data[0].desc).toBe('');
      expect((await get(`/api/v2/gallerymedium/batch?ids=${top}&desc=yes`)).statusCode).toBe(400);
      expect((await get('/api/v2/gallerymedium/batch')).statusCode).toBe(400);
      const many = Array.from({ length: 51 }, (_, i) => i + 1).join(',');
      expect((await get(`/api/v2/gallerymedium/batch?ids=${many}`)).statusCode).toBe(400);
    });

    it('images/batchlist answers photos by id without hidden ones, at most 100', async () => {
      const r = (await get(`/api/v2/images/batchlist?id=${photoIds[3]},${photoIds[1]},${photoIds[0]}`)).json();
      expect(r.code).toBe(200);
      expect(r.data.map((p: { id: number }) => p.id)).toEqual([photoIds[3], photoIds[0]]);
      expect(r.data[0]).toMatchObject({ galleryid: top, width: 1200, height: 800 });
      const hundred = Array.from({ length: 100 }, (_, i) => i + 1).join(',');
      expect((await get(`/api/v2/images/batchlist?id=${hundred}`)).statusCode).toBe(200);
      expect((await get(`/api/v2/images/batchlist?id=${hundred},101`)).statusCode).toBe(400);
      expect((await get('/api/v2/images/batchlist')).statusCode).toBe(400);
      expect((await get('/api/v2/images/batchlist?id=x')).statusCode).toBe(400);
    });
  });
});
