import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { Writable } from 'node:stream';
import sharp from 'sharp';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { openPglite, openPostgres, type Db } from '../../server/src/db';
import { LocalStore } from '../../server/src/storage';
import { ImageService } from '../../server/src/services/photos/images';
import { PASSWORD_LIMIT_GALLERY, PASSWORD_LIMIT_IP } from '../../server/src/services/gates/gates';
import { SMS_LIMIT_IP_DAY, SMS_LIMIT_PHONE_DAY } from '../../server/src/services/gates/smsCodes';
import { BACKENDS, insertGallery } from './helpers';
import { LIVE_PATH } from '../../types/live';

type App = Awaited<ReturnType<typeof buildApp>>;
const ORGANISER = 'gates-organiser-token';

/** A server whose pino logger writes into `logs` (so tests can read what it logs). */
async function start(backend: 'pglite' | 'postgres') {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lg-gates-'));
  let db: Db;
  let drop: (() => Promise<void>) | null = null;
  if (backend === 'postgres') {
    const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
    const admin = await openPostgres(process.env.TEST_DATABASE_URL!);
    await admin.query(`CREATE SCHEMA ${schema}`);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.searchParams.set('options', `-c search_path=${schema}`);
    db = await openPostgres(url.toString());
    drop = async () => {
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.close();
    };
  } else {
    db = await openPglite(null);
  }
  const logs: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      logs.push(String(chunk));
      cb();
    }
  });
  const config = loadConfig({ DATA_DIR: dataDir, H5_DIR: path.join(dataDir, 'no-h5'), ORGANIZER_TOKEN: ORGANISER });
  const built: App = await buildApp({ config, db, store: new LocalStore(path.join(dataDir, 'objects')), logger: { level: 'debug', stream } });
  await built.app.ready();
  return {
    ...built,
    db,
    logs,
    async close() {
      await built.app.close();
      await db.close();
      if (drop) await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  };
}

