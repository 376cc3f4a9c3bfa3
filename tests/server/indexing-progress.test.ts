/**
 * How far a gallery's indexing has got (issue 27 item 5, types/api/indexing.ts): the organiser's
 * read moves as face and OCR jobs finish and says when it is complete; the visitors' read is
 * counts only, behind the gallery's gates; the CLI follows it to the end; the server log reports
 * a gallery while it indexes and once when it completes.
 */
import type { AddressInfo } from 'node:net';
import { BACKENDS, startTestServer, insertGallery, insertPhotos, type TestServer } from './helpers';
import { FaceIndexer, type FaceDetector } from '../../server/src/services/face/indexer';
import { OcrIndexer } from '../../server/src/services/ocr/indexer';
import type { OcrEngine } from '../../server/src/ocr/engine';
import { originalKey } from '../../server/src/storage';
import { MATCH_THRESHOLD } from '../../server/src/face/engine';
import { VISITOR_CACHE_MS, kindProgress } from '../../server/src/services/indexing/progress';
import { IndexingLog } from '../../server/src/services/indexing/progressLog';
import { parseGalleryArgs } from '../../server/src/cli/gallery';
import { runIndexingCommand, type IndexingCommand } from '../../server/src/cli/indexing';
import type { OrganizerIndexing, VisitorIndexing } from '../../types/api/indexing';

const TOKEN = 'indexing-organiser-token';
const formocrPage = { components: [{ id: 'formocr-1', type: 'formocr', props: { gallery_id: 0 } }] };

/** A face engine that finds one face in every photo, without a model. */
function fakeFaces(version: number): () => Promise<FaceDetector> {
  const e = new Float32Array(1024);
  e[0] = 1;
  const engine: FaceDetector = { version, detect: async () => [{ box: { x: 100, y: 100, w: 200, h: 200 }, score: 0.9, embedding: e, crop: Buffer.from('crop') }] };
  return async () => engine;
}

const fakeOcr: OcrEngine = { read: async () => ({ text: 'RUN 4821', digits: '4821' }) as never, close: async () => undefined };

