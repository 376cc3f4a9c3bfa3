#!/usr/bin/env node
// Face search latency over 100,000 indexed faces in one gallery (issue 13 budget: p95 ≤ 100 ms),
// on the embedded PGlite (pgvector, HNSW) and on PostgreSQL without pgvector (the in-process
// index). Per database: a fresh app; the face-api sample group photos are uploaded and indexed
// by the real engine (real faces); the bulk is synthetic: BENCH_PERSONS persons of
// BENCH_FACES_PER_PERSON faces each (a random unit centre plus noise, about 0.75 cosine to
// each other, like one person's photos), written in SQL in the stored form (big-endian
// float32 bytea, and pgvector's column where it exists; pgvector's HNSW index is rebuilt after
// the bulk load with the app's own statement). Then the search step of findpeople (nearest
// faces, checked against the rows: FaceService.match) is timed for selfie crops of the real
// faces (embedded by the engine) and for noisy copies of synthetic faces; prints p50/p95/max
// and how often the expected person was found. Then whole findpeople calls with those selfie
// crops (issue 27 budget: p95 ≤ 300 ms, detection included). Never fails.
//   node bench/face-search.mjs    (PostgreSQL: BENCH_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test)
//   BENCH_DB=pglite node bench/face-search.mjs (one database only)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { register } from 'tsx/cjs/api';
import { openBenchDb } from './bench-db.mjs';
import { register as registerEsm } from 'tsx/esm/api';

// The app loads some route modules with import(): both of tsx's hooks (as `npm run bench` runs it, plain node).
register();
registerEsm();
const require = createRequire(import.meta.url);
const { buildApp } = require('../server/src/app.ts');
const { loadConfig } = require('../server/src/config.ts');
const { openPglite, openPostgres } = require('../server/src/db/index.ts');
const { LocalStore } = require('../server/src/storage/index.ts');
const { ImageService } = require('../server/src/services/photos/images.ts');
const { FACE_HNSW_INDEX, vectorColumns } = require('../server/src/services/face/vectors.ts');
const { EMBEDDING_DIMS } = require('../server/src/services/face/embedding.ts');
/** The synthetic embeddings have the current engine's length, in that length's pgvector columns. */
const COLS = vectorColumns(EMBEDDING_DIMS);
/** Per-dimension noise around a person's centre: 0.061 at 1024 values, scaled so faces keep the same cosine to it at any length. */
const NOISE = 0.061 * Math.sqrt(1024 / EMBEDDING_DIMS);
// The synthetic rows carry the engine's version, as indexed faces do (search compares only faces of it).
const { FACE_ENGINE_VERSION } = require('../server/src/face/engine.ts');

const PERSONS = Number(process.env.BENCH_PERSONS || 5000);
const PER_PERSON = Number(process.env.BENCH_FACES_PER_PERSON || 20);
const PHOTOS = Number(process.env.BENCH_PHOTOS || 5000);
const QUERIES = Number(process.env.BENCH_QUERIES || 120);
const BUDGET_P95_MS = 100;
/** Issue 27: a whole findpeople call, selfie detection included. */
const BUDGET_CALL_P95_MS = 300;
const CALLS = Number(process.env.BENCH_CALLS || 60);
const PG_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const SAMPLES = path.join(path.dirname(new URL(import.meta.url).pathname), '../node_modules/@vladmandic/face-api/demo');

const ms = (t0) => Number(process.hrtime.bigint() - t0) / 1e6;
const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
const log = (...a) => console.log(...a);

