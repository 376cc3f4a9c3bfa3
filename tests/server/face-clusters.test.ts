/**
 * Clustering keeps one person together (services/face/clusters.ts), with embeddings made to
 * measure: a fake detector answers each photo's faces as unit vectors placed at chosen
 * similarities around the match threshold. Two photos of one person that do not match each
 * other directly start two persons; a third photo that links them joins them, and the merge
 * carries the follows (with buddy names), hides and own-view hides of the person that goes.
 * Two faces of one photo never end in one person, however alike.
 */
import { BACKENDS, startTestServer, insertGallery, insertPhotos, type TestServer } from './helpers';
import { FaceIndexer, type FaceDetector } from '../../server/src/services/face/indexer';
import { FACE_ENGINE_VERSION, MATCH_THRESHOLD } from '../../server/src/face/engine';
import { EMBEDDING_DIMS, normalize } from '../../server/src/services/face/embedding';
import { originalKey } from '../../server/src/storage';

jest.setTimeout(120_000);

/** Orthonormal unit vectors (random ones made orthogonal), deterministic by seed. */
function basis(n: number, seed: number): Float32Array[] {
  let x = seed;
  const rand = () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x / 2147483648 - 0.5;
  };
  const out: Float32Array[] = [];
  for (let k = 0; k < n; k++) {
    const v = new Float32Array(EMBEDDING_DIMS).map(() => rand());
    for (const b of out) {
      let d = 0;
      for (let i = 0; i < v.length; i++) d += v[i] * b[i];
      for (let i = 0; i < v.length; i++) v[i] -= d * b[i];
    }
    out.push(normalize(v));
  }
  return out;
}

const mix = (a: Float32Array, ca: number, b: Float32Array, cb: number) => normalize(a.map((v, i) => v * ca + b[i] * cb));
const dot = (a: Float32Array, b: Float32Array) => a.reduce((s, v, i) => s + v * b[i], 0);

