#!/usr/bin/env node
// Bullet screen at phone size (issue 15 budget: 60 fps with 30 messages on screen, no long task
// over 50 ms). The real server with its live bus on Redis (REDIS_URL, default 127.0.0.1:6379) and
// the H5 build; Chromium at 375×812 opens an album's venue screen, turns the bullet screen on, and
// `text` messages are published on the bus (as another server process would) until 30 or more run
// at once and kept coming. Over MEASURE_MS it counts animation frames (requestAnimationFrame) and
// records long tasks (PerformanceObserver 'longtask'). Prints the numbers; never fails.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root, startServer } from '../scripts/lib/server.mjs';

const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const LIVE_CHANNEL = 'livegallery:live';
const ON_SCREEN = 30;
const MEASURE_MS = 6000;
const BUDGET = { fps: 60, long_task_ms: 50 };
const results = { budget: BUDGET, on_screen_target: ON_SCREEN, viewport: '375x812@2x', load_average: os.loadavg().map((x) => Number(x.toFixed(1))).join(' '), cores: os.cpus().length };

const WORDS = ['好美', '新婚快乐', 'Congrats!', '现场好热闹', 'What a shot', '太赞了', 'Happy day', '合影来一张', '👏👏👏', 'Amazing light in this one', '祝福新人白头偕老永结同心'];
const text = (i) => `${WORDS[i % WORDS.length]} #${i}`;

const measure = (page) =>
  page.evaluate(async (ms) => {
    const longTasks = [];
    const obs = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) longTasks.push(e.duration);
    });
    obs.observe({ type: 'longtask', buffered: false });
    const counts = [];
    const gaps = [];
    let frames = 0;
    let last = performance.now();
    const t0 = last;
    await new Promise((resolve) => {
      const frame = (now) => {
        frames++;
        gaps.push(now - last);
        last = now;
        if (frames % 30 === 0) counts.push(document.querySelectorAll('[data-testid="danmaku-bullet"]').length);
        if (now - t0 < ms) requestAnimationFrame(frame);
        else resolve();
      };
      requestAnimationFrame(frame);
    });
    obs.disconnect();
    const elapsed = last - t0;
    return { frames, elapsed, longTasks, counts, over25: gaps.filter((g) => g > 25).length, worstGap: Math.max(...gaps) };
  }, MEASURE_MS);

async function run() {
  const [{ chromium }, { default: Redis }] = await Promise.all([import('playwright-core'), import('ioredis')]);
  const token = 'bench-danmaku';
  const server = await startServer({ redisUrl: REDIS_URL, requireDemo: false, env: { SEED_DEMO: '0', ORGANIZER_TOKEN: token } });
  const redis = new Redis(REDIS_URL);
  let browser;
  let sender = null;
  try {
    const res = await fetch(`${server.baseUrl}/api/v2/organizer/galleries`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Danmaku bench' })
    });
    const { gallery } = (await res.json()).data;
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run']
    });
    const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/g/${gallery.link_id}/screen`);
    await page.getByTestId('carousel').waitFor({ state: 'visible', timeout: 30000 });

    // Messages keep coming: 6 a second (enough to hold 30+ on screen at 5–7 s each).
    let n = 0;
    const send = () => redis.publish(LIVE_CHANNEL, JSON.stringify({ type: 'text', room: gallery.id, data: { id: ++n, content: text(n), nickname: 'g', photo: '' } }));
    sender = setInterval(() => void send(), 160);
    // The same page and messages with the bullet screen off: what this machine gives without it.
    const base = await measure(page);
    results.baseline_off = {
      fps: Number(((base.frames / base.elapsed) * 1000).toFixed(1)),
      frames_over_25ms: base.over25,
      longest_task_ms: base.longTasks.length ? Number(Math.max(...base.longTasks).toFixed(1)) : 0,
      long_tasks: base.longTasks.length
    };
    await page.getByTestId('carousel-danmaku-toggle').click();
    await page.getByTestId('danmaku').waitFor({ state: 'attached', timeout: 10000 });
    const count = () => page.getByTestId('danmaku-bullet').count();
    const filled = Date.now() + 30000;
    while ((await count()) < ON_SCREEN) {
      if (Date.now() > filled) throw new Error(`only ${await count()} messages on screen after 30 s (the socket never joined?)`);
      await page.waitForTimeout(200);
    }

    const m = await measure(page);
    clearInterval(sender);
    sender = null;
    results.messages_sent = n;
    results.measured_ms = Math.round(m.elapsed);
    results.fps = Number(((m.frames / m.elapsed) * 1000).toFixed(1));
    results.on_screen_min = Math.min(...m.counts);
    results.on_screen_max = Math.max(...m.counts);
    results.frames_over_25ms = m.over25;
    results.worst_frame_ms = Number(m.worstGap.toFixed(1));
    results.long_tasks = m.longTasks.length;
    results.longest_task_ms = m.longTasks.length ? Number(Math.max(...m.longTasks).toFixed(1)) : 0;
    const ok = results.fps >= BUDGET.fps - 1 && results.longest_task_ms <= BUDGET.long_task_ms;
    console.log(
      `bullet screen, ${results.on_screen_min}–${results.on_screen_max} messages on screen (375×812): ${results.fps} fps over ${results.measured_ms} ms, ` +
        `${results.frames_over_25ms} frames over 25 ms (worst ${results.worst_frame_ms} ms), longest task ${results.longest_task_ms} ms (${results.long_tasks} long tasks); ` +
        `budget ${BUDGET.fps} fps, no task over ${BUDGET.long_task_ms} ms: ${ok ? 'within budget' : 'OVER BUDGET'}`
    );
    const b = results.baseline_off;
    console.log(`  same page, bullet screen off: ${b.fps} fps, ${b.frames_over_25ms} frames over 25 ms, longest task ${b.longest_task_ms} ms (${b.long_tasks} long tasks); load average ${results.load_average}`);
  } finally {
    if (sender) clearInterval(sender);
    redis.disconnect();
    await browser?.close();
    await server.stop();
  }
}

if (!fs.existsSync(path.join(root, 'dist/h5/index.html'))) {
  console.log('danmaku: dist/h5/index.html is missing (run npm run build:h5 first)');
  process.exit(0);
}
try {
  await run();
} catch (e) {
  console.log(`danmaku: not measured: ${e.message.split('\n').slice(0, 8).join('\n  ')}`);
}
fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
fs.writeFileSync(path.join(root, 'bench/results/danmaku.json'), JSON.stringify(results, null, 2) + '\n');
