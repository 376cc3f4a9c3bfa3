import type { AddressInfo } from 'node:net';
import { BACKENDS, insertGallery, startTestServer, type TestServer } from './helpers';
import { openLive, refusedUpgrade, type LiveConn } from './live-client';
import { LIVE_COALESCE_MS, LIVE_PATH } from '../../types/live';

/** Starts the server on a loopback port; returns its ws:// base. */
async function listen(s: TestServer): Promise<string> {
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  return `ws://127.0.0.1:${(s.app.server.address() as AddressInfo).port}`;
}

async function guestToken(s: TestServer): Promise<string> {
  return (await s.app.inject({ method: 'GET', url: '/session.js' })).json().data.token;
}

const isLive = (type: string) => (f: Record<string, unknown>) => f.type === type;

describe.each(BACKENDS)('live channel (%s)', (backend) => {
  let s: TestServer;
  let base: string;
  let token: string;
  let roomA: number;
  let roomB: number;
  const open: LiveConn[] = [];
  const connect = async (gallery: number, extra = '') => {
    const c = await openLive(`${base}${LIVE_PATH}?token=${encodeURIComponent(token)}&gallery=${gallery}${extra}`);
    open.push(c);
    return c;
  };

  beforeAll(async () => {
    s = await startTestServer(backend);
    base = await listen(s);
    token = await guestToken(s);
    roomA = await insertGallery(s.db, { link_id: 'liveaaa' });
    roomB = await insertGallery(s.db, { link_id: 'livebbb' });
  });
  afterEach(() => {
    for (const c of open.splice(0)) c.ws.terminate();
  });
  let closed = false;
  afterAll(async () => {
    if (!closed) await s.close();
  });

  it('refuses a missing or unknown token with a 401 envelope and no socket', async () => {
    const none = await refusedUpgrade(`${base}${LIVE_PATH}?gallery=${roomA}`);
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ code: 401, data: null });
    const bad = await refusedUpgrade(`${base}${LIVE_PATH}?token=not-a-token&gallery=${roomA}`);
    expect(bad.status).toBe(401);
    expect(bad.body.code).toBe(401);
  });

  it('refuses a bad gallery id with 400 and an unknown gallery with 404', async () => {
    const q = `${base}${LIVE_PATH}?token=${encodeURIComponent(token)}`;
    expect((await refusedUpgrade(`${q}&gallery=abc`)).body.code).toBe(400);
    expect((await refusedUpgrade(q)).body.code).toBe(400);
    const unknown = await refusedUpgrade(`${q}&gallery=999999`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe(404);
  });

  it('answers a plain GET without upgrade with a 400 envelope', async () => {
    const r = await s.app.inject({ method: 'GET', url: `${LIVE_PATH}?token=${encodeURIComponent(token)}&gallery=${roomA}` });
    expect(r.statusCode).toBe(400);
    expect(r.json().code).toBe(400);
  });

  it('accepts the token as a Bearer header and greets with a hello frame', async () => {
    const c = await openLive(`${base}${LIVE_PATH}?gallery=${roomA}`, { authorization: `Bearer ${token}` });
    open.push(c);
    const hello = await c.next(isLive('hello'), 'hello');
    expect(hello).toEqual({ type: 'hello', room: roomA, srv_time: expect.any(Number) });
    expect(Math.abs((hello.srv_time as number) - Date.now() / 1000)).toBeLessThan(60);
  });

  it('delivers a published message to the sockets of its room and not to another room', async () => {
    const a1 = await connect(roomA);
    const a2 = await connect(roomA);
    const b = await connect(roomB);
    for (const c of [a1, a2, b]) await c.next(isLive('hello'), 'hello');
    await s.services.live.publish(roomA, 'image_add', { galleryid: roomA, id: 42, shoottime: 1_700_000_000 });
    // A later message to room B: B sees it first, so the room-A message never reached B.
    await s.services.live.publish(roomB, 'image_hide', { galleryid: roomB, ids: [7] });
    for (const c of [a1, a2]) {
      expect(await c.next(isLive('image_add'), 'image_add')).toEqual({
        type: 'image_add',
        room: roomA,
        data: { galleryid: roomA, id: 42, shoottime: 1_700_000_000 }
      });
    }
    expect(await b.next((f) => f.type !== 'hello', 'a live message')).toEqual({ type: 'image_hide', room: roomB, data: { galleryid: roomB, ids: [7] } });
  });

  it('sends a burst to a room as its first message, then the rest as one array frame in publish order', async () => {
    const quiet = () => new Promise((r) => setTimeout(r, 3 * LIVE_COALESCE_MS));
    const c = await connect(roomA);
    await c.next(isLive('hello'), 'hello');
    await quiet(); // earlier tests' messages to this room
    const ids = [101, 102, 103, 104];
    for (const id of ids) await s.services.live.publish(roomA, 'image_add', { galleryid: roomA, id, shoottime: 1_700_000_000 + id });
    for (const id of ids) expect(await c.next(isLive('image_add'), `image_add ${id}`)).toMatchObject({ data: { id } });
    const wire = c.raw.slice(1).map((t) => JSON.parse(t));
    expect(wire).toHaveLength(2);
    expect(wire[0]).toMatchObject({ type: 'image_add', room: roomA, data: { id: 101 } });
    expect(Array.isArray(wire[1])).toBe(true);
    expect(wire[1].map((m: { data: { id: number } }) => m.data.id)).toEqual([102, 103, 104]);
    // A quiet room sends the next message alone again, and control frames keep their order.
    await quiet();
    await s.services.live.publish(roomA, 'image_delete', { galleryid: roomA, ids: [101] });
    c.send({ type: 'ping' });
    await c.next(isLive('pong'), 'pong');
    expect(c.raw.slice(3).map((t) => JSON.parse(t).type)).toEqual(['image_delete', 'pong']);
  });

  it('lets one socket join and leave rooms', async () => {
    const c = await connect(roomA);
    await c.next(isLive('hello'), 'hello');
    c.send({ type: 'join', gallery: roomB });
    expect(await c.next(isLive('hello'), 'hello after join')).toMatchObject({ type: 'hello', room: roomB });
    c.send({ type: 'leave', gallery: roomA });
    c.send({ type: 'join', gallery: 999999 }); // unknown: ignored
    // The ping answer proves the leave was handled (frames are handled in order).
    c.send({ type: 'ping' });
    await c.next(isLive('pong'), 'pong');
    await s.services.live.publish(roomA, 'image_delete', { galleryid: roomA, ids: [1] });
    await s.services.live.publish(roomB, 'image_show', { galleryid: roomB, ids: [2] });
    const got = await c.next((f) => f.type === 'image_delete' || f.type === 'image_show', 'a live message');
    expect(got).toEqual({ type: 'image_show', room: roomB, data: { galleryid: roomB, ids: [2] } });
    expect(c.frames.filter((f) => f.type === 'hello').map((f) => f.room)).toEqual([roomA, roomB]);
  });

  it('answers ping with pong carrying the server time in ms', async () => {
    const c = await connect(roomA);
    c.send({ type: 'ping' });
    const pong = await c.next(isLive('pong'), 'pong');
    expect(pong).toEqual({ type: 'pong', t: expect.any(Number) });
    expect(Math.abs((pong.t as number) - Date.now())).toBeLessThan(60_000);
  });

  it('ignores garbage and keeps the socket usable', async () => {
    const c = await connect(roomA);
    await c.next(isLive('hello'), 'hello');
    for (const junk of ['not json', '[]', 'null', '42', '{"type":"nope"}', '{"type":"join","gallery":"x"}', '{"type":"join","gallery":-3}', '{"type":"leave"}', '{"type":"ping"'])
      c.send(junk);
    c.ws.send(Buffer.from([0, 1, 2, 255]), { binary: true });
    c.send({ type: 'ping' });
    await c.next(isLive('pong'), 'pong after garbage');
    await s.services.live.publish(roomA, 'image_check', { galleryid: roomA, ids: [3] });
    expect(await c.next(isLive('image_check'), 'image_check')).toMatchObject({ room: roomA });
    expect(c.ws.readyState).toBe(c.ws.OPEN);
  });

  it('answers 503 once the process holds LIVE_MAX_CONNECTIONS sockets', async () => {
    const url = `${base}${LIVE_PATH}?token=${encodeURIComponent(token)}&gallery=${roomA}`;
    const first = await connect(roomA);
    await first.next(isLive('hello'), 'hello');
    // The gateway reads the cap from the config on every upgrade.
    const cap = s.services.config.liveMaxConnections;
    s.services.config.liveMaxConnections = 1;
    try {
      const full = await refusedUpgrade(url);
      expect(full.status).toBe(503);
      expect(full.body.code).toBe(503);
      first.ws.close();
      await first.closed;
      // The slot is free again once the server has seen the earlier sockets close.
      let again: LiveConn | null = null;
      for (let i = 0; !again; i++) {
        try {
          again = await openLive(url);
        } catch (e) {
          if (i >= 50) throw e;
          await new Promise((r) => setTimeout(r, 100));
        }
      }
      open.push(again);
      await again.next(isLive('hello'), 'hello');
    } finally {
      s.services.config.liveMaxConnections = cap;
    }
  });

  // Last: it closes the suite's server.
  it('closes every socket with 1001 when the app closes', async () => {
    const conns = [await connect(roomA), await connect(roomB)];
    for (const c of conns) await c.next(isLive('hello'), 'hello');
    await s.close();
    closed = true;
    expect(await Promise.all(conns.map((c) => c.closed))).toEqual([1001, 1001]);
  });
});
