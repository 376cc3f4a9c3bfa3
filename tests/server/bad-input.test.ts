/**
 * Client input that reached a 500 (issue 11 finding 6) now answers a 4xx envelope
 * with a clear message, and writes nothing: duplicated signature parameters,
 * overflowing keyset cursors, malformed percent-encoding, control characters in
 * free text, truncated or boundary-less multipart bodies, and object keys that
 * clash as file and folder in the local store.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { BACKENDS, startTestServer, insertGallery, type TestServer } from './helpers';
import { newUser } from './pay-fixture';
import { encodeForm } from './fuzz-multipart';
import type { ImageSign } from '../../types/api/upload';

const TOKEN = 'organiser-input-token';
const AUTH = { authorization: `Bearer ${TOKEN}` };
const B = 'inputTestBoundary';
const MULTIPART = { 'content-type': `multipart/form-data; boundary=${B}` };

const jpeg = (seed: number) =>
  sharp({ create: { width: 40 + seed, height: 30, channels: 3, background: { r: 10 * seed, g: 120, b: 200 } } })
    .jpeg()
    .toBuffer();
const sha256 = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

/** Files under a folder (relative paths), none when it does not exist. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(dir, f)).isFile());
}

describe.each(BACKENDS)('bad client input on %s', (backend) => {
  let s: TestServer;
  let gallery: number;
  let policy: ImageSign;
  let photo: { id: number; hash: string };
  let user: { token: string };

  const fieldsFor = (key: string) => [
    { name: 'key', value: key },
    { name: 'OSSAccessKeyId', value: policy.accessid },
    { name: 'policy', value: policy.policy },
    { name: 'Signature', value: policy.signature }
  ];
  const postObject = (key: string, data: Buffer) =>
    s.app.inject({ method: 'POST', url: '/oss/upload', headers: MULTIPART, payload: encodeForm([...fieldsFor(key), { name: 'file', value: data, filename: 'p.jpg', type: 'image/jpeg' }], B) });
  const register = (body: Record<string, unknown>) => s.app.inject({ method: 'POST', url: '/api/v2/images/upload', headers: AUTH, payload: { gallery_id: gallery, ...body } });
  const count = async (table: string) => (await s.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n;
  const envelope = (status: number, msg: string | RegExp, data: unknown = null) => ({ status, body: { code: status, data, msg: typeof msg === 'string' ? msg : expect.stringMatching(msg) } });
  const answer = (r: { statusCode: number; json(): unknown }) => ({ status: r.statusCode, body: r.json() });

  beforeAll(async () => {
    s = await startTestServer(backend, { ORGANIZER_TOKEN: TOKEN, UPLOAD_MAX_BYTES: '200000' });
    gallery = await insertGallery(s.db, { link_id: 'input001', name: 'Input', config: { original_photo: 1 } });
    policy = (await s.app.inject({ method: 'GET', url: `/api/v2/common/imagesign?gallery_id=${gallery}`, headers: AUTH })).json().data;
    const bytes = await jpeg(1);
    const key = `${policy.dir}${sha256(bytes)}.jpg`;
    expect((await postObject(key, bytes)).statusCode).toBe(204);
    const reg = await register({ hash: key });
    expect(reg.statusCode).toBe(200);
    photo = reg.json().data.photo;
    user = await newUser(s);
  });
  afterAll(() => s?.close());

  it('refuses a duplicated parameter of a signed image URL (a list where one value is declared)', async () => {
    const signed = await s.app.inject({ method: 'GET', url: `/api/v2/images/original/${photo.id}`, headers: { authorization: `Bearer ${user.token}` } });
    expect(signed.statusCode).toBe(200);
    const url: string = signed.json().data.url;
    expect((await s.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    const q = new URL(url, 'http://x').searchParams;
    for (const name of ['g', 'u', 'e', 's']) {
      const r = await s.app.inject({ method: 'GET', url: `${url}&${name}=${encodeURIComponent(q.get(name)!)}` });
      expect({ name, ...answer(r) }).toEqual({ name, ...envelope(400, `${name} must be given once`) });
    }
  });

  it('refuses keyset cursors whose numbers overflow the integer columns, for sorttype id and love', async () => {
    const list = (q: string) => s.app.inject({ method: 'GET', url: `/api/v2/images/${gallery}/list?${q}` });
    expect(answer(await list('sorttype=id&after=1_9999999999'))).toEqual(envelope(400, 'after must be {sort value}_{photo id}'));
    expect(answer(await list('sorttype=-id&after=1_2147483648'))).toEqual(envelope(400, 'after must be {sort value}_{photo id}'));
    expect(answer(await list('sorttype=love&after=999999999999999_1'))).toEqual(envelope(400, 'after: the love value is out of range'));
    expect(answer(await list('sorttype=-love&after=-2147483649_1'))).toEqual(envelope(400, 'after: the love value is out of range'));
    // The largest values the columns hold are still cursors; shoot times are bigint.
    expect((await list('sorttype=id&after=1_2147483647')).statusCode).toBe(200);
    expect((await list('sorttype=-love&after=2147483647_1')).statusCode).toBe(200);
    expect((await list('sorttype=shoottime&after=999999999999999_1')).statusCode).toBe(200);
  });

  it('refuses malformed percent-encoding in the size API url', async () => {
    for (const bad of ['/img/%E0%A4%A', '/img/%', `/img/${photo.hash}%ZZ`]) {
      const r = await s.app.inject({ method: 'GET', url: `/api/v2/images/size?url=${encodeURIComponent(bad)}` });
      expect({ bad, ...answer(r) }).toEqual({ bad, ...envelope(400, 'url has malformed percent-encoding') });
    }
    const ok = await s.app.inject({ method: 'GET', url: `/api/v2/images/size?url=${encodeURIComponent(`/img/${photo.hash}!wx_375_240`)}` });
    expect(ok.json().data.size).toBeGreaterThan(0);
  });

  it("refuses control characters in a like's path, naming the field, and likes nothing", async () => {
    const auth = { authorization: `Bearer ${user.token}` };
    for (const path of ['/img/a\u0000b', '/img/\u001b[2J', '/img/x\ny', '\u007f']) {
      const r = await s.app.inject({ method: 'POST', url: '/api/v2/userimage/love', headers: auth, payload: { id: photo.id, galleryid: gallery, path } });
      expect(answer(r)).toEqual(envelope(400, 'path must not contain control characters'));
    }
    expect(await count('photo_likes')).toBe(0);
  });

  it("refuses control characters in an organiser's gallery name, description and tags; line breaks stay allowed in descriptions", async () => {
    const create = (body: Record<string, unknown>) => s.app.inject({ method: 'POST', url: '/api/v2/organizer/galleries', headers: AUTH, payload: body });
    const before = await count('galleries');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: 'Stage\u0000A' }, 'name'],
      [{ name: 'Stage\tA' }, 'name'],
      [{ name: 'Stage', desc: 'Main\u0000hall' }, 'desc'],
      [{ name: 'Stage', desc: 'bell\u0007' }, 'desc'],
      [{ name: 'Stage', tags: ['ok', 'b\u0000d'] }, 'tags'],
      [{ name: 'Stage', tags: 'ok,b\u0000d' }, 'tags'],
      [{ name: 'Stage', tags: 'x\u0085' }, 'tags']
    ];
    for (const [body, field] of cases) expect({ input: body, ...answer(await create(body)) }).toEqual({ input: body, ...envelope(400, `${field} must not contain control characters`) });
    expect(await count('galleries')).toBe(before);
    const ok = await create({ name: 'Stage', desc: 'Line one\r\nLine two\twith a tab' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.gallery.desc).toBe('Line one\r\nLine two\twith a tab');
    expect(answer(await create({ name: 'Late', start_time: 1e20 }))).toEqual(envelope(400, 'start_time must be a Unix time in seconds'));
  });

  it("refuses control characters in a registered photo's origin and tags before anything is written", async () => {
    const bytes = await jpeg(2);
    const key = `${policy.dir}${sha256(bytes)}.jpg`;
    expect((await postObject(key, bytes)).statusCode).toBe(204);
    const [images, photos] = [await count('images'), await count('photos')];
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ origin: 'IMG\u0000.JPG' }, 'origin'],
      [{ origin: 'IMG\n.JPG' }, 'origin'],
      [{ tags: ['a\u0000'] }, 'tags'],
      [{ keywords: 'a,\u0001b' }, 'keywords'],
      [{ hash: `${key}\u0000` }, 'hash']
    ];
    for (const [body, field] of cases) expect({ input: body, ...answer(await register({ hash: key, ...body })) }).toEqual({ input: body, ...envelope(400, `${field} must not contain control characters`) });
    expect([await count('images'), await count('photos')]).toEqual([images, photos]);
    // The upload is still there, and registers once the input is clean.
    expect((await register({ hash: key, origin: 'IMG_2.JPG', tags: ['a'] })).statusCode).toBe(200);
  });

  it('answers truncated and boundary-less multipart on /oss/upload with OSS MalformedPOSTRequest, without a session', async () => {
    const bytes = await jpeg(3);
    const form = encodeForm([...fieldsFor(`${policy.dir}${sha256(bytes)}.jpg`), { name: 'file', value: bytes, filename: 'p.jpg', type: 'image/jpeg' }], B);
    const malformed = envelope(400, 'The body of your POST request is not well-formed multipart/form-data.', { error: 'MalformedPOSTRequest' });
    const inFile = form.indexOf(bytes) + 10;
    const bodies: Array<[string, Record<string, string>, Buffer]> = [
      ['no boundary', { 'content-type': 'multipart/form-data' }, form],
      ['cut inside the file', MULTIPART, form.subarray(0, inFile)],
      ['cut inside a field', MULTIPART, form.subarray(0, 60)],
      ['no closing delimiter', MULTIPART, form.subarray(0, form.lastIndexOf(`--${B}--`))]
    ];
    for (const [name, headers, payload] of bodies) {
      const r = await s.app.inject({ method: 'POST', url: '/oss/upload', headers, payload });
      expect({ name, ...answer(r) }).toEqual({ name, ...malformed });
    }
    // A refused policy and a body cut inside the file: answered too (the stream had already failed).
    const refused = encodeForm([...fieldsFor('uploads/elsewhere/x.jpg'), { name: 'file', value: bytes, filename: 'p.jpg' }], B);
    const r = await s.app.inject({ method: 'POST', url: '/oss/upload', headers: MULTIPART, payload: refused.subarray(0, refused.indexOf(bytes) + 10) });
    expect(r.statusCode).toBe(403);
    expect(r.json().data).toEqual({ error: 'AccessDenied' });
    expect(filesUnder(path.join(s.dataDir, 'tmp'))).toEqual([]);
    expect(await s.services.store.exists(`${policy.dir}${sha256(bytes)}.jpg`)).toBe(false);
  });

  it('answers truncated and boundary-less multipart on the avatar upload with a 400 envelope', async () => {
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#336699' } }).png().toBuffer();
    const form = encodeForm([{ name: 'file', value: png, filename: 'a.png', type: 'image/png' }], B);
    const headers = { authorization: `Bearer ${user.token}` };
    const malformed = envelope(400, 'The body is not well-formed multipart/form-data');
    const bodies: Array<[string, Record<string, string>, Buffer]> = [
      ['no boundary', { 'content-type': 'multipart/form-data' }, form],
      ['cut inside the file', MULTIPART, form.subarray(0, form.indexOf(png) + 20)],
      ['cut inside the part header', MULTIPART, form.subarray(0, 30)],
      ['no closing delimiter', MULTIPART, form.subarray(0, form.lastIndexOf(`--${B}--`))]
    ];
    for (const [name, extra, payload] of bodies) {
      const r = await s.app.inject({ method: 'POST', url: '/api/v2/userinfo/avatar', headers: { ...headers, ...extra }, payload });
      expect({ name, ...answer(r) }).toEqual({ name, ...malformed });
    }
    expect(filesUnder(path.join(s.dataDir, 'objects', 'avatars'))).toEqual([]);
  });

  it('refuses upload keys that clash as file and folder, either way round, and a key naming a folder', async () => {
    const bytes = await jpeg(4);
    const invalid = (msg: RegExp) => envelope(400, msg, { error: 'InvalidObjectName' });
    // K, then K/x.
    expect((await postObject(`${policy.dir}K`, bytes)).statusCode).toBe(204);
    expect(answer(await postObject(`${policy.dir}K/x`, bytes))).toEqual(invalid(/clashes with a folder/));
    // L/x, then L.
    expect((await postObject(`${policy.dir}L/x`, bytes)).statusCode).toBe(204);
    expect(answer(await postObject(`${policy.dir}L`, bytes))).toEqual(invalid(/clashes with a folder/));
    // A key ending in '/' names a folder, never an object.
    expect(answer(await postObject(`${policy.dir}M/`, bytes))).toEqual(invalid(/not valid/));
    // What was stored first is intact; nothing is left behind.
    expect(await s.services.store.get(`${policy.dir}K`)).toEqual(bytes);
    expect(await s.services.store.get(`${policy.dir}L/x`)).toEqual(bytes);
    expect(filesUnder(path.join(s.dataDir, 'tmp'))).toEqual([]);

    // Registering a folder key: no such object, nothing written.
    const [images, photos] = [await count('images'), await count('photos')];
    expect(answer(await register({ hash: `${policy.dir}L` }))).toEqual(envelope(400, 'Uploaded object not found'));
    expect(answer(await register({ hash: `${policy.dir}L/` }))).toEqual(envelope(400, 'hash is not a valid object key'));
    expect(answer(await register({ hash: `${policy.dir}K/x` }))).toEqual(envelope(400, 'Uploaded object not found'));
    expect([await count('images'), await count('photos')]).toEqual([images, photos]);
    expect(await s.services.store.get(`${policy.dir}L/x`)).toEqual(bytes);
  });
});
