/**
 * The in-process face index (services/face/vectors.ts MemoryVectorIndex), as two server
 * processes hold it: each catches up with new and hidden faces by `seq` on its own, and
 * drops a gallery when another process announces a removal on the live bus (face_reset).
 */
import { BACKENDS, startTestServer, insertGallery, insertPhotos, type TestServer } from './helpers';
import { InProcessBus, parseBusNotice } from '../../server/src/live/bus';
import { MemoryVectorIndex } from '../../server/src/services/face/vectors';
import { toBytes } from '../../server/src/services/face/embedding';
import { seededUnit } from './face-fixtures';

const unit = (seed: number) => seededUnit(seed);

describe.each(BACKENDS)('in-process face index on %s', (backend) => {
  let s: TestServer;
  let galleryId: number;
  let photoId: number;
  let personId: number;
  const bus = new InProcessBus();
  let a: MemoryVectorIndex;
  let b: MemoryVectorIndex;

  const addFace = async (seed: number) =>
    (
      await s.db.query<{ id: number }>(
        `INSERT INTO faces (photo_id, gallery_id, person_id, x, y, w, h, score, embedding, crop_key, created_at)
         VALUES ($1, $2, $3, 0.1, 0.1, 0.2, 0.2, 0.9, $4, 'none.jpg', 0) RETURNING id`,
        [photoId, galleryId, personId, toBytes(unit(seed))]
      )
    ).rows[0].id;
  const top = async (idx: MemoryVectorIndex, seed: number) => (await idx.nearestFaces(galleryId, unit(seed), 1))[0];

  beforeAll(async () => {
    s = await startTestServer(backend, { FACE_INDEXING: '0' });
    galleryId = await insertGallery(s.db, { link_id: 'findex01', config: { use_face: 1 } });
    [photoId] = await insertPhotos(s.db, galleryId, 1);
    personId = (await s.db.query<{ id: number }>('INSERT INTO persons (gallery_id, centroid, face_count, created_at) VALUES ($1, $2, 3, 0) RETURNING id', [galleryId, toBytes(unit(1))])).rows[0].id;
    a = new MemoryVectorIndex(s.db, bus);
    b = new MemoryVectorIndex(s.db, bus);
  });
  afterAll(async () => {
    a.close();
    b.close();
    await bus.close();
    await s.close();
  });

  it('finds faces, catches up with new and hidden ones, and drops removed ones on the bus notice', async () => {
    const f1 = await addFace(1);
    const f2 = await addFace(2);
    expect(await top(a, 1)).toMatchObject({ faceId: f1, personId, photoId });
    expect((await top(b, 2)).faceId).toBe(f2);
    expect((await top(b, 2)).similarity).toBeCloseTo(1, 4);
    // A new face: both see it by seq, without a notice.
    const f3 = await addFace(3);
    expect((await top(a, 3)).faceId).toBe(f3);
    // Hidden: its row changes seq, so the index leaves it out.
    await s.db.query("UPDATE faces SET hidden = true, seq = nextval('face_seq') WHERE id = $1", [f1]);
    expect((await top(a, 1)).faceId).not.toBe(f1);
    // Deleted: only a notice tells; process a announces it, process b reloads.
    await s.db.query('DELETE FROM faces WHERE id = $1', [f2]);
    expect((await top(b, 2)).faceId).toBe(f2);
    await a.removed(galleryId);
    await new Promise((r) => setImmediate(r));
    expect((await top(b, 2)).faceId).not.toBe(f2);
    // Persons by centroid.
    expect((await b.nearestPersons(galleryId, unit(1), 3))[0]).toMatchObject({ personId, galleryId });
    expect((await b.nearestPersons(null, unit(1), 1)).map((p) => p.galleryId)).toContain(galleryId);
  });

  it('the notice travels between processes as a well-formed bus notice', () => {
    expect(parseBusNotice({ kind: 'face_reset', gallery_id: 0 })).toEqual({ kind: 'face_reset', gallery_id: 0 });
    expect(parseBusNotice({ kind: 'face_reset', gallery_id: -1 })).toBeNull();
    expect(parseBusNotice({ kind: 'face_reset', gallery_id: '3' })).toBeNull();
  });
});
