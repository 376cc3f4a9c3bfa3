'use strict';
// Face inference worker (worker_threads): @vladmandic/human on tfjs's WebAssembly backend,
// off the server's event loop. Plain CommonJS so that Node loads it the same way under tsx,
// jest and the bench scripts (no transform touches the wasm build).
//
// Protocol: the parent posts {id, op, ...} and gets {id, ...answer} or {id, error, message}:
//  - op 'selfie', {version, width, height, data} (RGB bytes, row-major, transferred): the one main face,
//    {faces: [{box: [x, y, w, h], score, embedding}]} in pixels of that image, or the error
//    'no-face' | 'many-faces' | 'failed';
//  - an event photo's stages, each on {image: {buffer, width, height}} (its RGB bytes in a
//    SharedArrayBuffer, so that several workers share one photo) and answering the worker's
//    time `ms` besides: op 'detect' (stage A on {squares}: {cands}, unmerged), 'validate' (stage
//    B on {cands}: {checked}) and 'embed' (the embedding model of engine {version} on
//    {squares}: {embeddings}). The engine (photo.ts) plans a photo's stages (plan.cjs) and
//    spreads each over the idle workers. 'selfie' takes the engine {version} to embed with too.
//
// Detection is two-staged; human serves as the model loader and the three models run directly
// on crops sampled in plain JS from the RGB bytes (align.cjs: no tensor of the whole image).
//  A. blazeface (blazeface.cjs: its anchors decoded and one NMS in JS) on the whole image and,
//     for event photos, on overlapping tiles, so that small faces of a group photo reach the
//     detector's 256 px input at a usable size; candidates of all tiles are merged. (Out of the
//     box, human finds one face in a group photo: one 256 px pass, maxDetected 1.)
//  B. each candidate goes straight to the face mesh: a 192 px crop of its box, turned upright by
//     the roll of its 6 detector landmarks (human's correctFaceRotation). The mesh validates it
//     (score >= 0.8; look-alikes score lower) and gives the face's aligned square (centre,
//     extent and roll of the mesh, as human reuses mesh boxes between video frames) and five
//     landmarks (eye centres, nose tip, mouth corners). The embedding model of the engine
//     version asked for (embedders.cjs) runs on the faces that pass: since version 3
//     FaceRecognitionNet (128-d) on a 150 px chip aligned to dlib's five-point template;
//     version 2's faceres (1024-d, 160 px mesh square) only for selfies searching faces not yet
//     re-indexed. Selfies and photo faces are embedded the same way.
// Until engine version 2 (engine.ts FACE_ENGINE_VERSION), stage B ran human.detect on a 256 px
// crop around each candidate (blazeface a second time, then the mesh): ~45 ms more a candidate.
// Costs below were measured with faceres as the embedding model (engine version 2);
// FaceRecognitionNet costs about as much a face on this machine (bench/face-models.mjs, ms/face).
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
// Since then the decode goes straight to the detection size in one sharp pipeline (image.ts:
// ~40 ms CPU for 3000×2000, the same pixels; ~60 instead of ~185 ms for 6000×4000, which
// sharp scales down while decoding), crops come from those pixels (~2 ms each), and a photo's
// stages are spread over both workers (photo.ts): on the index bench the workers had a job in
// hand 93–96% of the time instead of 83–90% (the queue no longer ends with the 22-face collage
// on one worker while the other idles), at 458–480 ms CPU a photo against 467–486.
// Embedding models compared on the faces dev set (real different photos of the same people):
// docs/face-models.md, bench/face-models.mjs.
const { parentPort } = require('node:worker_threads');
const { loadModels } = require('./models.cjs');
const stages = require('./stages.cjs');
const { stageASquares, overlaps } = require('./plan.cjs');

const SELFIE_CLEAR_SCORE = 0.5; // a second face this confident …
const SELFIE_CLEAR_SIZE = 0.4; // … and at least this large relative to the main one makes "many faces"

const strip = (f) => ({ box: f.box, score: f.score, embedding: f.embedding });

/**
 * A selfie: the largest candidate that the mesh confirms is the face; another confirmed face of
 * comparable size next to it makes the photo ambiguous.
 */
function selfie(image, version) {
  const cands = stages.candidates(image, stageASquares(image.width, image.height, false)).sort((p, q) => q.box[2] * q.box[3] - p.box[2] * p.box[3]);
  let main = null;
  let rest = [];
  for (let i = 0; i < cands.length && !main; i++) {
    main = stages.validate(image, [cands[i]])[0];
    rest = cands.slice(i + 1);
  }
  if (!main) return { error: 'no-face', message: 'no face found' };
  const mainSide = Math.max(main.box[2], main.box[3]);
  for (const o of rest) {
    if (o.score < SELFIE_CLEAR_SCORE || Math.max(o.box[2], o.box[3]) < SELFIE_CLEAR_SIZE * mainSide) continue;
    if (overlaps(o.box, main.box)) continue;
    const other = stages.validate(image, [o])[0];
    if (other && !overlaps(other.box, main.box)) return { error: 'many-faces', message: 'more than one face found' };
  }
  main.embedding = stages.embedFaces(image, [main.square], version)[0];
  return { faces: [strip(main)] };
}

/** One message's answer (without its id) and the buffers to transfer with it. */
function answer(msg) {
  if (msg.op === 'selfie') {
    const out = selfie({ pixels: new Uint8Array(msg.data), width: msg.width, height: msg.height }, msg.version);
    return { out, transfer: (out.faces || []).map((f) => f.embedding.buffer) };
  }
  // The shared buffer may be longer than the photo (the engine reuses buffers).
  const image = { pixels: new Uint8Array(msg.image.buffer, 0, msg.image.width * msg.image.height * 3), width: msg.image.width, height: msg.image.height };
  const t0 = performance.now();
  if (msg.op === 'detect') return { out: { cands: stages.detect(image, msg.squares), ms: performance.now() - t0 }, transfer: [] };
  if (msg.op === 'validate') return { out: { checked: stages.validate(image, msg.cands), ms: performance.now() - t0 }, transfer: [] };
  if (msg.op === 'embed') {
    const embeddings = stages.embedFaces(image, msg.squares, msg.version);
    return { out: { embeddings, ms: performance.now() - t0 }, transfer: embeddings.map((e) => e.buffer) };
  }
  throw new Error(`unknown op ${msg.op}`);
}

const ready = loadModels().then(stages.use);
ready.then(
  () => parentPort.postMessage({ ready: true }),
  (err) => parentPort.postMessage({ ready: false, message: String((err && err.stack) || err) })
);

parentPort.on('message', async (msg) => {
  try {
    await ready;
    const { out, transfer } = answer(msg);
    parentPort.postMessage({ id: msg.id, ...out }, transfer);
  } catch (err) {
    parentPort.postMessage({ id: msg.id, error: 'failed', message: String((err && err.message) || err) });
  }
});
