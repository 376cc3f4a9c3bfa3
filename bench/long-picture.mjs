#!/usr/bin/env node
// Server-side long picture (issue 16 budget: 12 photos in at most 1 s, memory bounded).
// The real app in this process (buildApp on PGlite, or PostgreSQL with BENCH_DATABASE_URL),
// a watermarked gallery of 12 camera-sized JPEGs (3000×2000, ingested as uploads are), one
// logged-in visitor; then POST /api/v2/usersplice/create of all 12, ROUNDS times, each in
// another order (another picture: nothing is reused), while this process's RSS is sampled
// every 10 ms. Prints each time, the median, and the RSS growth over the baseline. Never fails.
//   node bench/long-picture.mjs            (ROUNDS=5)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { register } from 'tsx/cjs/api';
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

const COUNT = 12;
const ROUNDS = Number(process.env.ROUNDS || 5);
const BUDGET_MS = 1000;
const ms = (t0) => Number(process.hrtime.bigint() - t0) / 1e6;
const rssMb = () => process.memoryUsage.rss() / 1024 / 1024;

async function cameraJpeg(i) {
  const hue = (i * 47) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="3000" height="2000">
    <rect width="3000" height="2000" fill="hsl(${hue},60%,40%)"/><text x="200" y="1200" font-size="420" font-family="sans-serif" fill="white">long ${i}</text></svg>`;
  const noise = await sharp({ create: { width: 3000, height: 2000, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 30 } } }).png().toBuffer();
  return sharp(Buffer.from(svg)).composite([{ input: noise, blend: 'soft-light' }]).jpeg({ quality: 90 }).toBuffer();
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'long-picture-'));
const db = process.env.BENCH_DATABASE_URL ? await openPostgres(process.env.BENCH_DATABASE_URL) : await openPglite(null);
const config = loadConfig({ DATA_DIR: dataDir, H5_DIR: path.join(dataDir, 'no-h5'), FACE_INDEXING: '0' });
const store = new LocalStore(path.join(dataDir, 'objects'));
const { app, services } = await buildApp({ config, db, store });
await app.ready();
try {
  const images = new ImageService({ db, store });
  const icon = await images.ingest(await sharp({ create: { width: 400, height: 200, channels: 4, background: '#ffffff99' } }).png().toBuffer());
  const wm = { icon: icon.hash, percent: 30, opacity: 80, align: 'bottom-right', h: 3, v: 3, noborder: false, adjust: 'h' };
  const { rows } = await db.query(`INSERT INTO galleries (link_id, name, created_at, watermarks) VALUES ('longbnch', 'Bench', 0, $1) RETURNING id`, [JSON.stringify(wm)]);
  const gallery = rows[0].id;
  console.log(`long-picture bench: ingesting ${COUNT} camera JPEGs (3000×2000)…`);
  const ids = [];
  for (let i = 0; i < COUNT; i++) {
    const img = await images.ingest(await cameraJpeg(i), `IMG_${i}.JPG`);
    ids.push((await images.addPhoto(db, gallery, img, { origin: `IMG_${i}.JPG` })).id);
  }
  const { user, token } = await services.sessions.createOrResume(undefined);
  await db.query('UPDATE users SET is_mock = false WHERE id = $1', [user.id]);

  global.gc?.();
  const base = rssMb();
  let peak = base;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb())), 10);
  const times = [];
  let size = '';
  for (let r = 0; r < ROUNDS; r++) {
    const order = ids.slice(r % COUNT).concat(ids.slice(0, r % COUNT));
    const t0 = process.hrtime.bigint();
    const res = await app.inject({ method: 'POST', url: '/api/v2/usersplice/create', headers: { authorization: `Bearer ${token}` }, payload: { galleryid: gallery, imageids: JSON.stringify(order) } });
    times.push(ms(t0));
    if (res.statusCode !== 200) throw new Error(`create answered ${res.statusCode}: ${res.body}`);
    peak = Math.max(peak, rssMb());
    const hash = res.json().data;
    const meta = await sharp(store.localPath(`splices/${hash.slice(0, 2)}/${hash}.jpg`)).metadata();
    size = `${meta.width}×${meta.height}, ${(fs.statSync(store.localPath(`splices/${hash.slice(0, 2)}/${hash}.jpg`)).size / 1e6).toFixed(2)} MB`;
  }
  clearInterval(sampler);
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  console.log(`machine: ${os.availableParallelism()} cores, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} (other work may share it)`);
  console.log(`long picture of ${COUNT} photos (${size}): ${times.map((t) => t.toFixed(0)).join(', ')} ms; first ${times[0].toFixed(0)} ms, median ${median.toFixed(0)} ms (budget ${BUDGET_MS} ms: ${median <= BUDGET_MS ? 'within' : 'OVER'})`);
  console.log(`RSS: ${base.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB during, growth ${(peak - base).toFixed(0)} MB`);
} finally {
  await app.close();
  await db.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
