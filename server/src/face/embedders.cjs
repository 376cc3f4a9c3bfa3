'use strict';
// The embedding models of the face worker, by engine version (engine.ts FACE_ENGINE_VERSION):
// how a validated face (stages.cjs validate: its mesh square and five landmarks) is cut into
// the model's chip, and how a batch of chips becomes L2-normalised embeddings. The current
// version indexes photos; the one before it still embeds selfies while a gallery's photos are
// re-indexed (search keeps working on the old version until the new one is complete).
// Chosen on the faces dev set (bench/face-models.mjs, docs/face-models.md).
const fs = require('node:fs');
const path = require('node:path');
const { chipSquare } = require('./align.cjs');
const { runFaceRec, FACEREC_INPUT } = require('./facerec.cjs');

/** v / |v|, in place. */
function normalise(v) {
  let n = 0;
  for (let i = 0; i < v.length; i++) n += v[i] * v[i];
  n = Math.sqrt(n) || 1;
  for (let i = 0; i < v.length; i++) v[i] /= n;
  return v;
}

/** L2-normalised, minus the centre (when there is one), normalised again. */
function embedding(descriptor, centre) {
  const v = normalise(Float32Array.from(descriptor));
  if (!centre) return v;
  for (let i = 0; i < v.length; i++) v[i] -= centre[i];
  return normalise(v);
}

/** The rows of a [count, dims] output as embeddings. */
function rows(data, count, dims, centre) {
  const out = [];
  for (let k = 0; k < count; k++) out.push(embedding(data.subarray(k * dims, (k + 1) * dims), centre));
  return out;
}

const readCentre = (file) => Float32Array.from(JSON.parse(fs.readFileSync(path.join(__dirname, file), 'utf8')));

/**
 * dlib's five alignment points (eye centres, nose tip, mouth corners) on its mean face, in a
 * unit square (dlib's get_face_chip_details before padding).
 */
const DLIB_FIVE = [
  [0.224152, 0.2119465],
  [0.75610125, 0.2119465],
  [0.490127, 0.628106],
  [0.254149, 0.780233],
  [0.726104, 0.780233]
];
/**
 * Margin around that square, as a fraction of its side on each edge: dlib's own chips use 0.25
 * (the model was trained on them); on the dev set 0.1–0.4 all matched every different-photo pair.
 */
const FACEREC_PAD = 0.25;
const FACEREC_TEMPLATE = DLIB_FIVE.map(([x, y]) => [((x + FACEREC_PAD) / (1 + 2 * FACEREC_PAD)) * FACEREC_INPUT, ((y + FACEREC_PAD) / (1 + 2 * FACEREC_PAD)) * FACEREC_INPUT]);

/**
 * FaceRecognitionNet's descriptors share a common component too (unrelated faces score ~0.8
 * cosine, the same person ~0.92–0.97): they are centred like faceres' were, on the mean
 * descriptor of human's screenshot-facematch.jpg faces (scripts/face-centre.mjs writes it),
 * which spreads similarities over 0–1 (threshold 0.6) without changing which pairs are nearer.
 * FACE_EMBEDDING_CENTRE=off gives raw descriptors (what scripts/face-centre.mjs averages).
 */
const FACEREC_CENTRE = process.env.FACE_EMBEDDING_CENTRE === 'off' ? null : readCentre('facerec-centre.json');

/**
 * Version 3: FaceRecognitionNet (dlib's ResNet-34, @vladmandic/face-api, facerec.cjs), 128-d,
 * on a 150 px chip aligned to dlib's template by a similarity transform of the mesh's five
 * landmarks (scale, roll and shift: no shear), centred.
 */
const facerec = {
  version: 3,
  dims: 128,
  input: FACEREC_INPUT,
  chip: (sq) => chipSquare(FACEREC_TEMPLATE, sq.landmarks, FACEREC_INPUT),
  run(tf, models, input, count) {
    const t = tf.tensor4d(input, [count, FACEREC_INPUT, FACEREC_INPUT, 3]);
    const out = runFaceRec(tf, models.facerec, t);
    try {
      return rows(out.dataSync(), count, 128, FACEREC_CENTRE);
    } finally {
      tf.dispose([t, out]);
    }
  }
};

/**
 * faceres descriptors share a large common component (unrelated faces score ~0.4 cosine), so
 * version 2 centres them: the mean descriptor of an independent set of faces (the 113 faces of
 * human's own screenshot-facematch.jpg, scripts/face-centre.mjs) is subtracted before
 * normalising.
 */
const FACERES_CENTRE = readCentre('faceres-centre.json');
/** faceres input side (its graph declares 224; 160 matched as well at half the cost). */
const FACERES_INPUT = 160;
/** faceres crop side / the mesh's extent (the mesh spans brows to chin; the crop keeps some context). */
const FACERES_SPAN = 1.3;

/** Version 2: @vladmandic/human's faceres (1024-d) on the mesh square × 1.3 at 160 px, centred. */
const faceres = {
  version: 2,
  dims: 1024,
  input: FACERES_INPUT,
  chip: (sq) => ({ cx: sq.cx, cy: sq.cy, side: sq.extent * FACERES_SPAN, angle: sq.angle }),
  run(tf, models, input, count) {
    const t = tf.tensor4d(input, [count, FACERES_INPUT, FACERES_INPUT, 3]);
    const outs = models.faceres.execute(t);
    try {
      return rows(outs.find((o) => o.shape[1] === 1024).dataSync(), count, 1024, FACERES_CENTRE);
    } finally {
      tf.dispose([t, ...outs]);
    }
  }
};

const EMBEDDERS = { 2: faceres, 3: facerec };

/** The embedder of an engine version (throws for one this worker cannot make). */
function embedderFor(version) {
  const e = EMBEDDERS[version];
  if (!e) throw new Error(`face worker: no embedding model for engine version ${version}`);
  return e;
}

module.exports = { embedderFor, EMBEDDERS, FACEREC_TEMPLATE };
