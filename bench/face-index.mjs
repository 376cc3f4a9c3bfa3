#!/usr/bin/env node
// Face indexing throughput through the indexer, as the server runs it: a fresh app (buildApp,
// embedded PGlite or PostgreSQL), photos added to a use_face gallery, then the indexer's own
// loop (FaceIndexer.start: claim, read the original from the store, detect, store the crops,
// write faces and persons) until every job is done. Two sizes of camera-like JPEGs with
// several faces, made in a temp dir from the sample group photos of @vladmandic/face-api
// (each upscaled, pairs side by side, a six-photo collage), with a grain overlay (camera files
// are not smooth: it sets the file size and the entropy decoder's work) and EXIF orientation
// 1, 6 or 8 (the pixels stored turned, as a camera held upright writes them):
//   3000×2000 (budget 4 photos/s on 2 cores) and 6000×4000 (budget 1.5 photos/s).
// Prints per size: photos/s (wall), this process's CPU time a photo (all threads; on a shared
// machine the steadier figure: 2 idle cores give about 2000 / that photos/s), the engine's
// per-stage averages (worker time of each stage) and the indexer's (store, detect, database),
// and the faces found. Never fails.
//   node bench/face-index.mjs     (SIZES=3000,6000  ROUNDS=2  BENCH_DB=pglite|postgres  FACE_WORKERS)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import sharp from 'sharp';
import { register } from 'tsx/cjs/api';
import { openBenchDb } from './bench-db.mjs';
import { register as registerEsm } from 'tsx/esm/api';

// The app loads some route modules with import(): both of tsx's hooks.
register();
registerEsm();
const require = createRequire(import.meta.url);
const { buildApp } = require('../server/src/app.ts');
const { loadConfig } = require('../server/src/config.ts');
const { openPglite, openPostgres } = require('../server/src/db/index.ts');
const { LocalStore } = require('../server/src/storage/index.ts');
const { ImageService } = require('../server/src/services/photos/images.ts');
const { workerCount } = require('../server/src/face/pool.ts');

const ROUNDS = Number(process.env.ROUNDS || 2);
const SIZES = (process.env.SIZES || '3000,6000').split(',').map(Number);
const DB = process.env.BENCH_DB || 'pglite';
const PG_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const sample = (i) => path.join(root, 'node_modules/@vladmandic/face-api/demo', `sample${i}.jpg`);
if (!fs.existsSync(sample(1))) {
  console.log('missing the @vladmandic/face-api dev dependency (its demo/sample*.jpg)');
  process.exit(0);
}

const ms = (t0) => Number(process.hrtime.bigint() - t0) / 1e6;
const cpuMs = (c) => (c.user + c.system) / 1000;
/** CPU time (ms) of the main thread (JS and the embedded PGlite), from /proc (Linux; 0 elsewhere). */
const mainThreadMs = () => {
  try {
    const f = fs.readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(f[11]) + Number(f[12])) * 1000) / 100;
  } catch {
    return 0;
  }
};
// The generated photos are kept between runs (making them takes a minute or two).
const dir = path.join(os.tmpdir(), 'face-index-inputs-2');
fs.mkdirSync(dir, { recursive: true });
const FACES = [3, 3, 3, 4, 5, 4];

/** A grey grain tile (camera noise), overlaid on the whole photo. */
async function grain() {
  const side = 509;
  const px = Buffer.alloc(side * side * 3);
  let x = 12345;
  for (let i = 0; i < px.length; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    px[i] = 128 + ((x >> 16) % 25) - 12;
  }
  return sharp(px, { raw: { width: side, height: side, channels: 3 } }).png().toBuffer();
}

