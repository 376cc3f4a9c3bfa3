// What the server-rendered document saves a visitor (issue 12, Speed 3): loads the
// demo link in Chromium over an emulated slow network (RTT 300 ms, 1.6 Mbit/s down,
// 750 kbit/s up, 4x CPU slowdown), 3 times each:
//   served    the document as the server answers it (head, boot gallery, preload, skeleton)
//   stripped  the same document with the boot data, the preload and the skeleton taken out
// and prints the medians of: first contentful paint, the gallery's name on screen, the
// head slider's first image loaded, and the API calls made before the name showed.
// Usage: node bench/first-data.mjs   (needs the H5 build in dist/h5; starts its own server)
import { chromium } from 'playwright-core';
import { startServer } from '../scripts/lib/server.mjs';

const RUNS = 3;
const server = await startServer({});
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const url = `${server.baseUrl}/g/demo2026`;

function strip(html) {
  return html
    .replace(/<script>window\.__BOOT__=[\s\S]*?<\/script>/, '')
    .replace(/<link rel="preload" as="image"[^>]*>/, '')
    .replace(/<style>#boot-skeleton[\s\S]*?<\/style><div id="boot-skeleton"[\s\S]*?<\/div><\/div>/, '');
}

async function once(mode) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 300, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  if (mode === 'stripped') {
    await page.route(url, async (route) => {
      const res = await route.fetch();
      await route.fulfill({ response: res, body: strip(await res.text()) });
    });
  }
  const api = [];
  let named = false;
  page.on('request', (r) => {
    if (!named && (r.url().includes('/api/') || r.url().includes('/session.js'))) api.push(new URL(r.url()).pathname);
  });
  const t0 = Date.now();
  await page.goto(url, { waitUntil: 'commit' });
  await page.getByTestId('gallery-name').first().waitFor({ state: 'visible', timeout: 120_000 });
  named = true;
  const nameMs = Date.now() - t0;
  await page.waitForFunction(() => {
    const img = document.querySelector('[data-testid="slidehead-slide"] img');
    return img && img.complete && img.naturalWidth > 0;
  }, null, { timeout: 120_000 });
  const slideMs = Date.now() - t0;
  const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null);
  await context.close();
  return { fcp, nameMs, slideMs, api: api.length };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
try {
  for (const mode of ['stripped', 'served']) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await once(mode));
    const m = (k) => Math.round(median(runs.map((r) => r[k])));
    console.log(`${mode.padEnd(8)}  FCP ${m('fcp')} ms  gallery name ${m('nameMs')} ms  first slide ${m('slideMs')} ms  API calls before the name ${m('api')}`);
  }
} finally {
  await browser.close();
  await server.stop();
}
