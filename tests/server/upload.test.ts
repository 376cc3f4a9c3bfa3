import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { BACKENDS, startTestServer, insertGallery, type TestServer } from './helpers';
import { resolveUploadSecret, signPolicy, UPLOAD_ACCESS_ID, UPLOAD_POLICY_TTL_S } from '../../server/src/storage/policy';

import { cacheKey } from '../../server/src/images/cache';
import { originalKey } from '../../server/src/storage';
import type { LiveMessage } from '../../types/live';
import type { ImageSign } from '../../types/api/upload';

const TOKEN = 'organiser-test-token';
const AUTH = { authorization: `Bearer ${TOKEN}` };
const MAX_BYTES = 200_000;
const SHOT = '2026:05:01 12:34:56';
const SHOT_UNIX = Date.UTC(2026, 4, 1, 12, 34, 56) / 1000;

/** A 400×300 JPEG, stored rotated (EXIF orientation 6: displayed 300×400), shot at SHOT UTC. */
async function jpeg(seed: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><rect width="400" height="300" fill="#1${seed % 10}3050"/>
    <circle cx="${100 + seed}" cy="150" r="60" fill="#c04020"/></svg>`;
  return sharp(Buffer.from(svg))
    .jpeg({ quality: 85 })
    .withExif({ IFD2: { DateTimeOriginal: SHOT, OffsetTimeOriginal: '+00:00' } })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

const sha256 = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

/** A multipart/form-data body: text fields in order, then the file (as OSS requires). */
function multipart(fields: Record<string, string>, file?: { data: Buffer; name?: string; type?: string }) {
  const boundary = `----lgtest${crypto.randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name ?? 'photo.jpg'}"\r\nContent-Type: ${file.type ?? 'image/jpeg'}\r\n\r\n`),
      file.data,
      Buffer.from('\r\n')
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Every file under a folder, relative paths. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(dir, f)).isFile());
}

