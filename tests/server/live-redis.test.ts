import crypto from 'node:crypto';
import Redis from 'ioredis';
import sharp from 'sharp';
import { openPostgres, type Db } from '../../server/src/db';
import { RedisBus, LIVE_CHANNEL } from '../../server/src/live/redis-bus';
import { LIVE_PATH, type LiveMessage } from '../../types/live';
import { openLive, type LiveConn } from './live-client';
import { startServerProcess, type ServerProcess } from './server-process';

/**
 * Scale-out: two real server processes sharing one PostgreSQL schema and one Redis.
 * A photo hidden through process A reaches a socket connected to process B; the two
 * share no memory, so only the Redis bus can carry it. Needs PostgreSQL and Redis
 * (TEST_DATABASE_URL, TEST_REDIS_URL; the local defaults otherwise) and fails when
 * either is unreachable.
 */
const PG_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
const ORGANIZER_TOKEN = `org-${crypto.randomBytes(8).toString('hex')}`;

jest.setTimeout(180_000);

async function json(base: string, p: string, init: RequestInit = {}) {
  const res = await fetch(base + p, init);
  const body = (await res.json()) as { code: number; data: any };
  if (!res.ok || body.code !== 200) throw new Error(`${init.method ?? 'GET'} ${p} answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
  return body.data;
}

function photoAction(base: string, gallery: number, action: 'hide' | 'show', ids: number[]) {
  return json(base, `/api/v2/organizer/galleries/${gallery}/photos/${action}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ORGANIZER_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ ids })
  });
}

// First: ioredis keeps a 2 s disconnect timer after a failed connect, gone before the last test ends.
describe('Redis bus start', () => {
  it('refuses to start with a clear error when Redis cannot be reached', async () => {
    await expect(RedisBus.connect('redis://127.0.0.1:1', { connectTimeoutMs: 1000 })).rejects.toThrow(
      /Redis at redis:\/\/127\.0\.0\.1:1.* could not be reached within 1 s/
    );
  });
});

