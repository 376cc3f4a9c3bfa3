/**
 * Embeddings of two engine versions in one gallery (a re-index in progress): the 1024 values of
 * versions 1–2 and the 128 of version 3. Both indexes (pgvector where the database has it, the
 * in-process one) store either length and a search compares rows of its own length only, so
 * old rows stay readable while new ones arrive.
 */
import { BACKENDS, startTestServer, insertGallery, insertPhotos, type TestServer } from './helpers';
import { InProcessBus } from '../../server/src/live/bus';
import { MemoryVectorIndex, createVectorIndex, type VectorIndex } from '../../server/src/services/face/vectors';
import { EMBEDDING_DIMS, EMBEDDING_LENGTHS, toBytes } from '../../server/src/services/face/embedding';
import { FACE_DIMS } from '../../server/src/face/engine';
import { seededUnit } from './face-fixtures';

const unit = (seed: number, dims: number) => seededUnit(seed, dims, 104729);

test('the stored embedding length is the engine length, and the old length stays known', () => {
  expect(EMBEDDING_DIMS).toBe(FACE_DIMS);
  expect(EMBEDDING_LENGTHS).toEqual(expect.arrayContaining([1024, FACE_DIMS]));
});

describe.each(BACKENDS)('faces of two embedding lengths on %s', (backend) => {
  let s: TestServer;
  let galleryId: number;
  let photoId: number;
  const bus = new InProcessBus();
  const indexes: VectorIndex[] = [];
  /** faces[dims][seed] = face id; persons[dims] = person id. */
  const faces: Record<number, Record<number, number>> = {};
  const persons: Record<number, number> = {};

  beforeAll(async () => {
    s = await startTestServer(backend, { FACE_INDEXING: '0' });
    galleryId = await insertGallery(s.db, { link_id: 'flength1', config: { use_face: 1 } });
    [photoId] = await insertPhotos(s.db, galleryId, 1);
    const found = await createVectorIndex(s.db, bus, () => undefined);
    indexes.push(found);
    if (found.kind !== 'memory') indexes.push(new MemoryVectorIndex(s.db, bus));
    for (const [version, dims] of [
      [2, 1024],
      [3, FACE_DIMS]
    ]) {
      faces[dims] = {};
      persons[dims] = (
        await s.db.query<{ id: number }>('INSERT INTO persons (gallery_id, centroid, face_count, created_at, engine_version) VALUES ($1, $2, 2, 0, $3) RETURNING id', [galleryId, toBytes(unit(1, dims)), version])
      ).rows[0].id;
      for (const seed of [1, 2]) {
        const e = unit(seed, dims);
        const id = (
          await s.db.query<{ id: number }>(
            `INSERT INTO faces (photo_id, gallery_id, person_id, x, y, w, h, score, embedding, crop_key, created_at, engine_version)
             VALUES ($1, $2, $3, 0.1, 0.1, 0.2, 0.2, 0.9, $4, 'none.jpg', 0, $5) RETURNING id`,
            [photoId, galleryId, persons[dims], toBytes(e), version]
          )
        ).rows[0].id;
        faces[dims][seed] = id;
        await found.wroteFace(s.db, id, e);
      }
      await found.wrotePerson(s.db, persons[dims], unit(1, dims));
    }
  }, 240_000);
  afterAll(async () => {
    for (const i of indexes) i.close();
    await bus.close();
    await s.close();
  });

  it('a search of either length finds the rows of its length only', async () => {
    for (const idx of indexes) {
      for (const dims of [1024, FACE_DIMS]) {
        const hits = await idx.nearestFaces(galleryId, unit(2, dims), 10);
        expect({ kind: idx.kind, dims, ids: hits.map((h) => h.faceId).sort() }).toEqual({ kind: idx.kind, dims, ids: [faces[dims][1], faces[dims][2]].sort() });
        expect(hits[0].faceId).toBe(faces[dims][2]);
        expect(hits[0].similarity).toBeCloseTo(1, 4);
        const people = await idx.nearestPersons(galleryId, unit(1, dims), 5);
        expect(people.map((p) => p.personId)).toEqual([persons[dims]]);
        expect((await idx.nearestPersons(null, unit(1, dims), 1)).map((p) => p.personId)).toContain(persons[dims]);
      }
    }
  });
});
