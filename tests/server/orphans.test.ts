import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BACKENDS, startTestServer, type TestServer } from './helpers';
import { S3Store } from '../../server/src/storage/s3';
import { LocalStore, type ObjectStore } from '../../server/src/storage';
import { loadConfig } from '../../server/src/config';
import { PART_IDLE_MS } from '../../server/src/services/photos/orphans';
import type { ImageSign } from '../../types/api/upload';

/**
 * Issue 11 item 3: orphans are swept. `.part` files a crash left in DATA_DIR/tmp go at
 * start; uploads never registered go after UPLOAD_ORPHAN_AGE_S (a day by default), on
 * the local store and on S3. (Renders of hidden and deleted photos: hash-gate.test.ts.)
 */

// s3rver ships no type declarations: the part used here.
type S3rverServer = { run(): Promise<{ port: number }>; close(): Promise<void> };
// eslint-disable-next-line @typescript-eslint/no-require-imports
const S3rver = require('s3rver') as new (opts: Record<string, unknown>) => S3rverServer;

const TOKEN = 'organiser-test-token';
const AUTH = { authorization: `Bearer ${TOKEN}` };
const AGE_S = 3600;
const HOUR_MS = 3600 * 1000;

async function startS3(): Promise<{ endpoint: string; close(): Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lg-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: 'photos' }] });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    async close() {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };
}

const s3Store = (endpoint: string) =>
  new S3Store({ bucket: 'photos', endpoint, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true, prefix: 'lg' });

async function keysOf(store: ObjectStore, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const o of store.list(prefix)) keys.push(o.key);
  return keys.sort();
}

it('UPLOAD_ORPHAN_AGE_S defaults to a day', () => {
  expect(loadConfig({ DATA_DIR: '/tmp/lg-x' }).uploadOrphanAgeS).toBe(86400);
  expect(loadConfig({ DATA_DIR: '/tmp/lg-x', UPLOAD_ORPHAN_AGE_S: '60' }).uploadOrphanAgeS).toBe(60);
  expect(() => loadConfig({ DATA_DIR: '/tmp/lg-x', UPLOAD_ORPHAN_AGE_S: 'soon' })).toThrow('UPLOAD_ORPHAN_AGE_S must be an integer');
});

