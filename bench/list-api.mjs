#!/usr/bin/env node
// Photo list API under load: the real server (temp DATA_DIR with the seeded demo on
// embedded PGlite, or DATABASE_URL when given), 50 connections for ~10 s against
// /api/v2/images/{top gallery id}/list with varied offsets, sorts and a tags query.
// Then the same on a 100,000-photo gallery (server/src/cli/big-gallery.ts; BENCH_BIG
// sets the size, 0 skips it): tags and offsets all over the gallery, through the list
// cache, and with BENCH_NOCACHE=1 (the database path) both by offset and by keyset
// cursor (`after`, what the app sends). Prints p50/p95/p99 latency and requests/s
// against the p95 ≤ 30 ms budget. Never fails.
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { spawnSync } from 'node:child_process';
import autocannon from 'autocannon';
import pg from 'pg';
import { root, startServer } from '../scripts/lib/server.mjs';

const DURATION_S = Number(process.env.BENCH_DURATION || 10);
const CONNECTIONS = 50;
const BUDGET_P95_MS = 30;
const PAGE = 20;

const pct = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN);

async function getJson(base, p) {
  const res = await fetch(base + p);
  if (!res.ok) throw new Error(`GET ${p} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
  return res.json();
}

async function main() {
  const databaseUrl = process.env.DATABASE_URL || null;
  let server;
  try {
    server = await startServer({ databaseUrl, requireDemo: !databaseUrl });
  } catch (e) {
    console.log(`list API bench: server did not start: ${e.message.split('\n').slice(0, 12).join('\n  ')}`);
    return;
  }
  try {
    const link = server.demoUrl ? new URL(server.demoUrl).pathname.split('/').pop() : process.env.BENCH_LINK || 'demo2026';
    const { data } = await getJson(server.baseUrl, `/api/v2/gallery/link/${link}`);
    const g = data.gallery;
    const total = (await getJson(server.baseUrl, `/api/v2/images/${g.id}/list?offset=0`)).data.total;
    const tag = (g.tags ?? [])[0];
    console.log(`list API bench: gallery ${g.id} (${link}, ${total} photos) on ${databaseUrl ? 'PostgreSQL' : 'embedded PGlite'}; ${CONNECTIONS} connections, ${DURATION_S} s`);

    const paths = [];
    const sorts = ['', '&sorttype=-shoottime', '&sorttype=createtime&order=asc', '&sorttype=-love'];
    for (let offset = 0, i = 0; offset < Math.max(total, PAGE); offset += PAGE, i++) {
      paths.push(`/api/v2/images/${g.id}/list?offset=${offset}${sorts[i % sorts.length]}`);
    }
    const tagQuery = encodeURIComponent(tag ?? 'bench-no-such-tag');
    for (const offset of [0, PAGE, 2 * PAGE]) paths.push(`/api/v2/images/${g.id}/list?offset=${offset}&tags=${tagQuery}`);
    // Warm up (and fail early on a bad path).
    for (const p of paths) await getJson(server.baseUrl, p);

    const times = [];
    const instance = autocannon({
      url: server.baseUrl,
      connections: CONNECTIONS,
      duration: DURATION_S,
      requests: paths.map((p) => ({ method: 'GET', path: p }))
    });
    instance.on('response', (_client, _status, _bytes, ms) => times.push(ms));
    const result = await instance;
    times.sort((a, b) => a - b);
    const p95 = pct(times, 95);
    const out = {
      requests_per_s: Math.round(result.requests.average),
      p50_ms: pct(times, 50),
      p95_ms: p95,
      p99_ms: pct(times, 99),
      max_ms: times[times.length - 1],
      requests: result.requests.total,
      non_2xx: result.non2xx,
      errors: result.errors,
      timeouts: result.timeouts,
      budget_p95_ms: BUDGET_P95_MS
    };
    const f = (n) => (Number.isFinite(n) ? n.toFixed(1) : 'n/a');
    console.log(`list API latency p50: ${f(out.p50_ms)} ms`);
    console.log(`list API latency p95: ${f(out.p95_ms)} ms (budget ${BUDGET_P95_MS} ms): ${p95 <= BUDGET_P95_MS ? 'within budget' : 'OVER BUDGET'}`);
    console.log(`list API latency p99: ${f(out.p99_ms)} ms`);
    console.log(`list API throughput: ${out.requests_per_s} requests/s (${out.requests} requests, ${out.non_2xx} non-2xx, ${out.errors} errors, ${out.timeouts} timeouts)`);
    fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
    fs.writeFileSync(path.join(root, 'bench/results/list-api.json'), JSON.stringify(out, null, 2) + '\n');
  } catch (e) {
    console.log(`list API bench: not measured: ${e.message}`);
  } finally {
    await server.stop();
  }
}

const BIG = Number(process.env.BENCH_BIG ?? 100000);

/** 50 connections over `paths` for DURATION_S: latency percentiles and throughput. */
async function load(baseUrl, paths) {
  const times = [];
  const instance = autocannon({ url: baseUrl, connections: CONNECTIONS, duration: DURATION_S, requests: paths.map((p) => ({ method: 'GET', path: p })) });
  instance.on('response', (_c, _s, _b, ms) => times.push(ms));
  const result = await instance;
  times.sort((a, b) => a - b);
  return {
    requests_per_s: Math.round(result.requests.average),
    p50_ms: pct(times, 50),
    p95_ms: pct(times, 95),
    p99_ms: pct(times, 99),
    requests: result.requests.total,
    non_2xx: result.non2xx,
    errors: result.errors
  };
}

function report(label, r) {
  const f = (n) => (Number.isFinite(n) ? n.toFixed(1) : 'n/a');
  console.log(
    `${label}: p50 ${f(r.p50_ms)} ms, p95 ${f(r.p95_ms)} ms (budget ${BUDGET_P95_MS} ms: ${r.p95_ms <= BUDGET_P95_MS ? 'within budget' : 'OVER BUDGET'}), p99 ${f(r.p99_ms)} ms, ${r.requests_per_s} requests/s, ${r.non_2xx} non-2xx, ${r.errors} errors`
  );
}

/** Request paths over a big gallery: offsets everywhere, the gallery's tags, every sort. */
async function bigPaths(baseUrl, id, total, tags, keyset) {
  const out = [];
  const sorts = ['&sorttype=-shoottime', '&sorttype=shoottime&order=asc', '&sorttype=-love'];
  for (let i = 0; i < 600; i++) {
    const tag = i % 2 ? `&tags=${encodeURIComponent(tags[i % tags.length])}` : '';
    const sort = sorts[i % sorts.length];
    const span = tag ? Math.floor(total / 4) : total;
    const offset = Math.floor(((i * 7919) % 1000) / 1000 * Math.max(1, span - PAGE) / PAGE) * PAGE;
    let p = `/api/v2/images/${id}/list?offset=${offset}${sort}${tag}`;
    if (keyset && offset > 0) {
      // The cursor is the previous page's last photo, as the app sends it.
      const prev = (await getJson(baseUrl, `/api/v2/images/${id}/list?offset=${offset - 1}&page_size=1${sort}${tag}`)).data.items[0];
      if (prev) p += `&after=${sort.includes('love') ? prev.love : prev.shoottime}_${prev.id}`;
    }
    out.push(p);
  }
  return out;
}

/** With DATABASE_URL, the big gallery goes into a fresh schema of that database (dropped at the end). */
async function benchSchema() {
  const base = process.env.DATABASE_URL;
  if (!base) return { url: '', drop: async () => undefined };
  const schema = `bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    }
  };
}

