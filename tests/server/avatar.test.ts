import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import sharp from 'sharp';
import { BACKENDS, startTestServer, type TestServer } from './helpers';
import { AVATAR_UPLOAD_MAX_BYTES, AVATAR_UPLOAD_PATH } from '../../types/api/auth';

let ipSeq = 0;
const freshIp = () => `10.77.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

function multipart(file: { data: Buffer; type?: string; field?: string }) {
  const boundary = `----avatartest${crypto.randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="tmp_avatar"\r\nContent-Type: ${file.type ?? 'image/png'}\r\n\r\n`),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`)
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const png = (w: number, h: number) => sharp({ create: { width: w, height: h, channels: 3, background: '#3366cc' } }).png().toBuffer();

/** A visitor: a guest session, optionally logged in through the mini-program sandbox. */
async function visitor(s: TestServer, name?: string) {
  const ip = freshIp();
  const session = await s.app.inject({ method: 'GET', url: '/session.js', remoteAddress: ip });
  const token = session.json().data.token as string;
  const auth = { authorization: `Bearer ${token}` };
  if (name) {
    const r = await s.app.inject({ method: 'POST', url: '/api/v2/auth/mp/login', remoteAddress: ip, headers: auth, payload: { code: `sandbox:${name}:${crypto.randomBytes(4).toString('hex')}` } });
    expect(r.statusCode).toBe(200);
  }
  return {
    token,
    upload: (file: Parameters<typeof multipart>[0]) => {
      const body = multipart(file);
      return s.app.inject({ method: 'POST', url: AVATAR_UPLOAD_PATH, remoteAddress: ip, payload: body.payload, headers: { ...body.headers, ...auth } });
    },
    me: async () => (await s.app.inject({ method: 'GET', url: '/session.js', remoteAddress: ip, headers: auth })).json().data.user
  };
}

describe.each(BACKENDS)('avatar upload on %s', (backend) => {
  let s: TestServer;
  const stored = () => {
    const dir = path.join(s.dataDir, 'objects', 'avatars');
    return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  };
  beforeAll(async () => {
    s = await startTestServer(backend);
  });
  afterAll(() => s.close());
  afterEach(() => jest.restoreAllMocks());

  it('refuses guests and callers without a session, storing nothing', async () => {
    const guest = await visitor(s);
    const r = await guest.upload({ data: await png(64, 64) });
    expect(r.statusCode).toBe(401);
    expect(r.json()).toMatchObject({ code: 401, msg: expect.stringMatching(/Log in/) });
    const body = multipart({ data: await png(64, 64) });
    expect((await s.app.inject({ method: 'POST', url: AVATAR_UPLOAD_PATH, payload: body.payload, headers: body.headers })).statusCode).toBe(401);
    expect(stored()).toEqual([]);
  });

  it('refuses files that are not JPEG, PNG or WebP, and oversize files, with nothing stored', async () => {
    const v = await visitor(s, 'Noimg');
    const before = (await v.me()).photo;
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).gif().toBuffer();
    for (const data of [Buffer.from('hello, not an image'), svg, gif, Buffer.alloc(0), (await png(64, 64)).subarray(0, 40)]) {
      const r = await v.upload({ data });
      expect(r.statusCode).toBe(400);
      expect(r.json()).toEqual({ code: 400, data: null, msg: 'avatar must be a JPEG, PNG or WebP image' });
    }
    // A real PNG, but larger than 2 MB (noise does not compress).
    const big = await sharp(crypto.randomBytes(1200 * 1200 * 3), { raw: { width: 1200, height: 1200, channels: 3 } }).png().toBuffer();
    expect(big.length).toBeGreaterThan(AVATAR_UPLOAD_MAX_BYTES);
    const r = await v.upload({ data: big });
    expect(r.statusCode).toBe(413);
    expect(r.json()).toMatchObject({ code: 413, msg: 'avatar must be at most 2 MB' });
    // Over a real connection too: the answer comes while the rest of the body is still arriving.
    const base = await s.app.listen({ port: 0, host: '127.0.0.1' });
    const form = new FormData();
    form.append('file', new Blob([big]), 'tmp_avatar.png');
    const real = await fetch(`${base}${AVATAR_UPLOAD_PATH}`, { method: 'POST', body: form, headers: { authorization: `Bearer ${v.token}` }, signal: AbortSignal.timeout(4000) });
    expect(real.status).toBe(413);
    expect(((await real.json()) as { msg: string }).msg).toBe('avatar must be at most 2 MB');
    // A multipart body without the `file` field.
    expect((await v.upload({ data: await png(8, 8), field: 'other' })).json()).toMatchObject({ code: 400, msg: 'field "file" is required' });
    expect(stored()).toEqual([]);
    expect((await v.me()).photo).toBe(before);
  });

  it('turns a PNG into a 256×256 JPEG without metadata, served at the URL set as the user photo', async () => {
    const v = await visitor(s, 'Pia');
    const input = await sharp({ create: { width: 600, height: 400, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 1 } } })
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-owner' } } })
      .png()
      .toBuffer();
    expect(input.includes(Buffer.from('secret-owner'))).toBe(true);
    const r = await v.upload({ data: input });
    expect(r.statusCode).toBe(200);
    const { url, user } = r.json().data;
    expect(url).toMatch(/^http:\/\/localhost:8080\/avatars\/[0-9a-f]{64}\.jpg$/);
    expect(user).toMatchObject({ photo: url, is_mock: false });
    expect((await v.me()).photo).toBe(url);
    const { rows } = await s.db.query<{ photo: string }>('SELECT photo FROM users WHERE photo = $1', [url]);
    expect(rows).toHaveLength(1);

    const served = await s.app.inject({ method: 'GET', url: new URL(url).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 256, height: 256 });
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('secret-owner'))).toBe(false);
    // Revalidation and unknown avatars.
    const again = await s.app.inject({ method: 'GET', url: new URL(url).pathname, headers: { 'if-none-match': String(served.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect((await s.app.inject({ method: 'GET', url: `/avatars/${'0'.repeat(64)}.jpg` })).statusCode).toBe(404);
    expect((await s.app.inject({ method: 'GET', url: '/avatars/..%2Fupload-secret' })).statusCode).toBe(404);

    // The same picture again is the same object; JPEG and WebP are accepted too.
    expect((await v.upload({ data: input })).json().data.url).toBe(url);
    const jpeg = await sharp(input).jpeg().toBuffer();
    const webp = await sharp(input).webp().toBuffer();
    expect((await v.upload({ data: jpeg, type: 'image/jpeg' })).statusCode).toBe(200);
    expect((await v.upload({ data: webp, type: 'image/webp' })).statusCode).toBe(200);
  });

  it('allows 10 uploads a minute per user, then answers 429; another user is unaffected', async () => {
    // Pin the clock to the start of the next minute, so every call shares one window.
    const t0 = (Math.floor(Date.now() / 60_000) + 1) * 60_000 + 1000;
    jest.spyOn(Date, 'now').mockReturnValue(t0);
    const v = await visitor(s, 'Rita');
    const data = await png(32, 32);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await v.upload({ data })).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses[10]).toBe(429);
    const refused = await v.upload({ data });
    expect(refused.json()).toMatchObject({ code: 429, msg: 'Too many avatar uploads, please try again later', data: { retry_after: 60 } });
    const other = await visitor(s, 'Sam');
    expect((await other.upload({ data })).statusCode).toBe(200);
  });
});
