#!/usr/bin/env node
// Selfie to result list on a phone (issue 13 budget: at most 2 s end to end on the demo).
// The real server with the demo seed and its background face indexer, headless Chromium
// as a phone with a WeChat user agent: open the demo's face gallery, tap Find, choose a
// selfie (a crop around one person's face from the face package's sample photo it comes
// from), give both consents, tap Search, and time until that person's first photo cell
// shows. Several persons, one run each after a warm-up. Also the findpeople call alone,
// from the page. Prints ms against the 2000 ms budget. Never fails.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { root, startServer } from '../scripts/lib/server.mjs';

const BUDGET_MS = 2000;
const LINK = 'faces026';
const SAMPLES = path.join(root, 'node_modules/@vladmandic/face-api/demo');
const TOKEN = 'bench-organiser-token';
const UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN';
const results = { budget_ms: BUDGET_MS, runs: [] };

const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

async function selfie(person, dir) {
  const file = fs.readdirSync(SAMPLES).find((f) => /^sample\d+\.jpg$/.test(f) && crypto.createHash('sha256').update(fs.readFileSync(path.join(SAMPLES, f))).digest('hex') === person.image);
  if (!file) return null;
  const { width, height } = await sharp(path.join(SAMPLES, file)).metadata();
  const { x, y, w, h } = person.shape;
  const side = Math.min(width, height, Math.round(Math.max(w * width, h * height) * 2.4));
  const left = Math.round(Math.min(Math.max(0, (x + w / 2) * width - side / 2), width - side));
  const top = Math.round(Math.min(Math.max(0, (y + h / 2) * height - side / 2), height - side));
  const out = path.join(dir, `selfie-${person.personid}.jpg`);
  await sharp(path.join(SAMPLES, file)).extract({ left, top, width: side, height: side }).resize(480, 480).jpeg({ quality: 90 }).toFile(out);
  return out;
}

async function run(server) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
  try {
    const detail = await (await fetch(`${server.baseUrl}/api/v2/gallery/link/${LINK}`)).json();
    if (detail.code !== 200) throw new Error(`no ${LINK} gallery in the demo`);
    const gid = detail.data.gallery.id;
    const context = await browser.newContext({ viewport: { width: 375, height: 812 }, userAgent: UA, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    const page = await context.newPage();
    const api = (url, body) =>
      page.evaluate(async ([u, b]) => {
        const raw = localStorage.getItem('token') ?? '';
        let token = raw;
        try {
          const p = JSON.parse(raw);
          token = typeof p === 'object' && p ? p.data : p;
        } catch {}
        const t0 = performance.now();
        const res = await fetch(u, { method: b ? 'POST' : 'GET', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: b ? JSON.stringify(b) : undefined });
        const json = await res.json();
        return { json, ms: performance.now() - t0 };
      }, [url, body]);
    await page.goto(`${server.baseUrl}/g/${LINK}`);
    await page.getByTestId('gallery-name').waitFor();
    const t0 = Date.now();
    let persons = [];
    while (Date.now() - t0 < 300_000) {
      persons = (await api(`/api/v2/face3/person?galleryid=${gid}&page=1`)).json.data?.items ?? [];
      if (persons.length >= 3) break;
      await page.waitForTimeout(1000);
    }
    results.index_wait_ms = Date.now() - t0;
    const dir = path.join(root, '.tmp/bench-face');
    fs.mkdirSync(dir, { recursive: true });
    const picks = [];
    for (const p of persons) {
      const file = await selfie(p, dir);
      if (file) picks.push({ p, file });
      if (picks.length === 6) break;
    }
    // A warm-up run first (the engine's first inference compiles its kernels), then one run a person.
    for (const [i, { p, file }] of [picks[0], ...picks].entries()) {
      await page.goto(`${server.baseUrl}/g/${LINK}`);
      await page.getByTestId('gallery-name').waitFor();
      // Beside the tabs the pendant may sit in the more-menu.
      if ((await page.getByTestId('pendent-people').count()) === 0) await page.getByTestId('pendent-more').first().click();
      await page.getByTestId('pendent-people').first().click();
      const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByTestId('face-upload').click()]);
      await chooser.setFiles(file);
      await page.locator('[data-testid="face-consent"] .at-checkbox__option').click();
      await page.locator('[data-testid="face-adult"] .at-checkbox__option').click();
      const start = Date.now();
      await page.getByTestId('face-submit').click();
      const outcome = await Promise.race([
        page.locator('[data-testid="face-found"] [data-testid="photo-item"]').first().waitFor({ timeout: 20_000 }).then(() => 'found'),
        page.getByTestId('face-error').waitFor({ timeout: 20_000 }).then(async () => `refused: ${await page.getByTestId('face-error-text').textContent()}`)
      ]).catch((e) => `timeout: ${e.message.split('\n')[0]}`);
      const ms = Date.now() - start;
      const matched = outcome === 'found' ? Number(await page.getByTestId('person-head').getAttribute('data-personid')) : null;
      // The call alone, from the page (same selfie as the UI sent).
      const b64 = fs.readFileSync(file).toString('base64');
      const call = await api('/api/v2/face3/findpeople', { image: `data:image/jpeg;base64,${b64}`, galleryid: gid, consent: 1, adult: 1 });
      if (i === 0) {
        console.log(`warm-up: ${ms} ms (${outcome})`);
        continue;
      }
      results.runs.push({ personid: p.personid, ms, call_ms: Math.round(call.ms), outcome, matched_same: matched === p.personid });
      console.log(`person ${p.personid}: selfie to result list ${ms} ms (findpeople call ${Math.round(call.ms)} ms), ${outcome}${matched === p.personid ? ', same person' : matched ? `, matched ${matched}` : ''}`);
    }
  } finally {
    await browser.close();
  }
}

let server;
try {
  if (!fs.existsSync(path.join(root, 'dist/h5/index.html'))) throw new Error('dist/h5/index.html is missing (run npm run build:h5 first)');
  server = await startServer({ env: { ORGANIZER_TOKEN: TOKEN, GUEST_SESSIONS_PER_MIN: '100000' } });
  await run(server);
  const ok = results.runs.filter((r) => r.outcome === 'found').map((r) => r.ms);
  if (ok.length) {
    results.p50_ms = pct(ok, 50);
    results.max_ms = Math.max(...ok);
    console.log(`selfie to result list on a phone: p50 ${results.p50_ms} ms, max ${results.max_ms} ms over ${ok.length} runs (budget ${BUDGET_MS} ms): ${results.max_ms <= BUDGET_MS ? 'within budget' : 'OVER BUDGET'}`);
  }
} catch (e) {
  console.log(`face selfie bench: not measured: ${e.message.split('\n').slice(0, 8).join('\n  ')}`);
} finally {
  await server?.stop();
}
fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
fs.writeFileSync(path.join(root, 'bench/results/face-selfie.json'), JSON.stringify(results, null, 2) + '\n');
