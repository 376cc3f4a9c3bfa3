import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { BACKENDS, startTestServer, insertGallery, type TestServer } from './helpers';
import { originalKey } from '../../server/src/storage';
import type { LiveMessage } from '../../types/live';
import type { ImageSign } from '../../types/api/upload';

/**
 * Issue 11 item 3, "nothing half-written": registering an upload checks every input
 * before it writes; the image and photo rows commit together; a failure after a write
 * leaves nothing a visitor can reach. And note 12: the OSS host reads no field that
 * comes after the file.
 */

const TOKEN = 'organiser-test-token';
const AUTH = { authorization: `Bearer ${TOKEN}` };

const sha256 = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

let seq = 0;
async function jpeg(): Promise<Buffer> {
  const n = ++seq;
  return sharp({ create: { width: 480, height: 320, channels: 3, background: { r: (59 * n) % 256, g: 90, b: (31 * n) % 256 } } }).jpeg().toBuffer();
}

/** A multipart/form-data body: `before` fields, the file, then `after` fields. */
function multipart(before: Record<string, string>, file: Buffer | null, after: Record<string, string> = {}) {
  const boundary = `----lgtest${crypto.randomBytes(8).toString('hex')}`;
  const field = (name: string, value: string) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  const parts: Buffer[] = Object.entries(before).map(([n, v]) => field(n, v));
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`), file, Buffer.from('\r\n'));
  }
  for (const [n, v] of Object.entries(after)) parts.push(field(n, v));
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe.each(BACKENDS)('registering uploads without half-writes on %s', (backend) => {
  let s: TestServer;
  let galleryId: number;
  let messages: LiveMessage[];
  let unsubscribe: () => void;

  const sign = async () => (await s.app.inject({ method: 'GET', url: `/api/v2/common/imagesign?gallery_id=${galleryId}`, headers: AUTH })).json().data as ImageSign;
  const policyFields = (p: ImageSign, key: string) => ({ key, policy: p.policy, OSSAccessKeyId: p.accessid, Signature: p.signature });
  const register = (body: Record<string, unknown>) => s.app.inject({ method: 'POST', url: '/api/v2/images/upload', headers: AUTH, payload: body });
  /** An uploaded object ready to register. */
  async function upload(): Promise<{ key: string; hash: string }> {
    const bytes = await jpeg();
    const p = await sign();
    const key = `${p.dir}${sha256(bytes)}.jpg`;
    const res = await s.app.inject({ method: 'POST', url: '/oss/upload', ...multipart(policyFields(p, key), bytes) });
    expect(res.statusCode).toBe(204);
    return { key, hash: sha256(bytes) };
  }
  /** Nothing of `hash` a visitor could reach, and nothing in the database. */
  async function expectNothingOf(hash: string) {
    expect((await s.db.query('SELECT 1 FROM images WHERE hash = $1', [hash])).rows).toEqual([]);
    expect((await s.db.query('SELECT 1 FROM photos WHERE hash = $1', [hash])).rows).toEqual([]);
    const img = await s.app.inject({ method: 'GET', url: `/img/${hash}!wx_375_240`, headers: { accept: 'image/webp' } });
    expect([img.statusCode, img.json().msg]).toEqual([404, 'Image not found']);
    await s.services.images.cache.flush();
    const dir = path.join(s.dataDir, 'cache', hash.slice(0, 2));
    expect(fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.startsWith(hash)) : []).toEqual([]);
    const list = (await s.app.inject({ method: 'GET', url: `/api/v2/images/${galleryId}/list` })).json().data;
    expect(list.items.map((i: { hash: string }) => i.hash)).not.toContain(hash);
    await new Promise((r) => setTimeout(r, 20));
    expect(messages).toEqual([]);
  }

  beforeAll(async () => {
    s = await startTestServer(backend, { ORGANIZER_TOKEN: TOKEN, PUBLIC_URL: 'https://photos.example' });
    galleryId = await insertGallery(s.db, { link_id: 'atomic01' });
    messages = [];
    unsubscribe = s.services.bus.subscribe((m) => messages.push(m));
  });
  afterAll(async () => {
    unsubscribe();
    await s.close();
  });
  beforeEach(() => {
    messages.length = 0;
  });

  it('an origin or a tag with a control character is a 400 before anything is written', async () => {
    const { key, hash } = await upload();
    // The message names the field (the request schema may refuse it before the service does).
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ origin: 'IMG\u0000.JPG' }, /^origin /],
      [{ origin: 'IMG\u001b[31m.JPG' }, /^origin /],
      [{ tags: ['stage', 'a\u0000b'] }, /^(tags|keywords)[ .]/],
      [{ keywords: 'ok,bell\u0007' }, /^(tags|keywords)[ .]/]
    ];
    for (const [extra, msg] of cases) {
      const res = await register({ gallery_id: galleryId, hash: key, ...extra });
      expect([res.statusCode, res.json().code]).toEqual([400, 400]);
      expect(res.json().msg).toMatch(msg);
      await expectNothingOf(hash);
      expect(await s.services.store.exists(originalKey(hash))).toBe(false);
    }
    // The upload is still there: the corrected call goes through.
    expect(await s.services.store.exists(key)).toBe(true);
    const ok = await register({ gallery_id: galleryId, hash: key, origin: 'IMG.JPG', tags: ['stage'] });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.photo).toMatchObject({ hash, origin: 'IMG.JPG', tags: ['stage'] });
  });

  it('a failure after the original was written leaves no row, no render and no message', async () => {
    const { key, hash } = await upload();
    // The photo insert fails inside the transaction, after the image row was written in it.
    await s.db.query("ALTER TABLE photos ADD CONSTRAINT test_refuses_boom CHECK (origin <> 'boom.jpg')");
    try {
      const res = await register({ gallery_id: galleryId, hash: key, origin: 'boom.jpg' });
      expect([res.statusCode, res.json().code]).toEqual([500, 500]);
      await expectNothingOf(hash);
      const total = (await s.db.query<{ n: number }>('SELECT image_total AS n FROM galleries WHERE id = $1', [galleryId])).rows[0].n;
      expect(total).toBe((await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM photos WHERE gallery_id = $1 AND NOT hidden', [galleryId])).rows[0].n);
    } finally {
      await s.db.query('ALTER TABLE photos DROP CONSTRAINT test_refuses_boom');
    }
    // The upload stays: registering again works, and publishes once.
    const again = await register({ gallery_id: galleryId, hash: key, origin: 'fine.jpg' });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ duplicate: false, photo: { hash, origin: 'fine.jpg' } });
    expect((await s.app.inject({ method: 'GET', url: `/img/${hash}!wx_375_240` })).statusCode).toBe(200);
  });

  describe('the OSS host reads only the fields before the file (note 12)', () => {
    it('a success_action_status after the file is ignored', async () => {
      const bytes = await jpeg();
      const p = await sign();
      const key = `${p.dir}${sha256(bytes)}.jpg`;
      const res = await s.app.inject({ method: 'POST', url: '/oss/upload', ...multipart(policyFields(p, key), bytes, { success_action_status: '201' }) });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      const before = await s.app.inject({ method: 'POST', url: '/oss/upload', ...multipart({ ...policyFields(p, key), success_action_status: '201' }, bytes) });
      expect(before.statusCode).toBe(201);
      await s.services.store.delete(key);
    });

    it('a policy, key or signature sent after the file does not count', async () => {
      const bytes = await jpeg();
      const p = await sign();
      const key = `${p.dir}${sha256(bytes)}.jpg`;
      const all = policyFields(p, key);
      for (const late of ['policy', 'key', 'Signature', 'OSSAccessKeyId'] as const) {
        const before: Record<string, string> = { ...all };
        delete before[late];
        const res = await s.app.inject({ method: 'POST', url: '/oss/upload', ...multipart(before, bytes, { [late]: all[late] }) });
        expect([late, res.statusCode, res.json().data.error]).toEqual([late, 400, 'InvalidArgument']);
        expect(await s.services.store.exists(key)).toBe(false);
      }
      // A repeated field: the value before the file counts, not a later one.
      const twice = await s.app.inject({ method: 'POST', url: '/oss/upload', ...multipart(all, bytes, { key: `${p.dir}other.jpg` }) });
      expect(twice.statusCode).toBe(204);
      expect(await s.services.store.exists(key)).toBe(true);
      expect(await s.services.store.exists(`${p.dir}other.jpg`)).toBe(false);
      await s.services.store.delete(key);
    });
  });
});
