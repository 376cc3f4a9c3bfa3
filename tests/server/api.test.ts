import { BACKENDS, startTestServer, insertGallery, insertPhotos, type TestServer } from './helpers';
import { migrate } from '../../server/src/db/migrate';

const WECHAT_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47 NetType/WIFI';
const PC_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126 Safari/537.36';

describe.each(BACKENDS)('API on %s', (backend) => {
  let s: TestServer;
  let top: number;
  let sub: number;
  let photoIds: number[];

  beforeAll(async () => {
    s = await startTestServer(backend);
    top = await insertGallery(s.db, {
      link_id: 'top12345',
      url_labeling: 'gala',
      name: 'Gala',
      tags: ['Stage', 'Guests'],
      pagedata: { components: [{ id: 'p', type: 'photo' }] }
    });
    sub = await insertGallery(s.db, { link_id: 'sub12345', name: 'Sub', parent: top, position: 1 });
    photoIds = await insertPhotos(s.db, top, 45, {
      tags: (i) => (i % 3 === 0 ? ['Stage'] : i % 5 === 0 ? ['Guests'] : []),
      love: (i) => (i * 7) % 13
    });
  });
  afterAll(() => s.close());

  const get = (url: string, headers: Record<string, string> = {}) => s.app.inject({ method: 'GET', url, headers });

  describe('session', () => {
    it('creates a guest session with a token and sysinfo', async () => {
      const r = await get('/session.js', { 'user-agent': WECHAT_UA });
      expect(r.statusCode).toBe(200);
      const body = r.json();
      expect(body.code).toBe(200);
      expect(body.data.user.is_mock).toBe(true);
      expect(body.data.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
      expect(body.data.sysinfo).toMatchObject({ env: 'wechat', is_pc: false });
      expect(Math.abs(body.data.sysinfo.srv_time - Date.now() / 1000)).toBeLessThan(5);
      expect(body.data).toHaveProperty('redirect', null);
    });

    it('resumes the same user with the token in the Authorization header', async () => {
      const first = (await get('/session.js', { 'user-agent': PC_UA })).json().data;
      expect(first.sysinfo).toMatchObject({ env: 'pc', is_pc: true });
      const again = (await get('/session.js', { authorization: `Bearer ${first.token}` })).json().data;
      expect(again.user.openid).toBe(first.user.openid);
      expect(again.token).toBe(first.token);
      const info = await get('/api/v2/userinfo', { authorization: `Bearer ${first.token}` });
      expect(info.json()).toMatchObject({ code: 200, data: { openid: first.user.openid, is_mock: true } });
    });

    it('gives an unknown token a new guest and refuses userinfo without a session', async () => {
      const r = (await get('/session.js', { authorization: 'Bearer not-a-real-token' })).json().data;
      expect(r.token).not.toBe('not-a-real-token');
      const info = await get('/api/v2/userinfo');
      expect(info.statusCode).toBe(401);
      expect(info.json()).toEqual({ code: 401, data: null, msg: 'Login required' });
    });
  });

  describe('gallery', () => {
    it('finds a page by link id with its sub-galleries', async () => {
      const r = (await get('/api/v2/gallery/link/top12345')).json();
      expect(r.code).toBe(200);
      expect(r.data.gallery).toMatchObject({ id: top, name: 'Gala', link_id: 'top12345', tags: ['Stage', 'Guests'], image_total: 45, parent: 0 });
      expect(r.data.gallery.config.sort).toBe('-shoottime');
      expect(r.data.gallery.config.theme.main).toBe('#50d3cd');
      expect(r.data.gallery.view_detail).toEqual({ gallery_id: top, uv: 0, view: 0 });
      expect(r.data.children.map((c: { id: number }) => c.id)).toEqual([sub]);
      expect(r.data.children[0].parent_link_id).toBe('top12345');
    });

    it('finds a gallery by url label, by id and by numeric id', async () => {
      expect((await get('/api/v2/gallery/gti/gala')).json().data.gallery.id).toBe(top);
      expect((await get(`/api/v2/gallery/gti/${sub}`)).json().data.gallery.id).toBe(sub);
      expect((await get(`/api/v2/gallery/id/${sub}`)).json().data.gallery.link_id).toBe('sub12345');
      expect((await get('/api/v2/home')).json().data.link_id).toBe('top12345');
    });

    it('answers unknown and malformed link ids with clear errors', async () => {
      const missing = await get('/api/v2/gallery/link/zzzzzz9');
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ code: 404, msg: 'Gallery zzzzzz9 not found' });
      const bad = await get('/api/v2/gallery/link/ab');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().msg).toMatch(/6 to 9/);
      expect((await get('/api/v2/gallery/id/abc')).statusCode).toBe(400);
    });
  });

  describe('photo list', () => {
    const list = async (q: string) => get(`/api/v2/images/${top}/list${q}`);

    it('pages 20 at a time, newest shoot time first by default', async () => {
      const r = (await list('?time=1700000000000')).json();
      expect(r.code).toBe(200);
      expect(r.data.items).toHaveLength(20);
      expect(r.data.total).toBe(45);
      const times = r.data.items.map((p: { shoottime: number }) => p.shoottime);
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect(r.data.items[0].id).toBe(photoIds[44]);
      expect(r.data.pagedata).toMatchObject({ offset: 0, page_size: 20, next_offset: 20, has_more: true, sorttype: 'shoottime', order: 'desc' });
      const last = (await list('?offset=40')).json().data;
      expect(last.items).toHaveLength(5);
      expect(last.pagedata.has_more).toBe(false);
      const all = [...r.data.items, ...(await list('?offset=20')).json().data.items, ...last.items].map((p: { id: number }) => p.id);
      expect(new Set(all).size).toBe(45);
    });

    it('sorts ascending and by likes', async () => {
      const asc = (await list('?sorttype=shoottime&order=asc')).json().data.items;
      expect(asc[0].id).toBe(photoIds[0]);
      const hot = (await list('?sorttype=-love')).json().data.items.map((p: { love: number }) => p.love);
      expect(hot).toEqual([...hot].sort((a, b) => b - a));
      expect(hot[0]).toBe(12);
    });

    it('filters by tag', async () => {
      const r = (await list('?tags=Stage')).json().data;
      expect(r.total).toBe(15);
      expect(r.items.every((p: { tags: string[] }) => p.tags.includes('Stage'))).toBe(true);
      expect((await list('?tags=Stage,Guests')).json().data.total).toBe(15 + 6);
      expect((await list('?tags=Nobody')).json().data).toMatchObject({ items: [], total: 0 });
    });

    it('rejects bad parameters with a 400 envelope and no stack trace', async () => {
      for (const q of ['?offset=abc', '?offset=-1', '?sorttype=name', '?order=up', '?page_size=1000', '?offset=1e3']) {
        const r = await list(q);
        expect(r.statusCode).toBe(400);
        const body = r.json();
        expect(body.code).toBe(400);
        expect(body.msg).not.toMatch(/at .*\.ts|Error:/);
      }
      const missing = await get('/api/v2/images/99999999/list');
      expect(missing.statusCode).toBe(404);
    });

    it('leaves hidden photos out', async () => {
      expect((await list('')).json().data.total).toBe(45);
      await s.db.query('UPDATE photos SET hidden = true WHERE id = $1', [photoIds[44]]);
      // Every write path invalidates the gallery's cached lists after it commits.
      s.services.photos.invalidate(top);
      const r = (await list('')).json().data;
      expect(r.total).toBe(44);
      expect(r.items[0].id).toBe(photoIds[43]);
      await s.db.query('UPDATE photos SET hidden = false WHERE id = $1', [photoIds[44]]);
      s.services.photos.invalidate(top);
      expect((await list('')).json().data.total).toBe(45);
    });
  });

  describe('errors', () => {
    it('answers unknown endpoints and methods with an envelope', async () => {
      const r = await get('/api/v2/nope');
      expect(r.statusCode).toBe(404);
      expect(r.json()).toMatchObject({ code: 404 });
      const post = await s.app.inject({ method: 'POST', url: '/api/v2/userinfo', payload: '{bad json', headers: { 'content-type': 'application/json' } });
      expect(post.statusCode).toBeGreaterThanOrEqual(400);
      expect(post.statusCode).toBeLessThan(500);
      expect(post.json().code).toBeGreaterThanOrEqual(400);
    });

    it('survives malformed URLs', async () => {
      const r = await get('/g/%E0%A4%A');
      expect(r.statusCode).toBe(400);
      expect(r.json()).toEqual({ code: 400, data: null, msg: 'Malformed URL' });
      expect((await get('/api/v2/home')).statusCode).toBe(200);
    });

    it('applies migrations once', async () => {
      expect(await migrate(s.db)).toEqual([]);
      const { rows } = await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations');
      expect(rows[0].n).toBeGreaterThanOrEqual(1);
    });
  });
});
