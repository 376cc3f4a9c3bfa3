#!/usr/bin/env node
// Viewer swipe: in Chromium at phone size, open the demo, open the viewer and
// swipe ~20 times with touch events. For each swipe whose next photo is already
// cached (its neighbour slide's image has loaded), measure from the end of the
// swipe (touchend) to the next photo shown in the current slide and decoded
// (img.complete, naturalWidth > 0, img.decode() resolved). Prints p50/p95
// against the 150 ms budget. Never fails.
import fs from 'node:fs';
import path from 'node:path';
import { root, startServer } from '../scripts/lib/server.mjs';

const BUDGET_MS = 150;
const SWIPES = 20;
const results = { budget_ms: BUDGET_MS };

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

async function run() {
  const { chromium } = await import('playwright-core');
  const server = await startServer();
  let browser;
  try {
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run']
    });
    const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    const page = await context.newPage();
    await page.goto(server.demoUrl);
    const cell = page.locator('[data-testid="photo-item"]:visible').first();
    await cell.waitFor({ state: 'visible', timeout: 30000 });
    await cell.click();
    await page.locator('[data-testid="viewer-stage"]').first().waitFor({ state: 'visible', timeout: 10000 });
    const cdp = await context.newCDPSession(page);
    const samples = [];
    let uncached = 0;
    for (let i = 0; i < SWIPES; i++) {
      // The next photo: the slide placed one screen to the right. Wait (up to 10 s) until it is cached.
      const nextId = await page.evaluate(async () => {
        const end = Date.now() + 10000;
        for (;;) {
          const next = Array.from(document.querySelectorAll('[data-testid="viewer-slide"]')).find((s) => /translate3d\(100%/.test(s.getAttribute('style') || ''));
          const img = next?.querySelector('img');
          if (next && img && img.complete && img.naturalWidth > 0) return next.getAttribute('data-id');
          if (Date.now() > end) return next ? `uncached:${next.getAttribute('data-id')}` : null;
          await new Promise((r) => setTimeout(r, 50));
        }
      });
      if (!nextId) break;
      if (nextId.startsWith('uncached:')) uncached++;
      const expected = nextId.replace('uncached:', '');
      await page.evaluate((id) => {
        window.__swipe = new Promise((resolve) => {
          document.addEventListener(
            'touchend',
            () => {
              const t0 = performance.now();
              const check = () => {
                const slide = document.querySelector('[data-testid="viewer-slide"][data-current="true"]');
                const img = slide?.querySelector('img');
                if (slide && img && slide.getAttribute('data-id') === id && img.complete && img.naturalWidth > 0) {
                  img.decode().then(
                    () => resolve(performance.now() - t0),
                    () => resolve(performance.now() - t0)
                  );
                } else requestAnimationFrame(check);
              };
              check();
            },
            { once: true, capture: true }
          );
        });
      }, expected);
      const x = 300;
      const y = 400;
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
      for (let k = 1; k <= 5; k++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x - k * 40, y }] });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      const ms = await page.evaluate(() => Promise.race([window.__swipe, new Promise((r) => setTimeout(() => r(-1), 5000))]));
      if (ms < 0) {
        console.log(`swipe ${i + 1}: next photo ${expected} not shown within 5 s`);
        continue;
      }
      if (!nextId.startsWith('uncached:')) samples.push(ms);
      await page.waitForTimeout(250);
    }
    results.swipes = samples.length;
    results.uncached_skipped = uncached;
    if (samples.length) {
      results.p50_ms = Number(pct(samples, 50).toFixed(1));
      results.p95_ms = Number(pct(samples, 95).toFixed(1));
      results.max_ms = Number(Math.max(...samples).toFixed(1));
      const within = results.p95_ms <= BUDGET_MS;
      console.log(
        `viewer swipe → next photo decoded (cached), ${samples.length} swipes: p50 ${results.p50_ms} ms, p95 ${results.p95_ms} ms, max ${results.max_ms} ms (budget ${BUDGET_MS} ms): ${within ? 'within budget' : 'OVER BUDGET'}`
      );
    } else console.log('viewer swipe: no cached swipe measured');
  } finally {
    await browser?.close();
    await server.stop();
  }
}

if (!fs.existsSync(path.join(root, 'dist/h5/index.html'))) {
  console.log('viewer swipe: dist/h5/index.html is missing (run npm run build:h5 first)');
  process.exit(0);
}
try {
  await run();
} catch (e) {
  console.log(`viewer swipe: not measured: ${e.message.split('\n').slice(0, 8).join('\n  ')}`);
}
fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
fs.writeFileSync(path.join(root, 'bench/results/viewer-swipe.json'), JSON.stringify(results, null, 2) + '\n');
