#!/usr/bin/env node
// Live channel fan-out: the real server (temp DATA_DIR with the seeded demo on embedded
// PGlite, or DATABASE_URL; the in-process bus, or Redis when REDIS_URL is set), 2,000
// WebSocket viewers of the demo gallery on loopback (BENCH_LIVE_CONNECTIONS; given up
// after 60 s), the server's RSS and JS heap before and after they connect, each after a
// full GC through the server's inspector (memory per idle connection), then a burst of 10
// image_add: ten small photos stored through the signed upload flow beforehand are
// registered at once (POST /api/v2/images/upload). Delivery latency of every message at
// every socket, from the moment the registrations were sent (so registration, its
// renders and the fan-out all count), against p95 ≤ 500 ms. Then one comment posted through
// the API by a (sandbox-)logged-in visitor (POST /api/comment/post, issue 15): the `text`
// message's latency at every viewer, from the moment the post was sent (its rules, the
// content check, the write and the fan-out all count), against the same budget. Never fails. BENCH_ECHO=1 shows
// the server's output; BENCH_PROFILE=<file> writes its CPU profile of the burst.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import sharp from 'sharp';
import { root, startServer } from '../scripts/lib/server.mjs';

const CONNECTIONS = Number(process.env.BENCH_LIVE_CONNECTIONS || 2000);
const CONNECT_LIMIT_MS = 60_000;
const IN_FLIGHT = 100;
const DELIVERY_LIMIT_MS = 30_000;
const BUDGET_P95_MS = 500;
const BURST = 10;

const pct = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const f1 = (n) => (Number.isFinite(n) ? n.toFixed(1) : 'n/a');

function rssKiB(pid) {
  const m = /VmRSS:\s+(\d+)\s+kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) : NaN;
}

/**
 * The server's inspector (it runs with --inspect on a free loopback port): a full garbage
 * collection before each reading, so memory per connection is not swamped by garbage
 * the collector would free at some random later time.
 */
async function inspector(server) {
  const m = /Debugger listening on (ws:\/\/\S+)/.exec(server.output());
  if (!m) throw new Error('the server printed no inspector address');
  const ws = new WebSocket(m[1]);
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  let seq = 0;
  const pending = new Map();
  ws.on('message', (d) => {
    const msg = JSON.parse(String(d));
    pending.get(msg.id)?.(msg.result);
    pending.delete(msg.id);
  });
  const call = (method, params = {}) =>
    new Promise((resolve) => {
      pending.set(++seq, resolve);
      ws.send(JSON.stringify({ id: seq, method, params }));
    });
  return {
    /** JS heap in use and RSS (KiB) right after two full collections. */
    async memory() {
      await call('HeapProfiler.collectGarbage');
      await call('HeapProfiler.collectGarbage');
      const { usedSize } = await call('Runtime.getHeapUsage');
      await sleep(500);
      return { heapKiB: usedSize / 1024, rssKiB: rssKiB(server.pid) };
    },
    call,
    close: () => ws.close()
  };
}

function openFiles() {
  const r = spawnSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' });
  return r.stdout.trim();
}

async function api(base, p, init = {}) {
  const res = await fetch(base + p, init);
  const body = await res.json().catch(() => null);
  if (!res.ok || body?.code !== 200) throw new Error(`${init.method ?? 'GET'} ${p} answered ${res.status}: ${JSON.stringify(body).slice(0, 200)}`);
  return body.data;
}

/** One viewer: resolves once its hello frame arrived; onLive gets every other frame. */
function viewer(url, onLive) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    ws.on('error', reject);
    ws.on('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: HTTP ${res.statusCode}`)));
    ws.on('message', (data) => {
      const now = performance.now();
      const frame = JSON.parse(String(data));
      if (frame.type === 'hello') resolve(ws);
      else for (const m of Array.isArray(frame) ? frame : [frame]) onLive(m, now); // a burst may come batched
    });
  });
}

