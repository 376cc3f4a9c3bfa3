// A live subscription lasts as long as its pass (issue 11, finding 9): once a gate pass ends,
// or the gallery's gate changes, the socket leaves the gated room (a `left` frame) and gets
// no more of its messages. Across processes the re-check travels on the Redis bus.
import path from 'node:path';
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { BACKENDS, insertGallery, startTestServer, type TestServer } from './helpers';
import { openLive, refusedUpgrade, type LiveConn } from './live-client';
import { LIVE_PATH } from '../../types/live';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { RedisBus, LIVE_CHANNEL } from '../../server/src/live/redis-bus';
import { parseBusNotice } from '../../server/src/live/bus';

const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
const isType = (type: string) => (f: Record<string, unknown>) => f.type === type;
const nowS = () => Math.floor(Date.now() / 1000);

type App = TestServer['app'];
type Services = TestServer['services'];

async function listen(app: App): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** Fixtures shared by the single-process and the two-process cases. */
function fixtures(db: () => TestServer['db'], services: () => Services) {
  return {
    /** A guest session: its user id and token. */
    async guest() {
      const { user, token } = await services().sessions.createOrResume(undefined);
      return { id: user.id, token };
    },
    /** A gallery behind a password on its photos (the watermark gate). */
    async gated(link: string) {
      const id = await insertGallery(db(), { link_id: link });
      await services().gates.settings.set(id, 'watermark', { access_type: 'password', password: 'pw' });
      return id;
    },
    pass: (user: number, gallery: number, expiresAt: number) =>
      db().query(
        `INSERT INTO gate_passes (user_id, gallery_id, kind, expires_at) VALUES ($1, $2, 'watermark', $3)
         ON CONFLICT (user_id, gallery_id, kind) DO UPDATE SET expires_at = $3`,
        [user, gallery, expiresAt]
      )
  };
}

/**
 * Proves that no message of `gated` reached the socket after `left`: a message to `gated`
 * is published, then one to `free`; frames arrive in publish order, so once the `free`
 * one is there, the `gated` one would have been too.
 */
async function expectNoMoreOf(c: LiveConn, services: Services, gated: number, free: number, id: number) {
  await services.live.publish(gated, 'image_add', { galleryid: gated, id, shoottime: 1 });
  await services.live.publish(free, 'image_add', { galleryid: free, id, shoottime: 1 });
  await c.next((f) => f.type === 'image_add' && f.room === free && (f.data as { id: number }).id === id, `image_add ${id} of the free room`);
  const gatedMessages = c.frames.filter((f) => f.room === gated && f.type !== 'hello' && f.type !== 'left');
  expect(gatedMessages.filter((f) => (f.data as { id?: number }).id === id)).toEqual([]);
}

describe('the live_recheck bus notice', () => {
  it('is read only when well formed', () => {
    expect(parseBusNotice({ kind: 'live_recheck', gallery_id: 12 })).toEqual({ kind: 'live_recheck', gallery_id: 12 });
    for (const bad of [{ kind: 'live_recheck' }, { kind: 'live_recheck', gallery_id: '12' }, { kind: 'live_recheck', gallery_id: 0 }, { kind: 'live_recheck', gallery_id: 1.5 }, { kind: 'nope', gallery_id: 1 }])
      expect(parseBusNotice(bad)).toBeNull();
  });
});

