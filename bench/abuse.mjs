#!/usr/bin/env node
// What noisy clients cost everyone else (issue 11): the real server (temp DATA_DIR with
// the seeded demo on embedded PGlite, or DATABASE_URL), and the photo list call timed
// sequentially (BENCH_ABUSE_CALLS calls, default 200) in three states:
//   1. quiet;
//   2. while one guest WebSocket sends 20,000 `join` frames of unknown galleries
//      (reports how the server closed it and how many frames it took);
//   3. while 300 connections trickle a JSON body one byte a second (REQUEST_TIMEOUT_MS
//      is set to 5 s here; reports how many were cut and when).
// Then 2,000 `GET /session.js` without a token from one address: how many made a
// guest, how many got 429. Prints p50/p95/max latency per state. Never fails.
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { startServer } from '../scripts/lib/server.mjs';

const CALLS = Number(process.env.BENCH_ABUSE_CALLS || 200);
const JOINS = 20_000;
const TRICKLERS = 300;
const BODY_DEADLINE_MS = 5_000;
const GUEST_BURST = 2_000;

const pct = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function timeCalls(base, path) {
  const times = [];
  let failed = 0;
  for (let i = 0; i < CALLS; i++) {
    const t0 = performance.now();
    const res = await fetch(base + path).catch(() => null);
    if (!res || !res.ok) failed++;
    await res?.arrayBuffer().catch(() => null);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return `p50 ${pct(times, 50).toFixed(1)} ms, p95 ${pct(times, 95).toFixed(1)} ms, max ${times[times.length - 1].toFixed(1)} ms${failed ? `, ${failed} failed` : ''}`;
}

async function joinFlood(base, token, gallery) {
  const url = `${base.replace(/^http/, 'ws')}/api/v2/live?token=${encodeURIComponent(token)}&gallery=${gallery}`;
  const ws = new WebSocket(url, { perMessageDeflate: false });
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  let sent = 0;
  const closed = new Promise((resolve) => ws.once('close', (code, reason) => resolve({ code, reason: String(reason) })));
  (async () => {
    for (; sent < JOINS && ws.readyState === WebSocket.OPEN; sent++) {
      ws.send(JSON.stringify({ type: 'join', gallery: 2_000_000_000 - sent }));
      if (sent % 500 === 0) await sleep(0);
    }
  })();
  return { closed, sent: () => sent };
}

function trickle(port, deadlines) {
  const t0 = performance.now();
  const sock = net.connect(port, '127.0.0.1');
  sock.on('error', () => {});
  sock.write('POST /api/v2/trigger/story HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{');
  const timer = setInterval(() => sock.writable && sock.write(' '), 1000);
  sock.on('close', () => {
    clearInterval(timer);
    deadlines.push(performance.now() - t0);
  });
  return sock;
}

async function main() {
  const databaseUrl = process.env.DATABASE_URL || null;
  let server;
  try {
    server = await startServer({ databaseUrl, requireDemo: !databaseUrl, env: { REQUEST_TIMEOUT_MS: String(BODY_DEADLINE_MS) } });
  } catch (e) {
    console.log(`abuse bench: server did not start: ${e.message.split('\n').slice(0, 12).join('\n  ')}`);
    return;
  }
  const base = server.baseUrl;
  const port = Number(new URL(base).port);
  try {
    const link = server.demoUrl ? new URL(server.demoUrl).pathname.split('/').pop() : process.env.BENCH_LINK || 'demo2026';
    const g = (await (await fetch(`${base}/api/v2/gallery/link/${link}`)).json()).data.gallery;
    const listPath = `/api/v2/images/${g.id}/list?offset=0`;
    console.log(`abuse bench: gallery ${g.id} on ${databaseUrl ? 'PostgreSQL' : 'embedded PGlite'}; ${CALLS} sequential list calls per state`);
    await timeCalls(base, listPath); // warm up
    console.log(`  quiet:                         ${await timeCalls(base, listPath)}`);

    const token = (await (await fetch(`${base}/session.js`)).json()).data.token;
    const flood = await joinFlood(base, token, g.id);
    const during = await timeCalls(base, listPath);
    const { code, reason } = await Promise.race([flood.closed, sleep(30_000).then(() => ({ code: 'still open after 30 s', reason: '' }))]);
    console.log(`  one socket, ${JOINS} joins:     ${during}`);
    console.log(`    the flooding socket: closed ${code} ${reason} after ${flood.sent()} frames sent`);

    const deadlines = [];
    const socks = Array.from({ length: TRICKLERS }, () => trickle(port, deadlines));
    await sleep(200);
    console.log(`  ${TRICKLERS} trickled bodies:        ${await timeCalls(base, listPath)}`);
    const waitUntil = performance.now() + BODY_DEADLINE_MS * 4;
    while (deadlines.length < TRICKLERS && performance.now() < waitUntil) await sleep(250);
    deadlines.sort((a, b) => a - b);
    console.log(
      `    cut by the server: ${deadlines.length}/${TRICKLERS} within ${(BODY_DEADLINE_MS * 4) / 1000} s` +
        (deadlines.length ? ` (first ${(deadlines[0] / 1000).toFixed(1)} s, last ${(deadlines[deadlines.length - 1] / 1000).toFixed(1)} s; deadline ${BODY_DEADLINE_MS / 1000} s)` : '')
    );
    for (const s of socks) s.destroy();

    const statuses = new Map();
    for (let i = 0; i < GUEST_BURST; i += 50) {
      const batch = await Promise.all(Array.from({ length: 50 }, () => fetch(`${base}/session.js`).then((r) => r.status).catch(() => 'error')));
      for (const st of batch) statuses.set(st, (statuses.get(st) ?? 0) + 1);
    }
    console.log(`  ${GUEST_BURST} tokenless /session.js from one address: ${[...statuses].map(([s, n]) => `${n} × ${s}`).join(', ')}`);
  } finally {
    await server.stop();
  }
}

main().catch((e) => {
  console.log(`abuse bench: ${e.stack || e}`);
});
