/**
 * Face search end to end on the real engine (services/face, server/src/face): uploaded
 * group photos are indexed into faces and persons, a selfie finds its person and the
 * photo list lists that person's photos, and the rules around consent, logins, follows,
 * hiding and deletion. Runs on PGlite (pgvector) and on PostgreSQL (in-process index).
 */
import sharp from 'sharp';
import { BACKENDS, startTestServer, insertGallery, type TestServer } from './helpers';
import { dataUrl, faceCrop, pngBomb, samplePhoto, uploadPhoto } from './face-fixtures';
import { FRIENDS_MAX } from '../../types/api/face';

const TOKEN = 'face-organiser-token';
const ORG = { authorization: `Bearer ${TOKEN}` };
const CONSENT = { consent: 1, adult: 1 };

jest.setTimeout(240_000);

describe.each(BACKENDS)('face search on %s', (backend) => {
  let s: TestServer;
  let galleryId: number;
  let groupPhoto: number;
  let photos: number[];
  let guest: Record<string, string>;

  const get = (url: string, headers: Record<string, string> = {}) => s.app.inject({ method: 'GET', url, headers });
  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) => s.app.inject({ method: 'POST', url, payload: payload as object, headers });
  const count = async (table: string) => (await s.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n;

  /** Every stored object's key (selfies must never become one). */
  async function objectKeys(): Promise<string[]> {
    const keys: string[] = [];
    for (const prefix of ['faces/', 'originals/', 'uploads/', 'avatars/']) for await (const o of s.services.store.list(prefix)) keys.push(o.key);
    return keys.sort();
  }

  async function visitor(loggedIn: boolean) {
    const { user, token } = await s.services.sessions.createOrResume(undefined);
    if (loggedIn) {
      await s.db.query('UPDATE users SET is_mock = false WHERE id = $1', [user.id]);
      s.services.sessions.forget(token);
    }
    return { headers: { authorization: `Bearer ${token}` }, userId: user.id };
  }

  /** The biggest face of a photo and a selfie-like crop of it. */
  async function faceOf(photoId: number, sample: number, opts: { brightness?: number; edge?: number } = {}) {
    const { rows } = await s.db.query<{ id: number; person_id: number; x: number; y: number; w: number; h: number }>(
      'SELECT id, person_id, x, y, w, h FROM faces WHERE photo_id = $1 AND NOT hidden ORDER BY w * h DESC LIMIT 1',
      [photoId]
    );
    const f = rows[0];
    return { face: f, selfie: dataUrl(await faceCrop(samplePhoto(sample), f, opts)) };
  }

  beforeAll(async () => {
    s = await startTestServer(backend, { ORGANIZER_TOKEN: TOKEN, FACE_INDEXING: '0', PUBLIC_URL: 'https://photos.example' });
    galleryId = await insertGallery(s.db, { link_id: 'faces001', name: 'Faces' });
    const on = await post(`/api/v2/organizer/galleries/${galleryId}/config`, { use_face: 1, active_on: 1 }, ORG);
    expect(on.json()).toMatchObject({ code: 200, data: { gallery: { config: { use_face: 1, active_on: 1 } } } });
    photos = [];
    for (const n of [5, 1, 2]) photos.push(await uploadPhoto(s, TOKEN, galleryId, samplePhoto(n), `sample${n}.jpg`));
    groupPhoto = photos[0];
    guest = (await visitor(false)).headers;
    expect(await s.services.faceIndexer.drain()).toBe(3);
  });
  afterAll(() => s.close());

  it('indexes uploaded group photos into faces, persons and stored crops', async () => {
    expect(await s.services.faceIndexer.counts(galleryId)).toEqual({ done: 3 });
    // pgvector where the database has it (PGlite's extension); else the in-process index.
    expect((await s.services.faceVectors()).kind).toBe(backend === 'pglite' ? 'pgvector' : 'memory');
    const { rows } = await s.db.query<{ photo_id: number; n: number }>('SELECT photo_id, count(*)::int AS n FROM faces GROUP BY photo_id');
    const perPhoto = new Map(rows.map((r) => [r.photo_id, r.n]));
    expect(perPhoto.get(groupPhoto)).toBeGreaterThanOrEqual(4);
    const faces = await s.db.query<{ person_id: number | null; crop_key: string; x: number; w: number }>('SELECT person_id, crop_key, x, w FROM faces');
    expect(faces.rows.every((f) => f.person_id !== null && f.x >= 0 && f.x + f.w <= 1.0001)).toBe(true);
    expect(await count('persons')).toBeGreaterThan(0);
    // Two faces of one photo are never one person.
    const dup = await s.db.query('SELECT photo_id, person_id FROM faces GROUP BY photo_id, person_id HAVING count(*) > 1');
    expect(dup.rows).toEqual([]);
    expect(await s.services.store.exists(faces.rows[0].crop_key)).toBe(true);
  });

  it('lists persons (most photos first) and serves their crops', async () => {
    const r = (await get(`/api/v2/face3/person?galleryid=${galleryId}`, guest)).json();
    expect(r.code).toBe(200);
    expect(r.data.page_size).toBe(35);
    expect(r.data.items.length).toBe(Math.min(35, r.data.total));
    const counts = r.data.items.map((p: { total_image: number }) => p.total_image);
    expect([...counts].sort((a, b) => b - a)).toEqual(counts);
    const first = r.data.items[0];
    expect(first).toMatchObject({ galleryid: galleryId, status: 'unfollow', total_gallery_image: 3 });
    expect(first.faceurl).toMatch(/^https:\/\/photos\.example\/api\/v2\/face3\/crop\/\d+$/);
    const crop = await get(first.faceurl.replace('https://photos.example', ''));
    expect(crop.statusCode).toBe(200);
    expect(crop.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(crop.rawPayload).metadata()).format).toBe('jpeg');
  });

  it('findpeople: a crop of a face finds its person (guests too, storing nothing), and person= lists their photos', async () => {
    const { face, selfie } = await faceOf(groupPhoto, 5, { brightness: 1.15, edge: 300 });
    const before = await count('face_profiles');
    const objects = await objectKeys();
    const r = (await post('/api/v2/face3/findpeople', { image: selfie, galleryid: galleryId, ...CONSENT }, guest)).json();
    expect(r).toMatchObject({ code: 200, data: { success: true, data: face.person_id, code: 200, person: { personid: face.person_id } } });
    expect(await count('face_profiles')).toBe(before);
    expect(await objectKeys()).toEqual(objects);
    const list = (await get(`/api/v2/images/${galleryId}/list?person=${face.person_id}`, guest)).json().data;
    expect(list.items.map((p: { id: number }) => p.id)).toContain(groupPhoto);
    expect(list.total).toBe(r.data.person.total_image);
    // The maybe strip of that photo names the person.
    const maybe = (await get(`/api/v2/face3/maybe?imageid=${groupPhoto}`, guest)).json().data;
    expect(maybe.map((m: { personid: number }) => m.personid)).toContain(face.person_id);
  });

  it('bad input answers a clear 4xx and stores nothing', async () => {
    const { headers } = await visitor(true);
    const profiles = await count('face_profiles');
    const send = (image: string, extra: Record<string, unknown> = CONSENT) => post('/api/v2/face/updateinfo', { image, galleryid: galleryId, ...extra }, headers);
    // Not an image.
    let r = await send(dataUrl(Buffer.from('definitely not a picture')));
    expect(r.statusCode).toBe(400);
    // A PNG bomb: a tiny file that claims a huge canvas.
    r = await send(dataUrl(pngBomb(), 'png'));
    expect(r.statusCode).toBe(413);
    expect(r.json().code).toBe(222304);
    // Over 2 MB.
    const big = Buffer.alloc(2 * 1024 * 1024 + 10, 7);
    r = await send(dataUrl(big));
    expect(r.statusCode).toBe(413);
    expect(r.json().code).toBe(222304);
    // No face.
    const plain = await sharp({ create: { width: 400, height: 400, channels: 3, background: { r: 90, g: 140, b: 200 } } }).jpeg().toBuffer();
    r = await send(dataUrl(plain));
    expect(r.statusCode).toBe(422);
    expect(r.json().code).toBe(222202);
    // Several faces where one is required.
    r = await send(dataUrl(await sharp(samplePhoto(5)).resize(1200).jpeg().toBuffer()));
    expect(r.statusCode).toBe(422);
    expect([222203, 222202]).toContain(r.json().code);
    // Consent refused or missing: nothing is looked at.
    const { selfie } = await faceOf(groupPhoto, 5);
    for (const extra of [{ consent: 0, adult: 1 }, { adult: 1 }, { consent: 1 }]) {
      r = await send(selfie, extra);
      expect(r.statusCode).toBe(400);
    }
    r = await post('/api/v2/face3/follow', { image: selfie, galleryid: galleryId, consent: 0, adult: 1 }, headers);
    expect(r.statusCode).toBe(400);
    expect(await count('face_profiles')).toBe(profiles);
    expect(await count('face_follows')).toBe(0);
  });

  it('guests may search but not write', async () => {
    const { selfie } = await faceOf(groupPhoto, 5);
    const calls: Array<[string, unknown]> = [
      ['/api/v2/face/updateinfo', { image: selfie, ...CONSENT }],
      ['/api/v2/face3/follow', { galleryid: galleryId, personid: 1 }],
      ['/api/v2/face3/unfollow', { personid: 1 }],
      ['/api/v2/face/editfollow', { personid: 1, name: 'x' }],
      ['/api/face/hide', { imageid: groupPhoto, personid: 1 }],
      ['/api/v2/face/destroymyself', {}]
    ];
    for (const [url, body] of calls) expect([url, (await post(url, body, guest)).statusCode]).toEqual([url, 401]);
  });

  it('follow: by person or by photo, a name, at most 6, unfollow', async () => {
    const { headers } = await visitor(true);
    const page = (await get(`/api/v2/face3/person?galleryid=${galleryId}`, headers)).json().data;
    expect(page.total).toBeGreaterThan(FRIENDS_MAX);
    const ids: number[] = page.items.map((p: { personid: number }) => p.personid);
    expect((await post('/api/v2/face3/follow', { galleryid: galleryId }, headers)).json()).toMatchObject({ code: 400, msg: 'Please upload single frontal photo' });
    // By photo: the person that face matches.
    const { face, selfie } = await faceOf(photos[1], 1);
    const byPhoto = (await post('/api/v2/face3/follow', { galleryid: galleryId, image: selfie, name: 'Photo friend', ...CONSENT }, headers)).json();
    expect(byPhoto).toMatchObject({ code: 200, data: { personid: face.person_id, name: 'Photo friend', status: 'follow' } });
    expect((await post('/api/v2/face3/unfollow', { personid: face.person_id }, headers)).json().data).toEqual({ ok: true });
    const first = (await post('/api/v2/face3/follow', { galleryid: galleryId, personid: ids[0], name: 'Ann' }, headers)).json();
    expect(first).toMatchObject({ code: 200, data: { personid: ids[0], name: 'Ann', status: 'follow' } });
    for (const id of ids.slice(1, FRIENDS_MAX)) expect((await post('/api/v2/face3/follow', { galleryid: galleryId, personid: id }, headers)).json().code).toBe(200);
    const over = await post('/api/v2/face3/follow', { galleryid: galleryId, personid: ids[FRIENDS_MAX] }, headers);
    expect(over.statusCode).toBe(409);
    expect(over.json().code).toBe(222310);
    expect((await get(`/api/v2/face3/galleryv2?galleryid=${galleryId}`, headers)).json().data).toHaveLength(FRIENDS_MAX);
    expect((await post('/api/v2/face/editfollow', { personid: ids[0], name: '  ' }, headers)).json()).toMatchObject({ code: 400, msg: 'Name is required' });
    expect((await post('/api/v2/face/editfollow', { personid: ids[0], name: 'Anna' }, headers)).json().data.name).toBe('Anna');
    expect((await get(`/api/v2/face/isfriend?personid=${ids[0]}`, headers)).json().data).toEqual({ isfriend: true, status: 'follow' });
    expect((await post('/api/v2/face3/unfollow', { personid: ids[0] }, headers)).json().data).toEqual({ ok: true });
    expect((await get(`/api/v2/face3/relation?personid=${ids[0]}`, headers)).json().data).toEqual({ personid: ids[0], status: 'unfollow', name: '' });
    expect((await post('/api/v2/face3/follow', { galleryid: galleryId, personid: ids[FRIENDS_MAX] }, headers)).json().code).toBe(200);
  });

  it('updateinfo makes My Photo; hiding oneself removes one from the photo and from maybe; destroymyself leaves nothing of the visitor', async () => {
    const { headers, userId } = await visitor(true);
    const { face, selfie } = await faceOf(groupPhoto, 5);
    const objects = await objectKeys();
    const info = (await post('/api/v2/face/updateinfo', { image: selfie, galleryid: galleryId, ...CONSENT }, headers)).json();
    expect(info).toMatchObject({ code: 200, data: { has_face: true, person: { personid: face.person_id, status: 'self' } } });
    // The selfie was matched and dropped: only its embedding is kept.
    expect(await objectKeys()).toEqual(objects);
    const mine = (await get(`/api/v2/face/galleryv2?galleryid=${galleryId}`, headers)).json().data;
    expect(mine.person.personid).toBe(face.person_id);
    expect((await get('/api/face/gallery', headers)).json().data).toEqual([expect.objectContaining({ galleryid: galleryId, personid: face.person_id })]);

    // Hide myself from the group photo: gone from maybe and from my photo list.
    expect((await post('/api/face/hide', { imageid: groupPhoto, personid: face.person_id }, headers)).json().data).toEqual({ ok: true });
    const maybe = (await get(`/api/v2/face3/maybe?imageid=${groupPhoto}`, headers)).json().data;
    expect(maybe.map((m: { personid: number }) => m.personid)).not.toContain(face.person_id);
    const list = (await get(`/api/v2/images/${galleryId}/list?person=${face.person_id}`, headers)).json().data;
    expect(list.items.map((p: { id: number }) => p.id)).not.toContain(groupPhoto);
    // Someone else's person (not followed, not oneself) cannot be hidden.
    const other = (await s.db.query<{ person_id: number }>('SELECT person_id FROM faces WHERE photo_id = $1 AND person_id <> $2 AND NOT hidden LIMIT 1', [groupPhoto, face.person_id])).rows[0];
    expect((await post('/api/face/hide', { imageid: groupPhoto, personid: other.person_id }, headers)).statusCode).toBe(403);

    // Follow someone, then delete everything.
    expect((await post('/api/v2/face3/follow', { galleryid: galleryId, personid: other.person_id }, headers)).json().code).toBe(200);
    const gone = (await post('/api/v2/face/destroymyself', {}, headers)).json();
    expect(gone).toMatchObject({ code: 200, data: { faces: 1, follows: 1, hides: 1 } });
    expect((await s.db.query('SELECT 1 FROM face_profiles WHERE user_id = $1', [userId])).rows).toEqual([]);
    expect((await s.db.query('SELECT 1 FROM face_follows WHERE user_id = $1', [userId])).rows).toEqual([]);
    expect((await s.db.query('SELECT 1 FROM face_hides WHERE user_id = $1', [userId])).rows).toEqual([]);
    expect((await get(`/api/v2/face/galleryv2?galleryid=${galleryId}`, headers)).json().data).toEqual({ has_face: false, person: null });
    expect((await get('/api/face/gallery', headers)).json().data).toEqual([]);
    // The person and their faces are the gallery's: they stay, and the face hidden from the photo stays hidden,
    // so face search finds nothing of them in that photo.
    expect((await s.db.query<{ hidden: boolean }>('SELECT hidden FROM faces WHERE id = $1', [face.id])).rows).toEqual([{ hidden: true }]);
    const again = await post('/api/v2/face3/findpeople', { image: selfie, galleryid: galleryId, ...CONSENT }, guest);
    expect(again.json().code).toBe(222207);
  });

  it('gallery gates apply to the face calls and crops', async () => {
    const gated = await insertGallery(s.db, { link_id: 'faces002', name: 'Gated faces', config: { use_face: 1 } });
    const pid = await uploadPhoto(s, TOKEN, gated, samplePhoto(3), 'sample3.jpg');
    expect(await s.services.faceIndexer.drain()).toBe(1);
    const set = await post(`/api/v2/organizer/galleries/${gated}/gates/watermark`, { access_type: 'password', password: 'pw-faces' }, ORG);
    expect(set.json().code).toBe(200);
    const { headers } = await visitor(false);
    const { face, selfie } = await faceOf(pid, 3);
    for (const res of [
      await get(`/api/v2/face3/person?galleryid=${gated}`, headers),
      await get(`/api/v2/face3/maybe?imageid=${pid}`, headers),
      await get(`/api/v2/face3/personshow?personid=${face.person_id}`, headers),
      await post('/api/v2/face3/findpeople', { image: selfie, galleryid: gated, ...CONSENT }, headers),
      await get(`/api/v2/images/${gated}/list?person=${face.person_id}`, headers)
    ]) {
      expect(res.json().code).toBe(200202);
    }
    expect((await get(`/api/v2/face3/crop/${face.id}`, headers)).statusCode).toBe(403);
    expect((await post('/api/v2/gallery/watermark/visit/check', { id: gated, password: 'pw-faces' }, headers)).json().code).toBe(200);
    const shown = (await get(`/api/v2/face3/personshow?personid=${face.person_id}`, headers)).json().data;
    expect(shown.faceurl).toMatch(/\?p=/);
    // The ticket in the URL opens the crop without a session (an <img> sends none).
    expect((await get(shown.faceurl.replace('https://photos.example', ''))).statusCode).toBe(200);
  });

  it('use_face off: face calls refuse and nothing more is queued', async () => {
    const off = await post(`/api/v2/organizer/galleries/${galleryId}/config`, { use_face: 0 }, ORG);
    expect(off.json().data.gallery.config.use_face).toBe(0);
    await uploadPhoto(s, TOKEN, galleryId, samplePhoto(6), 'sample6.jpg');
    expect(await s.services.faceIndexer.drain()).toBe(0);
    expect((await get(`/api/v2/face3/person?galleryid=${galleryId}`, guest)).statusCode).toBe(403);
    const on = await post(`/api/v2/organizer/galleries/${galleryId}/config`, { use_face: 1 }, ORG);
    expect(on.json().code).toBe(200);
    expect(await s.services.faceIndexer.counts(galleryId)).toMatchObject({ queued: 1 });
    expect(await s.services.faceIndexer.drain()).toBe(1);
  });
});
