// A guest who logs in with an openid that already has a user: the session moves to
// that user and the guest's activity goes with it (server/src/services/guestMerge.ts).
// Likes are not counted twice, visits keep the newest time, passes the later expiry.
// And a login drops the session from every process's cache at once (bus notice).
import { BACKENDS, insertGallery, insertPhotos, startTestServer, type TestServer } from './helpers';
import { gateDemoGallery, DEMO_GALLERY_PASSWORD } from '../../server/src/demo/demoGated';
import crypto from 'node:crypto';
import { buildApp } from '../../server/src/app';
import type { BusNotice, LiveBus } from '../../server/src/live/bus';

let ipSeq = 0;

function client(s: TestServer) {
  const ip = `10.77.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
  const c = {
    token: '',
    async session() {
      const r = await s.app.inject({ method: 'GET', url: '/session.js', remoteAddress: ip, headers: c.token ? { authorization: `Bearer ${c.token}` } : {} });
      const d = r.json().data;
      c.token = d.token;
      return d;
    },
    async get(url: string) {
      const r = await s.app.inject({ method: 'GET', url, remoteAddress: ip, headers: { authorization: `Bearer ${c.token}` } });
      expect(r.json()).toMatchObject({ code: 200 });
      return r.json().data;
    },
    async post(url: string, payload: object) {
      const r = await s.app.inject({ method: 'POST', url, remoteAddress: ip, payload, headers: { authorization: `Bearer ${c.token}` } });
      expect(r.json()).toMatchObject({ code: 200 });
      return r.json().data;
    }
  };
  return c;
}

describe.each(BACKENDS)('a guest logging in to an existing user on %s', (backend) => {
  let s: TestServer;
  let gallery: number;
  let gated: number;
  let photoA: number;
  let photoB: number;
  const love = async (id: number) => (await s.db.query<{ love: number }>('SELECT love FROM photos WHERE id = $1', [id])).rows[0].love;
  const likeRows = async (id: number) => (await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM photo_likes WHERE photo_id = $1', [id])).rows[0].n;
  /** The user id behind a session token. */
  const userOf = async (token: string) => {
    const hash = crypto.createHash('sha256').update(token).digest('hex');
    return (await s.db.query<{ user_id: number }>('SELECT user_id FROM sessions WHERE token_hash = $1', [hash])).rows[0].user_id;
  };

  beforeAll(async () => {
    s = await startTestServer(backend);
    gallery = await insertGallery(s.db, { link_id: 'merge001', name: 'Merge' });
    const other = await insertGallery(s.db, { link_id: 'merge002', name: 'Other' });
    gated = await insertGallery(s.db, { link_id: 'merge003', name: 'Gated' });
    await gateDemoGallery(s.db, gated, 'password', 0);
    [photoA, photoB] = await insertPhotos(s.db, gallery, 2);
    await insertPhotos(s.db, other, 1);
  });
  afterAll(() => s.close());

  it('likes (once each, counts right), visits (newest) and gate passes (later expiry) follow the session', async () => {
    // The existing user, on another device: likes B, visits both galleries, passes the gate.
    const user = client(s);
    await user.session();
    await user.post('/api/v2/auth/mp/login', { code: 'sandbox:Mia:d1' });
    await user.post('/api/v2/userimage/love', { id: photoB, galleryid: gallery, path: '/img/b' });
    await user.post('/api/v2/gallery_visit/link/merge001/add', {});
    await user.post('/api/v2/gallery_visit/link/merge002/add', {});
    await user.post('/api/v2/gallery/watermark/visit/check', { id: gated, password: DEMO_GALLERY_PASSWORD });
    const loveBBefore = await love(photoB);
    const loveABefore = await love(photoA);

    // The same person as a guest in a browser: likes A and B, visits one gallery, passes the gate.
    const guest = client(s);
    const guestUser = (await guest.session()).user;
    expect(guestUser.is_mock).toBe(true);
    // The love route asks guests to log in first; the like rule itself (LikeService) takes any user,
    // so guest likes are made through it: the merge must handle them whenever they exist.
    const likes = s.services.likes;
    const guestId = await userOf(guest.token);
    await likes.love(guestId, photoA, gallery, '/img/a', true);
    await likes.love(guestId, photoB, gallery, '/img/b', true);
    expect(await love(photoB)).toBe(loveBBefore + 1);
    await guest.post('/api/v2/gallery_visit/link/merge001/add', {});
    await guest.post('/api/v2/gallery/watermark/visit/check', { id: gated, password: DEMO_GALLERY_PASSWORD });
    // Make the times tell: the guest's visit of merge001 is the newest; the user's pass lasts longer.
    await s.db.query(
      "UPDATE gallery_visits SET visited_at = CASE WHEN user_id = (SELECT id FROM users WHERE openid = $1) THEN 2000000000 ELSE 1000000000 END WHERE gallery_id = $2",
      [guestUser.openid, gallery]
    );
    await s.db.query("UPDATE gate_passes SET expires_at = CASE WHEN user_id = (SELECT id FROM users WHERE openid = $1) THEN 3000000000 ELSE 3500000000 END WHERE gallery_id = $2", [
      guestUser.openid,
      gated
    ]);

    const login = await guest.post('/api/v2/auth/mp/login', { code: 'sandbox:Mia:b1' });
    expect(login.user).toMatchObject({ nickname: 'Mia', is_mock: false });
    expect((await guest.session()).user.openid).toBe(login.user.openid);

    // Likes: A and B liked, once each; A counts the guest's like, B the one person's like.
    expect(await guest.get(`/api/v2/images/user/loved?galleryid=${gallery}&imageid=${photoA},${photoB}`)).toEqual({ [photoA]: true, [photoB]: true });
    expect(await user.get(`/api/v2/images/user/loved?galleryid=${gallery}`)).toEqual({ [photoA]: true, [photoB]: true });
    expect(await likeRows(photoA)).toBe(1);
    expect(await likeRows(photoB)).toBe(1);
    expect(await love(photoA)).toBe(loveABefore + 1);
    expect(await love(photoB)).toBe(loveBBefore);
    // Unliking B once takes it to 0 likes from this person: no second like left behind.
    const off = await guest.post('/api/v2/userimage/love', { id: photoB, galleryid: gallery, path: '/img/b', love: 0 });
    expect(off).toMatchObject({ loved: false, love: loveBBefore - 1 });
    expect((await user.get(`/api/v2/images/user/loved?galleryid=${gallery}&imageid=${photoB}`))[photoB]).toBe(false);

    // Visits: both galleries once, merge001 at the guest's (newer) time, newest first.
    const history = await user.get('/api/v2/user/visithistory?page=1');
    expect(history.total).toBe(2);
    expect(history.items.map((v: { link_id: string }) => v.link_id)).toEqual(['merge001', 'merge002']);
    expect(history.items[0].visited_at).toBe(2000000000);

    // Passes: one per gate, the later expiry kept; the user passes.
    const pass = await user.get(`/api/v2/gallery/watermark/ispass/${gated}`);
    expect(pass).toMatchObject({ ispass: true, expires_at: 3500000000 });
    const passes = await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM gate_passes WHERE gallery_id = $1', [gated]);
    expect(passes.rows[0].n).toBe(1);

    // The guest row stays behind, empty: no session, no likes, visits or passes.
    const left = await s.db.query<{ n: number }>(
      `SELECT (SELECT count(*) FROM sessions WHERE user_id = u.id) + (SELECT count(*) FROM photo_likes WHERE user_id = u.id)
            + (SELECT count(*) FROM gallery_visits WHERE user_id = u.id) + (SELECT count(*) FROM gate_passes WHERE user_id = u.id) AS n
       FROM users u WHERE u.openid = $1`,
      [guestUser.openid]
    );
    expect(Number(left.rows[0].n)).toBe(0);
  });

  it('a gallery both counted as a visitor counts one distinct visitor after the merge', async () => {
    const uv = async () => (await s.db.query<{ uv: number }>('SELECT uv FROM gallery_stats WHERE gallery_id = $1', [gallery])).rows[0]?.uv ?? 0;
    const visitors = async () => (await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM gallery_visitors WHERE gallery_id = $1', [gallery])).rows[0].n;
    const user = client(s);
    await user.session();
    await user.post('/api/v2/auth/mp/login', { code: 'sandbox:Noa:d1' });
    const guest = client(s);
    await guest.session();
    const userId = await userOf(user.token);
    const guestId = await userOf(guest.token);
    const before = await uv();
    await s.db.query('INSERT INTO gallery_visitors (gallery_id, user_id, first_at) VALUES ($1, $2, 200), ($1, $3, 100)', [gallery, userId, guestId]);
    await s.db.query('INSERT INTO gallery_stats (gallery_id, uv) VALUES ($1, $2) ON CONFLICT (gallery_id) DO UPDATE SET uv = gallery_stats.uv + 2', [gallery, 2]);
    const visitorsBefore = await visitors();
    await guest.post('/api/v2/auth/mp/login', { code: 'sandbox:Noa:b1' });
    expect(await uv()).toBe(before + 1);
    expect(await visitors()).toBe(visitorsBefore - 1);
    const row = await s.db.query<{ first_at: number }>('SELECT first_at FROM gallery_visitors WHERE gallery_id = $1 AND user_id = $2', [gallery, userId]);
    expect(Number(row.rows[0].first_at)).toBe(100);
  });

  it('a real user who logs in as another real user keeps their own likes apart', async () => {
    const a = client(s);
    await a.session();
    await a.post('/api/v2/auth/mp/login', { code: 'sandbox:Ola:d1' });
    await a.post('/api/v2/userimage/love', { id: photoA, galleryid: gallery, path: '/img/a', love: 1 });
    const b = client(s);
    await b.session();
    await b.post('/api/v2/auth/mp/login', { code: 'sandbox:Pia:d1' });
    // Ola's device now logs in as Pia: the session moves, Ola's like stays Ola's.
    await a.post('/api/v2/auth/mp/login', { code: 'sandbox:Pia:d2' });
    expect((await b.get(`/api/v2/images/user/loved?galleryid=${gallery}&imageid=${photoA}`))[photoA]).toBe(false);
    const ola = await s.db.query<{ n: number }>("SELECT count(*)::int AS n FROM photo_likes l JOIN users u ON u.id = l.user_id WHERE u.nickname = 'Ola'");
    expect(ola.rows[0].n).toBe(1);
  });
});

describe.each(BACKENDS)('session cache across processes on %s', (backend) => {
  // Two apps on one database and one (in-process) bus stand for two server processes.
  let a: TestServer;
  let b: TestServer;
  let bus: LiveBus;
  beforeAll(async () => {
    a = await startTestServer(backend);
    bus = a.services.bus;
    b = await startTestServerOn(a);
  });
  afterAll(async () => {
    await b.app.close();
    await a.close();
  });

  it('a login through one process is seen by the other at once (it had the guest cached)', async () => {
    const onA = client(a);
    const guest = (await onA.session()).user;
    const onB = client(b);
    onB.token = onA.token;
    expect((await onB.session()).user).toMatchObject({ openid: guest.openid, is_mock: true });
    const notices: BusNotice[] = [];
    const stop = bus.subscribeInternal((n) => notices.push(n));
    const seen: unknown[] = [];
    const stopLive = bus.subscribe((m) => seen.push(m));
    try {
      await onA.post('/api/v2/auth/mp/login', { code: 'sandbox:Quinn:x1' });
      await new Promise((r) => setImmediate(r));
      expect((await onB.session()).user).toMatchObject({ nickname: 'Quinn', is_mock: false });
      expect(notices).toEqual([{ kind: 'session_forget', token_hash: expect.stringMatching(/^[0-9a-f]{64}$/) }]);
      // Nothing of it goes to the live channel (sockets).
      expect(seen).toEqual([]);
    } finally {
      stop();
      stopLive();
    }
  });
});

/** A second app on the same database and bus as `first` (its close leaves the shared database open). */
async function startTestServerOn(first: TestServer): Promise<TestServer> {
  const { app, services: ctx } = await buildApp({ config: first.services.config, db: first.db, store: first.services.store, bus: first.services.bus });
  await app.ready();
  return { ...first, app, services: ctx, close: () => app.close() };
}
