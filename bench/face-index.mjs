#!/usr/bin/env node
// Face indexing throughput: 3000×2000 JPEGs with several faces (made in a temp dir from the
// sample group photos of @vladmandic/face-api: each photo upscaled, pairs side by side, and a
// six-photo collage), run through the engine as shipped (getFaceEngine's worker pool; the
// photos are all queued at once, as an indexing queue would). Prints photos/s, per-photo ms and
// the faces found. Never fails.
//   node bench/face-index.mjs              (FACE_WORKERS=1|2, ROUNDS=2)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import sharp from 'sharp';
import { register } from 'tsx/cjs/api';

register();
const require = createRequire(import.meta.url);
const { createFaceEngine } = require('../server/src/face/engine.ts');
const { workerCount } = require('../server/src/face/pool.ts');

const ROUNDS = Number(process.env.ROUNDS || 2);
const W = 3000;
const H = 2000;
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const sample = (i) => path.join(root, 'node_modules/@vladmandic/face-api/demo', `sample${i}.jpg`);
if (!fs.existsSync(sample(1))) {
  console.log('missing the @vladmandic/face-api dev dependency (its demo/sample*.jpg)');
  process.exit(0);
}

const ms = (t0) => Number(process.hrtime.bigint() - t0) / 1e6;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'face-index-'));
const photos = [];
const save = async (name, img, faces) => {
  const file = path.join(dir, name);
  await img.jpeg({ quality: 90 }).toFile(file);
  photos.push({ name, file, faces });
};
const FACES = [3, 3, 3, 4, 5, 4];
for (let i = 1; i <= 6; i++) await save(`single-${i}.jpg`, sharp(sample(i)).resize(W, H, { fit: 'contain', background: '#222' }), FACES[i - 1]);
for (const [a, b] of [
  [1, 2],
  [3, 4],
  [5, 6]
]) {
  const halves = await Promise.all([a, b].map((i) => sharp(sample(i)).resize(W / 2, H, { fit: 'contain', background: '#222' }).toBuffer()));
  await save(`pair-${a}${b}.jpg`, sharp({ create: { width: W, height: H, channels: 3, background: '#222' } }).composite(halves.map((input, k) => ({ input, left: k * (W / 2), top: 0 }))), FACES[a - 1] + FACES[b - 1]);
}
const thirds = await Promise.all([1, 2, 3, 4, 5, 6].map((i) => sharp(sample(i)).resize(W / 3, H / 2, { fit: 'contain', background: '#222' }).toBuffer()));
await save('collage-6.jpg', sharp({ create: { width: W, height: H, channels: 3, background: '#222' } }).composite(thirds.map((input, k) => ({ input, left: (k % 3) * (W / 3), top: Math.floor(k / 3) * (H / 2) }))), 22);
const bytes = photos.map((p) => fs.statSync(p.file).size);
console.log(`${photos.length} photos ${W}×${H} in ${dir}, ${(bytes.reduce((a, b) => a + b, 0) / photos.length / 1e6).toFixed(1)} MB each on average, ${photos.reduce((n, p) => n + p.faces, 0)} faces`);

const workers = workerCount();
let t0 = process.hrtime.bigint();
const engine = await createFaceEngine({ warm: true });
console.log(`engine: ${workers} workers, models loaded in ${ms(t0).toFixed(0)} ms (${os.availableParallelism()} cores, load average ${os.loadavg()[0].toFixed(2)})`);
// One untimed pass per worker.
await Promise.all(photos.slice(0, workers).map((p) => engine.detect(fs.readFileSync(p.file), { mode: 'photo' })));

const before = { ...engine.totals };
const cpu0 = process.cpuUsage();
// The API server shares this event loop: inference must not block it.
const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
const load0 = os.loadavg()[0];
const perPhoto = new Map(photos.map((p) => [p.name, []]));
const found = new Map();
t0 = process.hrtime.bigint();
let n = 0;
for (let r = 0; r < ROUNDS; r++) {
  await Promise.all(
    photos.map(async (p) => {
      const buf = await fs.promises.readFile(p.file);
      const t = process.hrtime.bigint();
      const faces = await engine.detect(buf, { mode: 'photo' });
      perPhoto.get(p.name).push(ms(t));
      found.set(p.name, faces.length);
      n++;
    })
  );
}
const wall = ms(t0);
const cpu = process.cpuUsage(cpu0);
const cpuMs = (cpu.user + cpu.system) / 1000;
const load1 = os.loadavg()[0];
loop.disable();
await engine.close();
const d = Object.fromEntries(Object.entries(engine.totals).map(([k, v]) => [k, (v - before[k]) / n]));

// With every photo queued at once, a photo's latency includes its wait; the service time of one
// photo on one worker is wall / n × workers.
console.log(`\n${n} photos in ${(wall / 1000).toFixed(1)} s: ${((n * 1000) / wall).toFixed(2)} photos/s, ${((wall / n) * workers).toFixed(0)} ms per photo per worker`);
// The machine is shared: the CPU time this process used (all threads) says what a photo costs;
// on idle cores, photos/s would be cores / CPU seconds per photo.
console.log(
  `CPU time ${(cpuMs / 1000).toFixed(1)} s (this process, all threads): ${(cpuMs / n).toFixed(0)} ms per photo; ${((100 * cpuMs) / wall / os.availableParallelism()).toFixed(0)}% of the ${os.availableParallelism()} cores (load average ${load0.toFixed(1)} → ${load1.toFixed(1)}); on ${Math.min(workers, os.availableParallelism())} idle cores: ${((Math.min(workers, os.availableParallelism()) * 1000 * n) / cpuMs).toFixed(2)} photos/s`
);
console.log(
  `per photo (averages): decode + resize ${d.decodeMs.toFixed(0)} ms (main thread, libuv pool), stage A ${d.stageAMs.toFixed(0)} ms (${d.tiles.toFixed(1)} tiles, ${d.candidates.toFixed(1)} candidates), stage B ${d.stageBMs.toFixed(0)} ms (mesh), embeddings ${d.embedMs.toFixed(0)} ms, crops ${d.cropMs.toFixed(0)} ms`
);
console.log(`main event loop delay while indexing: p50 ${(loop.percentile(50) / 1e6).toFixed(1)} ms, p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms, max ${(loop.max / 1e6).toFixed(1)} ms`);
console.log('\nphoto            faces found/present   latency ms (queued)');
for (const p of photos) console.log(`${p.name.padEnd(16)} ${String(found.get(p.name)).padStart(3)}/${String(p.faces).padEnd(14)} ${perPhoto.get(p.name).map((x) => x.toFixed(0)).join(', ')}`);
const totalFound = [...found.values()].reduce((a, b) => a + b, 0);
console.log(`faces found ${totalFound} of ${photos.reduce((a, p) => a + p.faces, 0)}`);
fs.rmSync(dir, { recursive: true, force: true });
