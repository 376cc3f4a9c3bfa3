'use strict';
// The face worker's stages on an image's RGB bytes ({pixels, width, height}), run on the loaded
// models (models.cjs): the detector on squares (stage A), the face mesh on candidates (stage B)
// and the embedding model on the validated faces (embedders.cjs). See worker.cjs for the pipeline and its costs.
const { BLAZEFACE_SYMMETRY, computeRotation, sampleSquare, cropToImage, meshSquare, fivePoints } = require('./align.cjs');
const { detectSquares } = require('./blazeface.cjs');
const { mergeCandidates } = require('./plan.cjs');
const { embedderFor } = require('./embedders.cjs');

// Face mesh confidence a stage B face needs: real faces score ~1, look-alikes (fabric, hair, hands) < 0.65.
const VALID_FACE_SCORE = 0.8;

let tf;
/** The models (blazeface, facemesh, faceres, facerec), once loaded (use). */
let M;

/** The models the stages run on (models.cjs loadModels' answer). */
function use(loaded) {
  M = loaded;
  tf = loaded.tf;
}

const MESH_INPUT = 192;

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
 * (score >= VALID_FACE_SCORE); the mesh then gives the aligned square and five landmarks (centre,
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
    sq.landmarks = fivePoints(found.points);
    const s = sq.extent * BOX_SPAN;
    return { box: [sq.cx - s / 2, sq.cy - s / 2, s, s], score: found.score, square: sq };
  });
}
/**
 * Reported box side / mesh extent: blazeface's 1.4× box over the mesh of the same face (median
 * 1.33, quartiles 1.27–1.37 on the index bench's 66 faces), so boxes keep their former size.
 */
const BOX_SPAN = 1.33;

/** Faces a model call at most (memory: faceres ~1 MB of activations a face at 160 px, FaceRecognitionNet ~3 MB at 150 px). */
const EMBED_BATCH = 16;

/**
 * The embeddings of faces (their aligned squares from validate), sampled straight from the
 * image, as one batch (a photo's faces in one call), by the model of engine `version`
 * (embedders.cjs): the current one, or the one before it (a selfie searching faces not yet
 * re-indexed).
 */
function embedFaces(image, squares, version) {
  const embedder = embedderFor(version);
  if (squares.length > EMBED_BATCH) {
    const out = [];
    for (let i = 0; i < squares.length; i += EMBED_BATCH) out.push(...embedFaces(image, squares.slice(i, i + EMBED_BATCH), version));
    return out;
  }
  if (!squares.length) return [];
  const n = embedder.input;
  const size = n * n * 3;
  const input = new Float32Array(size * squares.length);
  squares.forEach((sq, k) => {
    const q = embedder.chip(sq);
    sampleSquare(image.pixels, image.width, image.height, q.cx, q.cy, q.side, q.angle, n, 1, 0, 1, input, k * size);
  });
  return embedder.run(tf, M, input, squares.length);
}

module.exports = { use, detect, candidates, validate, embedFaces };
