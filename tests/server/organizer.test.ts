import { BACKENDS, startTestServer, insertGallery, insertPhotos, type TestServer } from './helpers';
import type { LiveMessage } from '../../types/live';

const TOKEN = 'organiser-test-token';
const AUTH = { authorization: `Bearer ${TOKEN}` };

type Call = { method: 'GET' | 'POST'; url: string; payload?: Record<string, unknown> };

describe.each(BACKENDS)('organiser API on %s', (backend) => {
  let s: TestServer;
  let galleryId: number;
  let messages: LiveMessage[];
  let unsubscribe: () => void;

  const call = (c: Call, headers: Record<string, string> = AUTH) => s.app.inject({ ...c, headers });
  const settle = () => new Promise((r) => setTimeout(r, 20));
  const visibleIds = async (gid: number) => {
    const data = (await s.app.inject({ method: 'GET', url: `/api/v2/images/${gid}/list?sorttype=id&page_size=100` })).json().data;
    return { ids: (data.items as Array<{ id: number }>).map((p) => p.id), total: data.total as number, items: data.items as Array<{ id: number; check: number }> };
  };
  const imageTotal = async (gid: number) => (await s.db.query<{ n: number }>('SELECT image_total AS n FROM galleries WHERE id = $1', [gid])).rows[0].n;

  let calls: Call[];

  beforeAll(async () => {
    s = await startTestServer(backend, { ORGANIZER_TOKEN: TOKEN, PUBLIC_URL: 'https://photos.example' });
    galleryId = await insertGallery(s.db, { link_id: 'organi01' });
    messages = [];
    unsubscribe = s.services.bus.subscribe((m) => messages.push(m));
    calls = [
      { method: 'GET', url: `/api/v2/common/imagesign?gallery_id=${galleryId}` },
      { method: 'POST', url: '/api/v2/images/upload', payload: { gallery_id: galleryId, hash: `uploads/g${galleryId}/x.jpg` } },
      { method: 'GET', url: '/api/v2/organizer/galleries' },
      { method: 'POST', url: '/api/v2/organizer/galleries', payload: { name: 'Refused' } },
      { method: 'POST', url: `/api/v2/organizer/galleries/${galleryId}/photos/hide`, payload: { ids: [1] } }
    ];
  });
  afterAll(async () => {
    unsubscribe();
    await s.close();
  });
  beforeEach(() => {
    messages.length = 0;
  });

  it('refuses every organiser call without the token (401), with a wrong one or a visitor session (403)', async () => {
    const session = (await s.app.inject({ method: 'GET', url: '/session.js' })).json().data.token as string;
    expect(session).toBeTruthy();
    const before = (await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM galleries')).rows[0].n;
    for (const c of calls) {
      const none = await call(c, {});
      expect([c.url, none.statusCode, none.json().code]).toEqual([c.url, 401, 401]);
      const wrong = await call(c, { authorization: `Bearer ${TOKEN}x` });
      expect([c.url, wrong.statusCode, wrong.json().msg]).toEqual([c.url, 403, 'Invalid organiser token']);
      const visitor = await call(c, { authorization: `Bearer ${session}` });
      expect([c.url, visitor.statusCode]).toEqual([c.url, 403]);
    }
    expect((await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM galleries')).rows[0].n).toBe(before);
    await settle();
    expect(messages).toEqual([]);
  });

  it('is disabled when ORGANIZER_TOKEN is not set', async () => {
    const off = await startTestServer(backend);
    try {
      for (const c of calls) {
        for (const headers of [{}, AUTH]) {
          const res = await off.app.inject({ ...c, headers });
          expect([c.url, res.statusCode, res.json().msg]).toEqual([c.url, 403, 'Organiser API is disabled: set ORGANIZER_TOKEN']);
        }
      }
    } finally {
      await off.close();
    }
  });

  it('creates galleries with a generated or chosen link, and lists them', async () => {
    const res = await call({ method: 'POST', url: '/api/v2/organizer/galleries', payload: { name: 'Launch Day', desc: 'Main hall', start_time: 1_780_000_000, tags: 'stage,hall' } });
    expect(res.statusCode).toBe(200);
    const made = res.json().data;
    expect(made.gallery.link_id).toMatch(/^[A-Za-z0-9]{8}$/);
    expect(made).toMatchObject({ link: `/g/${made.gallery.link_id}`, url: `https://photos.example/g/${made.gallery.link_id}` });
    expect(made.gallery).toMatchObject({ name: 'Launch Day', desc: 'Main hall', start_time: 1_780_000_000, tags: ['stage', 'hall'], parent: 0 });
    // Visitors open it by its link.
    const pub = await s.app.inject({ method: 'GET', url: `/api/v2/gallery/link/${made.gallery.link_id}` });
    expect(pub.statusCode).toBe(200);

    const child = await call({ method: 'POST', url: '/api/v2/organizer/galleries', payload: { name: 'Day 1', link_id: 'day1abc', parent: made.gallery.id } });
    expect(child.json().data.gallery).toMatchObject({ link_id: 'day1abc', parent: made.gallery.id });
    const taken = await call({ method: 'POST', url: '/api/v2/organizer/galleries', payload: { name: 'Again', link_id: 'day1abc' } });
    expect(taken.statusCode).toBe(400);
    expect((await call({ method: 'POST', url: '/api/v2/organizer/galleries', payload: { name: 'Bad', link_id: 'no!' } })).statusCode).toBe(400);
    expect((await call({ method: 'POST', url: '/api/v2/organizer/galleries', payload: { desc: 'no name' } })).statusCode).toBe(400);
    expect((await call({ method: 'POST', url: '/api/v2/organizer/galleries', payload: { name: 'Orphan', parent: 999 } })).statusCode).toBe(404);

    const list = (await call({ method: 'GET', url: '/api/v2/organizer/galleries' })).json().data as Array<{ gallery: { id: number }; url: string }>;
    expect(list.map((g) => g.gallery.id)).toEqual(expect.arrayContaining([galleryId, made.gallery.id, child.json().data.gallery.id]));
  });

  it('hides, shows and deletes photos: visitors stop seeing them and the live channel hears it', async () => {
    const ids = await insertPhotos(s.db, galleryId, 4);
    const otherGallery = await insertGallery(s.db, { link_id: 'organi02' });
    const [foreign] = await insertPhotos(s.db, otherGallery, 1);
    const act = (action: string, list: number[]) =>
      call({ method: 'POST', url: `/api/v2/organizer/galleries/${galleryId}/photos/${action}`, payload: { ids: list } });
    expect((await visibleIds(galleryId)).total).toBe(4);

    const hide = await act('hide', [ids[0], ids[1], foreign]);
    expect(hide.json().data).toEqual({ ids: [ids[0], ids[1]] });
    let seen = await visibleIds(galleryId);
    expect(seen.ids).toEqual([ids[2], ids[3]]);
    expect(seen.total).toBe(2);
    expect(await imageTotal(galleryId)).toBe(2);
    expect((await visibleIds(otherGallery)).ids).toEqual([foreign]);
    // Hidden photos are gone from batch lookups too.
    const batch = (await s.app.inject({ method: 'GET', url: `/api/v2/images/batchlist?id=${ids[0]},${ids[2]}` })).json().data;
    expect((batch as Array<{ id: number }>).map((p) => p.id)).toEqual([ids[2]]);

    // Hiding again changes nothing and says nothing.
    expect((await act('hide', [ids[0]])).json().data).toEqual({ ids: [] });

    const show = await act('show', [ids[1]]);
    expect(show.json().data).toEqual({ ids: [ids[1]] });
    seen = await visibleIds(galleryId);
    expect(seen.ids).toEqual([ids[1], ids[2], ids[3]]);

    const del = await act('delete', [ids[0], ids[3]]);
    expect(del.json().data).toEqual({ ids: [ids[0], ids[3]] });
    expect((await visibleIds(galleryId)).ids).toEqual([ids[1], ids[2]]);
    expect(await imageTotal(galleryId)).toBe(2);
    const { rows } = await s.db.query('SELECT id FROM photos WHERE id = ANY($1::int[])', [[ids[0], ids[3]]]);
    expect(rows).toEqual([]);

    await settle();
    expect(messages).toEqual([
      { type: 'image_hide', room: galleryId, data: { galleryid: galleryId, ids: [ids[0], ids[1]] } },
      { type: 'image_show', room: galleryId, data: { galleryid: galleryId, ids: [ids[1]] } },
      { type: 'image_delete', room: galleryId, data: { galleryid: galleryId, ids: [ids[0], ids[3]] } }
    ]);
  });

  it('checks and unchecks photos', async () => {
    const gid = await insertGallery(s.db, { link_id: 'organi03' });
    const ids = await insertPhotos(s.db, gid, 2);
    const act = (action: string, list: number[]) => call({ method: 'POST', url: `/api/v2/organizer/galleries/${gid}/photos/${action}`, payload: { ids: list } });
    expect((await act('uncheck', ids)).json().data).toEqual({ ids });
    expect((await visibleIds(gid)).items.map((p) => p.check)).toEqual([0, 0]);
    expect((await act('check', [ids[1]])).json().data).toEqual({ ids: [ids[1]] });
    expect((await visibleIds(gid)).items.map((p) => p.check)).toEqual([0, 1]);
    await settle();
    expect(messages).toEqual([
      { type: 'image_uncheck', room: gid, data: { galleryid: gid, ids } },
      { type: 'image_check', room: gid, data: { galleryid: gid, ids: [ids[1]] } }
    ]);
  });

  it('rejects unknown actions, galleries and bad id lists', async () => {
    const at = (url: string, payload: Record<string, unknown>) => call({ method: 'POST', url, payload });
    expect((await at(`/api/v2/organizer/galleries/${galleryId}/photos/explode`, { ids: [1] })).statusCode).toBe(404);
    expect((await at('/api/v2/organizer/galleries/999/photos/hide', { ids: [1] })).statusCode).toBe(404);
    expect((await at(`/api/v2/organizer/galleries/${galleryId}/photos/hide`, { ids: [] })).statusCode).toBe(400);
    expect((await at(`/api/v2/organizer/galleries/${galleryId}/photos/hide`, { ids: ['x'] })).statusCode).toBe(400);
    await settle();
    expect(messages).toEqual([]);
  });
});
