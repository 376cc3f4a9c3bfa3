/**
 * A face engine version change (issue 27: "a version change re-indexes in the background, and
 * search keeps working on the old version until the new one is complete"), with two
 * deterministic engines standing for version N and N+1 (services/face/transition.ts):
 * - before and during the re-index, a selfie is embedded by the old engine and matched against
 *   the old version's faces, which stay beside the new ones; a photo re-indexed or added since is
 *   found by the new engine's faces; the maybe strip shows one version a photo;
 * - when the last photo is re-indexed, the old version's faces (their crops) and persons left
 *   without a face go, and searches use the new engine only;
 * - a build that no longer runs the old engine searches the new version's faces indexed so far.
 */
import { BACKENDS, startTestServer, insertGallery, fakeImage, type TestServer } from './helpers';
import { FaceIndexer, type FaceDetector } from '../../server/src/services/face/indexer';
import { FaceService } from '../../server/src/services/face/faces';
import { faceEngines, type FaceEngines } from '../../server/src/services/face/engines';
import { FaceVersions } from '../../server/src/services/face/transition';
import { EMBEDDING_DIMS } from '../../server/src/services/face/embedding';
import { MATCH_THRESHOLD } from '../../server/src/face/engine';
import { originalKey } from '../../server/src/storage';
import { nobody } from '../../server/src/viewer';
import { ErrorCode } from '../../types/envelope';

const OLD = 7;
const NEW = 8;

/** A picture as these engines read it: the people in it (ids) and where. */
type Picture = Array<{ who: number; x: number }>;
const picture = (p: Picture) => Buffer.from(JSON.stringify(p));
const selfie = (who: number) => `data:image/jpeg;base64,${picture([{ who, x: 100 }]).toString('base64')}`;

/**
 * An engine of one version: person `who` embeds to one axis, a different one per version (so
 * embeddings of two versions never match each other). Counts the selfies it embedded.
 */
function engine(version: number): FaceDetector & { selfies: number } {
  const e = {
    version,
    selfies: 0,
    async detect(image: Buffer, opts: { mode: 'photo' | 'selfie' }) {
      if (opts.mode === 'selfie') e.selfies++;
      const people = JSON.parse(image.toString()) as Picture;
      return people.map(({ who, x }) => {
        const v = new Float32Array(EMBEDDING_DIMS);
        v[(who * 3 + (version === OLD ? 0 : 500)) % EMBEDDING_DIMS] = 1;
        return { box: { x, y: 100, w: 150, h: 150 }, score: 0.9, embedding: v, crop: Buffer.from(`crop ${who}`) };
      });
    }
  };
  return e;
}