describe.each(BACKENDS)('live rooms follow gate passes (%s)', (backend) => {
  let s: TestServer;
  let base: string;
  const open: LiveConn[] = [];
  const f = fixtures(
    () => s.db,
    () => s.services
  );
  const connect = async (token: string, gallery: number) => {
    const c = await openLive(`${base}${LIVE_PATH}?token=${encodeURIComponent(token)}&gallery=${gallery}`);
    open.push(c);
    await c.next((x) => x.type === 'hello' && x.room === gallery, 'hello');
    return c;
  };
  const join = async (c: LiveConn, gallery: number) => {
    c.send({ type: 'join', gallery });
    await c.next((x) => x.type === 'hello' && x.room === gallery, `hello ${gallery}`);
  };

  beforeAll(async () => {
    s = await startTestServer(backend);
    base = await listen(s.app);
  });
  afterEach(() => {
    for (const c of open.splice(0)) c.ws.terminate();
  });
  afterAll(() => s.close());

  it('takes a socket out of a gated room when its pass ends, and it receives no image_add of that room after', async () => {
    const g = await f.guest();
    const gated = await f.gated('lgate001');
    const free = await insertGallery(s.db, { link_id: 'lfree001' });
    await f.pass(g.id, gated, nowS() + 2);
    const c = await connect(g.token, gated);
    await join(c, free);
    // While the pass lasts, the room's messages arrive.
    await s.services.live.publish(gated, 'image_add', { galleryid: gated, id: 10, shoottime: 1 });
    expect(await c.next(isType('image_add'), 'image_add while passed')).toMatchObject({ room: gated, data: { id: 10 } });
    // The pass ends: the server says so, without closing the socket.
    expect(await c.next(isType('left'), 'left')).toEqual({ type: 'left', room: gated, reason: 'gate' });
    await expectNoMoreOf(c, s.services, gated, free, 11);
    expect(c.ws.readyState).toBe(c.ws.OPEN);
    // Joining again without a pass is ignored; a new upgrade is refused.
    c.send({ type: 'join', gallery: gated });
    c.send({ type: 'ping' });
    await c.next(isType('pong'), 'pong');
    expect(c.frames.filter((x) => x.type === 'hello' && x.room === gated)).toHaveLength(1);
    expect((await refusedUpgrade(`${base}${LIVE_PATH}?token=${encodeURIComponent(g.token)}&gallery=${gated}`)).status).toBe(403);
  });

  it('keeps a socket whose pass was renewed before it ended', async () => {
    const g = await f.guest();
    const gated = await f.gated('lgate002');
    const free = await insertGallery(s.db, { link_id: 'lfree002' });
    await f.pass(g.id, gated, nowS() + 2);
    const c = await connect(g.token, gated);
    await join(c, free);
    // Renewed (a password entered again): the check at the old end finds the new one.
    await f.pass(g.id, gated, nowS() + 3600);
    const checks = jest.spyOn(s.services.liveAccess, 'windows');
    try {
      // Wait for the re-check at the old end (bounded: it is due within about 2 s).
      for (let i = 0; i < 100 && !checks.mock.calls.some(([, room]) => room === gated); i++) await new Promise((r) => setTimeout(r, 100));
      expect(checks.mock.calls.some(([, room]) => room === gated)).toBe(true);
      await Promise.all(checks.mock.results.map((r) => r.value));
    } finally {
      checks.mockRestore();
    }
    await s.services.live.publish(gated, 'image_add', { galleryid: gated, id: 20, shoottime: 1 });
    expect(await c.next(isType('image_add'), 'image_add after the first end')).toMatchObject({ room: gated, data: { id: 20 } });
    expect(c.frames.filter(isType('left'))).toEqual([]);
  });

  it('re-checks the room when told a gate changed (a pass revoked in the database)', async () => {
    const g = await f.guest();
    const gated = await f.gated('lgate003');
    const free = await insertGallery(s.db, { link_id: 'lfree003' });
    await f.pass(g.id, gated, nowS() + 3600);
    const keeper = await f.guest();
    await f.pass(keeper.id, gated, nowS() + 3600);
    const c = await connect(g.token, gated);
    await join(c, free);
    const k = await connect(keeper.token, gated);
    await s.db.query('UPDATE gate_passes SET expires_at = $3 WHERE user_id = $1 AND gallery_id = $2', [g.id, gated, nowS() - 1]);
    await s.services.liveAccess.gateChanged(gated);
    expect(await c.next(isType('left'), 'left')).toEqual({ type: 'left', room: gated, reason: 'gate' });
    await expectNoMoreOf(c, s.services, gated, free, 30);
    // The visitor who still holds a pass stays.
    expect(await k.next((x) => x.type === 'image_add' && x.room === gated, 'image_add for the keeper')).toMatchObject({ data: { id: 30 } });
    expect(k.frames.filter(isType('left'))).toEqual([]);
  });

  it('a pass removed with no notice at all (its row deleted): the room\'s next message takes the socket out first and never reaches it', async () => {
    const g = await f.guest();
    const keeper = await f.guest();
    const gated = await f.gated('lgate006');
    const free = await insertGallery(s.db, { link_id: 'lfree006' });
    await f.pass(g.id, gated, nowS() + 3600);
    await f.pass(keeper.id, gated, nowS() + 3600);
    const c = await connect(g.token, gated);
    await join(c, free);
    const k = await connect(keeper.token, gated);
    await s.db.query('DELETE FROM gate_passes WHERE user_id = $1 AND gallery_id = $2', [g.id, gated]);
    await s.services.live.publish(gated, 'image_add', { galleryid: gated, id: 70, shoottime: 1 });
    expect(await c.next(isType('left'), 'left')).toEqual({ type: 'left', room: gated, reason: 'gate' });
    // The visitor who still holds a pass gets it.
    expect(await k.next((x) => x.type === 'image_add' && x.room === gated, 'image_add for the keeper')).toMatchObject({ data: { id: 70 } });
    // Neither that message (id 70) nor a later one reached the socket whose pass is gone.
    await expectNoMoreOf(c, s.services, gated, free, 70);
    expect(k.frames.filter(isType('left'))).toEqual([]);
  });

  it('a gate set on a free gallery (setGate) takes out every socket without its pass; passing again lets a socket join again', async () => {
    const g = await f.guest();
    const gallery = await insertGallery(s.db, { link_id: 'lgate004' });
    const free = await insertGallery(s.db, { link_id: 'lfree004' });
    const c = await connect(g.token, gallery);
    await join(c, free);
    await s.services.gates.settings.set(gallery, 'watermark', { access_type: 'password', password: 'pw' });
    expect(await c.next(isType('left'), 'left')).toEqual({ type: 'left', room: gallery, reason: 'gate' });
    await expectNoMoreOf(c, s.services, gallery, free, 40);
    // The password entered: the socket may join again and gets the room's messages.
    const r = await s.app.inject({
      method: 'POST',
      url: '/api/v2/gallery/watermark/visit/check',
      headers: { authorization: `Bearer ${g.token}` },
      payload: { id: gallery, password: 'pw' }
    });
    expect(r.json()).toMatchObject({ code: 200, data: { ispass: true } });
    await join(c, gallery);
    await s.services.live.publish(gallery, 'image_add', { galleryid: gallery, id: 41, shoottime: 1 });
    expect(await c.next((x) => x.type === 'image_add' && x.room === gallery, 'image_add after passing again')).toMatchObject({ data: { id: 41 } });
  });

  it('a gate removed (set free) keeps every socket', async () => {
    const g = await f.guest();
    const gated = await f.gated('lgate005');
    await f.pass(g.id, gated, nowS() + 3600);
    const c = await connect(g.token, gated);
    await s.services.gates.settings.set(gated, 'watermark', { access_type: 'free' });
    // setGate voided the pass, but nothing is needed any more.
    c.send({ type: 'ping' });
    await c.next(isType('pong'), 'pong');
    await s.services.live.publish(gated, 'image_add', { galleryid: gated, id: 50, shoottime: 1 });
    expect(await c.next(isType('image_add'), 'image_add')).toMatchObject({ room: gated });
    expect(c.frames.filter(isType('left'))).toEqual([]);
  });
});