/** The photos of one size (W × 2W/3), `round` making each file's bytes distinct. */
async function makePhotos(W, round, noise) {
  const H = (W * 2) / 3;
  const out = [];
  let k = 0;
  const save = async (name, img, faces) => {
    // Orientation 1, 6 or 8: 6 and 8 store the pixels turned a quarter (the viewer turns them back).
    const orientation = [1, 6, 8][(k++ + round) % 3];
    const file = path.join(dir, `${W}-${round}-${name}`);
    out.push({ name, file, faces, orientation });
    if (fs.existsSync(file)) return;
    const upright = await img.composite([{ input: noise, tile: true, blend: 'overlay' }]).png({ compressionLevel: 0 }).toBuffer();
    let stored = sharp(upright);
    if (orientation === 6) stored = stored.rotate(270);
    if (orientation === 8) stored = stored.rotate(90);
    await sharp(await stored.toBuffer())
      .withExif({ IFD0: { Make: 'Bench', Model: `Camera ${W}` } })
      .withMetadata({ orientation })
      .jpeg({ quality: 92 - round })
      .toFile(file + '.part');
    fs.renameSync(file + '.part', file);
  };
  for (let i = 1; i <= 6; i++) await save(`single-${i}.jpg`, sharp(sample(i)).resize(W, H, { fit: 'contain', background: '#222' }), FACES[i - 1]);
  for (const [a, b] of [
    [1, 2],
    [3, 4],
    [5, 6]
  ]) {
    const halves = await Promise.all([a, b].map((i) => sharp(sample(i)).resize(W / 2, H, { fit: 'contain', background: '#222' }).toBuffer()));
    const img = sharp(await sharp({ create: { width: W, height: H, channels: 3, background: '#222' } }).composite(halves.map((input, j) => ({ input, left: j * (W / 2), top: 0 }))).png().toBuffer());
    await save(`pair-${a}${b}.jpg`, img, FACES[a - 1] + FACES[b - 1]);
  }
  const thirds = await Promise.all([1, 2, 3, 4, 5, 6].map((i) => sharp(sample(i)).resize(W / 3, H / 2, { fit: 'contain', background: '#222' }).toBuffer()));
  const collage = sharp(
    await sharp({ create: { width: W, height: H, channels: 3, background: '#222' } })
      .composite(thirds.map((input, j) => ({ input, left: (j % 3) * (W / 3), top: Math.floor(j / 3) * (H / 2) })))
      .png()
      .toBuffer()
  );
  await save('collage-6.jpg', collage, 22);
  return out;
}