describe('live channel across two server processes (Redis bus)', () => {
  let admin: Db | null = null;
  const schema = `t_live_${crypto.randomBytes(5).toString('hex')}`;
  let schemaCreated = false;
  const servers: ServerProcess[] = [];
  const sockets: LiveConn[] = [];
  let tap: RedisBus | null = null;

  beforeAll(async () => {
    try {
      admin = await openPostgres(PG_URL);
      await admin.query('SELECT 1');
    } catch (e) {
      throw new Error(`PostgreSQL at ${PG_URL} is not reachable (${(e as Error).message}): start it or set TEST_DATABASE_URL`);
    }
    try {
      tap = await RedisBus.connect(REDIS_URL, { connectTimeoutMs: 3000 });
    } catch (e) {
      throw new Error(`${(e as Error).message}: start Redis or set TEST_REDIS_URL`);
    }
    await admin.query(`CREATE SCHEMA ${schema}`);
    schemaCreated = true;
    const url = new URL(PG_URL);
    url.searchParams.set('options', `-c search_path=${schema}`);
    const env = { DATABASE_URL: url.toString(), REDIS_URL, ORGANIZER_TOKEN, SEED_DEMO: '1' };
    // A seeds the demo into the empty schema; B starts on the seeded one.
    servers.push(await startServerProcess(env));
    servers.push(await startServerProcess(env));
  });

  afterAll(async () => {
    for (const c of sockets) c.ws.terminate();
    await Promise.all(servers.map((s) => s.stop()));
    await tap?.close();
    if (admin) {
      if (schemaCreated) await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.close();
    }
  });

  it('both processes use the Redis bus', () => {
    for (const s of servers) expect(s.output()).toMatch(/Server listening on .*live bus: redis/);
  });

  it('delivers a photo hidden through process A to a socket on process B', async () => {
    const [a, b] = servers;
    expect(a.demoUrl).toBeTruthy();
    const link = new URL(a.demoUrl!).pathname.split('/').pop()!;
    const gallery = (await json(b.baseUrl, `/api/v2/gallery/link/${link}`)).gallery.id as number;
    const photo = (await json(b.baseUrl, `/api/v2/images/${gallery}/list?offset=0`)).items[0].id as number;
    const token = (await json(b.baseUrl, '/session.js')).token as string;
    const wsUrl = (base: string) => `${base.replace(/^http/, 'ws')}${LIVE_PATH}?token=${encodeURIComponent(token)}&gallery=${gallery}`;

    const onB = await openLive(wsUrl(b.baseUrl));
    const onA = await openLive(wsUrl(a.baseUrl));
    sockets.push(onB, onA);
    for (const c of [onB, onA]) await c.next((f) => f.type === 'hello', 'hello');
    const onRedis: LiveMessage[] = [];
    tap!.subscribe((m) => onRedis.push(m));

    const ours = (type: string) => (f: Record<string, unknown>) =>
      f.type === type && f.room === gallery && JSON.stringify((f.data as { ids?: number[] }).ids) === JSON.stringify([photo]);

    expect(await photoAction(a.baseUrl, gallery, 'hide', [photo])).toEqual({ ids: [photo] });
    const expected = { type: 'image_hide', room: gallery, data: { galleryid: gallery, ids: [photo] } };
    expect(await onB.next(ours('image_hide'), 'image_hide on process B')).toEqual(expected);
    expect(await onA.next(ours('image_hide'), 'image_hide on process A')).toEqual(expected);
    // The message travelled on the shared Redis channel.
    expect(onRedis.filter((m) => ours('image_hide')(m as unknown as Record<string, unknown>))).toHaveLength(1);

    // And back: shown through B, seen on A.
    expect(await photoAction(b.baseUrl, gallery, 'show', [photo])).toEqual({ ids: [photo] });
    expect(await onA.next(ours('image_show'), 'image_show on process A')).toMatchObject({ type: 'image_show', room: gallery });
  });

  it('delivers a photo uploaded through process A to a socket on process B, which lists it', async () => {
    const [a, b] = servers;
    const link = new URL(a.demoUrl!).pathname.split('/').pop()!;
    const gallery = (await json(b.baseUrl, `/api/v2/gallery/link/${link}`)).gallery.id as number;
    const token = (await json(b.baseUrl, '/session.js')).token as string;
    const onB = await openLive(`${b.baseUrl.replace(/^http/, 'ws')}${LIVE_PATH}?token=${encodeURIComponent(token)}&gallery=${gallery}`);
    sockets.push(onB);
    await onB.next((f) => f.type === 'hello', 'hello');

    // The photographer's signed flow, all through A.
    const auth = { authorization: `Bearer ${ORGANIZER_TOKEN}` };
    const sign = await json(a.baseUrl, `/api/v2/common/imagesign?gallery_id=${gallery}`, { headers: auth });
    const bytes = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 200, g: 30, b: 90 } } }).jpeg().toBuffer();
    const key = `${sign.dir}${crypto.createHash('sha256').update(bytes).digest('hex')}.jpg`;
    const form = new FormData();
    for (const [k, v] of Object.entries({ key, policy: sign.policy, OSSAccessKeyId: sign.accessid, success_action_status: '200', signature: sign.signature })) form.append(k, v);
    form.append('file', new Blob([bytes], { type: 'image/jpeg' }), 'IMG_0001.JPG');
    const stored = await fetch(sign.host, { method: 'POST', body: form });
    expect(stored.status).toBe(200);
    const registered = await json(a.baseUrl, '/api/v2/images/upload', {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ gallery_id: gallery, hash: key, keywords: '', tags: [], link_id: link, origin: 'IMG_0001.JPG' })
    });
    const id = registered.photo.id as number;

    const msg = await onB.next((f) => f.type === 'image_add' && (f.data as { id?: number }).id === id, 'image_add on process B');
    expect(msg).toMatchObject({ type: 'image_add', room: gallery, data: { galleryid: gallery, id } });
    const listed = await json(b.baseUrl, `/api/v2/images/batchlist?id=${id}`);
    expect(listed.map((p: { id: number }) => p.id)).toEqual([id]);
  });

  it('a login through process A is seen by process B at once, though B had the guest cached', async () => {
    const [a, b] = servers;
    const session = (base: string, token?: string) => json(base, '/session.js', token ? { headers: { authorization: `Bearer ${token}` } } : {});
    const guest = await session(a.baseUrl);
    // B looks the token up and caches its guest user (60 s).
    expect((await session(b.baseUrl, guest.token)).user).toMatchObject({ openid: guest.user.openid, is_mock: true });
    const login = await json(a.baseUrl, '/api/v2/auth/mp/login', {
      method: 'POST',
      headers: { authorization: `Bearer ${guest.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ code: `sandbox:Rae:${crypto.randomBytes(4).toString('hex')}` })
    });
    expect(login.user).toMatchObject({ nickname: 'Rae', is_mock: false });
    // The notice crosses Redis as the login answers; B drops its cache entry on arrival (well inside the 60 s cache).
    let seen: { nickname: string; is_mock: boolean } | null = null;
    for (let i = 0; i < 50 && !seen?.nickname; i++) {
      const user = (await session(b.baseUrl, guest.token)).user;
      if (!user.is_mock) seen = user;
      else await new Promise((r) => setTimeout(r, 100));
    }
    expect(seen).toMatchObject({ nickname: 'Rae', is_mock: false });
  });

  it('drops malformed messages on the channel and still delivers valid ones', async () => {
    const channel = `${LIVE_CHANNEL}:test:${crypto.randomBytes(4).toString('hex')}`;
    const bus = await RedisBus.connect(REDIS_URL, { channel });
    const raw = new Redis(REDIS_URL);
    try {
      const got: LiveMessage[] = [];
      let resolveFirst: () => void;
      const first = new Promise<void>((r) => (resolveFirst = r));
      bus.subscribe((m) => {
        got.push(m);
        resolveFirst();
      });
      for (const junk of ['not json', '{"type":"nope","room":1,"data":{}}', '{"type":"image_add","room":"1","data":{}}', '{"type":"image_add","room":1}', 'null'])
        await raw.publish(channel, junk);
      await bus.publish({ type: 'image_add', room: 5, data: { galleryid: 5, id: 9, shoottime: 1 } });
      await first;
      expect(got).toEqual([{ type: 'image_add', room: 5, data: { galleryid: 5, id: 9, shoottime: 1 } }]);
    } finally {
      raw.disconnect();
      await bus.close();
    }
  });
});