describe.each(BACKENDS)('orphan sweeps on %s', (backend) => {
  let s3: Awaited<ReturnType<typeof startS3>>;
  beforeAll(async () => {
    s3 = await startS3();
  });
  afterAll(() => s3.close());

  describe.each(['local', 's3'] as const)('%s store', (kind) => {
    let s: TestServer;
    let galleryId: number;

    beforeAll(async () => {
      s = await startTestServer(backend, { ORGANIZER_TOKEN: TOKEN, UPLOAD_ORPHAN_AGE_S: String(AGE_S) }, kind === 's3' ? s3Store(s3.endpoint) : undefined);
      galleryId = (await s.app.inject({ method: 'POST', url: '/api/v2/organizer/galleries', headers: AUTH, payload: { name: 'Sweep' } })).json().data.gallery.id;
      await s.services.orphans.idle();
    });
    afterAll(() => s.close());

    /** A signed PostObject of `bytes` under the gallery's folder; answers the key. */
    async function upload(name: string, bytes: Buffer): Promise<string> {
      const p = (await s.app.inject({ method: 'GET', url: `/api/v2/common/imagesign?gallery_id=${galleryId}`, headers: AUTH })).json().data as ImageSign;
      const key = `${p.dir}${name}`;
      const boundary = `----lg${crypto.randomBytes(6).toString('hex')}`;
      const fields = { key, policy: p.policy, OSSAccessKeyId: p.accessid, Signature: p.signature };
      const parts = Object.entries(fields).map(([n, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${n}"\r\n\r\n${v}\r\n`);
      const payload = Buffer.concat([
        Buffer.from(parts.join('')),
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.jpg"\r\n\r\n`),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`)
      ]);
      const res = await s.app.inject({ method: 'POST', url: '/oss/upload', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
      expect(res.statusCode).toBe(204);
      return key;
    }

    it('lists a folder\'s objects with their write times, keys as written', async () => {
      const store = s.services.store;
      const before = Date.now();
      await store.put('uploads/global/a.jpg', Buffer.from('a'));
      await store.put('uploads/g1/b/c.jpg', Buffer.from('b'));
      await store.put('originals/ab/x', Buffer.from('x'));
      const listed: Array<{ key: string; modifiedMs: number }> = [];
      for await (const o of store.list('uploads/')) listed.push(o);
      expect(listed.map((o) => o.key).sort()).toEqual(['uploads/g1/b/c.jpg', 'uploads/global/a.jpg']);
      // S3 keeps whole seconds.
      for (const o of listed) expect(o.modifiedMs).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
      expect(await keysOf(store, 'nothing-here/')).toEqual([]);
      await expect(store.list('uploads')[Symbol.asyncIterator]().next()).rejects.toThrow('Not a folder prefix');
      for (const k of ['uploads/global/a.jpg', 'uploads/g1/b/c.jpg', 'originals/ab/x']) await store.delete(k);
    });

    it('removes uploads never registered once older than UPLOAD_ORPHAN_AGE_S, and nothing else', async () => {
      const store = s.services.store;
      const waiting = await upload('waiting.jpg', Buffer.from('not registered yet'));
      await store.put('originals/cd/kept', Buffer.from('an original'));
      const sweeper = s.services.orphans;
      // Younger than the age: kept.
      expect(await sweeper.sweepUploads(Date.now())).toBe(0);
      expect(await store.exists(waiting)).toBe(true);
      // An hour and a bit later: gone; originals are not uploads.
      expect(await sweeper.sweepUploads(Date.now() + AGE_S * 1000 + 60_000)).toBe(1);
      expect(await store.exists(waiting)).toBe(false);
      expect(await store.exists('originals/cd/kept')).toBe(true);
      const reg = await s.app.inject({ method: 'POST', url: '/api/v2/images/upload', headers: AUTH, payload: { gallery_id: galleryId, hash: waiting } });
      expect([reg.statusCode, reg.json().msg]).toEqual([400, 'Uploaded object not found']);
      await store.delete('originals/cd/kept');
    });

    it('the start sweep removes old uploads (here: UPLOAD_ORPHAN_AGE_S=0 on restart)', async () => {
      const key = await upload('stale.jpg', Buffer.from('stale'));
      expect(await keysOf(s.services.store, 'uploads/')).toEqual([key]);
      const old = s;
      const aged = await startTestServer(backend, { ORGANIZER_TOKEN: TOKEN, UPLOAD_ORPHAN_AGE_S: '0' }, old.services.store);
      try {
        await aged.services.orphans.idle();
        expect(await keysOf(aged.services.store, 'uploads/')).toEqual([]);
      } finally {
        await aged.close();
      }
    });
  });

  describe('.part files', () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer(backend);
    });
    afterAll(() => s.close());

    it('a crash\'s .part files go at start; one written to lately (another process\'s upload) stays', async () => {
      const tmp = path.join(s.dataDir, 'tmp');
      const crashed = path.join(tmp, 'a1b2c3.part');
      const live = path.join(tmp, 'd4e5f6.part');
      const other = path.join(tmp, 'notes.txt');
      for (const f of [crashed, live, other]) fs.writeFileSync(f, 'half an upload');
      const then = new Date(Date.now() - PART_IDLE_MS - HOUR_MS);
      fs.utimesSync(crashed, then, then);
      fs.utimesSync(other, then, then);

      await s.restart();
      expect(fs.existsSync(crashed)).toBe(false);
      expect(fs.existsSync(live)).toBe(true);
      expect(fs.existsSync(other)).toBe(true);
      // The periodic sweep takes it once nobody wrote to it for PART_IDLE_MS.
      expect(await s.services.orphans.sweepParts(Date.now() + PART_IDLE_MS + 1000)).toBe(1);
      expect(fs.existsSync(live)).toBe(false);
    });
  });

  it('a LocalStore lists nothing for a folder that is a file or missing', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lg-list-'));
    try {
      const store = new LocalStore(root);
      await store.put('uploads', Buffer.from('a file, not a folder'));
      expect(await keysOf(store, 'uploads/')).toEqual([]);
      expect(await keysOf(store, 'missing/')).toEqual([]);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