async function bench(W, noise) {
  const H = (W * 2) / 3;
  const photos = [];
  for (let r = 0; r < ROUNDS; r++) photos.push(...(await makePhotos(W, r, noise)));
  const warmup = (await makePhotos(W, 7, noise))[0];
  const mb = photos.reduce((a, p) => a + fs.statSync(p.file).size, 0) / photos.length / 1e6;
  console.log(`\n== ${W}×${H}: ${photos.length} photos, ${mb.toFixed(1)} MB each on average, ${photos.reduce((n, p) => n + p.faces, 0)} faces; database ${DB}`);

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'face-index-app-'));
  const { db, drop } = await openBenchDb(DB, { openPglite, openPostgres }, PG_URL);
  const config = loadConfig({ DATA_DIR: dataDir, H5_DIR: path.join(dataDir, 'no-h5'), FACE_INDEXING: '0', SEED_DEMO: '0' });
  const { app, services: s } = await buildApp({ config, db, store: new LocalStore(path.join(dataDir, 'objects')) });
  try {
    const images = new ImageService({ db, store: s.store });
    const gallery = async (link) => (await db.query(`INSERT INTO galleries (link_id, name, config, created_at) VALUES ($1, 'Index bench', '{"use_face": 1}', 0) RETURNING id`, [link])).rows[0].id;
    const add = async (galleryId, p) => (await images.addPhoto(db, galleryId, await images.ingest(fs.readFileSync(p.file), p.name), { origin: p.name })).id;
    // Untimed: the models load and one photo runs through the whole indexer.
    let t0 = process.hrtime.bigint();
    const warmGallery = await gallery(`bw${W}`);
    await add(warmGallery, warmup);
    await s.faceIndexer.enqueueMissing(warmGallery);
    await s.faceIndexer.drain();
    console.log(`warm-up (models, one photo): ${ms(t0).toFixed(0)} ms; ${workerCount()} workers, ${os.availableParallelism()} cores`);

    const galleryId = await gallery(`bi${W}`);
    const ids = new Map();
    for (const p of photos) ids.set(await add(galleryId, p), p);
    await s.prerender.idle();
    const engine = await s.faceEngine();
    const e0 = { ...engine.totals };
    const i0 = { ...s.faceIndexer.totals };
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const load0 = os.loadavg()[0];
    const cpu0 = process.cpuUsage();
    const main0 = mainThreadMs();
    t0 = process.hrtime.bigint();
    await s.faceIndexer.enqueueMissing(galleryId);
    const stop = s.faceIndexer.start();
    for (;;) {
      const c = await s.faceIndexer.counts(galleryId);
      if ((c.done ?? 0) + (c.failed ?? 0) >= photos.length) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const wall = ms(t0);
    const cpu = cpuMs(process.cpuUsage(cpu0));
    const mainMs = mainThreadMs() - main0;
    await stop();
    loop.disable();
    const n = photos.length;
    const e = Object.fromEntries(Object.entries(engine.totals).map(([k, v]) => [k, (v - e0[k]) / n]));
    const ix = Object.fromEntries(Object.entries(s.faceIndexer.totals).map(([k, v]) => [k, (v - i0[k]) / n]));
    console.log(`${n} photos in ${(wall / 1000).toFixed(1)} s: ${((n * 1000) / wall).toFixed(2)} photos/s (load average ${load0.toFixed(1)} → ${os.loadavg()[0].toFixed(1)})`);
    console.log(`CPU time (this process, all threads): ${(cpu / n).toFixed(0)} ms a photo; on 2 idle cores about ${((2 * 1000 * n) / cpu).toFixed(2)} photos/s; of it the main thread (JS, PGlite) ${(mainMs / n).toFixed(0)} ms, the others (inference workers, sharp) ${((cpu - mainMs) / n).toFixed(0)} ms`);
    console.log(
      `engine, a photo (worker/pool ms): decode ${e.decodeMs.toFixed(0)}, stage A ${e.stageAMs.toFixed(0)} (${e.tiles.toFixed(1)} tiles, ${e.candidates.toFixed(1)} candidates), stage B ${e.stageBMs.toFixed(0)} (mesh), embeddings ${e.embedMs.toFixed(0)}, crops ${e.cropMs.toFixed(0)}`
    );
    console.log(`indexer, a photo (wall ms): claim ${ix.claimMs.toFixed(0)}, read original ${ix.readMs.toFixed(0)}, detect ${ix.detectMs.toFixed(0)}, store crops ${ix.cropsMs.toFixed(0)}, database (faces, persons) ${ix.commitMs.toFixed(0)}`);
    console.log(`event loop delay: p50 ${(loop.percentile(50) / 1e6).toFixed(1)} ms, p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms, max ${(loop.max / 1e6).toFixed(1)} ms`);
    const found = new Map((await db.query('SELECT photo_id, count(*)::int AS n FROM faces WHERE gallery_id = $1 GROUP BY photo_id', [galleryId])).rows.map((r) => [r.photo_id, r.n]));
    const per = new Map();
    for (const [id, p] of ids) per.set(p.name, [...(per.get(p.name) ?? []), `${found.get(id) ?? 0}/${p.faces} (o${p.orientation})`]);
    for (const [name, xs] of per) console.log(`  ${name.padEnd(16)} ${xs.join('  ')}`);
    const total = [...ids.keys()].reduce((a, id) => a + (found.get(id) ?? 0), 0);
    console.log(`faces found ${total} of ${photos.reduce((a, p) => a + p.faces, 0)}`);
  } finally {
    await app.close();
    await db.close?.();
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const noise = await grain();
for (const W of SIZES) await bench(W, noise);
const engine = await require('../server/src/face/engine.ts').getFaceEngine();
await engine.close();
