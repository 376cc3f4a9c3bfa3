'use strict';
// The face worker's stages on an image's RGB bytes ({pixels, width, height}), run on the loaded
// models (models.cjs): the detector on squares (stage A), the face mesh on candidates (stage B)
// and faceres on the validated faces. See worker.cjs for the pipeline and its costs.
const fs = require('node:fs');
const path = require('node:path');
const { BLAZEFACE_SYMMETRY, computeRotation, sampleSquare, cropToImage, meshSquare } = require('./align.cjs');
const { detectSquares } = require('./blazeface.cjs');
const { mergeCandidates } = require('./plan.cjs');

// Face mesh confidence a stage B face needs: real faces score ~1, look-alikes (fabric, hair, hands) < 0.65.
const VALID_FACE_SCORE = 0.8;

let tf;
/** The graph models (blazeface, facemesh, faceres), once loaded (use). */
let M;

/** The models the stages run on (models.cjs loadModels' answer). */
function use(loaded) {
  M = loaded;
  tf = loaded.tf;
}

/**
 * faceres descriptors share a large common component (unrelated faces score ~0.4 cosine), so
 * embeddings are centred: the mean descriptor of an independent set of faces (the 113 faces of
 * human's own screenshot-facematch.jpg, computed by scripts/face-centre.mjs) is subtracted
 * before normalising. On the accuracy bench this widens the gap between the lowest same-person
 * and the highest different-person similarity from -0.006 to +0.07.
 * FACE_EMBEDDING_CENTRE=off gives raw descriptors (what scripts/face-centre.mjs averages).
 */
const CENTRE = process.env.FACE_EMBEDDING_CENTRE === 'off' ? null : Float32Array.from(JSON.parse(fs.readFileSync(path.join(__dirname, 'faceres-centre.json'), 'utf8')));

/**
 * faceres input side. Its graph declares 224; at 160 it costs half (~50 ms instead of ~95 ms per
 * face) and on the accuracy bench (centre recomputed at 160) it matched as well: at 0.5,
 * precision 1.0000 and recall 0.9986 (0.9946 and 0.9990 at 224). At 128 (~35 ms, engine
 * version 2, centre recomputed) the bench gave 19 false-match pairs at 0.5 and precision 1.0 /
 * recall 0.9935 only at 0.55, with the lowest same-person similarity (0.496) below the highest
 * different-person one (0.532): kept at 160. FACE_RES_INPUT overrides it for experiments (the
 * centre is only right for 160).
 */
const FACERES_INPUT = Number(process.env.FACE_RES_INPUT) || 160;

/** The descriptor as an embedding: L2-normalised, centred, normalised again. */
function embed(descriptor) {
  const v = Float32Array.from(descriptor);
  const normalise = () => {
    let n = 0;
    for (let i = 0; i < v.length; i++) n += v[i] * v[i];
    n = Math.sqrt(n) || 1;
    for (let i = 0; i < v.length; i++) v[i] /= n;
  };
  normalise();
  if (CENTRE) {
    for (let i = 0; i < v.length; i++) v[i] -= CENTRE[i];
    normalise();
  }
  return v;
}

const MESH_INPUT = 192;
/** faceres crop side / the mesh's extent (the mesh spans brows to chin; the crop keeps some context). */
const FACERES_SPAN = 1.3;

/**
 * Stage A: the detector's candidates on `squares` (plan.cjs stageASquares), one after another
 * in the squares' order; unmerged (the engine merges the candidates of a photo's squares run in
 * several workers at once).
 */
function detect(image, squares) {
  return detectSquares(tf, M.blazeface, image, squares);
}

/** Stage A on one worker: the candidates merged (plan.cjs mergeCandidates). */
function candidates(image, squares) {
  return mergeCandidates(detect(image, squares));
}

/** Squares the face mesh takes in one call. */
const MESH_BATCH = 16;

/**
 * The face mesh on squares {cx, cy, side, angle} (centre, side, roll), as one batch: each
 * one's confidence and, when it passes, its 468 points in image pixels.
 */