describe.each(BACKENDS)('face clustering on %s', (backend) => {
  let s: TestServer;
  let galleryId: number;
  let indexer: FaceIndexer;
  /** Each photo's faces, by the original's bytes. */
  const faces = new Map<string, Array<{ x: number; e: Float32Array }>>();
  const engine: FaceDetector = {
    version: FACE_ENGINE_VERSION,
    async detect(image) {
      return (faces.get(image.toString()) ?? []).map((f) => ({ box: { x: f.x * 1200, y: 100, w: 200, h: 200 }, score: 0.9, embedding: f.e, crop: Buffer.from('crop') }));
    }
  };

  /** A photo whose faces (left to right) are these embeddings; indexed at once. */
  async function photo(...es: Float32Array[]): Promise<number> {
    const [id] = await insertPhotos(s.db, galleryId, 1);
    const { rows } = await s.db.query<{ hash: string }>('SELECT hash FROM photos WHERE id = $1', [id]);
    const body = `photo-${id}`;
    faces.set(body, es.map((e, i) => ({ x: i * 0.3, e })));
    await s.services.store.put(originalKey(rows[0].hash), Buffer.from(body));
    expect(await indexer.enqueue([id])).toBe(1);
    expect(await indexer.drain()).toBe(1);
    return id;
  }
  const personsOf = async (photoIds: number[]) =>
    (await s.db.query<{ person_id: number }>('SELECT DISTINCT person_id FROM faces WHERE photo_id = ANY($1::int[]) ORDER BY person_id', [photoIds])).rows.map((r) => r.person_id);
  const personOf = async (photoId: number) => (await personsOf([photoId]))[0];

  async function visitor() {
    const { user, token } = await s.services.sessions.createOrResume(undefined);
    await s.db.query('UPDATE users SET is_mock = false WHERE id = $1', [user.id]);
    s.services.sessions.forget(token);
    return { id: user.id, headers: { authorization: `Bearer ${token}` } };
  }
  const get = (url: string, headers: Record<string, string>) => s.app.inject({ method: 'GET', url, headers });
  const post = (url: string, payload: object, headers: Record<string, string>) => s.app.inject({ method: 'POST', url, payload, headers });
  const photosOfPerson = async (personId: number, headers: Record<string, string>) =>
    (await get(`/api/v2/images/${galleryId}/list?person=${personId}&page_size=100`, headers)).json().data.items.map((p: { id: number }) => p.id).sort((a: number, b: number) => a - b);

  beforeAll(async () => {
    s = await startTestServer(backend, { FACE_INDEXING: '0' });
    galleryId = await insertGallery(s.db, { link_id: 'faceclus', name: 'Clusters', config: { use_face: 1 } });
    indexer = new FaceIndexer(s.db, s.services.store, s.services.faceVectors, async () => engine, { quietFor: () => true }, MATCH_THRESHOLD, () => undefined, (id) =>
      s.services.photos.invalidate(id)
    );
  });
  afterAll(() => s.close());

  it('a photo that links two persons of one person joins them; follows, names, hides and own-view hides carry over', async () => {
    const [u, v, w] = basis(3, 11);
    // a1 and a2 are one person seen twice, yet below the threshold of each other; a3 is close to both (a little closer to a1).
    const apart = MATCH_THRESHOLD - 0.1;
    const c = Math.sqrt((1 + apart) / 2);
    const sn = Math.sqrt(1 - c * c);
    const a1 = mix(u, c, v, sn);
    const a2 = mix(u, c, v, -sn);
    const a3 = mix(u, 1, v, 0.1);
    expect(dot(a1, a2)).toBeLessThan(MATCH_THRESHOLD);
    expect(dot(a2, a3)).toBeGreaterThan(MATCH_THRESHOLD);
    const p1 = await photo(a1);
    const p2 = await photo(a2, w);
    const first = await personOf(p1);
    const second = (await s.db.query<{ person_id: number }>('SELECT person_id FROM faces WHERE photo_id = $1 ORDER BY x LIMIT 1', [p2])).rows[0].person_id;
    expect(second).not.toBe(first);

    // Visitors follow the two halves before they are joined.
    const mum = await visitor();
    const dad = await visitor();
    expect((await post('/api/v2/face3/follow', { galleryid: galleryId, personid: second, name: 'Mum' }, mum.headers)).statusCode).toBe(200);
    expect((await post('/api/v2/face3/follow', { galleryid: galleryId, personid: first, name: 'Alice' }, dad.headers)).statusCode).toBe(200);
    expect((await post('/api/v2/face3/follow', { galleryid: galleryId, personid: second }, dad.headers)).statusCode).toBe(200);
    // Mum takes the second half off photo 2 in her own view; someone hid it for everyone (face_hides) there too.
    expect((await post('/api/face/hide', { imageid: p2, personid: second }, mum.headers)).statusCode).toBe(200);
    await s.db.query('INSERT INTO face_hides (photo_id, person_id, user_id, created_at) VALUES ($1, $2, $3, 0)', [p2, second, dad.id]);

    const p3 = await photo(a3);
    // One person now holds every photo of them; the other face of photo 2 stays apart.
    const all = await personsOf([p1, p2, p3]);
    expect(all).toHaveLength(2);
    const one = await personOf(p3);
    // The person seen in more photos stays: photo 3 went to the first, and the second joined it.
    expect(one).toBe(first);
    expect(all).toContain(one);
    expect((await s.db.query('SELECT 1 FROM persons WHERE id = $1', [second])).rows).toHaveLength(0);
    expect(await photosOfPerson(one, dad.headers)).toEqual([p1, p2, p3]);
    // Following answers the whole person once, with the buddy name each visitor gave.
    const dadFollows = (await get(`/api/v2/face3/galleryv2?galleryid=${galleryId}`, dad.headers)).json().data;
    expect(dadFollows.map((p: { id: number; name: string; total_image: number }) => [p.id, p.name, p.total_image])).toEqual([[one, 'Alice', 3]]);
    const mumFollows = (await get(`/api/v2/face3/galleryv2?galleryid=${galleryId}`, mum.headers)).json().data;
    expect(mumFollows.map((p: { id: number; name: string }) => [p.id, p.name])).toEqual([[one, 'Mum']]);
    // Her own view still leaves photo 2 out; the hide for everyone moved with the person.
    expect(await photosOfPerson(one, mum.headers)).toEqual([p1, p3]);
    expect((await s.db.query('SELECT person_id FROM face_hides WHERE photo_id = $1', [p2])).rows).toEqual([{ person_id: one }]);
    const moved = await s.db.query<{ face_count: number }>('SELECT face_count FROM persons WHERE id = $1', [one]);
    expect(moved.rows[0].face_count).toBe(3);
  });

  it('two alike faces of one photo stay two persons, and a photo close to both joins only one', async () => {
    const [u, v] = basis(2, 29);
    // Twins: above the threshold of each other, but side by side in one photo.
    const t1 = mix(u, 0.9, v, 0.3);
    const t2 = mix(u, 0.9, v, -0.3);
    expect(dot(t1, t2)).toBeGreaterThan(MATCH_THRESHOLD);
    const group = await photo(t1, t2);
    const twins = await personsOf([group]);
    expect(twins).toHaveLength(2);
    const later = await photo(u);
    expect(twins).toContain(await personOf(later));
    // A refinement pass over the whole gallery does not join them either.
    await indexer.refine(galleryId);
    expect(await personsOf([group])).toHaveLength(2);
  });

  it("the gallery's refinement pass joins persons split before (an older clustering)", async () => {
    const [u, v] = basis(2, 47);
    const b1 = mix(u, 0.9, v, 0.436);
    const b2 = mix(u, 0.9, v, -0.436);
    const b3 = u;
    // b3 links to each; the pair b1 + b3 links to b2 (the mean of its two best similarities).
    expect(dot(b1, b3)).toBeGreaterThan(MATCH_THRESHOLD);
    expect((dot(b2, b3) + dot(b2, b1)) / 2).toBeGreaterThan(MATCH_THRESHOLD);
    const [q1, q2, q3] = [await photo(b1), await photo(b2), await photo(b3)];
    const joined = await personOf(q3);
    // As an older clustering left them: each photo its own person.
    for (const p of [q1, q2]) {
      const created = await s.db.query<{ id: number }>(
        "INSERT INTO persons (gallery_id, centroid, face_count, created_at, engine_version) SELECT gallery_id, embedding, 1, 0, engine_version FROM faces WHERE photo_id = $1 RETURNING id",
        [p]
      );
      await s.db.query("UPDATE faces SET person_id = $2, seq = nextval('face_seq') WHERE photo_id = $1", [p, created.rows[0].id]);
      await (await s.services.faceVectors()).wrotePerson(s.db, created.rows[0].id, p === q1 ? b1 : b2);
    }
    await s.db.query("UPDATE persons SET face_count = 1, centroid = (SELECT embedding FROM faces WHERE photo_id = $2), seq = nextval('face_seq') WHERE id = $1", [joined, q3]);
    await (await s.services.faceVectors()).wrotePerson(s.db, joined, b3);
    await (await s.services.faceVectors()).removed(galleryId);
    expect(await personsOf([q1, q2, q3])).toHaveLength(3);
    expect(await indexer.refine(galleryId)).toBe(2);
    expect(await personsOf([q1, q2, q3])).toHaveLength(1);
  });
});
