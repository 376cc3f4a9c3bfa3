/**
 * Faces indexed by an older face engine (FACE_ENGINE_VERSION - 1) are not compared with the
 * current engine's, and the indexer re-indexes their photos when it starts: the faces are
 * replaced, a face on the spot of an old one keeps its person, so follows, hides and search
 * by selfie work again; photos never indexed go first; an older face profile matches only old faces, and after the
 * re-index only a new one matches.
 */
import { BACKENDS, startTestServer, insertGallery, type TestServer } from './helpers';
import { dataUrl, faceCrop, samplePhoto, seededUnit, uploadPhoto } from './face-fixtures';
import { FACE_ENGINE_VERSION } from '../../server/src/face/engine';
import { toBytes } from '../../server/src/services/face/embedding';
import { JOBS_IN_FLIGHT } from '../../server/src/services/face/indexer';

const TOKEN = 'face-reindex-token';
const CONSENT = { consent: 1, adult: 1 };
const OLD = FACE_ENGINE_VERSION - 1;

jest.setTimeout(300_000);

/**
 * A unit vector standing for an embedding of the previous engine: 1024 values, as faceres made
 * (unrelated to the current one's, and of another length).
 */
const foreign = (seed: number) => seededUnit(seed * 7919, 1024, 17);

describe.each(BACKENDS)('re-indexing faces of an older engine on %s', (backend) => {
  let s: TestServer;
  let galleryId: number;
  let group: number;

  const get = (url: string, headers: Record<string, string>) => s.app.inject({ method: 'GET', url, headers });
  const post = (url: string, payload: unknown, headers: Record<string, string>) => s.app.inject({ method: 'POST', url, payload: payload as object, headers });

  async function visitor() {
    const { user, token } = await s.services.sessions.createOrResume(undefined);
    await s.db.query('UPDATE users SET is_mock = false WHERE id = $1', [user.id]);
    s.services.sessions.forget(token);
    return { authorization: `Bearer ${token}` };
  }

  const facesOf = async (photoId: number) =>
    (
      await s.db.query<{ id: number; person_id: number; x: number; y: number; w: number; h: number; hidden: boolean; crop_key: string; engine_version: number }>(
        'SELECT id, person_id, x, y, w, h, hidden, crop_key, engine_version FROM faces WHERE photo_id = $1 ORDER BY w * h DESC',
        [photoId]
      )
    ).rows;

  beforeAll(async () => {
    s = await startTestServer(backend, { ORGANIZER_TOKEN: TOKEN, FACE_INDEXING: '0', PUBLIC_URL: 'https://photos.example' });
    galleryId = await insertGallery(s.db, { link_id: 'facesrix', name: 'Re-index', config: { use_face: 1 } });
    group = await uploadPhoto(s, TOKEN, galleryId, samplePhoto(5), 'sample5.jpg');
    await uploadPhoto(s, TOKEN, galleryId, samplePhoto(1), 'sample1.jpg');
    expect(await s.services.faceIndexer.drain()).toBe(2);
  });
  afterAll(() => s.close());

  it('a photo indexed by the previous engine is re-indexed at start; persons, follows and hides carry over', async () => {
    const before = await facesOf(group);
    expect(before.length).toBeGreaterThanOrEqual(4);
    const [main, other, third] = before;
    const selfie = dataUrl(await faceCrop(samplePhoto(5), main));
    const headers = await visitor();
    // The visitor's own face, a follow with a name, and that person hidden from the photo in the visitor's own view.
    expect((await post('/api/v2/face/updateinfo', { image: selfie, galleryid: galleryId, ...CONSENT }, headers)).json().data.person.personid).toBe(main.person_id);
    expect((await post('/api/v2/face3/follow', { galleryid: galleryId, personid: other.person_id, name: 'Buddy' }, headers)).json().code).toBe(200);
    expect((await post('/api/face/hide', { imageid: group, personid: other.person_id }, headers)).json().data).toEqual({ ok: true });
    // Another visitor hides themselves from the photo: for everyone.
    const thirdHeaders = await visitor();
    const thirdSelfie = dataUrl(await faceCrop(samplePhoto(5), third));
    expect((await post('/api/v2/face/updateinfo', { image: thirdSelfie, galleryid: galleryId, ...CONSENT }, thirdHeaders)).json().data.person.personid).toBe(third.person_id);
    expect((await post('/api/face/hide', { imageid: group, personid: third.person_id }, thirdHeaders)).json().data).toEqual({ ok: true });

    // Everything as the previous engine left it: its version, embeddings from another space.
    const vectors = await s.services.faceVectors();
    await s.db.tx(async (q) => {
      await q.query('UPDATE face_jobs SET engine_version = $1', [OLD]);
      await q.query('UPDATE face_profiles SET engine_version = $1', [OLD]);
      const faces = await q.query<{ id: number }>('SELECT id FROM faces');
      for (const f of faces.rows) {
        await q.query("UPDATE faces SET embedding = $2, engine_version = $3, seq = nextval('face_seq') WHERE id = $1", [f.id, toBytes(foreign(f.id)), OLD]);
        await vectors.wroteFace(q, f.id, foreign(f.id));
      }
      const persons = await q.query<{ id: number }>('SELECT id FROM persons');
      for (const p of persons.rows) {
        await q.query("UPDATE persons SET centroid = $2, engine_version = $3, seq = nextval('face_seq') WHERE id = $1", [p.id, toBytes(foreign(-p.id)), OLD]);
        await vectors.wrotePerson(q, p.id, foreign(-p.id));
      }
    });
    await vectors.removed(galleryId);
    // Faces of the older engine are never compared with a selfie of this one.
    expect((await post('/api/v2/face3/findpeople', { image: selfie, galleryid: galleryId, ...CONSENT }, headers)).json().code).toBe(222207);
    // The older face profile is still the visitor's face while the gallery searches its old faces (the engine still
    // embeds that version: search stays on it until the re-index is complete), but it is not compared with the current
    // engine's faces: nobody here.
    expect((await get(`/api/v2/face/galleryv2?galleryid=${galleryId}`, headers)).json().data).toEqual({ has_face: true, person: null });

    // A new photo arrives meanwhile: it is indexed before the re-indexing.
    const fresh = await uploadPhoto(s, TOKEN, galleryId, samplePhoto(2), 'sample2.jpg');

    // The indexer starts: its first sweep queues the two old photos again and runs them.
    const stop = s.services.faceIndexer.start();
    try {
      for (;;) {
        const { rows } = await s.db.query<{ n: number }>("SELECT count(*)::int AS n FROM face_jobs WHERE state = 'done' AND engine_version = $1", [FACE_ENGINE_VERSION]);
        if (rows[0].n === 3) break;
        await new Promise((r) => setTimeout(r, 200));
      }
    } finally {
      await stop();
    }

    const jobs = (await s.db.query<{ photo_id: number; done_at: string }>('SELECT photo_id, done_at FROM face_jobs')).rows;
    const doneAt = (id: number) => Number(jobs.find((j) => j.photo_id === id)!.done_at);
    // The never-indexed photo is claimed first: only a job that ran beside it (JOBS_IN_FLIGHT lanes) may end sooner.
    const endedBefore = jobs.filter((j) => j.photo_id !== fresh && doneAt(j.photo_id) < doneAt(fresh));
    expect(endedBefore.length).toBeLessThanOrEqual(JOBS_IN_FLIGHT - 1);

    const after = await facesOf(group);
    expect(after.length).toBe(before.length);
    expect(after.every((f) => f.engine_version === FACE_ENGINE_VERSION)).toBe(true);
    expect((await s.db.query('SELECT 1 FROM faces WHERE engine_version <> $1', [FACE_ENGINE_VERSION])).rows).toEqual([]);
    // The same persons, on the same spots; the one hidden for everyone stays hidden, the visitor's own view stays theirs.
    expect(after.map((f) => f.person_id).sort()).toEqual(before.map((f) => f.person_id).sort());
    expect(after.find((f) => f.person_id === main.person_id)).toMatchObject({ hidden: false });
    expect(after.find((f) => f.person_id === other.person_id)).toMatchObject({ hidden: false });
    expect(after.find((f) => f.person_id === third.person_id)).toMatchObject({ hidden: true });
    const maybe = async (h: Record<string, string>) => (await get(`/api/v2/face3/maybe?imageid=${group}`, h)).json().data.map((m: { personid: number }) => m.personid);
    expect(await maybe(headers)).not.toContain(other.person_id);
    expect(await maybe(thirdHeaders)).toContain(other.person_id);
    expect(await maybe(thirdHeaders)).not.toContain(third.person_id);
    const persons = await s.db.query<{ engine_version: number }>('SELECT engine_version FROM persons WHERE id = ANY($1::int[])', [after.map((f) => f.person_id)]);
    expect(persons.rows.every((p) => p.engine_version === FACE_ENGINE_VERSION)).toBe(true);
    // The old crops went, the new ones are there.
    for (const f of before) expect(await s.services.store.exists(f.crop_key)).toBe(false);
    for (const f of after) expect(await s.services.store.exists(f.crop_key)).toBe(true);

    // Search finds the person again; the follow kept its name.
    const found = (await post('/api/v2/face3/findpeople', { image: selfie, galleryid: galleryId, ...CONSENT }, headers)).json();
    expect(found).toMatchObject({ code: 200, data: { data: main.person_id } });
    const follows = (await get(`/api/v2/face3/galleryv2?galleryid=${galleryId}`, headers)).json().data;
    expect(follows).toEqual([expect.objectContaining({ personid: other.person_id, name: 'Buddy', status: 'follow' })]);
    // A new face profile matches again.
    const info = (await post('/api/v2/face/updateinfo', { image: selfie, galleryid: galleryId, ...CONSENT }, headers)).json();
    expect(info).toMatchObject({ code: 200, data: { has_face: true, person: { personid: main.person_id, status: 'self' } } });
  });
});
