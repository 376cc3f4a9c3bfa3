'use strict';
// Stage A of the face worker: the blazeface detector (human's 256 px "back" model) run
// directly, with its anchors decoded and one non-maximum suppression in plain JS (human.detect
// spent ~20 ms a call on the same: padding the whole image, per-box tensor ops).
// The decoding follows @vladmandic/human 3.3.6 src/face/blazeface.ts (MIT License, Copyright (c)
// Vladimir Mandic): outputs [1,512,1] + [1,512,16] (stride 16) and [1,384,1] + [1,384,16]
// (stride 32); a row is a logit, the box (centre offset from its anchor, size) and 6 landmarks
// (offsets from the anchor); boxes are enlarged 1.4× and made square as human does.
const { blazefaceAnchors, sampleSquare } = require('./align.cjs');
const { iou } = require('./geometry.cjs');

const INPUT = 256;
const ANCHORS = blazefaceAnchors(INPUT);
const ROW = 17;
const ENLARGE = 1.4; // human's face.detector.scale
const NMS_IOU = 0.3;
const MAX_BOXES = 100;

/** The model's four outputs ({shape, data}) as one [896 × 17] array, stride-16 rows first (the anchors' order). */
function rows(outs) {
  const by = (n, d) => outs.find((t) => t.shape[1] === n && t.shape[2] === d).data;
  const out = new Float32Array(ANCHORS.length * ROW);
  let r = 0;
  for (const n of [512, 384]) {
    const logits = by(n, 1);
    const rest = by(n, 16);
    for (let i = 0; i < n; i++, r++) {
      out[r * ROW] = logits[i];
      out.set(rest.subarray(i * 16, i * 16 + 16), r * ROW + 1);
    }
  }
  return out;
}

/**
 * Faces in squares of the image: each square {x, y, side, minScore, taps} is `side` image
 * pixels at (x, y), sampled with taps × taps samples a detector pixel (it may reach past the
 * image: black there). One model call a square: a photo's squares as one batch measured no
 * faster in bench/face-index.mjs (the graph declares batch 1 anyway).
 * Answers [{box: [x, y, w, h] (square, enlarged), score, landmarks: 6 [x, y]}] in image
 * pixels, the squares' faces one after another.
 */
function detectSquares(tf, model, image, squares) {
  const { pixels, width, height } = image;
  const found = [];
  for (const q of squares) {
    // Input normalised to -1..1 (human: /127.5 - 1).
    const input = sampleSquare(pixels, width, height, q.x + q.side / 2, q.y + q.side / 2, q.side, 0, INPUT, 1 / 127.5, -1, q.taps || 1);
    const t = tf.tensor4d(input, [1, INPUT, INPUT, 3]);
    const outs = model.execute(t);
    let data;
    try {
      data = outs.map((o) => ({ shape: o.shape, data: o.dataSync() }));
    } finally {
      tf.dispose([t, ...outs]);
    }
    found.push(...decode(rows(data), q.x, q.y, q.side, q.minScore));
  }
  return found;
}

/** The faces of one square from its rows: anchors decoded, one NMS. */
function decode(data, x0, y0, side, minScore) {
  const found = [];
  const minLogit = Math.log(minScore / (1 - minScore));
  for (let i = 0; i < ANCHORS.length; i++) {
    const o = i * ROW;
    if (!(data[o] > minLogit)) continue;
    const [ax, ay] = ANCHORS[i];
    const cx = data[o + 1] + ax;
    const cy = data[o + 2] + ay;
    const w = data[o + 3];
    const h = data[o + 4];
    if (!(w > 0 && h > 0)) continue;
    found.push({ i, score: 1 / (1 + Math.exp(-data[o])), raw: [cx - w / 2, cy - h / 2, w, h] });
  }
  found.sort((p, q) => q.score - p.score);
  const kept = [];
  for (const f of found) {
    if (kept.length >= MAX_BOXES) break;
    if (!kept.some((k) => iou(k.raw, f.raw) > NMS_IOU)) kept.push(f);
  }
  const k = side / INPUT;
  return kept.map((f) => {
    const [ax, ay] = ANCHORS[f.i];
    const o = f.i * ROW;
    const landmarks = [];
    for (let j = 0; j < 6; j++) landmarks.push([x0 + (data[o + 5 + 2 * j] + ax) * k, y0 + (data[o + 6 + 2 * j] + ay) * k]);
    const s = Math.max(f.raw[2], f.raw[3]) * ENLARGE * k;
    const cx = x0 + (f.raw[0] + f.raw[2] / 2) * k;
    const cy = y0 + (f.raw[1] + f.raw[3] / 2) * k;
    return { box: [cx - s / 2, cy - s / 2, s, s], score: f.score, landmarks };
  });
}

module.exports = { detectSquares, BLAZEFACE_INPUT: INPUT };