async function big() {
  if (!BIG) return;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'livegallery-big-'));
  const link = `big${BIG}`.slice(0, 9);
  const out = {};
  const db = await benchSchema();
  const backend = db.url ? 'PostgreSQL' : 'PGlite';
  try {
    const t0 = Date.now();
    const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'server/src/cli/big-gallery.ts'), '--photos', String(BIG), '--link', link], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: db.url },
      encoding: 'utf8'
    });
    if (r.status !== 0) throw new Error(`big-gallery CLI failed: ${(r.stderr || r.stdout).slice(-400)}`);
    console.log(`list API bench: ${BIG}-photo gallery created in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    for (const nocache of [false, true]) {
      const server = await startServer({ databaseUrl: db.url || null, requireDemo: false, env: { DATA_DIR: dataDir, SEED_DEMO: '0', ...(nocache ? { BENCH_NOCACHE: '1' } : {}) } });
      try {
        const g = (await getJson(server.baseUrl, `/api/v2/gallery/link/${link}`)).data.gallery;
        const total = (await getJson(server.baseUrl, `/api/v2/images/${g.id}/list?offset=0`)).data.total;
        for (const keyset of nocache ? [false, true] : [false]) {
          const paths = await bigPaths(server.baseUrl, g.id, total, g.tags, keyset);
          if (!nocache) for (const p of paths) await getJson(server.baseUrl, p);
          const label = `list API ${total} photos on ${backend}, tags + offsets, ${nocache ? `page cache off (rows from the database), ${keyset ? 'keyset cursor' : 'offset'}` : 'list cache warm'}`;
          const res = await load(server.baseUrl, paths);
          report(label, res);
          out[nocache ? (keyset ? 'nocache_keyset' : 'nocache_offset') : 'cached'] = res;
        }
      } finally {
        await server.stop();
      }
    }
    fs.writeFileSync(path.join(root, `bench/results/list-api-${BIG}${db.url ? '-pg' : ''}.json`), JSON.stringify({ photos: BIG, backend, budget_p95_ms: BUDGET_P95_MS, connections: CONNECTIONS, ...out }, null, 2) + '\n');
  } catch (e) {
    console.log(`list API bench (${BIG} photos): not measured: ${e.message}`);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    await db.drop().catch(() => undefined);
  }
}

await main();
await big();
