#!/usr/bin/env node
// A 20,000-photo gallery in Chromium at phone size (375×812): for every display mode,
// scroll from the top to photo 5,000 and then to the end, and print the most
// [data-testid=photo-item] elements ever in the DOM and the longest 'longtask'
// (PerformanceObserver). Budgets (issue 3): ≤ 300 photo elements, no long task over
// 100 ms. The gallery comes from server/src/cli/big-gallery.ts in a temp DATA_DIR.
// Each mode gets a fresh page (a visitor opening the gallery and scrolling); each step
// scrolls BENCH_STEP px (default 812, one screen) and waits two frames.
// Env: BENCH_PHOTOS (default 20000), BENCH_MODES (default 1,2,4,flow,waterfall). Never fails.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { root, startServer, requireH5Build } from '../scripts/lib/server.mjs';

const PHOTOS = Number(process.env.BENCH_PHOTOS || 20000);
const LINK = `big${PHOTOS}`.slice(0, 9).padEnd(6, '0');
const MODES = (process.env.BENCH_MODES || '1,2,4,flow,waterfall').split(',');
const TARGET = Math.min(5000, PHOTOS);
const BUDGET_NODES = 300;
const BUDGET_LONGTASK_MS = 100;

function createGallery(dataDir) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'server/src/cli/big-gallery.ts'), '--photos', String(PHOTOS), '--link', LINK], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    encoding: 'utf8'
  });
  if (r.status !== 0) throw new Error(`big-gallery CLI failed (${r.status}): ${(r.stderr || r.stdout).slice(-800)}`);
}

/** In the page: the visible page's scroller and the list's numbers. */
function probe() {
  const area = Array.from(document.querySelectorAll('[data-testid="photo-area"]')).find((a) => a.getClientRects().length > 0);
  const scroller = area ? area.closest('.taro_page') || document.scrollingElement : document.scrollingElement;
  const cells = document.querySelectorAll('[data-testid="photo-item"]');
  let maxIndex = -1;
  for (const c of cells) maxIndex = Math.max(maxIndex, Number(c.getAttribute('data-index')));
  return {
    nodes: cells.length,
    maxIndex,
    loaded: Number(area?.getAttribute('data-loaded') || 0),
    total: Number(area?.getAttribute('data-total') || 0),
    mode: area?.getAttribute('data-mode'),
    top: scroller.scrollTop,
    height: scroller.scrollHeight,
    client: scroller.clientHeight,
    end: !!document.querySelector('[data-testid="list-end"]')
  };
}

async function scrollBy(page, step) {
  return page.evaluate(async ({ step, probeSrc }) => {
    const probe = new Function(`return (${probeSrc})()`);
    const area = Array.from(document.querySelectorAll('[data-testid="photo-area"]')).find((a) => a.getClientRects().length > 0);
    const scroller = area ? area.closest('.taro_page') || document.scrollingElement : document.scrollingElement;
    scroller.scrollTop = Math.min(scroller.scrollTop + step, scroller.scrollHeight);
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    return probe();
  }, { step, probeSrc: probe.toString() });
}

/** Scroll down in steps until `done(state)`; wait for pages to arrive at the bottom. Returns the max node count seen. */
async function scrollUntil(page, done, step) {
  let maxNodes = 0;
  let state = await page.evaluate(probe);
  let stuck = 0;
  const t0 = Date.now();
  while (!done(state)) {
    const before = state;
    state = await scrollBy(page, step);
    maxNodes = Math.max(maxNodes, state.nodes);
    const atBottom = state.top + state.client >= state.height - 2;
    if (atBottom && state.loaded === before.loaded) {
      if (state.end) break;
      await page.waitForTimeout(30);
      if (++stuck > 400) throw new Error(`no progress at ${JSON.stringify(state)}`);
    } else stuck = 0;
    if (Date.now() - t0 > 15 * 60_000) throw new Error(`timed out at ${JSON.stringify(state)}`);
  }
  return { maxNodes, state };
}

