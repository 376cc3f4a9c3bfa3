#!/usr/bin/env node
// Face matching accuracy, two figures:
// 1. Recognition: the faces dev set (../shared/datasets/faces-dev, labelled in
//    bench/face-dev-set.json), real *different* photos of the same people. Every file goes
//    through the engine in photo mode (as the gallery indexes it) and the single-person ones in
//    selfie mode too; prints recall on pairs of the same person in different photographs and
//    the false-match rate on pairs of different people (the dev set's other people, its
//    negative, and every face of face-api's demo photos) at MATCH_THRESHOLD, the threshold
//    that keeps the false-match rate at or under 0.1 %, a threshold sweep and recall per person.
//    This is the figure the threshold is tuned on (never on a test set).
// 2. Robustness to editing: a labelled set built from the sample group photos that ship in
//    npm packages (@vladmandic/face-api/demo/sample1..6.jpg): every face the engine finds is one
//    identity; its variants (crops, scales 0.5–1.5, brightness ±30%, rotations ±10–15°, a
//    horizontal flip, and two combinations) are cut from the original photo and run through the
//    engine like any uploaded image. Prints the detection rate of the variants, precision /
//    recall of "same photo, edited" at MATCH_THRESHOLD, the false matches between different
//    people, and a threshold sweep. It measures robustness to editing one photo, not
//    recognition of a person across photos (the same photo edited scores far higher).
// Never fails.
//   node bench/face-accuracy.mjs            (FACE_WORKERS=1|2 to choose the pool size)
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { register } from 'tsx/cjs/api';

register();
const require = createRequire(import.meta.url);
const { createFaceEngine, similarity, MATCH_THRESHOLD, FACE_ENGINE_VERSION } = require('../server/src/face/engine.ts');
const dev = require('./face-dev-set.cjs');

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const SAMPLES = [1, 2, 3, 4, 5, 6].map((i) => path.join(root, 'node_modules/@vladmandic/face-api/demo', `sample${i}.jpg`));

/**
 * Square region around a face (factor × its larger side), shifted by (dx, dy) face sides, inside
 * the photo; with where the face is in it (centre and size, as fractions of the side).
 */
async function region(photo, meta, box, factor, dx = 0, dy = 0) {
  const side0 = Math.max(box.w, box.h) * factor;
  const side = Math.round(Math.min(side0, meta.width, meta.height));
  const cx = box.x + box.w / 2 + dx * box.w;
  const cy = box.y + box.h / 2 + dy * box.h;
  const left = Math.round(Math.min(Math.max(0, cx - side / 2), meta.width - side));
  const top = Math.round(Math.min(Math.max(0, cy - side / 2), meta.height - side));
  const img = await sharp(photo).extract({ left, top, width: side, height: side }).png().toBuffer();
  return { img, fx: (box.x + box.w / 2 - left) / side, fy: (box.y + box.h / 2 - top) / side, fs: Math.max(box.w, box.h) / side };
}

const jpeg = (s) => s.jpeg({ quality: 90 }).toBuffer();

/**
 * The variants of one face: {name, img, fx, fy, fs}: where the face is (centre, size as fractions
 * of the variant's side; rotations turn about the centre and keep the square's proportions close).
 */
