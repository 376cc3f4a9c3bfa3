/**
 * The face indexing queue (services/face/indexer.ts, face_jobs): several indexers share it
 * without doing a job twice, a dead claimer's job is claimed again once its lease runs out,
 * a restart resumes, a job that keeps failing stops, indexing waits while uploads register, and
 * the running indexer keeps two photos in flight.
 */
import { BACKENDS, startTestServer, insertGallery, type TestServer } from './helpers';
import { samplePhoto, uploadPhoto } from './face-fixtures';
import { FaceIndexer, MAX_ATTEMPTS } from '../../server/src/services/face/indexer';
import { MATCH_THRESHOLD } from '../../server/src/face/engine';

const TOKEN = 'queue-organiser-token';
jest.setTimeout(240_000);

describe.each(BACKENDS)('face indexing queue on %s', (backend) => {
  let s: TestServer;
  let galleryId: number;
  /** A second indexer on the same database and store: another server process. */
  let other: FaceIndexer;
  const job = async (photoId: number) =>
    (await s.db.query<{ state: string; attempts: number; faces: number }>('SELECT state, attempts, faces FROM face_jobs WHERE photo_id = $1', [photoId])).rows[0];
  const faceCount = async (photoId: number) => (await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM faces WHERE photo_id = $1', [photoId])).rows[0].n;

  beforeAll(async () => {
    s = await startTestServer(backend, { ORGANIZER_TOKEN: TOKEN, FACE_INDEXING: '0' });
    galleryId = await insertGallery(s.db, { link_id: 'queue001', config: { use_face: 1 } });
    const sv = s.services;
    other = new FaceIndexer(s.db, sv.store, sv.faceVectors, sv.faceEngine, { quietFor: () => true }, MATCH_THRESHOLD, () => undefined);
  });
  afterAll(() => s.close());

  it('two indexers racing for one job: one runs it, once', async () => {
    const photo = await uploadPhoto(s, TOKEN, galleryId, samplePhoto(2), 'a.jpg');
    expect(await job(photo)).toMatchObject({ state: 'queued', attempts: 0 });
    const ran = await Promise.all([s.services.faceIndexer.runOne(), other.runOne()]);
    expect(ran.filter(Boolean)).toHaveLength(1);
    const done = await job(photo);
    expect(done).toMatchObject({ state: 'done', attempts: 1 });
    expect(await faceCount(photo)).toBe(done.faces);
    expect(done.faces).toBeGreaterThan(0);
  });

  it("a dead claimer's job waits for its lease, then runs; a restart resumes queued work", async () => {
    const photo = await uploadPhoto(s, TOKEN, galleryId, samplePhoto(4), 'b.jpg');
    // Claimed by a process that died: its lease is still running.
    await s.db.query("UPDATE face_jobs SET lease_until = $2, lease_token = 'dead', attempts = 1 WHERE photo_id = $1", [photo, Date.now() + 60_000]);
    expect(await other.runOne()).toBe(false);
    await s.restart();
    expect(await job(photo)).toMatchObject({ state: 'queued' });
    await s.db.query('UPDATE face_jobs SET lease_until = $2 WHERE photo_id = $1', [photo, Date.now() - 1]);
    expect(await s.services.faceIndexer.drain()).toBe(1);
    expect(await job(photo)).toMatchObject({ state: 'done', attempts: 2 });
    expect(await faceCount(photo)).toBeGreaterThan(0);
  });

  it('a job that keeps failing stops after MAX_ATTEMPTS and leaves no faces', async () => {
    const photo = await uploadPhoto(s, TOKEN, galleryId, samplePhoto(6), 'c.jpg');
    const { rows } = await s.db.query<{ hash: string }>('SELECT hash FROM photos WHERE id = $1', [photo]);
    const key = `originals/${rows[0].hash.slice(0, 2)}/${rows[0].hash}`;
    const original = (await s.services.store.get(key))!;
    await s.services.store.delete(key);
    for (let i = 0; i < MAX_ATTEMPTS; i++) expect(await s.services.faceIndexer.runOne()).toBe(true);
    expect(await job(photo)).toMatchObject({ state: 'failed', attempts: MAX_ATTEMPTS });
    expect(await s.services.faceIndexer.runOne()).toBe(false);
    expect(await faceCount(photo)).toBe(0);
    await s.services.store.put(key, original);
  });

  it('waits while an upload registers and for a quiet spell after it', async () => {
    const queue = s.services.prerender;
    // Grid renders of the earlier uploads may still be running: they count as busy too.
    await queue.idle();
    const end = queue.hold();
    expect(queue.quietFor(0)).toBe(false);
    end();
    expect(queue.quietFor(60_000)).toBe(false);
    await queue.idle();
    expect(queue.quietFor(0)).toBe(true);
  });

  it("the running indexer takes the next photo while one is still in detection, and both are indexed", async () => {
    const photos = [await uploadPhoto(s, TOKEN, galleryId, samplePhoto(1), 'p1.jpg'), await uploadPhoto(s, TOKEN, galleryId, samplePhoto(3), 'p3.jpg')];
    const engine = await s.services.faceEngine();
    // The engine as the indexer sees it: a photo's detection holds until a second one has started (or 20 s passed).
    let inFlight = 0;
    let most = 0;
    let second: () => void = () => undefined;
    const started = new Promise<void>((resolve) => (second = resolve));
    const gated = {
      version: engine.version,
      async detect(image: Buffer, opts: { mode: 'photo' | 'selfie' }) {
        inFlight++;
        most = Math.max(most, inFlight);
        if (inFlight >= 2) second();
        await Promise.race([started, new Promise((r) => setTimeout(r, 20_000))]);
        try {
          return await engine.detect(image, opts);
        } finally {
          inFlight--;
        }
      }
    };
    const sv = s.services;
    const indexer = new FaceIndexer(s.db, sv.store, sv.faceVectors, async () => gated, { quietFor: () => true }, MATCH_THRESHOLD, () => undefined);
    const stop = indexer.start();
    try {
      for (let t = 0; t < 600 && (await Promise.all(photos.map(job))).some((j) => j.state !== 'done'); t++) await new Promise((r) => setTimeout(r, 100));
    } finally {
      await stop();
    }
    expect(most).toBe(2);
    for (const p of photos) {
      const done = await job(p);
      expect(done.state).toBe('done');
      expect(await faceCount(p)).toBe(done.faces);
      expect(done.faces).toBeGreaterThan(0);
    }
  });

  it('deleting a photo takes its faces, job and crops', async () => {
    const { rows } = await s.db.query<{ photo_id: number; crop_key: string }>("SELECT f.photo_id, f.crop_key FROM faces f JOIN face_jobs j ON j.photo_id = f.photo_id WHERE j.state = 'done' LIMIT 1");
    const photo = rows[0].photo_id;
    const del = await s.app.inject({ method: 'POST', url: `/api/v2/organizer/galleries/${galleryId}/photos/delete`, headers: { authorization: `Bearer ${TOKEN}` }, payload: { ids: [photo] } });
    expect(del.json().data.ids).toEqual([photo]);
    expect(await faceCount(photo)).toBe(0);
    expect(await job(photo)).toBeUndefined();
    expect(await s.services.store.exists(rows[0].crop_key)).toBe(false);
  });
});