/** Opens up to `n` viewers, IN_FLIGHT at a time, until CONNECT_LIMIT_MS. */
async function connectAll(url, n, onLive) {
  const sockets = [];
  const errors = [];
  const deadline = Date.now() + CONNECT_LIMIT_MS;
  let next = 0;
  const worker = async () => {
    while (next < n && Date.now() < deadline) {
      next++;
      try {
        sockets.push(await viewer(url, onLive));
      } catch (e) {
        errors.push(e.message);
      }
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  return { sockets, errors };
}

async function main() {
  const limit = openFiles();
  console.log(`live fan-out bench: ulimit -n is ${limit} (the load generator and the server each need one descriptor per connection)`);
  if (limit !== 'unlimited' && Number(limit) < CONNECTIONS + 200) {
    console.log(`live fan-out bench: not measured: raise ulimit -n above ${CONNECTIONS + 200}`);
    return;
  }
  const databaseUrl = process.env.DATABASE_URL || null;
  const redisUrl = process.env.REDIS_URL || null;
  const organizerToken = crypto.randomBytes(16).toString('hex');
  // Seed in a first process, measure in a second one that never held the seeding's images.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'livegallery-fanout-'));
  let server;
  let link = process.env.BENCH_LINK || 'demo2026';
  try {
    const seeder = await startServer({ databaseUrl, requireDemo: !databaseUrl, env: { DATA_DIR: dataDir } });
    if (seeder.demoUrl) link = new URL(seeder.demoUrl).pathname.split('/').pop();
    await seeder.stop();
    const nodeOptions = `${process.env.NODE_OPTIONS ?? ''} --inspect=127.0.0.1:0`.trim();
    server = await startServer({
      databaseUrl,
      redisUrl,
      requireDemo: false,
      echo: !!process.env.BENCH_ECHO, env: { DATA_DIR: dataDir, SEED_DEMO: '0', ORGANIZER_TOKEN: organizerToken, NODE_OPTIONS: nodeOptions }
    });
  } catch (e) {
    console.log(`live fan-out bench: server did not start: ${e.message.split('\n').slice(0, 12).join('\n  ')}`);
    fs.rmSync(dataDir, { recursive: true, force: true });
    return;
  }
  let sockets = [];
  try {
    const base = server.baseUrl;
    const gallery = (await api(base, `/api/v2/gallery/link/${link}`)).gallery.id;
    const token = (await api(base, '/session.js')).token;
    const url = `${base.replace(/^http/, 'ws')}/api/v2/live?token=${encodeURIComponent(token)}&gallery=${gallery}`;
    console.log(`live fan-out bench: gallery ${gallery} (${link}) on ${databaseUrl ? 'PostgreSQL' : 'embedded PGlite'}, ${redisUrl ? 'Redis' : 'in-process'} bus; ${CONNECTIONS} viewers`);

    // Warm up the upgrade path, then measure the idle server.
    (await viewer(url, () => {})).terminate();
    const inspect = await inspector(server);
    const before = await inspect.memory();

    // Ten new photos (random colours: never duplicates of an earlier run's on a shared
    // database), stored through the signed upload flow ahead of time; the burst
    // registers them all at once (POST /api/v2/images/upload publishes image_add).
    const auth = { authorization: `Bearer ${organizerToken}` };
    const sign = await api(base, `/api/v2/common/imagesign?gallery_id=${gallery}`, { headers: auth });
    const keys = [];
    for (let i = 0; i < BURST; i++) {
      const bytes = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 20 * i, g: crypto.randomInt(256), b: crypto.randomInt(256) } } }).jpeg().toBuffer();
      const key = `${sign.dir}${crypto.createHash('sha256').update(bytes).digest('hex')}.jpg`;
      const form = new FormData();
      for (const [k, v] of Object.entries({ key, policy: sign.policy, OSSAccessKeyId: sign.accessid, success_action_status: '200', signature: sign.signature })) form.append(k, v);
      form.append('file', new Blob([bytes], { type: 'image/jpeg' }), `BURST_${i}.JPG`);
      const res = await fetch(sign.host, { method: 'POST', body: form });
      if (!res.ok) throw new Error(`upload host answered ${res.status}`);
      keys.push(key);
    }

    // The commenting visitor (a second session, logged in through the sandbox) and comments on.
    const json = { 'content-type': 'application/json' };
    await api(base, `/api/v2/organizer/galleries/${gallery}/config`, { method: 'POST', headers: { ...auth, ...json }, body: JSON.stringify({ use_comment: 1, block_all: 0 }) });
    const commenter = (await api(base, '/session.js')).token;
    await api(base, '/api/v2/auth/mp/login', {
      method: 'POST',
      headers: { ...json, authorization: `Bearer ${commenter}` },
      body: JSON.stringify({ code: `sandbox:Bench:${crypto.randomUUID()}` })
    });

    let burstAt = NaN; // when the ten registrations were sent (performance.now())
    let commentAt = NaN; // when the comment was posted
    const latencies = [];
    const commentLatencies = [];
    const onLive = (frame, now) => {
      if (frame.type === 'image_add') latencies.push(now - burstAt);
      else if (frame.type === 'text') commentLatencies.push(now - commentAt);
    };
    const t0 = Date.now();
    const opened = await connectAll(url, CONNECTIONS, onLive);
    sockets = opened.sockets;
    const connectS = (Date.now() - t0) / 1000;
    const idle = await inspect.memory();
    // BENCH_PROFILE=<file>: a CPU profile of the server during the burst (open it in Chrome DevTools).
    if (process.env.BENCH_PROFILE) {
      await inspect.call('Profiler.enable');
      await inspect.call('Profiler.start');
    }
    const n = sockets.length;
    const perConnKiB = n ? (idle.rssKiB - before.rssKiB) / n : NaN;
    const heapPerConnKiB = n ? (idle.heapKiB - before.heapKiB) / n : NaN;
    console.log(
      `live fan-out connections: ${n} of ${CONNECTIONS} open in ${connectS.toFixed(1)} s${opened.errors.length ? ` (${opened.errors.length} failed, first: ${opened.errors[0]})` : ''}`
    );
    const mib = (k) => (k / 1024).toFixed(1);
    console.log(`live fan-out server RSS (after a full GC): ${mib(before.rssKiB)} MiB before, ${mib(idle.rssKiB)} MiB with ${n} idle viewers → ${f1(perConnKiB)} KiB per idle connection`);
    console.log(`live fan-out server JS heap (after a full GC): ${mib(before.heapKiB)} MiB before, ${mib(idle.heapKiB)} MiB with ${n} idle viewers → ${f1(heapPerConnKiB)} KiB per idle connection`);

    // The burst: ten photos registered at once, ten image_add to every viewer.
    burstAt = performance.now();
    await Promise.all(
      keys.map((key) =>
        api(base, '/api/v2/images/upload', {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ gallery_id: gallery, hash: key, keywords: '', tags: [], link_id: link })
        })
      )
    );
    const expected = n * BURST;
    const until = Date.now() + DELIVERY_LIMIT_MS;
    while (latencies.length < expected && Date.now() < until) await sleep(50);
    const rssBurst = rssKiB(server.pid);

    // One comment through the API: every viewer gets its `text` message.
    await sleep(500);
    commentAt = performance.now();
    const posted = await api(base, '/api/comment/post', {
      method: 'POST',
      headers: { ...json, authorization: `Bearer ${commenter}` },
      body: JSON.stringify({ galleryid: gallery, content: `Bench comment ${crypto.randomUUID().slice(0, 8)}` })
    });
    const commentUntil = Date.now() + DELIVERY_LIMIT_MS;
    while (commentLatencies.length < n && Date.now() < commentUntil) await sleep(20);
    if (process.env.BENCH_PROFILE) {
      const { profile } = await inspect.call('Profiler.stop');
      fs.writeFileSync(process.env.BENCH_PROFILE, JSON.stringify(profile));
    }
    inspect.close();

    const sorted = [...latencies].sort((a, b) => a - b);
    const p95 = pct(sorted, 95);
    const ok = sorted.length === expected && p95 <= BUDGET_P95_MS;
    console.log(`live fan-out deliveries: ${sorted.length} of ${expected} (${BURST} image_add × ${n} viewers, timed from the registrations' start)`);
    console.log(`live fan-out delivery latency p50: ${f1(pct(sorted, 50))} ms, p95: ${f1(p95)} ms, max: ${f1(sorted[sorted.length - 1])} ms`);
    console.log(`live fan-out budget p95 ≤ ${BUDGET_P95_MS} ms: ${ok ? '✓ within budget' : '✗ OVER BUDGET'}${sorted.length < expected ? ' (messages missing)' : ''}`);
    const cSorted = [...commentLatencies].sort((a, b) => a - b);
    const cP95 = pct(cSorted, 95);
    const cOk = cSorted.length === n && cP95 <= BUDGET_P95_MS;
    console.log(`live fan-out comment: ${cSorted.length} of ${n} viewers got comment ${posted.id} (status ${posted.status}), timed from POST /api/comment/post`);
    console.log(`live fan-out comment latency p50: ${f1(pct(cSorted, 50))} ms, p95: ${f1(cP95)} ms, max: ${f1(cSorted[cSorted.length - 1])} ms`);
    console.log(`live fan-out comment budget p95 ≤ ${BUDGET_P95_MS} ms: ${cOk ? '✓ within budget' : '✗ OVER BUDGET'}${cSorted.length < n ? ' (messages missing)' : ''}`);
    const out = {
      connections_requested: CONNECTIONS,
      connections_open: n,
      connect_s: connectS,
      connect_errors: opened.errors.length,
      bus: redisUrl ? 'redis' : 'memory',
      rss_before_kib: before.rssKiB,
      rss_idle_kib: idle.rssKiB,
      heap_before_kib: Math.round(before.heapKiB),
      heap_idle_kib: Math.round(idle.heapKiB),
      heap_kib_per_idle_connection: heapPerConnKiB,
      rss_after_burst_kib: rssBurst,
      kib_per_idle_connection: perConnKiB,
      messages: BURST,
      message_type: 'image_add',
      deliveries: sorted.length,
      deliveries_expected: expected,
      p50_ms: pct(sorted, 50),
      p95_ms: p95,
      max_ms: sorted[sorted.length - 1] ?? null,
      budget_p95_ms: BUDGET_P95_MS,
      comment_deliveries: cSorted.length,
      comment_p50_ms: pct(cSorted, 50),
      comment_p95_ms: cP95,
      comment_max_ms: cSorted[cSorted.length - 1] ?? null,
      ulimit_n: limit
    };
    fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
    fs.writeFileSync(path.join(root, 'bench/results/live-fanout.json'), JSON.stringify(out, null, 2) + '\n');
  } catch (e) {
    console.log(`live fan-out bench: not measured: ${e.message}`);
  } finally {
    for (const s of sockets) s.terminate();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