async function variants(photo, meta, box) {
  const base = await region(photo, meta, box, 3);
  const baseSide = (await sharp(base.img).metadata()).width;
  const out = [];
  const at = (r, name, img, mirror = false) => out.push({ name, img, fx: mirror ? 1 - r.fx : r.fx, fy: r.fy, fs: r.fs });
  for (const [name, factor, dx, dy] of [['crop-tight', 1.8, 0, 0], ['crop-wide', 5, 0, 0], ['crop-offcentre', 2.5, 0.35, -0.25]]) {
    const r = await region(photo, meta, box, factor, dx, dy);
    at(r, name, await jpeg(sharp(r.img)));
  }
  const b = sharp(base.img);
  for (const s of [0.5, 0.75, 1.25, 1.5]) at(base, `scale-${s}`, await jpeg(b.clone().resize(Math.round(baseSide * s))));
  for (const k of [0.7, 1.3]) at(base, `brightness-${k}`, await jpeg(b.clone().modulate({ brightness: k })));
  for (const a of [-15, -10, 10, 15]) {
    // The rotated square is larger; the face stays at the same offset from the centre, turned.
    const img = await jpeg(b.clone().rotate(a, { background: '#808080' }));
    const side = (await sharp(img).metadata()).width;
    const rad = (a * Math.PI) / 180;
    const ox = (base.fx - 0.5) * baseSide;
    const oy = (base.fy - 0.5) * baseSide;
    out.push({ name: `rotate-${a}`, img, fx: 0.5 + (ox * Math.cos(rad) - oy * Math.sin(rad)) / side, fy: 0.5 + (ox * Math.sin(rad) + oy * Math.cos(rad)) / side, fs: (base.fs * baseSide) / side });
  }
  at(base, 'flip', await jpeg(b.clone().flop()), true);
  at(base, 'scale-0.5+dark', await jpeg(b.clone().resize(Math.round(baseSide * 0.5)).modulate({ brightness: 0.7 })));
  const fr = await jpeg(b.clone().flop().rotate(10, { background: '#808080' }).modulate({ brightness: 1.3 }));
  const frSide = (await sharp(fr).metadata()).width;
  const rad = (10 * Math.PI) / 180;
  const ox = (0.5 - base.fx) * baseSide;
  const oy = (base.fy - 0.5) * baseSide;
  out.push({ name: 'flip+rotate-10+bright', img: fr, fx: 0.5 + (ox * Math.cos(rad) - oy * Math.sin(rad)) / frSide, fy: 0.5 + (ox * Math.sin(rad) + oy * Math.cos(rad)) / frSide, fs: (base.fs * baseSide) / frSide });
  return out;
}

/** The detected face where the variant's face is (within half its size), or null. */
function located(faces, meta, v) {
  const ex = v.fx * meta.width;
  const ey = v.fy * meta.height;
  const size = v.fs * meta.width;
  let best = null;
  let bestD = Infinity;
  for (const f of faces) {
    const d = Math.hypot(f.box.x + f.box.w / 2 - ex, f.box.y + f.box.h / 2 - ey);
    if (d < bestD) {
      bestD = d;
      best = f;
    }
  }
  return best && bestD < size * 0.5 ? best : null;
}

for (const f of SAMPLES) {
  if (!fs.existsSync(f)) {
    console.log(`missing ${f} (the @vladmandic/face-api dev dependency)`);
    process.exit(0);
  }
}

const engine = await createFaceEngine({ warm: true });

