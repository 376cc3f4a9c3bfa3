#!/usr/bin/env node
// When the visitor can use the demo gallery on a slow network (issue 12, Speed 3): Chromium at a
// phone size with Lighthouse's slow-4G figures applied to the browser itself (562.5 ms latency per
// request, 1.47 Mbps down, 675 kbps up) and the CPU 4x slower. Per run, from navigation start:
// - LCP: what the visitor sees first (the server's first screen and its banner);
// - app drawn: the first screen gave way to the app's gallery page (it can be tapped from then on).
// Median of RUNS (5), each in a new browser context (cold caches). Never fails.
import path from 'node:path';
import { chromium } from 'playwright-core';
import { root, startServer } from '../scripts/lib/server.mjs';

const h5Dir = process.env.E2E_H5_DIR ? path.resolve(root, process.env.E2E_H5_DIR) : path.join(root, 'dist/h5');
const RUNS = Number(process.env.RUNS || 5);
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

try {
  const server = await startServer({ h5Dir });
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || '/usr/bin/chromium', args: ['--no-sandbox'] });
  const runs = [];
  try {
    for (let i = 0; i < RUNS; i++) {
      const ctx = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
      const page = await ctx.newPage();
      const cdp = await ctx.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 562.5, downloadThroughput: (1474.56 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.addInitScript(() => {
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) window.__lcp = e.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        // The moment the server's first screen leaves the document.
        new MutationObserver((_, obs) => {
          if (document.readyState !== 'loading' && !document.getElementById('boot-skeleton')) {
            window.__drawn = performance.now();
            obs.disconnect();
          }
        }).observe(document, { childList: true, subtree: true });
      });
      await page.goto(server.demoUrl, { waitUntil: 'commit' });
      await page.waitForFunction(() => window.__drawn !== undefined, null, { timeout: 60000, polling: 100 });
      const r = await page.evaluate(() => ({ lcp: window.__lcp, drawn: window.__drawn }));
      runs.push(r);
      console.log(`run ${i + 1}: LCP ${Math.round(r.lcp)} ms, app drawn ${Math.round(r.drawn)} ms`);
      await ctx.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  console.log(`slow 4G applied, CPU x4, /g/demo2026 at 412x823, median of ${runs.length}: LCP ${Math.round(median(runs.map((r) => r.lcp)))} ms, app drawn ${Math.round(median(runs.map((r) => r.drawn)))} ms`);
} catch (e) {
  console.log(`app-ready: not measured: ${String(e?.stack ?? e).split('\n').slice(0, 6).join('\n  ')}`);
}
