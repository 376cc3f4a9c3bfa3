#!/usr/bin/env node
// Image render bench: cold render of a 4000×3000 JPEG to wx_750_n WebP (budget
// 80 ms) and the cached serve through the app (app.inject, no network; budget
// 5 ms). Prints labelled numbers; never fails.
//   node bench/image-render.mjs
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { register } from 'tsx/cjs/api';
import { register as registerEsm } from 'tsx/esm/api';

// The server is CommonJS TypeScript (as `tsx server/src/main.ts` runs it): load it the same way.
// The app loads some route modules with import(): both of tsx's hooks.
register();
registerEsm();
const require = createRequire(import.meta.url);
const { buildApp } = require('../server/src/app.ts');
const { loadConfig } = require('../server/src/config.ts');
const { openPglite } = require('../server/src/db/index.ts');
const { LocalStore } = require('../server/src/storage/index.ts');
const { ImageService } = require('../server/src/services/photos/images.ts');
const { sceneSvg, mulberry32 } = require('../server/src/demo/demo-art.ts');

const COLD_RUNS = Number(process.env.COLD_RUNS || 7);
const CACHED_RUNS = 200;

const ms = (t0) => Number(process.hrtime.bigint() - t0) / 1e6;
const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};
const fmt = (n) => n.toFixed(1);

/**
 * A camera-like 4000×3000 JPEG: a demo scene plus fine sensor grain, so the file is
 * the size of a real one (~2 MB) while the 750 px render stays photo-sized.
 */
async function bigJpeg(seed) {
  const W = 4000;
  const H = 3000;
  const kinds = ['mountains', 'stage', 'lake', 'guests', 'city', 'carpet'];
  const scene = await sharp(Buffer.from(sceneSvg(kinds[seed % kinds.length], mulberry32(seed), W, H))).removeAlpha().raw().toBuffer();
  let x = (seed * 2654435761) >>> 0;
  for (let i = 0; i < scene.length; i++) {
    x = (x * 1664525 + 1013904223) >>> 0;
    const v = scene[i] + ((x >>> 28) - 8);
    scene[i] = v < 0 ? 0 : v > 255 ? 255 : v;
  }
  return sharp(scene, { raw: { width: W, height: H, channels: 3 } }).jpeg({ quality: 92 }).toBuffer();
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lg-bench-'));
const config = loadConfig({ DATA_DIR: dataDir, H5_DIR: path.join(dataDir, 'no-h5') });
const db = await openPglite(null);
const { app, services: ctx } = await buildApp({ config, db, store: new LocalStore(path.join(dataDir, 'objects')) });
const images = new ImageService(ctx);

try {
  const sources = [];
  for (let i = 0; i < COLD_RUNS + 1; i++) sources.push(await images.ingest(await bigJpeg(i + 1), `bench_${i}.jpg`));
  console.log(`source: 4000x3000 JPEG, ${(sources.reduce((n, i) => n + i.size, 0) / sources.length / 1024).toFixed(0)} KiB on average; cpus ${os.availableParallelism?.() ?? os.cpus().length}; load average ${os.loadavg()[0].toFixed(1)}`);

  // The first render also loads libvips' codecs: warm up on a hash that is not measured.
  const warm = sources.shift();
  await app.inject({ url: `/img/${warm.hash}!wx_750_n`, headers: { accept: 'image/webp' } });

  const cold = [];
  let outBytes = 0;
  for (const img of sources) {
    const t0 = process.hrtime.bigint();
    const r = await app.inject({ url: `/img/${img.hash}!wx_750_n`, headers: { accept: 'image/webp' } });
    cold.push(ms(t0));
    outBytes += r.rawPayload.length;
    if (r.statusCode !== 200 || r.headers['content-type'] !== 'image/webp') throw new Error(`cold render failed: ${r.statusCode}`);
  }
  console.log(`cold render wx_750_n webp (ms, ${cold.length} fresh hashes): median ${fmt(quantile(cold, 0.5))} max ${fmt(Math.max(...cold))} (budget 80; output ${(outBytes / cold.length / 1024).toFixed(0)} KiB)`);

  const url = `/img/${sources[0].hash}!wx_750_n`;
  const hot = [];
  for (let i = 0; i < CACHED_RUNS; i++) {
    const t0 = process.hrtime.bigint();
    const r = await app.inject({ url, headers: { accept: 'image/webp' } });
    hot.push(ms(t0));
    if (r.statusCode !== 200) throw new Error(`cached serve failed: ${r.statusCode}`);
  }
  console.log(`cached serve wx_750_n webp (ms, ${CACHED_RUNS} requests): p50 ${fmt(quantile(hot, 0.5))} p95 ${fmt(quantile(hot, 0.95))} (budget 5)`);

  const etag = (await app.inject({ url, headers: { accept: 'image/webp' } })).headers.etag;
  const cond = [];
  for (let i = 0; i < CACHED_RUNS; i++) {
    const t0 = process.hrtime.bigint();
    await app.inject({ url, headers: { accept: 'image/webp', 'if-none-match': etag } });
    cond.push(ms(t0));
  }
  console.log(`304 revalidation (ms, ${CACHED_RUNS} requests): p50 ${fmt(quantile(cond, 0.5))} p95 ${fmt(quantile(cond, 0.95))}`);
} finally {
  await app.close();
  await db.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
