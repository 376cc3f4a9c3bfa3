#!/usr/bin/env node
// Upload-to-visible (issue 4 budget: p95 ≤ 1.5 s over 50 photos). The real server
// (embedded PGlite, ORGANIZER_TOKEN set), a new gallery, a phone-sized Chromium page
// showing it, and the uploader in watch mode on an empty folder. Then 50 camera-sized
// JPEGs land in the folder one after another (written under a temporary name and
// renamed into place, as tethering and FTP tools do); for each, the time from the
// rename to its thumbnail decoded in the page (an <img> with its content hash in the
// src, complete and decoded). Prints p50/p95/max. BENCH_UPLOADS sets the count.
// BENCH_FACE=1: face indexing runs meanwhile (issue 13): the gallery has use_face on, so every
// upload is queued for indexing, and a second gallery's real group photos (the face-api samples)
// are being indexed in the background when the burst starts.
// BENCH_OCR=1: OCR runs meanwhile (issue 14): the gallery's page has a formocr box, so every
// upload is queued for OCR, and a second gallery's backlog of generated race photos is being
// read in the background when the burst starts.
// Never fails.
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { chromium } from 'playwright-core';
import { root, startServer, requireH5Build } from '../scripts/lib/server.mjs';

const COUNT = Number(process.env.BENCH_UPLOADS || 50);
const GAP_MS = Number(process.env.BENCH_GAP_MS || 700);
const BUDGET_P95_MS = 1500;
const TOKEN = 'bench-organiser-token';
const FACE = process.env.BENCH_FACE === '1';
const OCR = process.env.BENCH_OCR === '1';
const pct = (s, p) => (s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] : NaN);

