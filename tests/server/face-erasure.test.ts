/**
 * Spots of erased faces stay erased: before issue 26, destroymyself deleted the faces its
 * profile matched and kept their spots (face_erasures: photo and box only). Indexing those
 * photos again (a new engine version, or a job that runs again) finds the same faces in the
 * pixels but does not store the erased ones, so neither their faces nor their matches come
 * back. Other faces of the photo are indexed again as usual. Nothing of the erased face
 * (embedding, crop) is kept: only its spot. (destroymyself now removes only the visitor's own
 * rows, tests/server/face-ownership.test.ts; the spots it left are still honoured.)
 */
import { BACKENDS, startTestServer, insertGallery, type TestServer } from './helpers';
import { dataUrl, faceCrop, samplePhoto, uploadPhoto } from './face-fixtures';
import { FACE_ENGINE_VERSION } from '../../server/src/face/engine';

const TOKEN = 'face-erasure-token';
const CONSENT = { consent: 1, adult: 1 };

jest.setTimeout(300_000);

describe.each(BACKENDS)('re-indexing erased spots on %s', (backend) => {
  let s: TestServer;
  let galleryId: number;
  let group: number;

  const post = (url: string, payload: unknown, headers: Record<string, string>) => s.app.inject({ method: 'POST', url, payload: payload as object, headers });

  const facesOf = async (photoId: number) =>
    (
      await s.db.query<{ id: number; person_id: number; x: number; y: number; w: number; h: number; crop_key: string }>(
        'SELECT id, person_id, x, y, w, h, crop_key FROM faces WHERE photo_id = $1 ORDER BY w * h DESC',
        [photoId]
      )
    ).rows;

  beforeAll(async () => {
    s = await startTestServer(backend, { ORGANIZER_TOKEN: TOKEN, FACE_INDEXING: '0', PUBLIC_URL: 'https://photos.example' });
    galleryId = await insertGallery(s.db, { link_id: 'faceeras', name: 'Erasure', config: { use_face: 1 } });
    group = await uploadPhoto(s, TOKEN, galleryId, samplePhoto(5), 'sample5.jpg');
    expect(await s.services.faceIndexer.drain()).toBe(1);
  });
  afterAll(() => s.close());

  it('the erased face stays erased when its photo is indexed again', async () => {
    const before = await facesOf(group);
    expect(before.length).toBeGreaterThanOrEqual(4);
    const [mine] = before;
    const selfie = dataUrl(await faceCrop(samplePhoto(5), mine));
    const guest = { authorization: `Bearer ${(await s.services.sessions.createOrResume(undefined)).token}` };
    expect((await post('/api/v2/face3/findpeople', { image: selfie, galleryid: galleryId, ...CONSENT }, guest)).json().data.data).toBe(mine.person_id);

    // Erased as destroymyself did before issue 26: the face, its person and its crop go, its spot stays.
    await s.db.tx(async (q) => {
      await q.query('DELETE FROM faces WHERE person_id = $1', [mine.person_id]);
      await q.query('DELETE FROM persons WHERE id = $1', [mine.person_id]);
      await q.query('INSERT INTO face_erasures (photo_id, x, y, w, h, erased_at) VALUES ($1, $2, $3, $4, $5, 1)', [group, mine.x, mine.y, mine.w, mine.h]);
    });
    await s.services.store.delete(mine.crop_key);
    await (await s.services.faceVectors()).removed(0);
    const afterDestroy = await facesOf(group);
    expect(afterDestroy.length).toBe(before.length - 1);
    expect(afterDestroy.map((f) => f.id)).not.toContain(mine.id);

    // Indexed again, twice: as by an older engine (the start-up sweep re-queues it), and as a plain re-run of its job.
    await s.db.query('UPDATE face_jobs SET engine_version = $1 WHERE photo_id = $2', [FACE_ENGINE_VERSION - 1, group]);
    expect(await s.services.faceIndexer.requeueStale()).toBe(1);
    expect(await s.services.faceIndexer.drain()).toBe(1);
    await s.db.query("UPDATE face_jobs SET state = 'queued', attempts = 0, lease_until = 0 WHERE photo_id = $1", [group]);
    expect(await s.services.faceIndexer.drain()).toBe(1);

    const after = await facesOf(group);
    // The other faces are back with their persons; the erased one is not, nor a new person on its spot.
    expect(after.length).toBe(afterDestroy.length);
    expect(after.map((f) => f.person_id).sort()).toEqual(afterDestroy.map((f) => f.person_id).sort());
    const job = (await s.db.query<{ state: string; faces: number; engine_version: number }>('SELECT state, faces, engine_version FROM face_jobs WHERE photo_id = $1', [group])).rows[0];
    expect(job).toEqual({ state: 'done', faces: after.length, engine_version: FACE_ENGINE_VERSION });
    // Only the kept faces' crops are in the store.
    const keys: string[] = [];
    for await (const o of s.services.store.list(`faces/g${galleryId}/p${group}/`)) keys.push(o.key);
    expect(keys.sort()).toEqual(after.map((f) => f.crop_key).sort());

    // Face search finds nothing of them.
    expect((await post('/api/v2/face3/findpeople', { image: selfie, galleryid: galleryId, ...CONSENT }, guest)).json().code).toBe(222207);
  });
});