describe.each(BACKENDS)('a face engine version change on %s', (backend) => {
  let s: TestServer;
  let gallery: number;
  const oldEngine = engine(OLD);
  const newEngine = engine(NEW);

  /** A face service and indexer as a process of a build with these engines has them. */
  function build(engines: FaceEngines) {
    const versions = new FaceVersions(s.db, engines);
    const sv = s.services;
    const changed = (id: number) => versions.forget(id);
    const faces = new FaceService({
      db: s.db, store: sv.store, galleries: sv.galleries, gates: sv.gates, vectors: sv.faceVectors, detector: engines.current, engines, versions,
      limits: sv.limits, threshold: MATCH_THRESHOLD, publicUrl: 'http://faces.test', changed
    });
    const indexer = new FaceIndexer(s.db, sv.store, sv.faceVectors, engines.current, { quietFor: () => true }, MATCH_THRESHOLD, () => undefined, changed);
    return { faces, indexer, versions };
  }

  const addPhoto = async (p: Picture, name: string): Promise<number> => {
    const hash = await fakeImage(s.db);
    await s.services.store.put(originalKey(hash), picture(p));
    const { rows } = await s.db.query<{ id: number }>(
      `INSERT INTO photos (gallery_id, hash, origin, width, height, size, shoottime, createtime) VALUES ($1, $2, $3, 1000, 1000, 10, 0, 0) RETURNING id`,
      [gallery, hash, name]
    );
    return rows[0].id;
  };
  const find = async (faces: FaceService, who: number): Promise<number | null> => {
    try {
      return (await faces.findPeople(nobody(), { galleryid: gallery, image: selfie(who), consent: 1, adult: 1 })).data;
    } catch (e) {
      if ((e as { code?: number }).code === ErrorCode.FACE_NO_RELATED) return null;
      throw e;
    }
  };
  const photosOf = async (person: number) =>
    (await s.db.query<{ photo_id: number }>('SELECT DISTINCT photo_id FROM faces WHERE person_id = $1 AND NOT hidden ORDER BY 1', [person])).rows.map((r) => r.photo_id);
  const versionsIn = async () => (await s.db.query<{ v: number }>('SELECT DISTINCT engine_version AS v FROM faces WHERE gallery_id = $1 ORDER BY 1', [gallery])).rows.map((r) => r.v);

  beforeAll(async () => {
    s = await startTestServer(backend, { FACE_INDEXING: '0', OCR_INDEXING: '0' });
    gallery = await insertGallery(s.db, { link_id: 'faceverx', name: 'Versions', config: { use_face: 1 } });
  });
  afterAll(() => s?.close());

  it('search stays on the old version during the re-index, finds what the new one added, and switches when complete', async () => {
    // Version OLD indexes the gallery: Ann (1) in two photos, Bo (2) with her in one, Cy (3) alone.
    const before = build(faceEngines(async () => oldEngine));
    const p1 = await addPhoto([{ who: 1, x: 100 }, { who: 2, x: 600 }], 'p1');
    const p2 = await addPhoto([{ who: 1, x: 300 }], 'p2');
    const p3 = await addPhoto([{ who: 3, x: 200 }], 'p3');
    await before.indexer.enqueueMissing(gallery);
    expect(await before.indexer.drain()).toBe(3);
    const ann = (await find(before.faces, 1))!;
    const cy = (await find(before.faces, 3))!;
    expect(await photosOf(ann)).toEqual([p1, p2]);
    const oldCrops = (await s.db.query<{ crop_key: string }>('SELECT crop_key FROM faces WHERE gallery_id = $1', [gallery])).rows.map((r) => r.crop_key);

    // The new build: version NEW indexes, version OLD is kept for the transition.
    const after = build(faceEngines(async () => newEngine, { [OLD]: async () => oldEngine }));
    expect(await after.indexer.requeueStale()).toBe(3);
    expect(await after.versions.searchVersions(gallery)).toEqual([OLD, NEW]);
    // Nothing re-indexed yet: the old engine embeds the selfie, the old faces answer.
    const oldSelfies = oldEngine.selfies;
    expect(await find(after.faces, 1)).toBe(ann);
    expect(oldEngine.selfies).toBe(oldSelfies + 1);

    // One photo re-indexed: its new faces sit beside the old ones and keep their persons.
    expect(await after.indexer.runOne()).toBe(true);
    expect(await versionsIn()).toEqual([OLD, NEW]);
    const p1Faces = (await s.db.query<{ engine_version: number; person_id: number }>('SELECT engine_version, person_id FROM faces WHERE photo_id = $1 ORDER BY engine_version, x', [p1])).rows;
    expect(p1Faces.map((f) => f.engine_version)).toEqual([OLD, OLD, NEW, NEW]);
    expect(p1Faces.slice(2).map((f) => f.person_id)).toEqual(p1Faces.slice(0, 2).map((f) => f.person_id));
    expect(await find(after.faces, 1)).toBe(ann);
    expect(await find(after.faces, 3)).toBe(cy);
    // The photo's people once each (of the newest version that indexed it), not twice.
    expect((await after.faces.maybe(nobody(), p1)).map((m) => m.personid).sort()).toEqual(p1Faces.slice(2).map((f) => f.person_id).sort());
    expect((await after.faces.personShow(nobody(), ann)).total_image).toBe(2);

    // A photo arriving during the transition is indexed by the new engine only (before re-indexing goes on):
    // Ann there joins her person; Di (4), new to the gallery, is found by the new engine's faces.
    const p4 = await addPhoto([{ who: 1, x: 500 }, { who: 4, x: 50 }], 'p4');
    await after.indexer.enqueue([p4]);
    expect(await after.indexer.runOne()).toBe(true);
    expect((await s.db.query('SELECT engine_version FROM faces WHERE photo_id = $1', [p4])).rows).toEqual([{ engine_version: NEW }, { engine_version: NEW }]);
    expect(await photosOf(ann)).toEqual([p1, p2, p4]);
    const di = await find(after.faces, 4);
    expect(di).not.toBeNull();
    expect(await photosOf(di!)).toEqual([p4]);
    expect(await after.versions.searchVersions(gallery)).toEqual([OLD, NEW]);

    // The last photos re-indexed: the old version's faces, their crops and persons left without a face go.
    await after.indexer.drain();
    expect(await versionsIn()).toEqual([NEW]);
    for (const k of oldCrops) expect(await s.services.store.exists(k)).toBe(false);
    expect((await s.db.query('SELECT 1 FROM persons WHERE gallery_id = $1 AND engine_version <> $2', [gallery, NEW])).rows).toEqual([]);
    expect(await after.versions.searchVersions(gallery)).toEqual([NEW]);
    const oldCount = oldEngine.selfies;
    expect(await find(after.faces, 1)).toBe(ann);
    expect(await find(after.faces, 3)).toBe(cy);
    expect(oldEngine.selfies).toBe(oldCount);
    expect(await photosOf(ann)).toEqual([p1, p2, p4]);
  });

  it('without the old engine, a gallery in transition searches the new faces indexed so far', async () => {
    const g2 = await insertGallery(s.db, { link_id: 'faceverz', name: 'Versions 2', config: { use_face: 1 } });
    const was = gallery;
    gallery = g2;
    try {
      const before = build(faceEngines(async () => oldEngine));
      await addPhoto([{ who: 5, x: 100 }], 'q1');
      await addPhoto([{ who: 6, x: 100 }], 'q2');
      await before.indexer.enqueueMissing(g2);
      await before.indexer.drain();
      expect(await find(before.faces, 5)).not.toBeNull();

      // The new build keeps no old engine.
      const after = build(faceEngines(async () => newEngine));
      await after.indexer.requeueStale();
      expect(await after.versions.searchVersions(g2)).toEqual([NEW]);
      expect(await find(after.faces, 5)).toBeNull();
      await after.indexer.runOne();
      expect(await find(after.faces, 5)).not.toBeNull();
      expect(await find(after.faces, 6)).toBeNull();
      await after.indexer.drain();
      expect(await find(after.faces, 6)).not.toBeNull();
      expect(await versionsIn()).toEqual([NEW]);
    } finally {
      gallery = was;
    }
  });
});
