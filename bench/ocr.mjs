#!/usr/bin/env node
// OCR at ingest (issue 14 budget): the engine as shipped (tesseract.js in its worker thread,
// trained data from node_modules) over the demo's race photos (server/src/demo/demoRace.ts,
// drawn here) and more generated race photos. Prints ms per photo (both passes: text and
// digits), how many bib numbers were found, and the event loop's worst delay meanwhile
// (recognition must not block it). The upload-to-visible p95 while OCR runs is
// `BENCH_OCR=1 node bench/upload-visible.mjs`. Never fails.
//   node bench/ocr.mjs            (OCR_LANGS=eng+chi_sim to include Chinese, BENCH_OCR_PHOTOS=30)
import { createRequire } from 'node:module';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import sharp from 'sharp';
import { register } from 'tsx/cjs/api';

register();
const require = createRequire(import.meta.url);
const { createOcrEngine } = require('../server/src/ocr/engine.ts');
const { parseLangs } = require('../server/src/ocr/langs.ts');
const { wordsOf } = require('../server/src/services/ocr/words.ts');
const { demoRacePlan } = require('../server/src/demo/demoRace.ts');
const { raceSvg } = require('../server/src/demo/raceArt.ts');

const EXTRA = Number(process.env.BENCH_OCR_PHOTOS || 15);
const pct = (s, p) => (s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] : NaN);

async function main() {
  const langs = parseLangs(process.env.OCR_LANGS);
  const plans = [
    ...demoRacePlan().map((p, i) => ({ ...p, w: i % 4 === 3 ? 1067 : 1600, h: i % 4 === 3 ? 1600 : 1067 })),
    ...Array.from({ length: EXTRA }, (_, i) => ({
      bibs: Array.from({ length: 1 + (i % 3) }, (_, k) => String(100 + ((i * 7919 + k * 104729) % 9800))),
      seed: 9000 + i,
      w: i % 2 ? 3000 : 2000,
      h: i % 2 ? 2000 : 3000
    }))
  ];
  const photos = await Promise.all(plans.map(async (p) => ({ bibs: p.bibs, w: p.w, bytes: await sharp(Buffer.from(raceSvg(p.bibs, p.seed, p.w, p.h))).jpeg({ quality: 88 }).toBuffer() })));
  let t = performance.now();
  const engine = await createOcrEngine(langs);
  const startMs = performance.now() - t;
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const times = [];
  let found = 0;
  let bibs = 0;
  const missed = [];
  for (const p of photos) {
    t = performance.now();
    const r = await engine.read(p.bytes);
    times.push(performance.now() - t);
    const words = new Set(wordsOf(`${r.text}\n${r.digits}`));
    for (const b of p.bibs) {
      bibs++;
      if (words.has(b)) found++;
      else missed.push(`${b}@${p.w}px`);
    }
  }
  loop.disable();
  await engine.close();
  times.sort((a, b) => a - b);
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  console.log(`OCR bench (${langs.join('+')}): ${photos.length} race photos, engine start ${startMs.toFixed(0)} ms`);
  console.log(`  ms per photo: mean ${mean.toFixed(0)}, p50 ${pct(times, 50).toFixed(0)}, p95 ${pct(times, 95).toFixed(0)}, max ${times[times.length - 1].toFixed(0)}`);
  console.log(`  bib numbers found: ${found}/${bibs} (${((100 * found) / bibs).toFixed(0)}%)${missed.length ? `; missed ${missed.join(', ')}` : ''}`);
  console.log(`  event loop delay while reading: max ${(loop.max / 1e6).toFixed(0)} ms, p99 ${(loop.percentile(99) / 1e6).toFixed(0)} ms`);
}

main().catch((e) => console.log(`OCR bench: not measured: ${e.stack || e}`));
