/**
 * The poster maker's server side (issue 16 item 3; spec part 3 §7): template groups,
 * the base64 poster upload, createv2 / create records, the poster list, and the
 * organiser's custom templates.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { BACKENDS, insertGallery, insertPhotos, startTestServer, type TestServer } from './helpers';
import { newUser } from './pay-fixture';
import { gateDemoGallery } from '../../server/src/demo/demoGated';
import { POSTER_CUSTOM_MIN, POSTER_HEIGHT, POSTER_MAX_BYTES, POSTER_THUMB_WIDTH, posterKey } from '../../types/api/poster';
import { ErrorCode } from '../../types/envelope';
import { parseGalleryArgs, runGalleryCommand } from '../../server/src/cli/gallery';

const TOKEN = 'organiser-secret-token-posters';

async function dataUrl(format: 'jpeg' | 'png', w = 300, h = 400): Promise<string> {
  const img = sharp({ create: { width: w, height: h, channels: 3, background: { r: 200, g: 80, b: 40 } } });
  const buf = await (format === 'jpeg' ? img.jpeg() : img.png()).toBuffer();
  return `data:image/${format};base64,${buf.toString('base64')}`;
}

describe.each(BACKENDS)('posters on %s', (backend) => {
  let s: TestServer;
  let gallery: number;
  let other: number;
  let gated: number;
  let photos: number[];
  let otherPhoto: number;
  let gatedPhoto: number;
  let jpeg: string;

  const req = async (method: 'GET' | 'POST', url: string, token: string | null, payload?: object) => {
    const r = await s.app.inject({ method, url, payload, headers: token ? { authorization: `Bearer ${token}` } : {} });
    expect(r.statusCode).toBeLessThan(500);
    return { status: r.statusCode, body: r.json() as { code: number; msg: string; data: any } };
  };
  const storedPosters = () => {
    const dir = path.join(s.dataDir, 'objects', 'poster');
    return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => !f.endsWith('.tmp')) : [];
  };
  const count = async (table: string) => (await s.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n;

  beforeAll(async () => {
    s = await startTestServer(backend, { ORGANIZER_TOKEN: TOKEN });
    gallery = await insertGallery(s.db, { link_id: 'post0001', name: 'Posters' });
    other = await insertGallery(s.db, { link_id: 'post0002', name: 'Other' });
    gated = await insertGallery(s.db, { link_id: 'post0003', name: 'Gated' });
    photos = await insertPhotos(s.db, gallery, 3);
    [otherPhoto] = await insertPhotos(s.db, other, 1, { base: 100 });
    [gatedPhoto] = await insertPhotos(s.db, gated, 1, { base: 200 });
    jpeg = await dataUrl('jpeg');
  });
  afterAll(() => s.close());

  it('lists the built-in templates of a group with code 200, and their pictures decode at the design size', async () => {
    const r = await req('GET', `/api/v2/poster/templates/${gallery}`, null);
    expect(r.status).toBe(200);
    expect(r.body.code).toBe(200);
    expect(r.body.data.length).toBeGreaterThanOrEqual(2);
    for (const t of r.body.data) {
      expect(t.id).toBeLessThan(POSTER_CUSTOM_MIN);
      expect([1, 2]).toContain(t.adjust);
    }
    const portrait = r.body.data.find((t: { adjust: number }) => t.adjust === 2);
    const pic = await s.app.inject({ method: 'GET', url: portrait.src });
    expect(pic.statusCode).toBe(200);
    expect(await sharp(pic.rawPayload).metadata()).toMatchObject({ width: 750, height: POSTER_HEIGHT[2] });
    const icon = await s.app.inject({ method: 'GET', url: portrait.icon });
    expect((await sharp(icon.rawPayload).metadata()).width).toBe(POSTER_THUMB_WIDTH);
    expect((await req('GET', '/api/v2/poster/templates/999999', null)).status).toBe(404);
  });

  it('lets an organiser add a custom template (id 1000 and above) that the group then lists; others cannot', async () => {
    const refused = await req('POST', `/api/v2/organizer/galleries/${gallery}/poster-templates`, 'not-the-token', { adjust: 1, image: jpeg });
    expect(refused.status).toBe(403);
    const bad = await req('POST', `/api/v2/organizer/galleries/${gallery}/poster-templates`, TOKEN, { adjust: 3, image: jpeg });
    expect(bad.status).toBe(400);
    const added = await req('POST', `/api/v2/organizer/galleries/${gallery}/poster-templates`, TOKEN, { adjust: 1, image: await dataUrl('png', 900, 500) });
    expect(added.body.code).toBe(200);
    expect(added.body.data.id).toBeGreaterThanOrEqual(POSTER_CUSTOM_MIN);
    expect(added.body.data.adjust).toBe(1);
    const pic = await s.app.inject({ method: 'GET', url: added.body.data.src });
    expect(await sharp(pic.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 750, height: POSTER_HEIGHT[1] });

    const listed = await req('GET', `/api/v2/poster/templates/${gallery}`, null);
    expect(listed.body.data.map((t: { id: number }) => t.id)).toContain(added.body.data.id);
    const elsewhere = await req('GET', `/api/v2/poster/templates/${other}`, null);
    expect(elsewhere.body.data.map((t: { id: number }) => t.id)).not.toContain(added.body.data.id);

    const removed = await req('POST', `/api/v2/organizer/galleries/${gallery}/poster-templates/${added.body.data.id}/remove`, TOKEN);
    expect(removed.body.data).toEqual({ removed: true });
    expect((await s.app.inject({ method: 'GET', url: added.body.data.src })).statusCode).toBe(404);
  });

  it('lets an organiser list, add and remove custom templates from the command line', async () => {
    await s.app.listen({ port: 0, host: '127.0.0.1' });
    const server = `http://127.0.0.1:${(s.app.server.address() as AddressInfo).port}`;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lg-posters-'));
    try {
      const file = path.join(dir, 'frame.png');
      fs.writeFileSync(file, Buffer.from((await dataUrl('png', 600, 900)).split(',')[1], 'base64'));
      const cli = async (...args: string[]) => {
        const lines: string[] = [];
        const code = await runGalleryCommand(parseGalleryArgs([...args, '--server', server, '--token', TOKEN], {}), (l) => lines.push(l));
        return { code, lines };
      };
      const added = await cli('posters', String(other), 'add', file, '--adjust', '2');
      expect(added.code).toBe(0);
      const id = Number(/Template added:\s+(\d+)/.exec(added.lines[0])?.[1]);
      expect(id).toBeGreaterThanOrEqual(POSTER_CUSTOM_MIN);
      const listed = await cli('posters', String(other));
      expect(listed.lines.join('\n')).toMatch(new RegExp(`${id}\\s+portrait\\s+custom`));
      expect((await cli('posters', String(other), 'remove', String(id))).lines).toEqual(['Template removed']);
      expect(() => parseGalleryArgs(['posters', String(other), 'add', file, '--token', TOKEN], {})).toThrow('--adjust 1 (landscape) or 2 (portrait)');
      fs.writeFileSync(path.join(dir, 'notes.txt'), 'hello');
      expect(() => parseGalleryArgs(['posters', String(other), 'add', path.join(dir, 'notes.txt'), '--adjust', '1', '--token', TOKEN], {})).toThrow('not a JPEG or PNG file');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('stores an uploaded poster under poster/g_t_m_u.jpg (its uploader\'s) and records it with createv2; the list finds it', async () => {
    const me = await newUser(s);
    const up = await req('POST', '/api/v2/userposter/upload', me.token, { galleryid: gallery, templateid: 1, imageid: photos[1], image: await dataUrl('png') });
    expect(up.body.code).toBe(200);
    const key = posterKey(gallery, 1, photos[1], me.id);
    expect(up.body.data.key).toBe(key);
    const file = await s.app.inject({ method: 'GET', url: up.body.data.url, headers: { authorization: `Bearer ${me.token}` } });
    expect(file.statusCode).toBe(200);
    // Re-encoded as a JPEG, whatever it came as.
    expect(await sharp(file.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 300, height: 400 });

    const made = await req('POST', '/api/v2/userposter/createv2', me.token, { galleryid: gallery, imageids: JSON.stringify([photos[1]]), thumb: key });
    expect(made.body.code).toBe(200);
    expect(made.body.data).toMatchObject({ gallery_id: gallery, image_ids: [photos[1]], thumb: up.body.data.url });

    const plain = await req('POST', '/api/v2/userposter/create', me.token, { galleryid: gallery, imageids: `${photos[2]}`, border: 2, desc: 'Our day' });
    expect(plain.body.data).toMatchObject({ image_ids: [photos[2]], thumb: null, border: 2, desc: 'Our day' });

    const all = await req('GET', `/api/v2/poster/list/${gallery}`, me.token);
    expect(all.body.data.map((p: { id: number }) => p.id).sort()).toEqual([made.body.data.id, plain.body.data.id].sort());
    const some = await req('GET', `/api/v2/poster/list/${gallery}?ids=${photos[1]}`, me.token);
    expect(some.body.data.map((p: { id: number }) => p.id)).toEqual([made.body.data.id]);
    const theirs = await req('GET', `/api/v2/poster/list/${gallery}`, (await newUser(s)).token);
    expect(theirs.body.data).toEqual([]);

    // createv2 with a thumb that was never uploaded, or of another photo.
    const ghost = await req('POST', '/api/v2/userposter/createv2', me.token, { galleryid: gallery, imageids: `[${photos[0]}]`, thumb: posterKey(gallery, 1, photos[0], me.id) });
    expect([ghost.status, ghost.body.code]).toEqual([400, ErrorCode.POSTER_NO_UPLOAD]);
    const mismatch = await req('POST', '/api/v2/userposter/createv2', me.token, { galleryid: gallery, imageids: `[${photos[0]}]`, thumb: key });
    expect([mismatch.status, mismatch.body.code]).toEqual([400, ErrorCode.POSTER_NO_UPLOAD]);
  });

  it("one visitor's poster upload never changes another visitor's poster (same photo and template)", async () => {
    const a = await newUser(s);
    const b = await newUser(s);
    const auth = (u: { token: string }) => ({ authorization: `Bearer ${u.token}` });
    const body = { galleryid: gallery, templateid: 2, imageid: photos[2] };
    const up = await req('POST', '/api/v2/userposter/upload', a.token, { ...body, image: await dataUrl('jpeg', 320, 480) });
    expect(up.body.code).toBe(200);
    const made = await req('POST', '/api/v2/userposter/createv2', a.token, { galleryid: gallery, imageids: `[${photos[2]}]`, thumb: up.body.data.key });
    expect(made.body.code).toBe(200);
    const before = (await s.app.inject({ method: 'GET', url: made.body.data.thumb, headers: auth(a) })).rawPayload;

    // B makes a poster of the same photo with the same template: a file of B's own.
    const theirs = await req('POST', '/api/v2/userposter/upload', b.token, { ...body, image: await dataUrl('png', 200, 200) });
    expect(theirs.body.code).toBe(200);
    const [mine] = (await req('GET', `/api/v2/poster/list/${gallery}?ids=${photos[2]}`, a.token)).body.data;
    expect(mine.thumb).toBe(made.body.data.thumb);
    const after = await s.app.inject({ method: 'GET', url: mine.thumb, headers: auth(a) });
    expect(after.statusCode).toBe(200);
    expect(Buffer.compare(after.rawPayload, before)).toBe(0);
    expect(await sharp(after.rawPayload).metadata()).toMatchObject({ width: 320, height: 480 });
    expect(theirs.body.data.key).not.toBe(up.body.data.key);
    expect(theirs.body.data.url).not.toBe(up.body.data.url);
    // B cannot record A's picture as theirs.
    const stolen = await req('POST', '/api/v2/userposter/createv2', b.token, { galleryid: gallery, imageids: `[${photos[2]}]`, thumb: up.body.data.key });
    expect([stolen.status, stolen.body.code]).toEqual([400, ErrorCode.POSTER_NO_UPLOAD]);
  });

  it('a poster saved under the former shared key keeps its picture', async () => {
    const me = await newUser(s);
    const legacy = `poster/g${gallery}_t1_m${photos[0]}.jpg`;
    const bytes = Buffer.from((await dataUrl('jpeg', 120, 160)).split(',')[1], 'base64');
    await s.services.store.put(legacy, bytes);
    await s.db.query('INSERT INTO user_posters (user_id, gallery_id, image_ids, thumb, created_at) VALUES ($1, $2, $3::int[], $4, 1)', [me.id, gallery, [photos[0]], legacy]);
    const [old] = (await req('GET', `/api/v2/poster/list/${gallery}?ids=${photos[0]}`, me.token)).body.data;
    expect(old.thumb).toBe(`/api/v2/poster/file/g${gallery}_t1_m${photos[0]}.jpg`);
    const file = await s.app.inject({ method: 'GET', url: old.thumb, headers: { authorization: `Bearer ${me.token}` } });
    expect(file.statusCode).toBe(200);
    expect(Buffer.compare(file.rawPayload, bytes)).toBe(0);
    // A new upload of that photo and template goes to the uploader's own key, not the shared one.
    const up = await req('POST', '/api/v2/userposter/upload', (await newUser(s)).token, { galleryid: gallery, templateid: 1, imageid: photos[0], image: jpeg });
    expect(up.body.data.key).not.toBe(legacy);
    expect(Buffer.compare((await s.services.store.get(legacy))!, bytes)).toBe(0);
  });

  it('refuses malformed base64, a non-image and an oversize poster with a 4xx, storing nothing', async () => {
    const me = await newUser(s);
    const before = storedPosters();
    const body = (image: string) => ({ galleryid: gallery, templateid: 2, imageid: photos[0], image });
    const notB64 = await req('POST', '/api/v2/userposter/upload', me.token, body('data:image/jpeg;base64,@@not base64!!'));
    expect(notB64.status).toBe(400);
    expect(notB64.body.msg).toMatch(/image must be a JPEG or PNG base64 data URL/);
    const badLength = await req('POST', '/api/v2/userposter/upload', me.token, body('data:image/jpeg;base64,QUJDRA=Q'));
    expect(badLength.status).toBe(400);
    const text = await req('POST', '/api/v2/userposter/upload', me.token, body(`data:image/jpeg;base64,${Buffer.from('hello, not a picture at all').toString('base64')}`));
    expect([text.status, text.body.code]).toEqual([400, ErrorCode.POSTER_NOT_IMAGE]);
    const truncated = Buffer.from(jpeg.split(',')[1], 'base64').subarray(0, 200);
    const cut = await req('POST', '/api/v2/userposter/upload', me.token, body(`data:image/jpeg;base64,${truncated.toString('base64')}`));
    expect([cut.status, cut.body.code]).toEqual([400, ErrorCode.POSTER_NOT_IMAGE]);
    const huge = `data:image/jpeg;base64,${'A'.repeat(Math.ceil((POSTER_MAX_BYTES + 3000) / 3) * 4)}`;
    const big = await s.app.inject({ method: 'POST', url: '/api/v2/userposter/upload', payload: body(huge), headers: { authorization: `Bearer ${me.token}` } });
    expect(big.statusCode).toBeGreaterThanOrEqual(400);
    expect(big.statusCode).toBeLessThan(500);
    expect(storedPosters()).toEqual(before);
    expect(await s.services.store.exists(posterKey(gallery, 2, photos[0], me.id))).toBe(false);
  });

  it('refuses ids of another gallery, unknown templates and guests, storing and recording nothing', async () => {
    const me = await newUser(s);
    const guest = await newUser(s, false);
    const postersBefore = await count('user_posters');
    const files = storedPosters();
    const foreign = await req('POST', '/api/v2/userposter/upload', me.token, { galleryid: gallery, templateid: 1, imageid: otherPhoto, image: jpeg });
    expect([foreign.status, foreign.body.code]).toEqual([400, ErrorCode.POSTER_FOREIGN_PHOTO]);
    const foreignRecord = await req('POST', '/api/v2/userposter/create', me.token, { galleryid: gallery, imageids: `${photos[0]},${otherPhoto}` });
    expect([foreignRecord.status, foreignRecord.body.code]).toEqual([400, ErrorCode.POSTER_FOREIGN_PHOTO]);
    const foreignV2 = await req('POST', '/api/v2/userposter/createv2', me.token, { galleryid: gallery, imageids: `[${otherPhoto}]`, thumb: posterKey(gallery, 1, otherPhoto, me.id) });
    expect(foreignV2.status).toBe(400);
    const noTemplate = await req('POST', '/api/v2/userposter/upload', me.token, { galleryid: gallery, templateid: 1234567, imageid: photos[0], image: jpeg });
    expect([noTemplate.status, noTemplate.body.code]).toEqual([404, ErrorCode.POSTER_NO_TEMPLATE]);
    const asGuest = await req('POST', '/api/v2/userposter/upload', guest.token, { galleryid: gallery, templateid: 1, imageid: photos[0], image: jpeg });
    expect(asGuest.status).toBe(401);
    const guestRecord = await req('POST', '/api/v2/userposter/create', guest.token, { galleryid: gallery, imageids: `${photos[0]}` });
    expect(guestRecord.status).toBe(401);
    const noSession = await req('POST', '/api/v2/userposter/createv2', null, { galleryid: gallery, imageids: `[${photos[0]}]`, thumb: posterKey(gallery, 1, photos[0], me.id) });
    expect(noSession.status).toBe(401);
    const badJson = await req('POST', '/api/v2/userposter/createv2', me.token, { galleryid: gallery, imageids: '[1,', thumb: posterKey(gallery, 1, photos[0], me.id) });
    expect(badJson.status).toBe(400);
    expect(await count('user_posters')).toBe(postersBefore);
    expect(storedPosters()).toEqual(files);
  });

  it('answers 403 for a gated gallery without its pass: no templates, no upload, no poster bytes', async () => {
    const me = await newUser(s);
    // Stored while the gallery was open.
    const up = await req('POST', '/api/v2/userposter/upload', me.token, { galleryid: gated, templateid: 1, imageid: gatedPhoto, image: jpeg });
    expect(up.body.code).toBe(200);
    await gateDemoGallery(s.db, gated, 'password', 0);
    s.services.gates.service.forget();
    try {
      const stranger = await newUser(s);
      const list = await req('GET', `/api/v2/poster/templates/${gated}`, stranger.token);
      expect(list.body.code).toBe(ErrorCode.NO_PERMISSION);
      const upload = await req('POST', '/api/v2/userposter/upload', stranger.token, { galleryid: gated, templateid: 2, imageid: gatedPhoto, image: jpeg });
      expect([upload.status, upload.body.code]).toEqual([403, ErrorCode.NO_PERMISSION]);
      expect(await s.services.store.exists(posterKey(gated, 2, gatedPhoto, stranger.id))).toBe(false);
      const file = await s.app.inject({ method: 'GET', url: up.body.data.url, headers: { authorization: `Bearer ${stranger.token}` } });
      expect(file.statusCode).toBe(403);
      expect(file.headers['content-type']).toMatch(/json/);
      const record = await req('POST', '/api/v2/userposter/createv2', stranger.token, { galleryid: gated, imageids: `[${gatedPhoto}]`, thumb: up.body.data.key });
      expect(record.status).toBe(403);
    } finally {
      await s.db.query('DELETE FROM gallery_gates WHERE gallery_id = $1', [gated]);
      s.services.gates.service.forget();
    }
  });
});
