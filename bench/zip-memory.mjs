#!/usr/bin/env node
// ZIP download memory (issue 5 budget: a ZIP of 50 photos streamed with server memory
// growth under 50 MB). The real server on a fresh PostgreSQL schema (BENCH_DATABASE_URL,
// default the test database), a gallery with 50 camera-sized JPEGs (3000×2000) uploaded
// through the organiser upload flow (the uploader CLI), originals made free
// (config.original_photo = 1) and one real user; then the ZIP of all 50 is downloaded
// while the server's RSS (/proc/<pid>/status VmRSS) is sampled every 50 ms.
// Prints the growth against the budget. Never fails.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import pg from 'pg';
import { root, startServer } from '../scripts/lib/server.mjs';

const COUNT = Number(process.env.BENCH_ZIP_PHOTOS || 50);
const BUDGET_MB = 50;
const TOKEN = 'bench-organiser-token';
const BASE_DB = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

async function cameraJpeg(i) {
  const hue = (i * 47) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="3000" height="2000">
    <rect width="3000" height="2000" fill="hsl(${hue},60%,40%)"/><text x="200" y="1200" font-size="420" font-family="sans-serif" fill="white">zip ${i}</text></svg>`;
  const noise = await sharp({ create: { width: 3000, height: 2000, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 30 } } }).png().toBuffer();
  return sharp(Buffer.from(svg)).composite([{ input: noise, blend: 'soft-light' }]).jpeg({ quality: 90 }).toBuffer();
}

function rssKb(pid) {
  try {
    const m = /VmRSS:\s+(\d+)\s+kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : NaN;
  } catch {
    return NaN;
  }
}

/** The server process's pid: startServer runs `node --import tsx main.ts`, which may fork a child. */
function serverPid(pid) {
  try {
    const kids = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
    return kids.length ? Number(kids[0]) : pid;
  } catch {
    return pid;
  }
}

function run(cmd, args, env) {
  return new Promise((resolve, reject) => {
    const c = spawn(cmd, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    c.stdout.on('data', (d) => (out += d));
    c.stderr.on('data', (d) => (out += d));
    c.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${path.basename(args[2] ?? cmd)} exited ${code}:\n${out.slice(-2000)}`))));
  });
}

async function main() {
  const schema = `bench_zip_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: BASE_DB });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const url = new URL(BASE_DB);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const drop = fs.mkdtempSync(path.join(os.tmpdir(), 'zip-bench-'));
  let server = null;
  try {
    console.log(`zip-memory bench: making ${COUNT} camera JPEGs (3000×2000)…`);
    let bytes = 0;
    for (let i = 0; i < COUNT; i++) {
      const buf = await cameraJpeg(i);
      bytes += buf.length;
      fs.writeFileSync(path.join(drop, `IMG_${1000 + i}.JPG`), buf);
    }
    server = await startServer({ requireDemo: false, databaseUrl: url.toString(), env: { SEED_DEMO: '0', ORGANIZER_TOKEN: TOKEN } });
    const api = (p, init = {}) => fetch(`${server.baseUrl}${p}`, init).then((r) => r.json());
    const created = await api('/api/v2/organizer/galleries', {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'ZIP bench' })
    });
    if (created.code !== 200) throw new Error(`gallery create answered ${JSON.stringify(created)}`);
    const gallery = created.data.gallery;
    await run(process.execPath, ['--import', 'tsx', path.join(root, 'server/src/cli/upload.ts'), '--gallery', gallery.link_id, drop], {
      SERVER_URL: server.baseUrl,
      ORGANIZER_TOKEN: TOKEN
    });
    const db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
    // Entitlement: the gallery gives originals. And one real (not guest) user.
    await db.query(`UPDATE galleries SET config = config || '{"original_photo": 1}'::jsonb WHERE id = $1`, [gallery.id]);
    const session = (await api('/session.js')).data;
    await db.query('UPDATE users SET is_mock = false WHERE id = (SELECT user_id FROM sessions ORDER BY created_at DESC LIMIT 1)');
    await db.end();
    const auth = { authorization: `Bearer ${session.token}` };
    const list = await api(`/api/v2/images/${gallery.id}/list?page_size=100`, { headers: auth });
    const ids = list.data.items.map((p) => p.id);
    if (ids.length !== COUNT) throw new Error(`expected ${COUNT} photos, the list has ${ids.length}`);

    const ticket = await api('/api/v2/images/zip', {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ gallery_id: gallery.id, ids })
    });
    if (ticket.code !== 200) throw new Error(`zip ticket answered ${JSON.stringify(ticket)}`);

    const pid = serverPid(server.pid);
    await new Promise((r) => setTimeout(r, 500));
    const before = rssKb(pid);
    let peak = before;
    const timer = setInterval(() => {
      const v = rssKb(pid);
      if (v > peak) peak = v;
    }, 50);
    const t0 = Date.now();
    const res = await fetch(`${server.baseUrl}${ticket.data.url}`);
    if (res.headers.get('content-type') !== 'application/zip') throw new Error(`download answered ${res.status} ${await res.text()}`);
    let got = 0;
    for await (const chunk of res.body) got += chunk.length;
    const ms = Date.now() - t0;
    clearInterval(timer);
    const growthMb = (peak - before) / 1024;
    console.log(`zip-memory bench: ${COUNT} photos, ${(bytes / 1024 / 1024).toFixed(1)} MB of originals, archive ${(got / 1024 / 1024).toFixed(1)} MB (content-length ${res.headers.get('content-length')}) in ${ms} ms`);
    console.log(`zip-memory bench: server RSS before ${(before / 1024).toFixed(1)} MB, peak ${(peak / 1024).toFixed(1)} MB, growth ${growthMb.toFixed(1)} MB (budget < ${BUDGET_MB} MB): ${growthMb < BUDGET_MB ? 'PASS' : 'OVER BUDGET'}`);
  } catch (e) {
    console.log(`zip-memory bench: failed: ${e.message}`);
  } finally {
    if (server) await server.stop();
    await admin.query(`DROP SCHEMA ${schema} CASCADE`).catch(() => undefined);
    await admin.end();
    fs.rmSync(drop, { recursive: true, force: true });
  }
}

main();
