#!/usr/bin/env node
// H5 first load: the JavaScript a visitor downloads before the demo gallery shows.
// 1. the entry scripts named in dist/h5/index.html;
// 2. with the real server and headless Chromium, every .js fetched until the gallery
//    page has rendered (gallery name and a photo cell visible).
// Prints gzip sizes in KB against the 300 KB budget. Never fails.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { root, startServer } from '../scripts/lib/server.mjs';

// E2E_H5_DIR measures another build folder (parallel builds), as the browser tests do.
const h5Dir = process.env.E2E_H5_DIR ? path.resolve(root, process.env.E2E_H5_DIR) : path.join(root, 'dist/h5');
const BUDGET_KB = 300;
const gz = (buf) => zlib.gzipSync(buf, { level: 6 }).length;
const KB = (n) => (n / 1024).toFixed(1);
const results = { budget_kb: BUDGET_KB };

function entryScripts() {
  const html = fs.readFileSync(path.join(h5Dir, 'index.html'), 'utf8');
  const srcs = [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]);
  return srcs.map((src) => {
    const file = path.join(h5Dir, new URL(src, 'http://x/').pathname);
    const buf = fs.existsSync(file) ? fs.readFileSync(file) : Buffer.alloc(0);
    return { src, raw: buf.length, gzip: gz(buf) };
  });
}

function report(label, list) {
  const total = list.reduce((s, f) => s + f.gzip, 0);
  const raw = list.reduce((s, f) => s + f.raw, 0);
  console.log(`${label}: ${list.length} files, ${KB(raw)} KB raw, ${KB(total)} KB gzip (budget ${BUDGET_KB} KB): ${total / 1024 <= BUDGET_KB ? 'within budget' : 'OVER BUDGET'}`);
  for (const f of [...list].sort((a, b) => b.gzip - a.gzip)) console.log(`  ${f.src}  ${KB(f.raw)} KB raw, ${KB(f.gzip)} KB gzip`);
  return total;
}

async function observed() {
  const { chromium } = await import('playwright-core');
  const server = await startServer({ h5Dir });
  let browser;
  try {
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run']
    });
    const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    const page = await context.newPage();
    const scripts = [];
    let rendered = false;
    page.on('response', (res) => {
      if (rendered) return;
      const u = new URL(res.url());
      // Scripts only: /session.js is an API call (fetch), not code.
      if (res.request().resourceType() !== 'script') return;
      const src = u.pathname + u.search + (res.status() === 200 ? '' : ` (HTTP ${res.status()})`);
      scripts.push(
        res
          .body()
          .then((b) => ({ src, raw: b.length, gzip: gz(b) }))
          .catch(() => ({ src: `${src} (body unavailable)`, raw: 0, gzip: 0 }))
      );
    });
    const t0 = Date.now();
    await page.goto(server.demoUrl);
    try {
      await page.getByTestId('gallery-name').first().waitFor({ state: 'visible', timeout: 30000 });
      await page.getByTestId('photo-item').first().waitFor({ state: 'visible', timeout: 30000 });
      rendered = true;
      results.render_ms = Date.now() - t0;
      console.log(`demo gallery rendered in ${results.render_ms} ms (phone viewport, cold cache)`);
    } catch {
      rendered = true;
      console.log('demo gallery did not render within 30 s (gallery-name / photo-item not visible): counting the JS fetched so far');
      results.rendered = false;
    }
    return await Promise.all(scripts);
  } finally {
    await browser?.close();
    await server.stop();
  }
}

if (!fs.existsSync(path.join(h5Dir, 'index.html'))) {
  console.log('h5 first load: dist/h5/index.html is missing (run npm run build:h5 first)');
  process.exit(0);
}
results.entry_gzip_kb = Number(KB(report('h5 entry scripts (index.html)', entryScripts())));
try {
  results.first_load_gzip_kb = Number(KB(report('h5 first load JS (observed until the gallery rendered)', await observed())));
} catch (e) {
  console.log(`h5 first load JS (observed): not measured: ${e.message.split('\n').slice(0, 12).join('\n  ')}`);
}
fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
fs.writeFileSync(path.join(root, 'bench/results/h5-first-load.json'), JSON.stringify(results, null, 2) + '\n');
