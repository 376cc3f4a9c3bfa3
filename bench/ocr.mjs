#!/usr/bin/env node
// OCR at ingest (issues 14, 27): the engine as shipped (PaddleOCR's models in their worker
// thread, from node_modules) over two sets of race photos:
//  - hard: drawn here with ImageMagick (bench/ocr-hard.mjs): tilted 10–20°, perspective,
//    motion blur, grey on grey, italic fonts, prefixed 'A-1024', partly covered, two runners;
//  - plain: the demo's race photos (server/src/demo/demoRace.ts) and more like them.
// Every bib of both sets is searched as a visitor would (services/ocr/words.ts's rules) in
// every photo: per case it prints the bibs found exactly, only as "maybe yours" (one digit off,
// or the last digit missing), missed, and wrong exact hits (a photo found by a bib it does not
// show). Budget (issue 27): hard photos ≥ 85% found exactly, 0 wrong exact hits. Also ms per
// photo and the event loop's worst delay meanwhile (recognition must not block it). The
// upload-to-visible p95 while OCR runs is `BENCH_OCR=1 node bench/upload-visible.mjs`.
// Needs ImageMagick's `convert`. Never fails.
//   node bench/ocr.mjs            (BENCH_OCR_PHOTOS=30 for more plain photos, BENCH_OCR_SET=hard|plain)
import { createRequire } from 'node:module';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import sharp from 'sharp';
import { register } from 'tsx/cjs/api';
import { hardCases, drawHard } from './ocr-hard.mjs';

register();
const require = createRequire(import.meta.url);
const { createOcrEngine } = require('../server/src/ocr/engine.ts');
const { wordsOf, keywordWords, keywordNumber, isApprox } = require('../server/src/services/ocr/words.ts');
const { demoRacePlan } = require('../server/src/demo/demoRace.ts');
const { raceSvg } = require('../server/src/demo/raceArt.ts');

const EXTRA = Number(process.env.BENCH_OCR_PHOTOS || 15);
const SET = process.env.BENCH_OCR_SET || 'all';
const pct = (s, p) => (s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] : NaN);

/** As the search's SQL (services/ocr/search.ts): exact when every keyword word matches. */
function exactHit(keyword, words) {
  const ms = keywordWords(keyword) ?? [];
  return ms.length > 0 && ms.every((m) => (m.how === 'exact' ? words.has(m.word) : [...words].some((w) => (m.how === 'prefix' ? w.startsWith(m.word) : w.includes(m.word)))));
}
const approxHit = (keyword, words) => {
  const num = keywordNumber(keyword);
  return !!num && !exactHit(keyword, words) && [...words].some((w) => isApprox(num, w));
};

async function plainPhotos() {
  const plans = [
    ...demoRacePlan().map((p, i) => ({ ...p, name: `demo ${p.origin}`, w: i % 4 === 3 ? 1067 : 1600, h: i % 4 === 3 ? 1600 : 1067, q: 85 })),
    ...Array.from({ length: EXTRA }, (_, i) => ({
      name: `generated ${i + 1}`,
      bibs: Array.from({ length: 1 + (i % 3) }, (_, k) => String(100 + ((i * 7919 + k * 104729) % 9800))),
      seed: 9000 + i,
      w: i % 2 ? 3000 : 2000,
      h: i % 2 ? 2000 : 3000,
      q: 88
    }))
  ];
  return Promise.all(plans.map(async (p) => ({ set: 'plain', name: p.name, finds: p.bibs, bytes: await sharp(Buffer.from(raceSvg(p.bibs, p.seed, p.w, p.h))).jpeg({ quality: p.q }).toBuffer() })));
}

async function hardPhotos() {
  const out = [];
  const cases = hardCases();
  // Two at a time: ImageMagick's motion blur is slow.
  for (let i = 0; i < cases.length; i += 2) out.push(...(await Promise.all(cases.slice(i, i + 2).map(drawHard))));
  return out.map((p) => ({ ...p, set: 'hard' }));
}

async function main() {
  let t = performance.now();
  const photos = [...(SET === 'plain' ? [] : await hardPhotos()), ...(SET === 'hard' ? [] : await plainPhotos())];
  const drawMs = performance.now() - t;
  t = performance.now();
  const engine = await createOcrEngine();
  const startMs = performance.now() - t;
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const times = [];
  for (const p of photos) {
    t = performance.now();
    const r = await engine.read(p.bytes);
    times.push(performance.now() - t);
    p.words = new Set(wordsOf(`${r.text}\n${r.digits}`));
    p.read = r.text.replace(/\s+/g, ' ');
  }
  loop.disable();
  await engine.close();
  const queries = [...new Set(photos.flatMap((p) => p.finds))];
  console.log(`OCR bench: ${photos.length} race photos (drawn in ${(drawMs / 1000).toFixed(0)} s), engine start ${startMs.toFixed(0)} ms`);
  for (const set of ['hard', 'plain']) {
    const mine = photos.filter((p) => p.set === set);
    if (!mine.length) continue;
    let bibs = 0, exact = 0, approx = 0, wrong = 0, wrongApprox = 0;
    console.log(`  ${set} photos:`);
    for (const p of mine) {
      const found = p.finds.filter((b) => exactHit(b, p.words));
      const maybe = p.finds.filter((b) => approxHit(b, p.words));
      const missed = p.finds.filter((b) => !found.includes(b) && !maybe.includes(b));
      const wrongs = queries.filter((q) => !p.finds.includes(q) && exactHit(q, p.words));
      const wrongMaybe = queries.filter((q) => !p.finds.includes(q) && approxHit(q, p.words));
      bibs += p.finds.length; exact += found.length; approx += maybe.length; wrong += wrongs.length; wrongApprox += wrongMaybe.length;
      const parts = [`exact ${found.length}/${p.finds.length}`];
      if (maybe.length) parts.push(`maybe ${maybe.join(',')}`);
      if (missed.length) parts.push(`missed ${missed.join(',')}`);
      if (wrongs.length) parts.push(`WRONG exact ${wrongs.join(',')}`);
      if (wrongMaybe.length) parts.push(`wrong maybe ${wrongMaybe.join(',')}`);
      console.log(`    ${p.name.padEnd(36)} ${parts.join('; ')}${missed.length || wrongs.length ? `  (read: ${JSON.stringify(p.read.slice(0, 120))})` : ''}`);
    }
    console.log(`  ${set}: found exactly ${exact}/${bibs} (${((100 * exact) / bibs).toFixed(0)}%), wrong exact hits ${wrong}, approximate ("maybe yours") hits ${approx}, wrong maybe hits ${wrongApprox}`);
  }
  times.sort((a, b) => a - b);
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  console.log(`  ms per photo: mean ${mean.toFixed(0)}, p50 ${pct(times, 50).toFixed(0)}, p95 ${pct(times, 95).toFixed(0)}, max ${times[times.length - 1].toFixed(0)}`);
  console.log(`  event loop delay while reading: max ${(loop.max / 1e6).toFixed(0)} ms, p99 ${(loop.percentile(99) / 1e6).toFixed(0)} ms`);
}

main().catch((e) => console.log(`OCR bench: not measured: ${e.stack || e}`));