describe.each(BACKENDS)('gated pages on %s', (backend) => {
  let s: Awaited<ReturnType<typeof start>>;
  let seq = 0;

  beforeAll(async () => {
    s = await start(backend);
  });
  afterAll(() => s.close());

  /** A gallery with two real photos (original_photo on, so a logged-in user may zip them). */
  async function gallery(kind: 'watermark' | 'pgdata', gate: { access_type: 'password' | 'phone'; password?: string; whitelist?: string[] }) {
    const n = ++seq;
    const id = await insertGallery(s.db, { link_id: `gate${String(n).padStart(4, '0')}`, name: `Gated ${n}`, config: { original_photo: 1 }, pagedata: { components: [] }, desc: 'secret page text' });
    const images = new ImageService({ db: s.db, store: s.services.store });
    const photos: { id: number; hash: string }[] = [];
    for (let i = 0; i < 2; i++) {
      const buf = await sharp({ create: { width: 320, height: 200, channels: 3, background: { r: (37 * n) % 256, g: 40 + 120 * i, b: (53 * n) % 256 } } }).jpeg().toBuffer();
      const img = await images.ingest(buf, `G${n}_${i}.JPG`);
      photos.push({ id: (await images.addPhoto(s.db, id, img, { origin: `G${n}_${i}.JPG` }))!.id, hash: img.hash });
    }
    const set = await s.app.inject({ method: 'POST', url: `/api/v2/organizer/galleries/${id}/gates/${kind}`, payload: gate, headers: { authorization: `Bearer ${ORGANISER}` } });
    expect(set.json()).toMatchObject({ code: 200, data: { gallery_id: id, kind, access_type: gate.access_type } });
    return { id, link: `gate${String(n).padStart(4, '0')}`, photos };
  }

  async function visitor(loggedIn = false) {
    const { user, token } = await s.services.sessions.createOrResume(undefined);
    if (loggedIn) {
      await s.db.query('UPDATE users SET is_mock = false WHERE id = $1', [user.id]);
      s.services.sessions.forget(token);
    }
    return { authorization: `Bearer ${token}` };
  }

  const get = (url: string, headers: Record<string, string> = {}, ip = '10.0.0.1') => s.app.inject({ method: 'GET', url, headers, remoteAddress: ip });
  const post = (url: string, payload: unknown, headers: Record<string, string> = {}, ip = '10.0.0.1') =>
    s.app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress: ip });

  /** Every path that gives photos of gallery g: list, batchlist, size, image bytes (with and without g=), zip. */
  async function everyPath(g: Awaited<ReturnType<typeof gallery>>, headers: Record<string, string>) {
    const [p0, p1] = g.photos;
    return {
      list: (await get(`/api/v2/images/${g.id}/list`, headers)).json(),
      batch: (await get(`/api/v2/images/batchlist?id=${p0.id},${p1.id}`, headers)).json(),
      size: (await get(`/api/v2/images/size?url=${encodeURIComponent(`/img/${p0.hash}!wx_750_n?g=${g.id}`)}`, headers)).json(),
      image: await get(`/img/${p0.hash}!wx_750_n?g=${g.id}`, headers),
      imageNoG: await get(`/img/${p1.hash}!wx_750_n`, headers),
      zip: (await post('/api/v2/images/zip', { gallery_id: g.id, ids: [p0.id, p1.id] }, headers)).json()
    };
  }

  function expectNothing(r: Awaited<ReturnType<typeof everyPath>>, zipCode = 200202) {
    expect(r.list).toMatchObject({ code: 200202, msg: 'Permission Error' });
    expect(r.batch).toMatchObject({ code: 200, data: [] });
    expect(r.size.code).toBe(200202);
    expect(r.image.statusCode).toBe(403);
    expect(r.image.headers['content-type']).toMatch(/json/);
    expect(r.imageNoG.statusCode).toBe(403);
    expect(r.zip.code).toBe(zipCode);
  }

  it('a gated gallery gives nothing from any path without the pass, everything with it', async () => {
    const g = await gallery('watermark', { access_type: 'password', password: 'open-sesame' });
    const h = await visitor(true);
    expectNothing(await everyPath(g, h));
    expectNothing(await everyPath(g, {}), 401); // no session: zip asks to log in first
    expect((await get(`/api/v2/permissibility?link=${g.link}`, h)).json().data).toMatchObject({ gallery_id: g.id, state: 'password', kind: 'watermark', name: `Gated ${seq}` });
    expect((await get(`/api/v2/gallery/watermark/ispass/${g.id}`, h)).json().data).toMatchObject({ access_type: 'password', ispass: false, image_ticket: null });

    const pass = (await post('/api/v2/gallery/watermark/visit/check', { id: g.id, password: 'open-sesame' }, h)).json();
    expect(pass).toMatchObject({ code: 200, data: { gallery_id: g.id, kind: 'watermark', ispass: true } });
    const r = await everyPath(g, h);
    expect(r.list.data.items.map((p: { id: number }) => p.id).sort()).toEqual(g.photos.map((p) => p.id).sort());
    expect(r.batch.data).toHaveLength(2);
    expect(r.size).toMatchObject({ code: 200, data: { size: expect.any(Number) } });
    expect(r.image.statusCode).toBe(200);
    expect(r.image.headers['content-type']).toMatch(/^image\//);
    expect(r.image.headers['cache-control']).toMatch(/^private/);
    expect(r.imageNoG.statusCode).toBe(200);
    expect(r.zip.code).toBe(200);
    expect((await get(`/api/v2/permissibility?link=${g.link}`, h)).json().data).toMatchObject({ state: 'passed', kind: null });

    // <img> sends no token: the ticket issued with the pass opens this gallery's images, a forged one does not.
    const ticket = pass.data.image_ticket as string;
    expect(ticket).toMatch(/^\d+\.[\w-]{22}$/);
    expect((await get(`/img/${g.photos[0].hash}!wx_750_n?g=${g.id}&p=${ticket}`)).statusCode).toBe(200);
    expect((await get(`/img/${g.photos[0].hash}!wx_750_n?g=${g.id}&p=${ticket.slice(0, -2)}xx`)).statusCode).toBe(403);
    // Another visitor is still outside.
    expectNothing(await everyPath(g, await visitor(true)));
  });

  it('a page (pgdata) gate withholds the page data and the photos, keeps name and cover', async () => {
    const g = await gallery('pgdata', { access_type: 'password', password: 'page-pw' });
    const h = await visitor();
    const before = (await get(`/api/v2/gallery/link/${g.link}`, h)).json().data;
    expect(before.gallery).toMatchObject({ id: g.id, name: `Gated ${seq}`, pagedata: null, desc: '', access_type: 'password' });
    expect((await get(`/api/v2/images/${g.id}/list`, h)).json().code).toBe(200202);
    expect((await get(`/api/v2/permissibility?link=${g.link}`, h)).json().data).toMatchObject({ state: 'password', kind: 'pgdata' });
    expect((await post('/api/v2/gallerypgdata/permisson/visit/check', { id: g.id, password: 'page-pw' }, h)).json().data.ispass).toBe(true);
    const after = (await get(`/api/v2/gallery/link/${g.link}`, h)).json().data;
    expect(after.gallery).toMatchObject({ pagedata: { components: [] }, desc: 'secret page text' });
    expect((await get(`/api/v2/images/${g.id}/list`, h)).json().data.items).toHaveLength(2);
  });

  it('the live channel of a gated gallery needs the pass too', async () => {
    const g = await gallery('watermark', { access_type: 'password', password: 'live-pw' });
    const token = (await visitor()).authorization.slice('Bearer '.length);
    // A plain GET runs the upgrade checks: refused before the pass, then only "upgrade required".
    const before = await get(`${LIVE_PATH}?gallery=${g.id}&token=${token}`);
    expect(before.statusCode).toBe(403);
    expect(before.json().code).toBe(200202);
    await post('/api/v2/gallery/watermark/visit/check', { id: g.id, password: 'live-pw' }, { authorization: `Bearer ${token}` });
    expect((await get(`${LIVE_PATH}?gallery=${g.id}&token=${token}`)).json()).toMatchObject({ code: 400, msg: 'WebSocket upgrade required' });
  });

  it('wrong password: 200209; the password never reaches the logs or a URL', async () => {
    const secret = 'Zq9-very-Secret-pw';
    const g = await gallery('watermark', { access_type: 'password', password: secret });
    const h = await visitor();
    const wrong = (await post('/api/v2/gallery/watermark/visit/check', { id: g.id, password: `${secret}-no` }, h, '10.0.1.1')).json();
    expect(wrong).toEqual({ code: 200209, data: null, msg: 'Wrong password' });
    // A password in the query is not read (it would end up in URLs and access logs).
    const inQuery = await post(`/api/v2/gallery/watermark/visit/check?password=${secret}`, { id: g.id }, h, '10.0.1.1');
    expect(inQuery.json().code).toBe(400);
    expect((await post('/api/v2/gallery/watermark/visit/check', { id: g.id, password: secret }, h, '10.0.1.1')).json().code).toBe(200);
    const text = s.logs.join('');
    expect(text).toContain('/api/v2/gallery/watermark/visit/check');
    // The query one above is the client's mistake; only our own requests are checked for the body.
    const ours = s.logs.filter((l) => !l.includes('?password='));
    expect(ours.join('')).not.toContain(secret);
  });

  it('password brute force: 429 after 10 tries per IP and gallery, and a cap per gallery', async () => {
    const g = await gallery('watermark', { access_type: 'password', password: 'right-one' });
    const h = await visitor();
    // The limits slide (services/shared/rateLimit.ts): eleven tries within a minute are refused wherever a minute ends.
    for (let i = 0; i < PASSWORD_LIMIT_IP.limit; i++) {
      expect((await post('/api/v2/gallery/watermark/visit/check', { id: g.id, password: `guess-${i}` }, h, '10.0.2.1')).json().code).toBe(200209);
    }
    const locked = await post('/api/v2/gallery/watermark/visit/check', { id: g.id, password: 'right-one' }, h, '10.0.2.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 429, data: { retry_after: expect.any(Number) } });
    expect((await post('/api/v2/gallery/watermark/visit/check', { id: g.id, password: 'right-one' }, h, '10.0.2.2')).json().code).toBe(200);

    // The per-gallery cap holds against many addresses.
    for (let i = 0; i < PASSWORD_LIMIT_GALLERY.limit; i++) await s.services.limits.hit(`gate:pw:g:${g.id}`, PASSWORD_LIMIT_GALLERY);
    expect((await post('/api/v2/gallery/watermark/visit/check', { id: g.id, password: 'right-one' }, h, '10.0.2.3')).statusCode).toBe(429);
  });

  const smsCode = (phoneMasked: string): string | null => {
    const lines = s.logs.filter((l) => l.includes(`SMS to ${phoneMasked}: code `));
    const m = lines.length ? /code (\d{4})/.exec(lines[lines.length - 1]) : null;
    return m ? m[1] : null;
  };

  it('phone gate: SMS send → sandbox log line → validation → pass', async () => {
    const g = await gallery('watermark', { access_type: 'phone' });
    const h = await visitor();
    expect((await get(`/api/v2/permissibility?link=${g.link}`, h)).json().data).toMatchObject({ state: 'phone', kind: 'watermark' });
    const sent = (await post('/api/v2/policy/sms/send', { phone: '13800000000', gallery_id: g.id }, h, '10.0.3.1')).json();
    expect(sent).toMatchObject({ code: 200, data: { resend_after: 60, expires_in: 300 } });
    const code = smsCode('138****0000');
    expect(code).toMatch(/^\d{4}$/);
    expect(s.logs.join('')).not.toContain('13800000000');

    const wrongCode = String((Number(code) + 1) % 10000).padStart(4, '0');
    expect((await post('/api/v2/policy/sms/validation', { phone: '13800000000', code: wrongCode }, h, '10.0.3.1')).json())
      .toEqual({ code: 200210, data: { key: 'PhoneCodeError' }, msg: 'Captcha error' });
    const ok = (await post('/api/v2/policy/sms/validation', { phone: '13800000000', code }, h, '10.0.3.1')).json();
    expect(ok).toMatchObject({ code: 200, data: { gallery_id: g.id, passes: [{ kind: 'watermark', ispass: true }] } });
    expect((await get(`/api/v2/images/${g.id}/list`, h)).json().data.items).toHaveLength(2);
    // A used code does not open the gallery for someone else.
    expect((await post('/api/v2/policy/sms/validation', { phone: '13800000000', code }, await visitor(), '10.0.3.1')).json().code).toBe(200210);
  });

  it('a code dies after 5 wrong tries: the 6th try with the right code fails', async () => {
    const g = await gallery('watermark', { access_type: 'phone' });
    const h = await visitor();
    await post('/api/v2/policy/sms/send', { phone: '13900000001', gallery_id: g.id }, h, '10.0.4.1');
    const code = smsCode('139****0001')!;
    const wrongCode = String((Number(code) + 1) % 10000).padStart(4, '0');
    for (let i = 0; i < 5; i++) {
      expect((await post('/api/v2/policy/sms/validation', { phone: '13900000001', code: wrongCode }, h, '10.0.4.1')).json().msg).toBe('Captcha error');
    }
    expect((await post('/api/v2/policy/sms/validation', { phone: '13900000001', code }, h, '10.0.4.1')).json())
      .toMatchObject({ code: 200210, msg: 'Captcha error' });
    expect((await get(`/api/v2/images/${g.id}/list`, h)).json().code).toBe(200202);
  });

  it('SMS sends: a resend within 60 s and the daily caps per phone and per IP give 429', async () => {
    const g = await gallery('watermark', { access_type: 'phone' });
    const h = await visitor();
    expect((await post('/api/v2/policy/sms/send', { phone: '13700000002', gallery_id: g.id }, h, '10.0.5.1')).json().code).toBe(200);
    const again = await post('/api/v2/policy/sms/send', { phone: '13700000002', gallery_id: g.id }, h, '10.0.5.1');
    expect(again.statusCode).toBe(429);
    expect(again.json().data.retry_after).toBeGreaterThan(0);

    // Today's sends to a phone already at the cap (counted in the shared limiter).
    for (let i = 0; i < SMS_LIMIT_PHONE_DAY.limit; i++) await s.services.limits.hit('sms:day:phone:13700000003', SMS_LIMIT_PHONE_DAY);
    expect((await post('/api/v2/policy/sms/send', { phone: '13700000003', gallery_id: g.id }, h, '10.0.5.2')).statusCode).toBe(429);
    expect(smsCode('137****0003')).toBeNull();

    for (let i = 0; i < SMS_LIMIT_IP_DAY.limit; i++) await s.services.limits.hit('sms:day:ip:10.0.5.3', SMS_LIMIT_IP_DAY);
    expect((await post('/api/v2/policy/sms/send', { phone: '13700000004', gallery_id: g.id }, h, '10.0.5.3')).statusCode).toBe(429);
    expect((await post('/api/v2/policy/sms/send', { phone: '13700000005', gallery_id: g.id }, h, '10.0.5.4')).json().code).toBe(200);
  });

  it('a phone off the whitelist gets no SMS and PhoneCodeErrorWhite, the same answer as a wrong code', async () => {
    const g = await gallery('watermark', { access_type: 'phone', whitelist: ['13600000006'] });
    const h = await visitor();
    const off = (await post('/api/v2/policy/sms/send', { phone: '13600000007', gallery_id: g.id }, h, '10.0.6.1')).json();
    const on = (await post('/api/v2/policy/sms/send', { phone: '13600000006', gallery_id: g.id }, h, '10.0.6.1')).json();
    expect(off).toEqual(on);
    expect(smsCode('136****0007')).toBeNull();
    const code = smsCode('136****0006')!;
    expect((await post('/api/v2/policy/sms/validation', { phone: '13600000007', code }, h, '10.0.6.1')).json())
      .toEqual({ code: 200210, data: { key: 'PhoneCodeErrorWhite' }, msg: 'Captcha error' });
    const wrongCode = String((Number(code) + 1) % 10000).padStart(4, '0');
    expect((await post('/api/v2/policy/sms/validation', { phone: '13600000006', code: wrongCode }, h, '10.0.6.1')).json().data).toEqual({ key: 'PhoneCodeErrorWhite' });
    expect((await post('/api/v2/gallery/watermark/visit/check', { id: g.id, phone: '13600000006', code }, h, '10.0.6.1')).json().data.ispass).toBe(true);
  });
});
