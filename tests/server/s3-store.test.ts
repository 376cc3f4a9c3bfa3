import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { BACKENDS, startTestServer, insertGallery, type TestServer } from './helpers';
import { S3Store } from '../../server/src/storage/s3';
import { createStore, storeLabel } from '../../server/src/storage/create';
import { LocalStore, originalKey } from '../../server/src/storage';
import { loadConfig } from '../../server/src/config';
import type { ImageSign } from '../../types/api/upload';


// s3rver ships no type declarations: the part used here.
type S3rverServer = { run(): Promise<{ port: number }>; close(): Promise<void> };
// eslint-disable-next-line @typescript-eslint/no-require-imports
const S3rver = require('s3rver') as new (opts: Record<string, unknown>) => S3rverServer;

const BUCKET = 'photos';
const TOKEN = 'organiser-test-token';
const AUTH = { authorization: `Bearer ${TOKEN}` };

const sha256 = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

/** Every file under a folder, relative paths. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(dir, f)).isFile());
}

/** A real S3 protocol server on loopback, its objects in a temporary folder. */
async function startS3(): Promise<{ endpoint: string; dir: string; close(): Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lg-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: BUCKET }] });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    dir,
    async close() {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };
}

const storeOn = (endpoint: string, opts: { prefix?: string; bucket?: string } = {}) =>
  new S3Store({ bucket: opts.bucket ?? BUCKET, endpoint, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true, prefix: opts.prefix });

/** Keys of the objects in the bucket (s3rver keeps each object as `<key>._S3rver_object`). */
const bucketKeys = (dir: string) =>
  filesUnder(path.join(dir, BUCKET))
    .filter((f) => f.endsWith('._S3rver_object'))
    .map((f) => f.slice(0, -'._S3rver_object'.length).split(path.sep).join('/'))
    .sort();