/** A 3000×2000 JPEG (about what a camera's JPEG-fine preset weighs at this size) with an EXIF shoot time. */
async function cameraJpeg(i) {
  const hue = (i * 47) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="3000" height="2000">
    <defs><radialGradient id="g" cx="${30 + (i % 5) * 10}%" cy="40%" r="80%"><stop offset="0" stop-color="hsl(${hue},70%,70%)"/><stop offset="1" stop-color="hsl(${(hue + 120) % 360},60%,20%)"/></radialGradient></defs>
    <rect width="3000" height="2000" fill="url(#g)"/>
    <text x="200" y="1200" font-size="420" font-family="sans-serif" fill="white">upload ${i}</text></svg>`;
  const noise = await sharp({ create: { width: 3000, height: 2000, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 30 } } }).png().toBuffer();
  const d = new Date();
  const stamp = `${d.getFullYear()}:${String(d.getMonth() + 1).padStart(2, '0')}:${String(d.getDate()).padStart(2, '0')} ${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}:${String(d.getSeconds()).padStart(2, '0')}`;
  return sharp(Buffer.from(svg))
    .composite([{ input: noise, blend: 'soft-light' }])
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Make: 'Bench', Model: 'Camera' }, IFD2: { DateTimeOriginal: stamp } })
    .toBuffer();
}

/** use_face on for the bench gallery, and a backlog of real group photos being indexed in another gallery. */
async function startFaceBacklog(baseUrl, galleryId) {
  const post = (url, body) =>
    fetch(`${baseUrl}${url}`, { method: 'POST', headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json());
  await post(`/api/v2/organizer/galleries/${galleryId}/config`, { use_face: 1 });
  const backlog = await post('/api/v2/organizer/galleries', { name: 'Face backlog' });
  await post(`/api/v2/organizer/galleries/${backlog.data.gallery.id}/config`, { use_face: 1 });
  const samples = path.join(root, 'node_modules/@vladmandic/face-api/demo');
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'server/src/cli/upload.ts'), '--gallery', backlog.data.gallery.link_id, samples], {
    cwd: root,
    env: { ...process.env, SERVER_URL: baseUrl, ORGANIZER_TOKEN: TOKEN },
    encoding: 'utf8'
  });
  console.log(`upload-to-visible bench: face indexing on; ${r.status === 0 ? 'a backlog of sample group photos is being indexed' : `backlog upload failed: ${r.stderr.slice(-300)}`}`);
}

/** A formocr box on the bench gallery's page, and a backlog of race photos being read in another gallery. */
async function startOcrBacklog(baseUrl, galleryId, work) {
  const post = (url, body) =>
    fetch(`${baseUrl}${url}`, { method: 'POST', headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json());
  const page = (id) => post(`/api/v2/organizer/galleries/${id}/page`, { pagedata: { components: [{ id: 'formocr-1', type: 'formocr', props: { gallery_id: 0 } }, { id: 'photo-1', type: 'photo', props: { gallery_id: 0, mode: '2' } }] } });
  await page(galleryId);
  const backlog = await post('/api/v2/organizer/galleries', { name: 'OCR backlog' });
  await page(backlog.data.gallery.id);
  const { register } = await import('tsx/cjs/api');
  register();
  const { createRequire } = await import('node:module');
  const { raceSvg } = createRequire(import.meta.url)('../server/src/demo/raceArt.ts');
  const dir = path.join(work, 'race');
  fs.mkdirSync(dir);
  for (let i = 0; i < 20; i++) {
    const svg = raceSvg([String(1000 + i * 37), String(5000 + i * 11)], 700 + i, 3000, 2000);
    fs.writeFileSync(path.join(dir, `RACE_${i}.jpg`), await sharp(Buffer.from(svg)).jpeg({ quality: 88 }).toBuffer());
  }
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'server/src/cli/upload.ts'), '--gallery', backlog.data.gallery.link_id, dir], {
    cwd: root,
    env: { ...process.env, SERVER_URL: baseUrl, ORGANIZER_TOKEN: TOKEN },
    encoding: 'utf8'
  });
  console.log(`upload-to-visible bench: OCR on; ${r.status === 0 ? 'a backlog of 20 race photos is being read' : `backlog upload failed: ${r.stderr.slice(-300)}`}`);
}

async function main() {
  try {
    requireH5Build();
  } catch (e) {
    console.log(`upload-to-visible bench: not measured: ${e.message}`);
    return;
  }
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'livegallery-upload-'));
  const drop = path.join(work, 'camera');
  fs.mkdirSync(drop);
  let server;
  let browser;
  let uploader;
  try {
    console.log(`upload-to-visible bench: making ${COUNT} camera JPEGs (3000×2000)…`);
    const files = [];
    for (let i = 0; i < COUNT; i++) {
      const buf = await cameraJpeg(i);
      files.push({ name: `IMG_${String(1000 + i)}.JPG`, buf, hash: crypto.createHash('sha256').update(buf).digest('hex') });
    }
    const mb = files.reduce((n, f) => n + f.buf.length, 0) / COUNT / 1024 / 1024;
    server = await startServer({ requireDemo: false, env: { SEED_DEMO: '0', ORGANIZER_TOKEN: TOKEN } });
    const created = await fetch(`${server.baseUrl}/api/v2/organizer/galleries`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Upload bench' })
    }).then((r) => r.json());
    if (created.code !== 200) throw new Error(`gallery create answered ${JSON.stringify(created)}`);
    const link = created.data.gallery.link_id;
    if (FACE) await startFaceBacklog(server.baseUrl, created.data.gallery.id);
    if (OCR) await startOcrBacklog(server.baseUrl, created.data.gallery.id, work);

    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run']
    });
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, locale: 'en-US' });
    await context.addInitScript(() => {
      // Record when each photo's thumbnail is decoded, by content hash (epoch ms).
      window.__seen = {};
      const check = (img) => {
        const m = /\/img\/([0-9a-f]{64})!/.exec(img.getAttribute('src') || '');
        if (!m || window.__seen[m[1]]) return;
        const mark = () => {
          if (!window.__seen[m[1]]) window.__seen[m[1]] = performance.timeOrigin + performance.now();
        };
        img.decode().then(mark, () => img.addEventListener('load', mark, { once: true }));
      };
      new MutationObserver((muts) => {
        for (const mu of muts) {
          if (mu.type === 'attributes') check(mu.target);
          for (const n of mu.addedNodes) {
            if (n.nodeType !== 1) continue;
            if (n.tagName === 'IMG') check(n);
            n.querySelectorAll?.('img').forEach(check);
          }
        }
      }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['src'] });
    });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/g/${link}`, { waitUntil: 'load' });
    await page.waitForSelector('[data-testid="gallery-name"]', { timeout: 60_000 });
    await page.waitForFunction(() => document.querySelector('[data-testid="photo-area"][data-live="open"]'), null, { timeout: 20_000 }).catch(() => {
      console.log('upload-to-visible bench: note: no [data-testid="photo-area"][data-live="open"] marker seen; measuring anyway');
    });

    uploader = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/src/cli/upload.ts'), '--gallery', link, drop, '--watch'], {
      cwd: root,
      env: { ...process.env, SERVER_URL: server.baseUrl, ORGANIZER_TOKEN: TOKEN },
      stdio: ['ignore', 'pipe', 'pipe']
    });
    let out = '';
    uploader.stdout.on('data', (c) => (out += c));
    uploader.stderr.on('data', (c) => (out += c));
    await new Promise((r) => setTimeout(r, 3000)); // the watcher's start-up

    const dropped = {};
    for (const f of files) {
      const tmp = path.join(drop, `.${f.name}.part`);
      fs.writeFileSync(tmp, f.buf);
      fs.renameSync(tmp, path.join(drop, f.name));
      dropped[f.hash] = Date.now();
      await new Promise((r) => setTimeout(r, GAP_MS));
    }
    const deadline = Date.now() + 30_000;
    let seen = {};
    while (Date.now() < deadline) {
      seen = await page.evaluate(() => window.__seen);
      if (files.every((f) => seen[f.hash])) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const lat = files.filter((f) => seen[f.hash]).map((f) => seen[f.hash] - dropped[f.hash]).sort((a, b) => a - b);
    const missing = files.length - lat.length;
    const p95 = pct(lat, 95);
    const f1 = (n) => (Number.isFinite(n) ? Math.round(n) : 'n/a');
    console.log(`upload-to-visible: ${lat.length}/${files.length} photos visible (${mb.toFixed(1)} MB each, one every ${GAP_MS} ms)`);
    console.log(
      `upload-to-visible: p50 ${f1(pct(lat, 50))} ms, p95 ${f1(p95)} ms, max ${f1(lat[lat.length - 1])} ms (budget p95 ≤ ${BUDGET_P95_MS} ms): ${
        missing === 0 && p95 <= BUDGET_P95_MS ? 'within budget' : 'OVER BUDGET'
      }`
    );
    if (missing) console.log(`upload-to-visible: ${missing} never appeared; uploader said:\n${out.slice(-1500)}`);
    fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
    fs.writeFileSync(
      path.join(root, 'bench/results/upload-visible.json'),
      JSON.stringify({ photos: COUNT, gap_ms: GAP_MS, p50_ms: pct(lat, 50), p95_ms: p95, max_ms: lat[lat.length - 1], missing, budget_p95_ms: BUDGET_P95_MS }, null, 2) + '\n'
    );
  } catch (e) {
    console.log(`upload-to-visible bench: not measured: ${e.message}`);
  } finally {
    uploader?.kill('SIGINT');
    await browser?.close().catch(() => undefined);
    await server?.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

await main();