describe.each(BACKENDS)('photographer upload on %s', (backend) => {
  let s: TestServer;
  let galleryId: number;
  let otherId: number;
  let messages: LiveMessage[];
  let unsubscribe: () => void;

  const sign = async (query: string) => {
    const res = await s.app.inject({ method: 'GET', url: `/api/v2/common/imagesign?${query}`, headers: AUTH });
    expect(res.statusCode).toBe(200);
    return res.json().data as ImageSign;
  };
  const fieldsOf = (p: Pick<ImageSign, 'accessid' | 'policy' | 'signature'>, key: string, extra: Record<string, string> = {}) => ({
    key,
    policy: p.policy,
    OSSAccessKeyId: p.accessid,
    success_action_status: '204',
    Signature: p.signature,
    ...extra
  });
  const postObject = (fields: Record<string, string>, file?: { data: Buffer; name?: string; type?: string }) =>
    s.app.inject({ method: 'POST', url: '/oss/upload', ...multipart(fields, file) });
  const register = (body: Record<string, unknown>, headers: Record<string, string> = AUTH) =>
    s.app.inject({ method: 'POST', url: '/api/v2/images/upload', headers, payload: body });
  const photoCount = async () => (await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM photos')).rows[0].n;
  const uploads = () => filesUnder(path.join(s.dataDir, 'objects', 'uploads'));
  const tmpFiles = () => filesUnder(path.join(s.dataDir, 'tmp'));
  const settle = () => new Promise((r) => setTimeout(r, 20));

  beforeAll(async () => {
    s = await startTestServer(backend, { ORGANIZER_TOKEN: TOKEN, UPLOAD_MAX_BYTES: String(MAX_BYTES), PUBLIC_URL: 'https://photos.example' });
    galleryId = await insertGallery(s.db, { link_id: 'upload01' });
    otherId = await insertGallery(s.db, { link_id: 'upload02' });
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

  it('signs a policy for the gallery folder on the local host', async () => {
    const before = Math.floor(Date.now() / 1000);
    const p = await sign(`gallery_id=${galleryId}&force=1`);
    expect(p).toMatchObject({ accessid: UPLOAD_ACCESS_ID, host: 'https://photos.example/oss/upload', dir: `uploads/g${galleryId}/` });
    expect(p.expire).toBeGreaterThanOrEqual(before + UPLOAD_POLICY_TTL_S);
    expect(p.expire).toBeLessThanOrEqual(before + UPLOAD_POLICY_TTL_S + 2);
    const doc = JSON.parse(Buffer.from(p.policy, 'base64').toString());
    expect(doc.conditions).toEqual([['starts-with', '$key', p.dir], ['content-length-range', 1, MAX_BYTES]]);
    expect((await sign('global=1')).dir).toBe('uploads/global/');
    const unknown = await s.app.inject({ method: 'GET', url: '/api/v2/common/imagesign?gallery_id=999', headers: AUTH });
    expect(unknown.statusCode).toBe(404);
  });

  it('uploads, registers and lists a photo with its EXIF time, orientation and name, announcing it once', async () => {
    const bytes = await jpeg(1);
    const p = await sign(`gallery_id=${galleryId}`);
    const key = `${p.dir}${sha256(bytes)}.jpg`;
    const up = await postObject(fieldsOf(p, key, { callback: Buffer.from('{"callbackUrl":"http://x"}').toString('base64') }), { data: bytes });
    expect(up.statusCode).toBe(204);
    expect(up.headers.etag).toBe(`"${crypto.createHash('md5').update(bytes).digest('hex').toUpperCase()}"`);
    expect(await s.services.store.get(key)).toEqual(bytes);

    const rendersBefore = s.services.images.cache.stats.renders;
    const rendersAtPublish: number[] = [];
    const watch = s.services.bus.subscribe((m) => {
      if (m.type === 'image_add') rendersAtPublish.push(s.services.images.cache.stats.renders);
    });
    const res = await register({ gallery_id: galleryId, hash: key, link_id: 'upload01', tags: ['stage', 'day1'], keywords: 'speaker', origin: 'IMG_0001.JPG' });
    watch();
    expect(res.statusCode).toBe(200);
    const { photo, duplicate } = res.json().data;
    expect(duplicate).toBe(false);
    expect(photo).toMatchObject({ hash: sha256(bytes), galleryid: galleryId, width: 300, height: 400, size: bytes.length, shoottime: SHOT_UNIX, origin: 'IMG_0001.JPG' });
    expect(photo.tags).toEqual(['stage', 'day1', 'speaker']);
    // The upload object became the content-addressed original.
    expect(await s.services.store.exists(key)).toBe(false);
    expect(await s.services.store.get(originalKey(photo.hash))).toEqual(bytes);

    // The wide grid cell in WebP was rendered before the photo was published; the
    // other grid variants follow in the background.
    const cache = s.services.images.cache;
    expect(rendersAtPublish).toEqual([rendersBefore + 1]);
    await s.services.prerender.idle();
    await cache.flush();
    for (const style of ['wx_375_240', 'wx_250_160']) {
      for (const ext of ['webp', 'jpg'] as const) expect(fs.existsSync(cache.file(cacheKey({ hash: photo.hash, style, ext, mark: '' })))).toBe(true);
    }
    const renders = cache.stats.renders;
    expect(renders).toBe(rendersBefore + 4);
    const img = await s.app.inject({ method: 'GET', url: `/img/${photo.hash}!wx_375_240?g=${galleryId}`, headers: { accept: 'image/webp' } });
    expect(img.statusCode).toBe(200);
    expect(cache.stats.renders).toBe(renders);

    const list = (await s.app.inject({ method: 'GET', url: `/api/v2/images/${galleryId}/list` })).json().data;
    expect(list.items.map((i: { id: number }) => i.id)).toContain(photo.id);
    expect(list.items.find((i: { id: number }) => i.id === photo.id)).toMatchObject({ shoottime: SHOT_UNIX, width: 300, height: 400, origin: 'IMG_0001.JPG' });
    const g = (await s.app.inject({ method: 'GET', url: '/api/v2/gallery/link/upload01' })).json().data;
    expect(JSON.stringify(g)).toContain('"image_total":1');

    await settle();
    expect(messages).toEqual([{ type: 'image_add', room: galleryId, data: { galleryid: galleryId, id: photo.id, shoottime: SHOT_UNIX } }]);
  });

  it('answers 200 (empty) and 201 (OSS PostResponse) when asked', async () => {
    const p = await sign('global=1');
    const ok200 = await postObject(fieldsOf(p, `${p.dir}a.jpg`, { success_action_status: '200' }), { data: Buffer.from('abc') });
    expect(ok200.statusCode).toBe(200);
    expect(ok200.body).toBe('');
    const ok201 = await postObject(fieldsOf(p, `${p.dir}b.jpg`, { success_action_status: '201' }), { data: Buffer.from('abc') });
    expect(ok201.statusCode).toBe(201);
    expect(ok201.body).toContain(`<Key>${p.dir}b.jpg</Key>`);
    await s.services.store.delete(`${p.dir}a.jpg`);
    await s.services.store.delete(`${p.dir}b.jpg`);
  });

  describe('policy rejections store nothing and register nothing', () => {
    let p: ImageSign;
    let bytes: Buffer;
    let key: string;
    let photosBefore: number;

    beforeEach(async () => {
      p = await sign(`gallery_id=${galleryId}`);
      bytes = await jpeg(7);
      key = `${p.dir}${sha256(bytes)}.jpg`;
      photosBefore = await photoCount();
    });

    const expectRejected = async (res: Awaited<ReturnType<typeof postObject>>, status: number, error: string, k = key) => {
      expect(res.statusCode).toBe(status);
      expect(res.json()).toMatchObject({ code: status, data: { error } });
      expect(uploads()).toEqual([]);
      expect(tmpFiles()).toEqual([]);
      const reg = await register({ gallery_id: galleryId, hash: k });
      expect(reg.statusCode).toBe(400);
      expect(reg.json().msg).toBe('Uploaded object not found');
      expect(await photoCount()).toBe(photosBefore);
    };

    it('wrong key prefix', async () => {
      await expectRejected(await postObject(fieldsOf(p, `uploads/g${otherId}/${sha256(bytes)}.jpg`), { data: bytes }), 403, 'AccessDenied', `uploads/g${otherId}/${sha256(bytes)}.jpg`);
      const dotted = `${p.dir}../g${otherId}/x.jpg`;
      const res = await postObject(fieldsOf(p, dotted), { data: bytes });
      // Inside the prefix as written, but a name no object may have: OSS's InvalidObjectName.
      expect(res.statusCode).toBe(400);
      expect(res.json().data.error).toBe('InvalidObjectName');
    });

    it('expired policy', async () => {
      const secret = resolveUploadSecret(s.services.config);
      const old = signPolicy(secret, { dir: p.dir, maxBytes: MAX_BYTES, expire: Math.floor(Date.now() / 1000) - 5 });
      await expectRejected(await postObject(fieldsOf(old, key), { data: bytes }), 403, 'AccessDenied');
    });

    it('oversize file', async () => {
      const big = crypto.randomBytes(MAX_BYTES + 1);
      await expectRejected(await postObject(fieldsOf(p, key), { data: big }), 400, 'EntityTooLarge');
      const far = crypto.randomBytes(MAX_BYTES + 2 * 1024 * 1024); // past the multipart limit too
      await expectRejected(await postObject(fieldsOf(p, key), { data: far }), 400, 'EntityTooLarge');
    });

    it('bad signature, or a policy changed after signing', async () => {
      await expectRejected(await postObject(fieldsOf(p, key, { Signature: Buffer.from('nope').toString('base64') }), { data: bytes }), 403, 'SignatureDoesNotMatch');
      const doc = JSON.parse(Buffer.from(p.policy, 'base64').toString());
      doc.conditions[1][2] = 10 * MAX_BYTES;
      const widened = Buffer.from(JSON.stringify(doc)).toString('base64');
      await expectRejected(await postObject(fieldsOf({ ...p, policy: widened }, key), { data: bytes }), 403, 'SignatureDoesNotMatch');
    });

    it('missing field or file', async () => {
      const noPolicy: Record<string, string> = fieldsOf(p, key);
      delete noPolicy.policy;
      await expectRejected(await postObject(noPolicy, { data: bytes }), 400, 'InvalidArgument');
      await expectRejected(await postObject(fieldsOf(p, key)), 400, 'InvalidArgument');
    });

    it('wrong access id', async () => {
      await expectRejected(await postObject(fieldsOf({ ...p, accessid: 'LTAIother' }, key), { data: bytes }), 403, 'InvalidAccessKeyId');
    });
  });

  it('the same bytes twice in one gallery are one photo; in another gallery a second one', async () => {
    const bytes = await jpeg(2);
    const upload = async (gid: number) => {
      const p = await sign(`gallery_id=${gid}`);
      const key = `${p.dir}${sha256(bytes)}.jpg`;
      expect((await postObject(fieldsOf(p, key), { data: bytes })).statusCode).toBe(204);
      const res = await register({ gallery_id: gid, hash: key });
      expect(res.statusCode).toBe(200);
      return res.json().data as { photo: { id: number; origin: string }; duplicate: boolean };
    };
    const first = await upload(galleryId);
    const again = await upload(galleryId);
    expect(first.duplicate).toBe(false);
    expect(first.photo.origin).toBe(`${sha256(bytes)}.jpg`);
    expect(again).toMatchObject({ duplicate: true, photo: { id: first.photo.id } });
    const elsewhere = await upload(otherId);
    expect(elsewhere.duplicate).toBe(false);
    expect(elsewhere.photo.id).not.toBe(first.photo.id);
    const { rows } = await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM photos WHERE hash = $1', [sha256(bytes)]);
    expect(rows[0].n).toBe(2);
    await settle();
    expect(messages.filter((m) => m.type === 'image_add').map((m) => m.room)).toEqual([galleryId, otherId]);
    expect(uploads()).toEqual([]);
  });

  it('a file that is not an image is refused and deleted', async () => {
    const p = await sign(`gallery_id=${galleryId}`);
    const key = `${p.dir}notes.jpg`;
    expect((await postObject(fieldsOf(p, key), { data: Buffer.from('just some text, not a photo'), type: 'text/plain' })).statusCode).toBe(204);
    const before = await photoCount();
    const res = await register({ gallery_id: galleryId, hash: key });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, msg: 'Unsupported image type' });
    expect(await s.services.store.exists(key)).toBe(false);
    expect(await photoCount()).toBe(before);
    await settle();
    expect(messages).toEqual([]);
  });

  it('checks the gallery, its link and the key before reading anything', async () => {
    const p = await sign(`gallery_id=${galleryId}`);
    const bytes = await jpeg(3);
    const key = `${p.dir}${sha256(bytes)}.jpg`;
    expect((await postObject(fieldsOf(p, key), { data: bytes })).statusCode).toBe(204);
    expect((await register({ gallery_id: 999, hash: key })).statusCode).toBe(404);
    const mismatch = await register({ gallery_id: galleryId, hash: key, link_id: 'upload02' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().msg).toBe('link_id does not match gallery_id');
    expect((await register({ gallery_id: galleryId, hash: originalKey(sha256(bytes)) })).statusCode).toBe(400);
    expect((await register({ gallery_id: galleryId })).statusCode).toBe(400);
    expect(await s.services.store.exists(key)).toBe(true);
    await s.services.store.delete(key);
  });

  it('no photo row appears when the grid styles cannot be rendered', async () => {
    const marked = await insertGallery(s.db, { link_id: 'upload03', watermarks: { icon: 'a'.repeat(64), percent: 20 } });
    const p = await sign(`gallery_id=${marked}`);
    const bytes = await jpeg(4);
    const key = `${p.dir}${sha256(bytes)}.jpg`;
    expect((await postObject(fieldsOf(p, key), { data: bytes })).statusCode).toBe(204);
    const res = await register({ gallery_id: marked, hash: key });
    expect(res.statusCode).toBe(500);
    expect(res.json().msg).toBe('Watermark icon not found');
    expect((await s.db.query('SELECT id FROM photos WHERE gallery_id = $1', [marked])).rows).toEqual([]);
    expect((await s.app.inject({ method: 'GET', url: `/api/v2/images/${marked}/list` })).json().data.total).toBe(0);
    await settle();
    expect(messages).toEqual([]);
    // The upload stays, so registering again after the fix works.
    expect(await s.services.store.exists(key)).toBe(true);
    await s.services.store.delete(key);
  });

  it('keeps the generated signing secret across restarts, and UPLOAD_SECRET wins', () => {
    const file = path.join(s.dataDir, 'upload-secret');
    const secret = fs.readFileSync(file, 'utf8');
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(resolveUploadSecret({ uploadSecret: null, dataDir: s.dataDir })).toBe(secret);
    expect(resolveUploadSecret({ uploadSecret: 'shared-secret', dataDir: s.dataDir })).toBe('shared-secret');
  });
});