// 1. Recognition on the faces dev set.
const pct = (x) => `${(100 * x).toFixed(1)}%`;
/** One kind of pairs: the rates at MATCH_THRESHOLD and at the threshold of FMR <= 0.1 %, a sweep, recall per person. */
function devReport(title, pairs) {
  const at = dev.ratesAt(pairs, MATCH_THRESHOLD);
  const t01 = dev.thresholdAtFmr(pairs, 0.001);
  const r01 = dev.ratesAt(pairs, t01);
  console.log(`\n${title}: ${pairs.genuine.length} genuine pairs (same person, different photos), ${pairs.impostor.length} impostor pairs`);
  console.log(`  at MATCH_THRESHOLD ${MATCH_THRESHOLD}: recall ${pct(at.recall)} (${at.tp}/${pairs.genuine.length}), false-match rate ${pct(at.fmr)} (${at.fp}/${pairs.impostor.length})`);
  console.log(`  at false-match rate <= 0.1%: threshold ${t01.toFixed(3)}, recall ${pct(r01.recall)}`);
  const gs = pairs.genuine.filter((p) => Number.isFinite(p.sim)).sort((a, b) => a.sim - b.sim);
  const is = [...pairs.impostor].sort((a, b) => b.sim - a.sim);
  if (gs.length) console.log(`  lowest genuine: ${gs.slice(0, 3).map((p) => `${p.sim.toFixed(3)} (${p.a.name} ~ ${p.b.name})`).join(', ')}`);
  if (is.length) console.log(`  highest impostor: ${is.slice(0, 3).map((p) => `${p.sim.toFixed(3)} (${p.a.name} ~ ${p.b.name})`).join(', ')}`);
  console.log('  threshold  recall   false-match rate');
  for (let t = 0.4; t <= 0.801; t += 0.05) {
    const r = dev.ratesAt(pairs, t);
    console.log(`  ${t.toFixed(2)}       ${pct(r.recall).padStart(6)}   ${pct(r.fmr).padStart(6)} (${r.fp})`);
  }
  console.log(`  recall per person at ${MATCH_THRESHOLD}:`);
  for (const [person, e] of Object.entries(dev.perPerson(pairs, MATCH_THRESHOLD))) console.log(`    ${person.padEnd(20)} ${e.hit}/${e.pairs}, lowest ${Number.isFinite(e.lowest) ? e.lowest.toFixed(3) : 'face not found'}`);
}
{
  const t = Date.now();
  const set = await dev.embedDevSet(engine);
  console.log(`1. Recognition on the faces dev set (engine version ${FACE_ENGINE_VERSION}: real different photos of the same people)`);
  if (!set) console.log('  faces dev set not found (FACES_DEV_DIR): skipped');
  else {
    const others = await dev.otherPeople(engine);
    const lost = [...set.samples, ...set.selfies].filter((s) => !s.embedding);
    console.log(`  ${set.samples.length} labelled faces in photo mode, ${set.selfies.length} selfies, ${others.length} faces of other people (face-api's demo photos); ${((Date.now() - t) / 1000).toFixed(0)} s`);
    if (lost.length) console.log(`  not found: ${lost.map((s) => `${s.name} (${s.person})`).join(', ')}`);
    devReport('Photo to photo (gallery faces)', dev.devPairs(set.samples, others));
    devReport('Selfie to gallery (selfie mode against photo-mode faces of other photos)', dev.selfiePairs(set.selfies, set.samples, others));
    const grey = await dev.greyCropSelfies(engine, set.samples);
    const refused = grey.filter((s) => !s.embedding);
    console.log(`\n  grey face crops (92×112) as selfies: ${grey.length - refused.length}/${grey.length} accepted${refused.length ? ` (refused: ${refused.map((s) => s.name).join(', ')})` : ''}`);
    devReport('Grey face crop to gallery', dev.selfiePairs(grey, set.samples, others));
  }
}

// 2. Robustness to editing (variants of one photo).
console.log('\n2. Robustness to editing: crops, scales, brightness, rotations and flips of the same photo (not recognition)');
const t0 = Date.now();
/** identities[i] = {photo, face, samples: [{name, embedding}]}; samples[0] is the original. */
const identities = [];
for (const file of SAMPLES) {
  const photo = fs.readFileSync(file);
  const meta = await sharp(photo).metadata();
  const t = process.hrtime.bigint();
  const faces = await engine.detect(photo, { mode: 'photo' });
  console.log(`${path.basename(file)} (${meta.width}×${meta.height}): ${faces.length} faces in ${(Number(process.hrtime.bigint() - t) / 1e6).toFixed(0)} ms`);
  for (const face of faces) identities.push({ photo: path.basename(file), photoBuf: photo, meta, face, samples: [{ name: 'original', embedding: face.embedding }] });
}

let tried = 0;
const missed = {};
await Promise.all(
  identities.map(async (id) => {
    const vs = await variants(id.photoBuf, id.meta, id.face.box);
    await Promise.all(
      vs.map(async (v) => {
        tried++;
        const meta = await sharp(v.img).metadata();
        const faces = await engine.detect(v.img, { mode: 'photo' });
        const f = located(faces, meta, v);
        if (f) id.samples.push({ name: v.name, embedding: f.embedding });
        else missed[v.name] = (missed[v.name] || 0) + 1;
      })
    );
  })
);
await engine.close();
const found = identities.reduce((n, id) => n + id.samples.length - 1, 0);
console.log(`\n${identities.length} identities, ${tried} variants, ${found} with the face found (${((100 * found) / tried).toFixed(1)}%), ${((Date.now() - t0) / 1000).toFixed(0)} s`);
if (Object.keys(missed).length) console.log('variants without the face:', JSON.stringify(missed));

if (process.env.FACE_ACCURACY_DUMP) {
  fs.writeFileSync(process.env.FACE_ACCURACY_DUMP, JSON.stringify(identities.map((id) => ({ photo: id.photo, box: id.face.box, samples: id.samples.map((x) => ({ name: x.name, e: Array.from(x.embedding) })) }))));
}