async function main() {
  try {
    requireH5Build();
  } catch (e) {
    console.log(`scroll bench: not measured: ${e.message}`);
    return;
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'livegallery-big-'));
  let server;
  let browser;
  try {
    const t0 = Date.now();
    createGallery(dataDir);
    console.log(`scroll bench: ${PHOTOS}-photo gallery created in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    server = await startServer({ requireDemo: false, env: { DATA_DIR: dataDir, SEED_DEMO: '0' } });
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run']
    });
    const results = [];
    for (const mode of MODES) {
      // A fresh page per mode: what a visitor opening the gallery and scrolling sees.
      const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, locale: 'en-US' });
      await context.addInitScript(() => {
        window.__longtasks = [];
        try {
          new PerformanceObserver((list) => {
            for (const e of list.getEntries()) window.__longtasks.push(e.duration);
          }).observe({ type: 'longtask', buffered: true });
        } catch {
          /* no longtask support: reported as n/a */
        }
      });
      const page = await context.newPage();
      await page.goto(`${server.baseUrl}/g/${LINK}`, { waitUntil: 'load' });
      await page.waitForSelector('[data-testid="photo-item"]', { timeout: 60_000 });
      // The layout switch in the list's toolbar cycles the modes.
      for (let i = 0; i < 6 && (await page.evaluate(probe)).mode !== mode; i++) {
        await page.locator('[data-testid="mode-switch"]').filter({ visible: true }).first().click();
        await page.waitForTimeout(100);
      }
      await page.evaluate(() => {
        const area = Array.from(document.querySelectorAll('[data-testid="photo-area"]')).find((a) => a.getClientRects().length > 0);
        (area?.closest('.taro_page') || document.scrollingElement).scrollTop = 0;
      });
      await page.waitForTimeout(300);
      await page.evaluate(() => (window.__longtasks = []));
      const m0 = Date.now();
      const step = Number(process.env.BENCH_STEP || 812);
      const to5k = await scrollUntil(page, (s) => s.maxIndex >= TARGET - 1, step);
      const longTo5k = await page.evaluate(() => Math.max(0, ...window.__longtasks));
      const toEnd = await scrollUntil(page, (s) => s.end && s.maxIndex >= s.total - 1 && s.top + s.client >= s.height - 2, step);
      const longAll = await page.evaluate(() => Math.max(0, ...window.__longtasks));
      const r = {
        mode,
        max_nodes: Math.max(to5k.maxNodes, toEnd.maxNodes),
        longest_task_to_5000_ms: Math.round(longTo5k),
        longest_task_to_end_ms: Math.round(longAll),
        long_tasks: await page.evaluate(() => window.__longtasks.length),
        reached: toEnd.state.maxIndex + 1,
        seconds: Math.round((Date.now() - m0) / 100) / 10
      };
      results.push(r);
      const ok = r.max_nodes <= BUDGET_NODES && r.longest_task_to_5000_ms <= BUDGET_LONGTASK_MS;
      console.log(
        `scroll ${mode.padEnd(9)}: max ${r.max_nodes} photo elements (budget ${BUDGET_NODES}); longest task to photo ${TARGET} ${r.longest_task_to_5000_ms} ms, to the end ${r.longest_task_to_end_ms} ms (budget ${BUDGET_LONGTASK_MS}); reached photo ${r.reached} in ${r.seconds} s: ${ok ? 'within budget' : 'OVER BUDGET'}`
      );
      await context.close();
    }
    fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
    fs.writeFileSync(path.join(root, 'bench/results/scroll-20k.json'), JSON.stringify({ photos: PHOTOS, budget_nodes: BUDGET_NODES, budget_longtask_ms: BUDGET_LONGTASK_MS, results }, null, 2) + '\n');
  } catch (e) {
    console.log(`scroll bench: not measured: ${e.message}`);
  } finally {
    await browser?.close().catch(() => undefined);
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