describe.each(BACKENDS)('live rooms follow gate changes across two processes on the Redis bus (%s)', (backend) => {
  let s: TestServer;
  const apps: App[] = [];
  const buses: RedisBus[] = [];
  const services: Services[] = [];
  let baseB: string;
  const open: LiveConn[] = [];
  const f = fixtures(
    () => s.db,
    () => services[0]
  );

  beforeAll(async () => {
    s = await startTestServer(backend);
    // Two apps on one database, each with its own Redis connection on a channel of this suite.
    const channel = `${LIVE_CHANNEL}:test:${crypto.randomBytes(4).toString('hex')}`;
    for (let i = 0; i < 2; i++) {
      let bus: RedisBus;
      try {
        bus = await RedisBus.connect(REDIS_URL, { channel, connectTimeoutMs: 3000 });
      } catch (e) {
        throw new Error(`${(e as Error).message}: start Redis or set TEST_REDIS_URL`);
      }
      buses.push(bus);
      const config = loadConfig({ DATA_DIR: s.dataDir, H5_DIR: path.join(s.dataDir, 'no-h5') });
      const built = await buildApp({ config, db: s.db, store: s.services.store, bus });
      apps.push(built.app);
      services.push(built.services);
    }
    baseB = await listen(apps[1]);
  });
  afterEach(() => {
    for (const c of open.splice(0)) c.ws.terminate();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const bus of buses) await bus.close();
    await s.close();
  });

  const connectB = async (token: string, gallery: number) => {
    const c = await openLive(`${baseB}${LIVE_PATH}?token=${encodeURIComponent(token)}&gallery=${gallery}`);
    open.push(c);
    await c.next((x) => x.type === 'hello' && x.room === gallery, 'hello');
    return c;
  };

  it('a pass revoked through process A takes the socket on process B out of the room', async () => {
    const g = await f.guest();
    const gated = await f.gated('rgate001');
    await f.pass(g.id, gated, nowS() + 3600);
    const c = await connectB(g.token, gated);
    await s.db.query('UPDATE gate_passes SET expires_at = $2 WHERE user_id = $1', [g.id, nowS() - 1]);
    await services[0].liveAccess.gateChanged(gated);
    expect(await c.next(isType('left'), 'left on process B')).toEqual({ type: 'left', room: gated, reason: 'gate' });
  });

  it('a pass removed with no notice (its row deleted): process A\'s next message of the room takes the socket on process B out, and B never sends it', async () => {
    const g = await f.guest();
    const gated = await f.gated('rgate003');
    const free = await insertGallery(s.db, { link_id: 'rfree003' });
    await f.pass(g.id, gated, nowS() + 3600);
    const c = await connectB(g.token, gated);
    c.send({ type: 'join', gallery: free });
    await c.next((x) => x.type === 'hello' && x.room === free, 'hello free');
    await s.db.query('DELETE FROM gate_passes WHERE user_id = $1 AND gallery_id = $2', [g.id, gated]);
    await services[0].live.publish(gated, 'image_add', { galleryid: gated, id: 80, shoottime: 1 });
    expect(await c.next(isType('left'), 'left on process B')).toEqual({ type: 'left', room: gated, reason: 'gate' });
    await expectNoMoreOf(c, services[0], gated, free, 80);
  });

  it('a gate set through process A on a gallery B knows as free (cached) takes B\'s sockets out', async () => {
    const g = await f.guest();
    const gallery = await insertGallery(s.db, { link_id: 'rgate002' });
    const c = await connectB(g.token, gallery);
    // B has just read the gallery's gates (none) into its cache; A sets one.
    await services[0].gates.settings.set(gallery, 'watermark', { access_type: 'password', password: 'pw' });
    expect(await c.next(isType('left'), 'left on process B')).toEqual({ type: 'left', room: gallery, reason: 'gate' });
    // B's messages of the room no longer reach the socket.
    const free = await insertGallery(s.db, { link_id: 'rfree002' });
    c.send({ type: 'join', gallery: free });
    await c.next((x) => x.type === 'hello' && x.room === free, 'hello free');
    await expectNoMoreOf(c, services[1], gallery, free, 60);
  });
});
