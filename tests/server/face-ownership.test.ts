/**
 * Issue 26, findings 3 and 4: a visitor's face data is theirs, the gallery's appearances are not.
 *
 * - A visitor can set any face as "their own" (a crop of someone in a public photo is a
 *   selfie as far as the server can tell). Destroying that profile removes only the visitor's
 *   own rows (profile, follows, their hides); the person and their appearances, which the
 *   indexer built from the gallery's photos, stay for everyone.
 * - Hiding a followed person from a photo is the visitor's own view: that visitor's maybe
 *   strip, person list and person photo list leave it out, everybody else's do not. Hiding
 *   oneself (the person one's own profile matches) applies for everyone.
 */
import { BACKENDS, startTestServer, insertGallery, type TestServer } from './helpers';
import { dataUrl, faceCrop, samplePhoto, uploadPhoto } from './face-fixtures';

const TOKEN = 'face-ownership-token';
const CONSENT = { consent: 1, adult: 1 };

jest.setTimeout(300_000);

describe.each(BACKENDS)('face data belongs to its owner on %s', (backend) => {
  let s: TestServer;
  let galleryId: number;
  let group: number;

  const get = (url: string, headers: Record<string, string> = {}) => s.app.inject({ method: 'GET', url, headers });
  const post = (url: string, payload: unknown, headers: Record<string, string>) => s.app.inject({ method: 'POST', url, payload: payload as object, headers });

  async function visitor(loggedIn = true) {
    const { user, token } = await s.services.sessions.createOrResume(undefined);
    if (loggedIn) await s.db.query('UPDATE users SET is_mock = false WHERE id = $1', [user.id]);
    s.services.sessions.forget(token);
    return { headers: { authorization: `Bearer ${token}` }, userId: user.id };
  }

  /** The group photo's faces (hidden ones too, so the order never changes), biggest first. */
  const facesOf = async (photoId: number) =>
    (
      await s.db.query<{ id: number; person_id: number; x: number; y: number; w: number; h: number; crop_key: string }>(
        'SELECT id, person_id, x, y, w, h, crop_key FROM faces WHERE photo_id = $1 ORDER BY w * h DESC, id',
        [photoId]
      )
    ).rows;
  const maybeIds = async (headers: Record<string, string>) =>
    (await get(`/api/v2/face3/maybe?imageid=${group}`, headers)).json().data.map((m: { personid: number }) => m.personid);
  const personPhotos = async (personId: number, headers: Record<string, string>) =>
    (await get(`/api/v2/images/${galleryId}/list?person=${personId}`, headers)).json().data.items.map((p: { id: number }) => p.id);
  const listedPersons = async (headers: Record<string, string>) =>
    (await get(`/api/v2/face3/person?galleryid=${galleryId}`, headers)).json().data.items.map((p: { personid: number }) => p.personid);

  beforeAll(async () => {
    s = await startTestServer(backend, { ORGANIZER_TOKEN: TOKEN, FACE_INDEXING: '0', PUBLIC_URL: 'https://photos.example' });
    galleryId = await insertGallery(s.db, { link_id: 'faceown1', name: 'Ownership', config: { use_face: 1, active_on: 1 } });
    group = await uploadPhoto(s, TOKEN, galleryId, samplePhoto(5), 'sample5.jpg');
    expect(await s.services.faceIndexer.drain()).toBe(1);
    expect((await facesOf(group)).length).toBeGreaterThanOrEqual(5);
  });
  afterAll(() => s.close());

  it("destroymyself after setting another person's crop as one's face removes only one's own data, never that person", async () => {
    const [, a] = await facesOf(group);
    const [, , third] = await facesOf(group);
    const attacker = await visitor();
    const observer = await visitor();
    const crop = dataUrl(await faceCrop(samplePhoto(5), a));
    // The crop matches A: the server cannot tell it from a selfie, so A is "self" for the attacker.
    const set = (await post('/api/v2/face/updateinfo', { image: crop, galleryid: galleryId, ...CONSENT }, attacker.headers)).json();
    expect(set).toMatchObject({ code: 200, data: { has_face: true, person: { personid: a.person_id, status: 'self' } } });
    expect((await post('/api/v2/face3/follow', { galleryid: galleryId, personid: third.person_id, name: 'Third' }, attacker.headers)).json().code).toBe(200);
    expect((await post('/api/face/hide', { imageid: group, personid: third.person_id }, attacker.headers)).json().data).toEqual({ ok: true });

    const gone = (await post('/api/v2/face/destroymyself', {}, attacker.headers)).json();
    expect(gone.code).toBe(200);

    // A is still a person of the gallery, for everybody: listed, their page open, their crop served, findable.
    expect(await listedPersons(observer.headers)).toContain(a.person_id);
    expect((await get(`/api/v2/face3/personshow?personid=${a.person_id}`, observer.headers)).statusCode).toBe(200);
    expect((await get(`/api/v2/face3/personshow?personid=${a.person_id}`)).json()).toMatchObject({ code: 200, data: { personid: a.person_id, total_image: 1 } });
    expect((await get(`/api/v2/face3/crop/${a.id}`)).statusCode).toBe(200);
    expect(await s.services.store.exists(a.crop_key)).toBe(true);
    expect(await maybeIds(observer.headers)).toContain(a.person_id);
    expect(await personPhotos(a.person_id, observer.headers)).toContain(group);
    const found = (await post('/api/v2/face3/findpeople', { image: crop, galleryid: galleryId, ...CONSENT }, observer.headers)).json();
    expect(found).toMatchObject({ code: 200, data: { data: a.person_id } });
    expect((await s.db.query('SELECT 1 FROM face_erasures')).rows).toEqual([]);

    // The attacker's own rows are gone: no profile, no follows, no view of theirs.
    expect(gone.data).toEqual({ faces: 1, follows: 1, hides: 1 });
    for (const table of ['face_profiles', 'face_follows', 'face_view_hides']) {
      expect([table, (await s.db.query(`SELECT 1 FROM ${table} WHERE user_id = $1`, [attacker.userId])).rows]).toEqual([table, []]);
    }
    expect((await get(`/api/v2/face/galleryv2?galleryid=${galleryId}`, attacker.headers)).json().data).toEqual({ has_face: false, person: null });
    expect(await maybeIds(attacker.headers)).toContain(third.person_id);
  });

  it("hiding a followed person from a photo is the visitor's own view: other visitors still see them", async () => {
    const [, , , d] = await facesOf(group);
    const hider = await visitor();
    const other = await visitor();
    const guest = await visitor(false);
    expect((await post('/api/v2/face3/follow', { galleryid: galleryId, personid: d.person_id }, hider.headers)).json().code).toBe(200);
    expect((await post('/api/face/hide', { imageid: group, personid: d.person_id }, hider.headers)).json().data).toEqual({ ok: true });
    // Hidden again: not in this photo as the visitor sees it.
    expect((await post('/api/face/hide', { imageid: group, personid: d.person_id }, hider.headers)).statusCode).toBe(404);

    // The hider no longer sees D in the photo, nor the photo among D's.
    expect(await maybeIds(hider.headers)).not.toContain(d.person_id);
    expect(await personPhotos(d.person_id, hider.headers)).not.toContain(group);
    expect((await get(`/api/v2/face3/personshow?personid=${d.person_id}`, hider.headers)).json().data.total_image).toBe(0);

    // Everybody else does: the face is not hidden, D still counts, is listed and is found.
    for (const h of [other.headers, guest.headers]) {
      expect(await maybeIds(h)).toContain(d.person_id);
      expect(await personPhotos(d.person_id, h)).toContain(group);
      expect(await listedPersons(h)).toContain(d.person_id);
      expect((await get(`/api/v2/face3/personshow?personid=${d.person_id}`, h)).json().data.total_image).toBe(1);
    }
    expect((await s.db.query<{ hidden: boolean }>('SELECT hidden FROM faces WHERE id = $1', [d.id])).rows[0].hidden).toBe(false);
    expect((await get(`/api/v2/face3/crop/${d.id}`)).statusCode).toBe(200);
    const found = (await post('/api/v2/face3/findpeople', { image: dataUrl(await faceCrop(samplePhoto(5), d)), galleryid: galleryId, ...CONSENT }, other.headers)).json();
    expect(found).toMatchObject({ code: 200, data: { data: d.person_id } });
    // A person the visitor does not follow (and is not) cannot be hidden at all.
    const [, , , , e] = await facesOf(group);
    expect((await post('/api/face/hide', { imageid: group, personid: e.person_id }, other.headers)).statusCode).toBe(403);
  });

  it('hiding oneself from a photo applies for everyone', async () => {
    const [me] = await facesOf(group);
    const self = await visitor();
    const other = await visitor();
    const set = (await post('/api/v2/face/updateinfo', { image: dataUrl(await faceCrop(samplePhoto(5), me)), galleryid: galleryId, ...CONSENT }, self.headers)).json();
    expect(set.data.person).toMatchObject({ personid: me.person_id, status: 'self' });
    expect((await post('/api/face/hide', { imageid: group, personid: me.person_id }, self.headers)).json().data).toEqual({ ok: true });
    for (const h of [self.headers, other.headers]) {
      expect(await maybeIds(h)).not.toContain(me.person_id);
      expect(await personPhotos(me.person_id, h)).not.toContain(group);
    }
    // Deleting one's face data keeps one's own hide; only the link to the visitor goes.
    expect((await post('/api/v2/face/destroymyself', {}, self.headers)).json().data).toEqual({ faces: 1, follows: 0, hides: 1 });
    expect(await maybeIds(other.headers)).not.toContain(me.person_id);
    expect((await s.db.query('SELECT user_id FROM face_hides WHERE photo_id = $1 AND person_id = $2', [group, me.person_id])).rows).toEqual([{ user_id: null }]);
  });
});