/** The same multipart/form-data body as upload.test.ts: text fields in order, then the file. */
function multipart(fields: Record<string, string>, file: Buffer) {
  const boundary = `----lgtest${crypto.randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`), file, Buffer.from('\r\n'));
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('S3 store configuration', () => {
  const base = { DATA_DIR: '/tmp/lg-x' };

  it('is off without S3_BUCKET and on with a complete set of variables', () => {
    expect(loadConfig(base).s3).toBeNull();
    expect(storeLabel(createStore(loadConfig(base)))).toBe('local');
    expect(createStore(loadConfig(base))).toBeInstanceOf(LocalStore);
    const c = loadConfig({ ...base, S3_BUCKET: 'photos', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_PREFIX: '/lg/' });
    expect(c.s3).toEqual({ bucket: 'photos', endpoint: 'http://127.0.0.1:9000', region: 'us-east-1', accessKeyId: 'k', secretAccessKey: 's', forcePathStyle: true, prefix: 'lg' });
    expect(storeLabel(createStore(c))).toBe('s3://photos/lg');
    const aws = loadConfig({ ...base, S3_BUCKET: 'photos', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's', S3_REGION: 'eu-west-1' }).s3;
    expect(aws).toMatchObject({ endpoint: null, region: 'eu-west-1', forcePathStyle: false, prefix: '' });
    expect(loadConfig({ ...base, S3_BUCKET: 'photos', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's', S3_ENDPOINT: 'https://oss.example', S3_FORCE_PATH_STYLE: 'false' }).s3?.forcePathStyle).toBe(false);
  });

  it('refuses a half-configured store with a message naming the variable', () => {
    const load = (env: Record<string, string>) => () => loadConfig({ ...base, ...env });
    expect(load({ S3_BUCKET: 'photos' })).toThrow('S3_BUCKET is set but S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are empty');
    expect(load({ S3_BUCKET: 'photos', S3_ACCESS_KEY_ID: 'k' })).toThrow('S3_SECRET_ACCESS_KEY is empty');
    expect(load({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY_ID: 'k' })).toThrow('S3_ENDPOINT, S3_ACCESS_KEY_ID are set but S3_BUCKET is empty');
    const full = { S3_BUCKET: 'photos', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' };
    expect(load({ ...full, S3_ENDPOINT: 'ftp://x' })).toThrow('S3_ENDPOINT must use http: or https:');
    expect(load({ ...full, S3_FORCE_PATH_STYLE: 'maybe' })).toThrow('S3_FORCE_PATH_STYLE must be true or false');
    expect(load({ ...full, S3_PREFIX: 'a/../b' })).toThrow('S3_PREFIX');
    expect(load({ ...full, S3_BUCKET: 'a' })).toThrow('S3_BUCKET is not a valid bucket name');
  });
});

describe('S3 store', () => {
  let s3: Awaited<ReturnType<typeof startS3>>;
  beforeAll(async () => {
    s3 = await startS3();
  });
  afterAll(async () => {
    await s3.close();
  });

  it('keeps the ObjectStore contract: put, get, exists, delete, missing keys', async () => {
    const store = storeOn(s3.endpoint);
    await store.checkBucket();
    expect(store.localPath('originals/ab/x')).toBeNull();
    const body = crypto.randomBytes(5000);
    await store.put('originals/ab/contract', body);
    expect(await store.get('originals/ab/contract')).toEqual(body);
    expect(await store.exists('originals/ab/contract')).toBe(true);
    await store.put('originals/ab/contract', Buffer.from('replaced'));
    expect((await store.get('originals/ab/contract'))?.toString()).toBe('replaced');
    await store.delete('originals/ab/contract');
    expect(await store.exists('originals/ab/contract')).toBe(false);
    expect(await store.get('originals/ab/contract')).toBeNull();
    await store.delete('originals/ab/contract'); // missing: no error
    expect(await store.get('never/written')).toBeNull();
    await expect(store.get('../escape')).rejects.toThrow('Invalid object key');
    await expect(store.put('a//b', body)).rejects.toThrow('Invalid object key');
    expect(bucketKeys(s3.dir)).toEqual([]);
  });

  it('putFile streams a local file up and removes it', async () => {
    const store = storeOn(s3.endpoint);
    const file = path.join(s3.dir, 'upload.part');
    const body = crypto.randomBytes(300_000);
    fs.writeFileSync(file, body);
    await store.putFile('uploads/global/big.bin', file);
    expect(fs.existsSync(file)).toBe(false);
    const got = await store.get('uploads/global/big.bin');
    // Compared by digest: a deep equal of 300 kB is slow in Jest.
    expect(got && sha256(got)).toBe(sha256(body));
    await store.delete('uploads/global/big.bin');
  });

  it('keeps every key under its prefix, and two prefixes apart', async () => {
    const a = storeOn(s3.endpoint, { prefix: 'site-a' });
    const b = storeOn(s3.endpoint, { prefix: 'site-b/' });
    await a.put('originals/cd/one', Buffer.from('a'));
    expect(bucketKeys(s3.dir)).toEqual(['site-a/originals/cd/one']);
    expect(await b.exists('originals/cd/one')).toBe(false);
    expect(await b.get('originals/cd/one')).toBeNull();
    expect((await storeOn(s3.endpoint).get('site-a/originals/cd/one'))?.toString()).toBe('a');
    await a.delete('originals/cd/one');
    expect(bucketKeys(s3.dir)).toEqual([]);
  });

  it('says what is wrong when the bucket cannot be used', async () => {
    await expect(storeOn(s3.endpoint, { bucket: 'nope' }).checkBucket()).rejects.toThrow('bucket "nope" does not exist');
    const closed = storeOn('http://127.0.0.1:1');
    await expect(closed.checkBucket()).rejects.toThrow('bucket "photos" is not reachable');
  });
});

describe.each(BACKENDS)('upload path on the S3 store on %s', (backend) => {
  let s3: Awaited<ReturnType<typeof startS3>>;
  let s: TestServer;
  let galleryId: number;

  beforeAll(async () => {
    s3 = await startS3();
    s = await startTestServer(backend, { ORGANIZER_TOKEN: TOKEN, PUBLIC_URL: 'https://photos.example' }, storeOn(s3.endpoint, { prefix: 'lg' }));
    galleryId = await insertGallery(s.db, { link_id: 's3up0001' });
  });
  afterAll(async () => {
    await s.close();
    await s3.close();
  });

  it('uploads, registers, lists and renders a photo whose original is only in the bucket', async () => {
    const bytes = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#2a6090' } }).jpeg().toBuffer();
    const hash = sha256(bytes);

    const sign = await s.app.inject({ method: 'GET', url: `/api/v2/common/imagesign?gallery_id=${galleryId}`, headers: AUTH });
    expect(sign.statusCode).toBe(200);
    const p = sign.json().data as ImageSign;
    const key = `${p.dir}${hash}.jpg`;
    const fields = { key, policy: p.policy, OSSAccessKeyId: p.accessid, success_action_status: '204', Signature: p.signature };
    const up = await s.app.inject({ method: 'POST', url: '/oss/upload', ...multipart(fields, bytes) });
    expect(up.statusCode).toBe(204);
    expect(bucketKeys(s3.dir)).toEqual([`lg/${key}`]);

    const reg = await s.app.inject({ method: 'POST', url: '/api/v2/images/upload', headers: AUTH, payload: { gallery_id: galleryId, hash: key, origin: 'IMG_S3.JPG' } });
    expect(reg.statusCode).toBe(200);
    const { photo, duplicate } = reg.json().data;
    expect(duplicate).toBe(false);
    expect(photo).toMatchObject({ hash, galleryid: galleryId, width: 640, height: 480, size: bytes.length, origin: 'IMG_S3.JPG' });
    // The upload object became the content-addressed original, in the bucket only.
    expect(bucketKeys(s3.dir)).toEqual([`lg/${originalKey(hash)}`]);
    const local = filesUnder(s.dataDir);
    expect(local.filter((f) => !f.startsWith(`cache${path.sep}`) && f !== 'upload-secret')).toEqual([]);

    const list = (await s.app.inject({ method: 'GET', url: `/api/v2/images/${galleryId}/list` })).json().data;
    expect(list.items.find((i: { id: number }) => i.id === photo.id)).toMatchObject({ hash, width: 640, height: 480 });

    const thumb = await s.app.inject({ method: 'GET', url: `/img/${hash}!wx_375_240?g=${galleryId}`, headers: { accept: 'image/webp' } });
    expect(thumb.statusCode).toBe(200);
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 375, height: 240 });

    // A style not rendered at upload time is rendered now from the bucket's original.
    const pipeline = s.services.images;
    await s.services.prerender.idle(); // the grid variants rendered after publishing
    const renders = pipeline.cache.stats.renders;
    const big = await s.app.inject({ method: 'GET', url: `/img/${hash}!wx_750_n?g=${galleryId}`, headers: { accept: 'image/jpeg' } });
    expect(big.statusCode).toBe(200);
    expect(await sharp(big.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 640, height: 480 });
    expect(pipeline.cache.stats.renders).toBe(renders + 1);

    // The original (downloads, ZIPs) comes as the bucket's bytes: there is no local file to hand out.
    const original = await pipeline.body({ hash, style: 'original', format: null, contentType: 'image/jpeg', watermark: null, key: hash, etag: `"${hash}"` });
    expect(original.kind).toBe('buffer');
    expect(original.kind === 'buffer' && sha256(original.body)).toBe(hash);
  });

  it('a missing upload is refused without touching the bucket', async () => {
    const before = bucketKeys(s3.dir);
    const reg = await s.app.inject({ method: 'POST', url: '/api/v2/images/upload', headers: AUTH, payload: { gallery_id: galleryId, hash: `uploads/g${galleryId}/missing.jpg` } });
    expect(reg.statusCode).toBe(400);
    expect(reg.json().msg).toBe('Uploaded object not found');
    expect(bucketKeys(s3.dir)).toEqual(before);
  });
});