describe.each(BACKENDS)('indexing progress on %s', (backend) => {
  let s: TestServer;
  let server: string;
  let gallery: number;
  let photos: number[];
  let faces: FaceIndexer;
  let ocr: OcrIndexer;
  let version: number;
  const auth = { authorization: `Bearer ${TOKEN}` };
  const organiser = async (id = gallery): Promise<OrganizerIndexing> => {
    const r = await s.app.inject({ method: 'GET', url: `/api/v2/organizer/galleries/${id}/indexing`, headers: auth });
    expect([r.statusCode, r.json().code]).toEqual([200, 200]);
    return r.json().data;
  };
  const visitor = async (id = gallery): Promise<VisitorIndexing> => {
    const r = await s.app.inject({ method: 'GET', url: `/api/v2/gallery/indexing?galleryid=${id}` });
    expect([r.statusCode, r.json().code]).toEqual([200, 200]);
    return r.json().data;
  };
  const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

  beforeAll(async () => {
    s = await startTestServer(backend, { ORGANIZER_TOKEN: TOKEN, FACE_INDEXING: '0', OCR_INDEXING: '0' });
    await s.app.listen({ port: 0, host: '127.0.0.1' });
    server = `http://127.0.0.1:${(s.app.server.address() as AddressInfo).port}`;
    version = (await s.services.faceEngine()).version;
    gallery = await insertGallery(s.db, { link_id: 'idxprog1', name: 'Run', config: { use_face: 1 }, pagedata: formocrPage });
    photos = await insertPhotos(s.db, gallery, 4);
    const { rows } = await s.db.query<{ hash: string }>('SELECT hash FROM photos WHERE gallery_id = $1', [gallery]);
    for (const r of rows) await s.services.store.put(originalKey(r.hash), Buffer.from(`photo ${r.hash}`));
    const quiet = { quietFor: () => true };
    faces = new FaceIndexer(s.db, s.services.store, s.services.faceVectors, fakeFaces(version), quiet, MATCH_THRESHOLD, () => undefined);
    ocr = new OcrIndexer(s.db, s.services.store, async () => fakeOcr, quiet, () => undefined);
  });
  afterAll(() => s?.close());

  it('counts move as jobs finish, a failure counts as done, and complete comes when both kinds are', async () => {
    // Photos without jobs yet (the sweep has not run) are not done either.
    expect(await organiser()).toMatchObject({
      gallery_id: gallery,
      faces: { done: 0, total: 4, failed: 0, complete: false, eta_s: null },
      bibs: { done: 0, total: 4, failed: 0, complete: false },
      complete: false,
      face_engine_version: version
    });
    expect(await faces.enqueueMissing()).toBe(4);
    expect(await ocr.enqueueMissing()).toBe(4);
    expect(await faces.runOne()).toBe(true);
    expect(await faces.runOne()).toBe(true);
    expect(await ocr.runOne()).toBe(true);
    let p = await organiser();
    expect([p.faces!.done, p.bibs!.done, p.complete]).toEqual([2, 1, false]);
    expect(p.faces!.per_minute === null || p.faces!.per_minute > 0).toBe(true);

    // A photo given up on: done (nothing more happens to it), and said as failed.
    await s.db.query("UPDATE face_jobs SET state = 'failed', engine_version = $2, error = 'broken' WHERE photo_id = $1", [photos[3], version]);
    p = await organiser();
    expect(p.faces).toMatchObject({ done: 3, failed: 1, complete: false });

    await faces.drain();
    p = await organiser();
    expect(p.faces).toMatchObject({ done: 4, total: 4, failed: 1, complete: true, eta_s: null });
    expect(p.complete).toBe(false);
    await ocr.drain();
    p = await organiser();
    expect(p.bibs).toMatchObject({ done: 4, total: 4, complete: true });
    expect(p.complete).toBe(true);

    // A hidden photo leaves the total.
    await s.db.query('UPDATE photos SET hidden = true WHERE id = $1', [photos[0]]);
    expect((await organiser()).faces).toMatchObject({ done: 3, total: 3 });
    await s.db.query('UPDATE photos SET hidden = false WHERE id = $1', [photos[0]]);

    // Photos indexed by another face engine version are to be done again.
    await s.db.query('UPDATE face_jobs SET engine_version = $2 WHERE photo_id = $1', [photos[1], version - 1]);
    expect((await organiser()).faces).toMatchObject({ done: 3, total: 4, complete: false });
    await s.db.query('UPDATE face_jobs SET engine_version = $2 WHERE photo_id = $1', [photos[1], version]);
  });

  it('visitors get counts only, from a short cache, and the gallery gates them', async () => {
    const other = await insertGallery(s.db, { link_id: 'idxprog2', name: 'Gala', config: { use_face: 1 } });
    const [a] = await insertPhotos(s.db, other, 2);
    expect(await visitor(other)).toEqual({ faces: { done: 0, total: 2 }, bibs: null, complete: false });
    await s.db.query("INSERT INTO face_jobs (photo_id, gallery_id, created_at, state, engine_version, done_at) VALUES ($1, $2, 0, 'done', $3, $4)", [a, other, version, Date.now()]);
    // Within the cache window the answer is the one read a moment ago (one query per gallery, not per visitor).
    expect((await visitor(other)).faces).toEqual({ done: 0, total: 2 });
    await pause(VISITOR_CACHE_MS + 100);
    expect((await visitor(other)).faces).toEqual({ done: 1, total: 2 });

    // A gallery with neither face search nor a bib search: nothing to wait for.
    const plain = await insertGallery(s.db, { link_id: 'idxprog3', name: 'Plain' });
    expect(await visitor(plain)).toEqual({ faces: null, bibs: null, complete: true });

    // Behind a gate, as the photo list: no counts without the pass.
    const gate = await s.app.inject({ method: 'POST', url: `/api/v2/organizer/galleries/${other}/gates/watermark`, payload: { access_type: 'password', password: 'idx-pw' }, headers: auth });
    expect(gate.json().code).toBe(200);
    const refused = await s.app.inject({ method: 'GET', url: `/api/v2/gallery/indexing?galleryid=${other}` });
    expect(refused.json()).toMatchObject({ code: 200202, data: { gallery_id: other } });

    const unknown = await s.app.inject({ method: 'GET', url: '/api/v2/gallery/indexing?galleryid=999999' });
    expect(unknown.statusCode).toBe(404);
    const bad = await s.app.inject({ method: 'GET', url: '/api/v2/gallery/indexing?galleryid=x' });
    expect(bad.statusCode).toBe(400);
  });

  it('the organiser read needs the organiser token and a real gallery', async () => {
    const none = await s.app.inject({ method: 'GET', url: `/api/v2/organizer/galleries/${gallery}/indexing` });
    expect(none.statusCode).toBe(401);
    const wrong = await s.app.inject({ method: 'GET', url: `/api/v2/organizer/galleries/${gallery}/indexing`, headers: { authorization: 'Bearer nope' } });
    expect(wrong.statusCode).toBe(403);
    const missing = await s.app.inject({ method: 'GET', url: '/api/v2/organizer/galleries/999999/indexing', headers: auth });
    expect(missing.statusCode).toBe(404);
  });

  it('the CLI prints the progress and, following, a line as it moves until complete', async () => {
    const g = await insertGallery(s.db, { link_id: 'idxprog4', name: 'Follow', config: { use_face: 1 } });
    const ids = await insertPhotos(s.db, g, 3);
    const { rows } = await s.db.query<{ hash: string }>('SELECT hash FROM photos WHERE id = ANY($1::int[])', [ids]);
    for (const r of rows) await s.services.store.put(originalKey(r.hash), Buffer.from(`photo ${r.hash}`));
    await faces.enqueueMissing(g);

    const once: string[] = [];
    const c = parseGalleryArgs(['indexing', 'idxprog4', '--server', server, '--token', TOKEN], {}) as IndexingCommand;
    expect(await runIndexingCommand(c, (l) => once.push(l))).toBe(0);
    expect(once).toEqual(['faces: 0 of 3 photos (0%); bibs: off']);

    const lines: string[] = [];
    const follow = parseGalleryArgs(['indexing', String(g), '--follow', '--every', '1', '--server', server, '--token', TOKEN], {}) as IndexingCommand;
    // Each wait lets the indexer finish one photo.
    const code = await runIndexingCommand(follow, (l) => lines.push(l), async () => {
      await faces.runOne();
    });
    expect(code).toBe(0);
    expect(lines.map((l) => l.replace(/, [\d.]+\/min|, about .* left/g, ''))).toEqual([
      'faces: 0 of 3 photos (0%); bibs: off',
      'faces: 1 of 3 photos (33%); bibs: off',
      'faces: 2 of 3 photos (66%); bibs: off',
      'faces: 3 of 3 photos (100%), complete; bibs: off — indexing complete'
    ]);
    expect(() => parseGalleryArgs(['indexing', '--follow', '--token', TOKEN], {})).toThrow(/gallery id or link/);
    expect(() => parseGalleryArgs(['indexing', '12', '--every', '0', '--token', TOKEN], {})).toThrow(/--every/);
  });

  it('the server log reports a gallery while it indexes and once when it completes', async () => {
    const g = await insertGallery(s.db, { link_id: 'idxprog5', name: 'Log', config: { use_face: 1 } });
    const ids = await insertPhotos(s.db, g, 2);
    const { rows } = await s.db.query<{ hash: string }>('SELECT hash FROM photos WHERE id = ANY($1::int[])', [ids]);
    for (const r of rows) await s.services.store.put(originalKey(r.hash), Buffer.from(`photo ${r.hash}`));
    const lines: string[] = [];
    const log = new IndexingLog(s.db, s.services.indexingProgress, (l) => lines.push(l));
    await log.tick();
    expect(lines).toEqual([]);
    await faces.enqueueMissing(g);
    await faces.runOne();
    await log.tick();
    expect(lines).toEqual([`indexing gallery ${g}: faces 1 of 2 (50%)`]);
    await faces.drain();
    await log.tick();
    await log.tick();
    expect(lines).toEqual([`indexing gallery ${g}: faces 1 of 2 (50%)`, `indexing gallery ${g} complete: faces 2 of 2 (100%)`]);
  });
});

describe('the rate and the time left', () => {
  it('come from the photos finished in the recent window', () => {
    const at = 1_000_000;
    // 30 photos in the last 60 s: 30 a minute; 90 left is 3 minutes.
    expect(kindProgress(10, 100, 0, 30, at - 60_000, at)).toEqual({ done: 10, total: 100, failed: 0, complete: false, per_minute: 30, eta_s: 180 });
    // Nothing finished lately: no time is guessed.
    expect(kindProgress(10, 100, 0, 0, null, at)).toMatchObject({ per_minute: null, eta_s: null });
    // Complete: no time left to say.
    expect(kindProgress(100, 100, 2, 5, at - 60_000, at)).toMatchObject({ complete: true, eta_s: null, failed: 2 });
  });
});