function meshes(image, squares) {
  if (squares.length > MESH_BATCH) {
    const out = [];
    for (let i = 0; i < squares.length; i += MESH_BATCH) out.push(...meshes(image, squares.slice(i, i + MESH_BATCH)));
    return out;
  }
  if (!squares.length) return [];
  const size = MESH_INPUT * MESH_INPUT * 3;
  const input = new Float32Array(size * squares.length);
  squares.forEach((q, k) => sampleSquare(image.pixels, image.width, image.height, q.cx, q.cy, q.side, q.angle, MESH_INPUT, 1 / 255, 0, 1, input, k * size));
  const t = tf.tensor4d(input, [squares.length, MESH_INPUT, MESH_INPUT, 3]);
  const outs = M.facemesh.execute(t);
  try {
    const scores = outs.find((o) => o.shape[o.shape.length - 1] === 1).dataSync();
    const raw = outs.find((o) => o.shape[o.shape.length - 1] === 1404).dataSync();
    return squares.map((q, k) => {
      const score = scores[k];
      if (!(score >= VALID_FACE_SCORE)) return { score, points: null };
      const points = [];
      for (let i = k * 1404; i < (k + 1) * 1404; i += 3) points.push(cropToImage(raw[i], raw[i + 1], MESH_INPUT, q.cx, q.cy, q.side, q.angle));
      return { score, points };
    });
  } finally {
    tf.dispose([t, ...outs]);
  }
}

/**
 * Stage B for stage A candidates: the face mesh on each candidate's box, turned upright by the
 * roll of its detector landmarks (what human's correctFaceRotation does), validates it
 * (score >= VALID_FACE_SCORE); the mesh then gives the aligned square faceres sees (centre,
 * extent and roll of the mesh: human reuses mesh-derived boxes between video frames the same
 * way). Answers, per candidate, {box, score, square} or null. The reported box is that
 * square's axis-aligned bounds at the detector's 1.4× face size.
 */
function validate(image, cands) {
  const squares = cands.map((cand) => {
    const [x, y, w, h] = cand.box;
    const angle = computeRotation(cand.landmarks[BLAZEFACE_SYMMETRY[0]], cand.landmarks[BLAZEFACE_SYMMETRY[1]]);
    return { cx: x + w / 2, cy: y + h / 2, side: Math.max(w, h), angle };
  });
  return meshes(image, squares).map((found) => {
    if (!found.points) return null;
    const sq = meshSquare(found.points);
    const s = sq.extent * BOX_SPAN;
    return { box: [sq.cx - s / 2, sq.cy - s / 2, s, s], score: found.score, square: sq };
  });
}
/**
 * Reported box side / mesh extent: blazeface's 1.4× box over the mesh of the same face (median
 * 1.33, quartiles 1.27–1.37 on the index bench's 66 faces), so boxes keep their former size.
 */
const BOX_SPAN = 1.33;

/** Faces a faceres call at most (memory: ~1 MB of activations a face at 160 px). */
const FACERES_BATCH = 16;

/**
 * faceres on the faces' aligned squares, sampled straight from the image, as one batch (a
 * photo's faces in one call: ~30 % less time a face than one call each): the embeddings.
 */
function embedFaces(image, squares) {
  if (squares.length > FACERES_BATCH) {
    const out = [];
    for (let i = 0; i < squares.length; i += FACERES_BATCH) out.push(...embedFaces(image, squares.slice(i, i + FACERES_BATCH)));
    return out;
  }
  const n = FACERES_INPUT;
  if (!squares.length) return [];
  const size = n * n * 3;
  const input = new Float32Array(size * squares.length);
  squares.forEach((sq, k) => sampleSquare(image.pixels, image.width, image.height, sq.cx, sq.cy, sq.extent * FACERES_SPAN, sq.angle, n, 1, 0, 1, input, k * size));
  const t = tf.tensor4d(input, [squares.length, n, n, 3]);
  const outs = M.faceres.execute(t);
  try {
    const all = outs.find((o) => o.shape[1] === 1024).dataSync();
    return squares.map((_, k) => embed(all.subarray(k * 1024, (k + 1) * 1024)));
  } finally {
    tf.dispose([t, ...outs]);
  }
}

module.exports = { use, detect, candidates, validate, embedFaces };
