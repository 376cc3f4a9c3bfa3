// The live channel under abuse (issue 11, finding 2): frames are rate-limited per socket,
// a flooding socket is closed, unknown galleries are answered from a cache, and one socket
// cannot hold up the rest of the server.
import type { AddressInfo } from 'node:net';
import { BACKENDS, insertGallery, startTestServer, type TestServer } from './helpers';
import { openLive, refusedUpgrade, type LiveConn } from './live-client';
import { LIVE_CLOSE_FLOOD, LIVE_FRAME_BURST, LIVE_PATH } from '../../types/live';
import { TokenBucket } from '../../server/src/live/bucket';

const isType = (type: string) => (f: Record<string, unknown>) => f.type === type;

describe('TokenBucket', () => {
  it('gives a burst, then refills at its rate up to the burst again', () => {
    let t = 0;
    const b = new TokenBucket(3, 2, () => t);
    expect([b.take(), b.take(), b.take(), b.take()]).toEqual([true, true, true, false]);
    t += 499; // 0.998 tokens: still none
    expect(b.take()).toBe(false);
    t += 1; // one token
    expect([b.take(), b.take()]).toEqual([true, false]);
    t += 60_000; // never more than the burst
    expect([b.take(), b.take(), b.take(), b.take()]).toEqual([true, true, true, false]);
  });
});

describe.each(BACKENDS)('live channel abuse limits (%s)', (backend) => {
  let s: TestServer;
  let base: string;
  let http: string;
  let token: string;
  let room: number;
  const open: LiveConn[] = [];
  /** Gallery lookups by id that reached the database (GalleryService.findRow by id). */
  let lookups: number[] = [];
  const connect = async (gallery = room) => {
    const c = await openLive(`${base}${LIVE_PATH}?token=${encodeURIComponent(token)}&gallery=${gallery}`);
    open.push(c);
    await c.next(isType('hello'), 'hello');
    return c;
  };

  beforeAll(async () => {
    s = await startTestServer(backend);
    await s.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (s.app.server.address() as AddressInfo).port;
    base = `ws://127.0.0.1:${port}`;
    http = `http://127.0.0.1:${port}`;
    token = (await s.app.inject({ method: 'GET', url: '/session.js' })).json().data.token;
    room = await insertGallery(s.db, { link_id: 'flood001' });
    const query = s.db.query.bind(s.db);
    jest.spyOn(s.db, 'query').mockImplementation(((sql: string, params?: unknown[]) => {
      if (/WHERE g\.id = \$1/.test(sql)) lookups.push(Number(params?.[0]));
      return query(sql, params);
    }) as typeof s.db.query);
  });
  beforeEach(() => {
    lookups = [];
  });
  afterEach(() => {
    for (const c of open.splice(0)) c.ws.terminate();
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await s.close();
  });

  it('closes a socket that sends 20,000 joins of unknown galleries; other calls and sockets are answered, and few lookups reach the database', async () => {
    const bystander = await connect();
    const flooder = await connect();
    // One write of 20,000 frames, each a join of another unknown gallery.
    const frames = Array.from({ length: 20_000 }, (_, i) => JSON.stringify({ type: 'join', gallery: 5_000_000 + i }));
    for (const f of frames) flooder.ws.send(f);
    // Meanwhile other visitors' calls are answered.
    const calls = await Promise.all(
      Array.from({ length: 20 }, () => fetch(`${http}/api/v2/gallery/link/flood001`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.status))
    );
    expect(calls).toEqual(Array(20).fill(200));
    // The flooder is closed with the policy code and reason.
    const code = await flooder.closed;
    expect(code).toBe(LIVE_CLOSE_FLOOD.code);
    // The other socket still works and still gets its room's messages.
    bystander.send({ type: 'ping' });
    await bystander.next(isType('pong'), 'pong');
    await s.services.live.publish(room, 'image_add', { galleryid: room, id: 1, shoottime: 1 });
    expect(await bystander.next(isType('image_add'), 'image_add')).toMatchObject({ room });
    // No more lookups than the frames the bucket let through (each of another id).
    const unknownLookups = lookups.filter((id) => id >= 5_000_000);
    expect(unknownLookups.length).toBeGreaterThan(0);
    expect(unknownLookups.length).toBeLessThanOrEqual(LIVE_FRAME_BURST);
  });

  it('answers repeated joins of an unknown gallery from the negative cache (one lookup for many joins and sockets)', async () => {
    const unknown = 7_654_321;
    const a = await connect();
    for (let i = 0; i < 20; i++) a.send({ type: 'join', gallery: unknown });
    // Frames are handled in order: the pong comes after every join above was answered.
    a.send({ type: 'ping' });
    await a.next(isType('pong'), 'pong');
    const b = await connect();
    for (let i = 0; i < 10; i++) b.send({ type: 'join', gallery: unknown });
    b.send({ type: 'ping' });
    await b.next(isType('pong'), 'pong');
    // Upgrades to it are refused with 404 from the same cache.
    for (let i = 0; i < 3; i++) expect((await refusedUpgrade(`${base}${LIVE_PATH}?token=${encodeURIComponent(token)}&gallery=${unknown}`)).status).toBe(404);
    expect(lookups.filter((id) => id === unknown)).toEqual([unknown]);
    // Neither socket joined it, and neither was closed: 31 frames each is within the bucket.
    expect([...a.frames, ...b.frames].filter((f) => f.type === 'hello' && f.room === unknown)).toEqual([]);
    expect([a.ws.readyState, b.ws.readyState]).toEqual([a.ws.OPEN, b.ws.OPEN]);
  });

  it('keeps a socket that stays within its budget, answering every frame in order', async () => {
    const c = await connect();
    const other = await insertGallery(s.db, { link_id: 'flood002' });
    const burst = [
      ...Array.from({ length: LIVE_FRAME_BURST - 3 }, () => ({ type: 'ping' })),
      { type: 'join', gallery: other },
      { type: 'leave', gallery: other },
      { type: 'ping' }
    ];
    for (const f of burst) c.send(f);
    for (let i = 0; i < LIVE_FRAME_BURST - 3; i++) await c.next(isType('pong'), `pong ${i}`);
    expect(await c.next()).toMatchObject({ type: 'hello', room: other });
    expect(await c.next()).toMatchObject({ type: 'pong' });
    expect(c.ws.readyState).toBe(c.ws.OPEN);
  });
});