/** A selfie-like crop around a face box (fractions of the photo). */
async function crop(photo, box) {
  const meta = await sharp(photo).metadata();
  const W = meta.width;
  const H = meta.height;
  const side = Math.max(box.w * W, box.h * H) * 2.2;
  const left = Math.max(0, Math.round((box.x + box.w / 2) * W - side / 2));
  const top = Math.max(0, Math.round((box.y + box.h / 2) * H - side / 2));
  return sharp(photo)
    .extract({ left, top, width: Math.min(W - left, Math.round(side)), height: Math.min(H - top, Math.round(side)) })
    .resize(400, 400, { fit: 'inside' })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** The synthetic bulk, in SQL: photos, persons and faces in the stored form. */
async function bulkLoad(db, galleryId, vectors) {
  const now = Math.floor(Date.now() / 1000);
  await db.query(
    `INSERT INTO images (hash, width, height, size, mime, created_at)
     SELECT md5('bench-img-' || i) || md5('bench-img2-' || i), 3000, 2000, 1000000, 'image/jpeg', 0 FROM generate_series(1, $1) i`,
    [PHOTOS]
  );
  await db.query(
    `INSERT INTO photos (gallery_id, hash, origin, width, height, size, shoottime, createtime)
     SELECT $1, md5('bench-img-' || i) || md5('bench-img2-' || i), 'BENCH_' || i || '.JPG', 3000, 2000, 1000000, $3 + i, $3 + i FROM generate_series(1, $2) i`,
    [galleryId, PHOTOS, now - PHOTOS]
  );
  const { rows: ph } = await db.query('SELECT min(id) AS lo FROM photos WHERE gallery_id = $1 AND origin LIKE $2', [galleryId, 'BENCH_%']);
  const firstPhoto = Number(ph[0].lo);
  // Centres: random unit vectors.
  await db.query('CREATE TEMP TABLE bench_centres (p int PRIMARY KEY, a real[] NOT NULL)');
  await db.query(
    `INSERT INTO bench_centres SELECT p, (SELECT array_agg((x / n)::real ORDER BY o) FROM (SELECT x, o, sqrt(sum(x * x) OVER ()) AS n FROM unnest(r) WITH ORDINALITY t(x, o)) z)
     FROM (SELECT p, array(SELECT random() - 0.5 FROM generate_series(1, ${EMBEDDING_DIMS}) WHERE p > 0) AS r FROM generate_series(1, $1) p) c`,
    [PERSONS]
  );
  const { rows: pr } = await db.query(
    `INSERT INTO persons (gallery_id, centroid, face_count, created_at, engine_version)
     SELECT $1, (SELECT string_agg(float4send(x), ''::bytea ORDER BY o) FROM unnest(a) WITH ORDINALITY t(x, o)), $2, $3, $4 FROM bench_centres ORDER BY p
     RETURNING id`,
    [galleryId, PER_PERSON, now, FACE_ENGINE_VERSION]
  );
  const firstPerson = Math.min(...pr.map((r) => Number(r.id)));
  if (vectors) await db.query(`UPDATE persons SET ${COLS.person} = c.a::vector FROM bench_centres c WHERE persons.id = $1 + c.p - 1`, [firstPerson]);
  // Faces: the centre plus uniform noise (each dimension ±0.5 of the centre's spread), normalised.
  for (let k = 1; k <= PER_PERSON; k++) {
    const t0 = process.hrtime.bigint();
    await db.query('DROP TABLE IF EXISTS bench_faces');
    await db.query(
      `CREATE TEMP TABLE bench_faces AS SELECT p, (SELECT array_agg((x / n)::real ORDER BY o) FROM (SELECT x, o, sqrt(sum(x * x) OVER ()) AS n FROM unnest(r) WITH ORDINALITY t(x, o)) z) AS a
       FROM (SELECT c.p, (SELECT array_agg(y + (random() - 0.5) * ${NOISE} ORDER BY o) FROM unnest(c.a) WITH ORDINALITY t(y, o) WHERE c.p > 0) AS r FROM bench_centres c) f`
    );
    await db.query(
      `INSERT INTO faces (photo_id, gallery_id, person_id, x, y, w, h, score, embedding, crop_key, created_at, engine_version${vectors ? `, ${COLS.face}` : ''})
       SELECT $1 + ((f.p * ${PER_PERSON} + $4) % $5), $2, $3 + f.p - 1, 0.4, 0.3, 0.1, 0.15, 0.9,
         (SELECT string_agg(float4send(x), ''::bytea ORDER BY o) FROM unnest(f.a) WITH ORDINALITY t(x, o)), 'bench/none.jpg', $6, $7${vectors ? ', f.a::vector' : ''}
       FROM bench_faces f`,
      [firstPhoto, galleryId, firstPerson, k, PHOTOS, now, FACE_ENGINE_VERSION]
    );
    if (k === 1 || k % 5 === 0) log(`  bulk: ${k * PERSONS} synthetic faces (last batch ${Math.round(ms(t0))} ms)`);
  }
  await db.query('UPDATE persons SET cover_face_id = (SELECT min(id) FROM faces WHERE person_id = persons.id) WHERE gallery_id = $1', [galleryId]);
  return { firstPerson };
}

async function bench(kind) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'face-search-bench-'));
  const { db, drop } = await openBenchDb(kind, { openPglite, openPostgres }, PG_URL);
  const config = loadConfig({ DATA_DIR: dataDir, H5_DIR: path.join(dataDir, 'no-h5'), FACE_INDEXING: '0', SEED_DEMO: '0' });
  const { app, services: s } = await buildApp({ config, db, store: new LocalStore(path.join(dataDir, 'objects')) });
  try {
    const vectors = await s.faceVectors();
    log(`\n${kind}: search through ${vectors.kind === 'pgvector' ? 'pgvector (HNSW, cosine)' : 'the in-process index'}`);
    const { rows } = await db.query(
      `INSERT INTO galleries (link_id, name, config, created_at) VALUES ('benchface', 'Face bench', '{"use_face": 1}', 0) RETURNING id`
    );
    const galleryId = rows[0].id;

    // Real faces: the sample group photos through the engine.
    const images = new ImageService({ db, store: s.store });
    const samples = fs.readdirSync(SAMPLES).filter((f) => /^sample\d+\.jpg$/.test(f)).sort();
    const photoBytes = new Map();
    for (const f of samples) {
      const bytes = fs.readFileSync(path.join(SAMPLES, f));
      const img = await images.ingest(bytes, f);
      const row = await images.addPhoto(db, galleryId, img, { origin: f });
      photoBytes.set(row.id, bytes);
    }
    await s.faceIndexer.enqueueMissing(galleryId);
    let t0 = process.hrtime.bigint();
    await s.faceIndexer.drain();
    const real = (await db.query('SELECT f.id, f.photo_id, f.person_id, f.x, f.y, f.w, f.h FROM faces f WHERE gallery_id = $1', [galleryId])).rows;
    log(`  real faces: ${real.length} in ${samples.length} photos (indexed in ${(ms(t0) / 1000).toFixed(1)} s)`);

    // The synthetic bulk; pgvector's HNSW index is built after it (as CREATE INDEX on a loaded table).
    t0 = process.hrtime.bigint();
    if (vectors.kind === 'pgvector') await db.query(`DROP INDEX IF EXISTS ${FACE_HNSW_INDEX.match(/EXISTS (\S+)/)[1]}`);
    const { firstPerson } = await bulkLoad(db, galleryId, vectors.kind === 'pgvector');
    log(`  bulk load: ${(ms(t0) / 1000).toFixed(1)} s`);
    if (vectors.kind === 'pgvector') {
      t0 = process.hrtime.bigint();
      await db.query("SET maintenance_work_mem = '512MB'");
      await db.query(FACE_HNSW_INDEX);
      log(`  HNSW index build: ${(ms(t0) / 1000).toFixed(1)} s`);
    }
    // What the indexer's sweep does after new faces (PGlite has no autovacuum to do it).
    await s.faceIndexer.refreshStats();
    const total = (await db.query('SELECT count(*)::int AS n FROM faces WHERE gallery_id = $1', [galleryId])).rows[0].n;
    log(`  faces in the gallery: ${total}`);

    // Queries: selfie crops of real faces, and noisy copies of synthetic faces.
    const engine = await s.faceEngine();
    const queries = [];
    const selfies = [];
    for (const f of real) {
      try {
        const image = await crop(photoBytes.get(f.photo_id), f);
        const [face] = await engine.detect(image, { mode: 'selfie' });
        queries.push({ e: face.embedding, person: f.person_id, kind: 'real' });
        selfies.push({ image, person: f.person_id });
      } catch {
        // a crop whose face the selfie mode refuses (too small, cut off): left out
      }
    }
    const synth = await db.query(
      `SELECT f.embedding, f.person_id FROM faces f WHERE f.gallery_id = $1 AND f.person_id >= $2 ORDER BY random() LIMIT $3`,
      [galleryId, firstPerson, Math.max(0, QUERIES - queries.length)]
    );
    const { fromBytes, normalize } = require('../server/src/services/face/embedding.ts');
    for (const r of synth.rows) {
      const e = fromBytes(r.embedding);
      for (let i = 0; i < e.length; i++) e[i] += (Math.random() - 0.5) * 0.03;
      queries.push({ e: normalize(e), person: r.person_id, kind: 'synthetic' });
    }
    const match = (e) => s.faces['match'](galleryId, e);
    t0 = process.hrtime.bigint();
    await match(queries[0].e);
    log(`  first search (loads the index where it is in-process): ${Math.round(ms(t0))} ms`);
    const times = [];
    const found = { real: [0, 0], synthetic: [0, 0] };
    for (const q of queries) {
      const t = process.hrtime.bigint();
      const person = await match(q.e);
      times.push(ms(t));
      found[q.kind][1]++;
      if (person === q.person) found[q.kind][0]++;
    }
    const p95 = pct(times, 95);
    log(`  search over ${total} faces, ${times.length} queries: p50 ${pct(times, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms (budget p95 ≤ ${BUDGET_P95_MS} ms: ${p95 <= BUDGET_P95_MS ? 'met' : 'NOT met'})`);
    log(`  expected person found: real selfie crops ${found.real[0]}/${found.real[1]}, synthetic ${found.synthetic[0]}/${found.synthetic[1]}`);

    // The whole findpeople call as a visitor makes it (issue 27 budget: p95 ≤ 300 ms): the selfie's
    // face found and embedded by the engine, matched, the person presented. Each from its own
    // address (the per-address selfie limit is not what is measured).
    const calls = [];
    let answered = 0;
    for (let round = 0; round < Math.max(1, Math.ceil(CALLS / Math.max(1, selfies.length))); round++) {
      for (const [i, q] of selfies.entries()) {
        if (calls.length >= CALLS) break;
        const t = process.hrtime.bigint();
        const r = await app.inject({
          method: 'POST',
          url: '/api/v2/face3/findpeople',
          remoteAddress: `10.27.${round}.${i + 1}`,
          payload: { image: `data:image/jpeg;base64,${q.image.toString('base64')}`, galleryid: galleryId, consent: 1, adult: 1 }
        });
        calls.push(ms(t));
        if (r.json().data?.data === q.person) answered++;
      }
    }
    if (calls.length) {
      const p95c = pct(calls, 95);
      log(
        `  findpeople (whole call, selfie detection included), ${calls.length} calls: p50 ${pct(calls, 50).toFixed(0)} ms, p95 ${p95c.toFixed(0)} ms, max ${Math.max(...calls).toFixed(0)} ms ` +
          `(budget p95 ≤ ${BUDGET_CALL_P95_MS} ms: ${p95c <= BUDGET_CALL_P95_MS ? 'met' : 'NOT met'}); expected person answered ${answered}/${calls.length}`
      );
    }
  } finally {
    await app.close();
    await db.close();
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const which = process.env.BENCH_DB ? [process.env.BENCH_DB] : ['pglite', 'postgres'];
log(`face search bench: ${PERSONS} synthetic persons × ${PER_PERSON} faces over ${PHOTOS} photos, plus the real sample faces`);
for (const kind of which) {
  try {
    await bench(kind);
  } catch (e) {
    log(`${kind}: not measured: ${e.message}`);
  }
}
process.exit(0);