// Every pair of samples: same identity = genuine, different identities = impostor.
const genuine = [];
const impostor = [];
const all = identities.flatMap((id, i) => id.samples.map((s) => ({ ...s, id: i })));
for (let a = 0; a < all.length; a++) {
  for (let b = a + 1; b < all.length; b++) {
    const sim = similarity(all[a].embedding, all[b].embedding);
    if (all[a].id === all[b].id) genuine.push({ sim, a: all[a], b: all[b] });
    else impostor.push({ sim, a: all[a], b: all[b] });
  }
}
const stats = (t) => {
  const tp = genuine.filter((p) => p.sim >= t).length;
  const fp = impostor.filter((p) => p.sim >= t).length;
  const fn = genuine.length - tp;
  return { t, tp, fp, fn, precision: tp + fp ? tp / (tp + fp) : 1, recall: tp / genuine.length };
};
const q = (xs, p) => {
  const s = [...xs].sort((x, y) => x - y);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))];
};
const gs = genuine.map((p) => p.sim);
const is = impostor.map((p) => p.sim);
console.log(`\ngenuine pairs ${genuine.length}: similarity min ${q(gs, 0).toFixed(3)}, p5 ${q(gs, 0.05).toFixed(3)}, median ${q(gs, 0.5).toFixed(3)}`);
console.log(`impostor pairs ${impostor.length}: similarity median ${q(is, 0.5).toFixed(3)}, p99 ${q(is, 0.99).toFixed(3)}, max ${q(is, 1).toFixed(3)}`);

// Per variant kind: recall of (original, variant) at the threshold.
const kinds = {};
for (const p of genuine) {
  const v = p.a.name === 'original' ? p.b.name : p.b.name === 'original' ? p.a.name : null;
  if (!v) continue;
  kinds[v] = kinds[v] || { n: 0, hit: 0, min: 1 };
  kinds[v].n++;
  if (p.sim >= MATCH_THRESHOLD) kinds[v].hit++;
  kinds[v].min = Math.min(kinds[v].min, p.sim);
}
console.log(`\noriginal vs variant at ${MATCH_THRESHOLD}:`);
for (const [k, v] of Object.entries(kinds)) console.log(`  ${k.padEnd(22)} ${v.hit}/${v.n} match, lowest similarity ${v.min.toFixed(3)}`);

const s = stats(MATCH_THRESHOLD);
console.log(`\nrobustness to editing at MATCH_THRESHOLD ${MATCH_THRESHOLD}: precision ${s.precision.toFixed(4)}, recall ${s.recall.toFixed(4)} (TP ${s.tp}, FN ${s.fn}, FP ${s.fp} of ${impostor.length} impostor pairs)`);
const falseMatches = impostor.filter((p) => p.sim >= MATCH_THRESHOLD);
const people = new Map();
for (const p of falseMatches) {
  const ia = identities[p.a.id];
  const ib = identities[p.b.id];
  const key = `${p.a.id}-${p.b.id}`;
  const e = people.get(key) || { pair: `${ia.photo}#${p.a.id} ~ ${ib.photo}#${p.b.id}`, samePhoto: ia.photo === ib.photo, n: 0, max: 0 };
  e.n++;
  e.max = Math.max(e.max, p.sim);
  people.set(key, e);
}
console.log(`false matches between different people: ${falseMatches.length} sample pairs, ${people.size} identity pairs`);
for (const e of people.values()) console.log(`  ${e.pair} (${e.samePhoto ? 'same photo: certainly different people' : 'different photos: look at both, it may be one person'}): ${e.n} pairs, max ${e.max.toFixed(3)}`);
const samePhoto = impostor.filter((p) => identities[p.a.id].photo === identities[p.b.id].photo).map((p) => p.sim);
console.log(`different people in the same photo (certainly different): highest similarity ${q(samePhoto, 1).toFixed(3)}; same person: lowest ${q(gs, 0).toFixed(3)}`);

console.log('\nthreshold sweep:');
console.log('  threshold  precision  recall   false-match pairs');
for (let t = 0.3; t <= 0.851; t += 0.05) {
  const r = stats(t);
  console.log(`  ${t.toFixed(2)}       ${r.precision.toFixed(4)}     ${r.recall.toFixed(4)}   ${r.fp}`);
}
