#!/usr/bin/env node
// H5 first load: the JavaScript a visitor downloads before the demo gallery shows.
// 1. the entry scripts named in dist/h5/index.html;
// 2. with the real server and headless Chromium, every .js fetched until the gallery
//    page has drawn its first screen (gallery name and the head slider's first image).
// Sizes: raw, and as served by the server with the encoding Chromium negotiated (bytes
// on the wire from Chromium's network events: brotli when the build is precompressed).
// The entry scripts are fetched from the real server with Chromium's Accept-Encoding.
// Prints KB against the 300 KB budget. Never fails.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { root, startServer } from '../scripts/lib/server.mjs';

// E2E_H5_DIR measures another build folder (parallel builds), as the browser tests do.
const h5Dir = process.env.E2E_H5_DIR ? path.resolve(root, process.env.E2E_H5_DIR) : path.join(root, 'dist/h5');
const BUDGET_KB = 300;
const ACCEPT_ENCODING = 'gzip, deflate, br, zstd'; // what Chromium sends
const KB = (n) => (n / 1024).toFixed(1);
const results = { budget_kb: BUDGET_KB };

function entryScriptSrcs() {
  const html = fs.readFileSync(path.join(h5Dir, 'index.html'), 'utf8');
  return [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]);
}

/** The entry scripts as the server answers them (headers and bytes on the wire). */
async function entryScripts(baseUrl) {
  const list = [];
  for (const src of entryScriptSrcs()) {
    const file = path.join(h5Dir, new URL(src, 'http://x/').pathname);
    const raw = fs.existsSync(file) ? fs.statSync(file).size : 0;
    const wire = await new Promise((resolve, reject) => {
      http
        .get(new URL(src, baseUrl), { headers: { 'accept-encoding': ACCEPT_ENCODING } }, (res) => {
          let n = 0;
          res.on('data', (c) => (n += c.length));
          res.on('end', () => resolve({ n, encoding: res.headers['content-encoding'] ?? 'identity' }));
        })
        .on('error', reject);
    });
    list.push({ src, raw, wire: wire.n, encoding: wire.encoding });
  }
  return list;
}

function report(label, list) {
  const total = list.reduce((s, f) => s + f.wire, 0);
  const raw = list.reduce((s, f) => s + f.raw, 0);
  console.log(`${label}: ${list.length} files, ${KB(raw)} KB raw, ${KB(total)} KB as served (budget ${BUDGET_KB} KB): ${total / 1024 <= BUDGET_KB ? 'within budget' : 'OVER BUDGET'}`);
  for (const f of [...list].sort((a, b) => b.wire - a.wire)) console.log(`  ${f.src}  ${KB(f.raw)} KB raw, ${KB(f.wire)} KB served (${f.encoding})`);
  return total;
}

async function observed(server) {
  const { chromium } = await import('playwright-core');
  let browser;
  try {
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run']
    });
    const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    const page = await context.newPage();
    // Chromium's network events: encodedDataLength is what came over the wire (headers included).
    const cdp = await context.newCDPSession(page);
    const scripts = new Map();
    let rendered = false;
    let allBytes = 0;
    cdp.on('Network.responseReceived', (e) => {
      if (rendered || e.type !== 'Script') return;
      const u = new URL(e.response.url);
      const encoding = Object.entries(e.response.headers).find(([k]) => k.toLowerCase() === 'content-encoding')?.[1] ?? 'identity';
      scripts.set(e.requestId, { src: u.pathname + u.search + (e.response.status === 200 ? '' : ` (HTTP ${e.response.status})`), raw: 0, wire: 0, encoding });
    });
    cdp.on('Network.dataReceived', (e) => {
      const s = scripts.get(e.requestId);
      if (s) s.raw += e.dataLength;
    });
    cdp.on('Network.loadingFinished', (e) => {
      if (rendered) return;
      allBytes += e.encodedDataLength;
      const s = scripts.get(e.requestId);
      if (s) s.wire = e.encodedDataLength;
    });
    await cdp.send('Network.enable');
    const t0 = Date.now();
    await page.goto(server.demoUrl);
    try {
      await page.getByTestId('gallery-name').first().waitFor({ state: 'visible', timeout: 30000 });
      // The first screen: the header and the head slider's first slide drawn. The photo list
      // starts below the event's banner, galleries and info (its cells are drawn near the screen).
      await page.getByTestId('slidehead-slide').first().waitFor({ state: 'visible', timeout: 30000 });
      await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="slidehead-slide"] img')].some((i) => i.complete && i.naturalWidth > 0), null, { timeout: 30000 });
      rendered = true;
      results.render_ms = Date.now() - t0;
      console.log(`demo gallery rendered in ${results.render_ms} ms (phone viewport, cold cache)`);
    } catch {
      rendered = true;
      console.log('demo gallery did not render within 30 s (gallery-name / the head slider’s first image not drawn): counting the JS fetched so far');
      results.rendered = false;
    }
    results.all_transferred_kb = Number(KB(allBytes));
    console.log(`everything transferred until then (documents, scripts, styles, API, images): ${KB(allBytes)} KB`);
    return [...scripts.values()];
  } finally {
    await browser?.close();
  }
}

if (!fs.existsSync(path.join(h5Dir, 'index.html'))) {
  console.log('h5 first load: dist/h5/index.html is missing (run npm run build:h5 first)');
  process.exit(0);
}
let server;
try {
  server = await startServer({ h5Dir });
  results.entry_served_kb = Number(KB(report('h5 entry scripts (index.html)', await entryScripts(server.baseUrl))));
  results.first_load_served_kb = Number(KB(report('h5 first load JS (observed until the gallery rendered)', await observed(server))));
} catch (e) {
  console.log(`h5 first load: not measured: ${e.message.split('\n').slice(0, 12).join('\n  ')}`);
} finally {
  await server?.stop();
}
fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
fs.writeFileSync(path.join(root, 'bench/results/h5-first-load.json'), JSON.stringify(results, null, 2) + '\n');
