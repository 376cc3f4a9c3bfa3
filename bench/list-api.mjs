#!/usr/bin/env node
// Photo list API under load: the real server (temp DATA_DIR with the seeded demo on
// embedded PGlite, or DATABASE_URL when given), 50 connections for ~10 s against
// /api/v2/images/{top gallery id}/list with varied offsets, sorts and a tags query.
// Prints p50/p95/p99 latency and requests/s against the p95 ≤ 30 ms budget. Never fails.
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
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

await main();
