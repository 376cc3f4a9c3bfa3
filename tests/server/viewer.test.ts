// The viewer's server calls: the favourite heart (toggle, validation, one like
// per user however the requests race), the loved map, and an original's size.
import { BACKENDS, startTestServer, insertGallery, insertPhotos, type TestServer } from './helpers';

describe.each(BACKENDS)('viewer calls on %s', (backend) => {
  let s: TestServer;
  let galleryId: number;
  let otherGallery: number;
  let photos: number[];
  let token: string;
  let guestToken: string;

  const auth = (tk = token) => ({ authorization: `Bearer ${tk}` });
  const love = (payload: Record<string, unknown>, tk = token) =>
    s.app.inject({ method: 'POST', url: '/api/v2/userimage/love', payload, headers: auth(tk) });
  const get = (url: string, tk = token) => s.app.inject({ method: 'GET', url, headers: auth(tk) });
  const loveCount = async (id: number) => (await s.db.query<{ love: number }>('SELECT love FROM photos WHERE id = $1', [id])).rows[0].love;

  async function newUser(loggedIn: boolean): Promise<string> {
    const r = (await s.app.inject({ method: 'GET', url: '/session.js' })).json().data;
    if (loggedIn) {
      await s.db.query('UPDATE users SET is_mock = false WHERE id = (SELECT user_id FROM sessions s WHERE s.user_id IS NOT NULL ORDER BY created_at DESC, user_id DESC LIMIT 1)');
      s.services.sessions.forget(r.token);
    }
    return r.token;
  }

  beforeAll(async () => {
    s = await startTestServer(backend);
    galleryId = await insertGallery(s.db, { link_id: 'view001' });
    otherGallery = await insertGallery(s.db, { link_id: 'view002' });
    photos = await insertPhotos(s.db, galleryId, 5);
    token = await newUser(true);
    guestToken = await newUser(false);
  });
  afterAll(async () => {
    await s?.close();
  });

  const body = (id: number, extra: Record<string, unknown> = {}) => ({ id, galleryid: galleryId, path: `/img/x!wx_750_n`, ...extra });

  it('toggles a like: on, then off, with the new state and count', async () => {
    const on = await love(body(photos[0]));
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ code: 200, data: { id: photos[0], loved: true, love: 1 } });
    expect(await loveCount(photos[0])).toBe(1);
    const off = await love(body(photos[0]));
    expect(off.json().data).toEqual({ id: photos[0], loved: false, love: 0 });
    expect(await loveCount(photos[0])).toBe(0);
  });

  it('rejects a love without id, galleryid or path with a 400 envelope', async () => {
    for (const missing of ['id', 'galleryid', 'path']) {
      const b: Record<string, unknown> = body(photos[1]);
      delete b[missing];
      const r = await love(b);
      expect(r.statusCode).toBe(400);
      expect(r.json()).toMatchObject({ code: 400, data: null });
      expect(r.json().msg).toContain(missing);
    }
    expect(await loveCount(photos[1])).toBe(0);
  });

  it('answers 404 for a photo of another gallery and refuses guests', async () => {
    const wrong = await love({ id: photos[1], galleryid: otherGallery, path: '/img/x' });
    expect(wrong.statusCode).toBe(404);
    const guest = await love(body(photos[1]), guestToken);
    expect(guest.statusCode).toBe(401);
    expect(await loveCount(photos[1])).toBe(0);
  });

  it('counts concurrent double likes once', async () => {
    const rs = await Promise.all([love(body(photos[2], { love: 1 })), love(body(photos[2], { love: 1 })), love(body(photos[2], { love: 1 }))]);
    for (const r of rs) expect(r.json().data.loved).toBe(true);
    expect(await loveCount(photos[2])).toBe(1);
    // Two racing toggles end where they started, never at 2.
    await Promise.all([love(body(photos[3])), love(body(photos[3]))]);
    expect(await loveCount(photos[3])).toBe(0);
    const rows = await s.db.query('SELECT 1 FROM photo_likes WHERE photo_id = $1', [photos[2]]);
    expect(rows.rows.length).toBe(1);
  });

  it('answers the loved map keyed by photo id, for the whole gallery or the asked ids', async () => {
    await love(body(photos[4], { love: 1 }));
    const all = (await get(`/api/v2/images/user/loved?galleryid=${galleryId}`)).json();
    expect(all.code).toBe(200);
    expect(all.data).toEqual({ [photos[2]]: true, [photos[4]]: true });
    const some = (await get(`/api/v2/images/user/loved?galleryid=${galleryId}&imageid=${photos[0]},${photos[4]}`)).json();
    expect(some.data).toEqual({ [photos[0]]: false, [photos[4]]: true });
    const guest = (await get(`/api/v2/images/user/loved?galleryid=${galleryId}`, guestToken)).json();
    expect(guest.data).toEqual({});
    expect((await get('/api/v2/images/user/loved')).statusCode).toBe(400);
  });

  it('answers the byte size of the stored original for our image URLs, 404 otherwise', async () => {
    const { rows } = await s.db.query<{ hash: string; size: number }>(
      'SELECT i.hash, i.size FROM photos p JOIN images i ON i.hash = p.hash WHERE p.id = $1',
      [photos[0]]
    );
    const { hash, size } = rows[0];
    const rel = await get(`/api/v2/images/size?url=${encodeURIComponent(`/img/${hash}!wx_750_n?g=${galleryId}`)}`);
    expect(rel.json()).toEqual({ code: 200, data: { size }, msg: 'ok' });
    const abs = await get(`/api/v2/images/size?url=${encodeURIComponent(`${s.services.config.publicUrl}/img/${hash}!original`)}`);
    expect(abs.json().data.size).toBe(size);
    const foreign = await get(`/api/v2/images/size?url=${encodeURIComponent(`https://elsewhere.example/img/${hash}!wx_750_n`)}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 404, data: null });
    const unknown = await get(`/api/v2/images/size?url=${encodeURIComponent(`/img/${'a'.repeat(64)}!wx_750_n`)}`);
    expect(unknown.statusCode).toBe(404);
    expect((await get('/api/v2/images/size')).statusCode).toBe(400);
  });
});
