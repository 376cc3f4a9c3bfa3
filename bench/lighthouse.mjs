#!/usr/bin/env node
// Lighthouse (npm `lighthouse`, default mobile profile: simulated slow 4G and a mid-tier
// phone) on the demo link /g/demo2026 of a started server, with the system Chromium
// (CHROME_PATH, default /usr/bin/chromium). Median of RUNS (3) runs by performance score;
// prints LCP, FCP, TBT, CLS, bytes transferred and the score against the issue 12 budgets.
//
// Then the same profile with the throttling applied to the browser (throttlingMethod
// 'devtools': the network really slowed, the CPU really 4x slower), APPLIED_RUNS (3) runs, as
// a cross-check: the default simulation estimates from an unthrottled load, so whether the
// first screen's banner painted before or after the app's script ran on this fast machine
// decides whether its LCP counts the script's download (runs then flip between ~1.3 and
// ~2.2 s). The applied runs show the order a slow phone really sees. Never fails.
import fs from 'node:fs';
import path from 'node:path';
import { root, startServer } from '../scripts/lib/server.mjs';

const h5Dir = process.env.E2E_H5_DIR ? path.resolve(root, process.env.E2E_H5_DIR) : path.join(root, 'dist/h5');
const RUNS = Number(process.env.LIGHTHOUSE_RUNS || 3);
const APPLIED_RUNS = Number(process.env.APPLIED_RUNS ?? 3);
const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';
const BUDGET = { lcp_ms: 2000, tbt_ms: 200, cls: 0.05, transferred_kib: 350 };

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function run(server, count, throttlingMethod) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const runs = [];
  {
    for (let i = 0; i < count; i++) {
      // A fresh browser per run: cold caches, as a first visit.
      const chrome = await chromeLauncher.launch({
        chromePath,
        chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage']
      });
      try {
        const result = await lighthouse(server.demoUrl, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], throttlingMethod });
        const a = result.lhr.audits;
        const r = {
          score: result.lhr.categories.performance.score,
          lcp_ms: a['largest-contentful-paint'].numericValue,
          fcp_ms: a['first-contentful-paint'].numericValue,
          tbt_ms: a['total-blocking-time'].numericValue,
          cls: a['cumulative-layout-shift'].numericValue,
          transferred_kib: a['total-byte-weight'].numericValue / 1024,
          // The budget's "before photos": every request but the pictures (the app, its styles, fonts and API answers).
          app_kib: (a['network-requests']?.details?.items ?? []).filter((q) => q.resourceType !== 'Image').reduce((n, q) => n + (q.transferSize || 0), 0) / 1024,
          error: result.lhr.runtimeError?.message
        };
        runs.push(r);
        console.log(
          `${throttlingMethod} run ${i + 1}: score ${r.score} LCP ${Math.round(r.lcp_ms)} ms, FCP ${Math.round(r.fcp_ms)} ms, TBT ${Math.round(r.tbt_ms)} ms, CLS ${r.cls.toFixed(3)}, ${r.transferred_kib.toFixed(0)} KiB (${r.app_kib.toFixed(0)} KiB before photos)${r.error ? ` (${r.error})` : ''}`
        );
      } finally {
        await chrome.kill();
      }
    }
  }
  return runs;
}

const METRICS = ['score', 'lcp_ms', 'fcp_ms', 'tbt_ms', 'cls', 'transferred_kib', 'app_kib'];
const mark = (v, max) => (v <= max ? 'within budget' : `OVER BUDGET (${max})`);

function report(label, runs) {
  // The median run by score (Lighthouse's own advice), and the median of each metric.
  const byScore = [...runs].sort((a, b) => a.score - b.score)[Math.floor((runs.length - 1) / 2)];
  const med = Object.fromEntries(METRICS.map((k) => [k, median(runs.map((r) => r[k]))]));
  console.log(`lighthouse mobile /g/demo2026, ${label}, median of ${runs.length} runs (${chromePath}):`);
  console.log(`  LCP ${Math.round(med.lcp_ms)} ms: ${mark(med.lcp_ms, BUDGET.lcp_ms)}`);
  console.log(`  FCP ${Math.round(med.fcp_ms)} ms`);
  console.log(`  TBT ${Math.round(med.tbt_ms)} ms: ${mark(med.tbt_ms, BUDGET.tbt_ms)}`);
  console.log(`  CLS ${med.cls.toFixed(3)}: ${mark(med.cls, BUDGET.cls)}`);
  console.log(`  transferred before photos ${med.app_kib.toFixed(0)} KiB (everything but images): ${mark(med.app_kib, BUDGET.transferred_kib)}`);
  console.log(`  transferred ${med.transferred_kib.toFixed(0)} KiB (photos included)`);
  console.log(`  score ${med.score} (median run by score: ${byScore.score})`);
  return med;
}

try {
  if (!fs.existsSync(path.join(h5Dir, 'index.html'))) throw new Error(`${path.relative(root, h5Dir)}/index.html is missing (run npm run build:h5 first)`);
  const server = await startServer({ h5Dir });
  let simulated, applied;
  try {
    simulated = await run(server, RUNS, 'simulate');
    applied = APPLIED_RUNS > 0 ? await run(server, APPLIED_RUNS, 'devtools') : [];
  } finally {
    await server.stop();
  }
  const med = report('default profile (simulated throttling)', simulated);
  const appliedMed = applied.length ? report('throttling applied to the browser (cross-check)', applied) : null;
  fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  fs.writeFileSync(
    path.join(root, 'bench/results/lighthouse.json'),
    JSON.stringify({ budget: BUDGET, median: med, runs: simulated, applied: appliedMed ? { median: appliedMed, runs: applied } : null }, null, 2) + '\n'
  );
} catch (e) {
  console.log(`lighthouse: not measured: ${String(e?.stack ?? e).split('\n').slice(0, 8).join('\n  ')}`);
}
