'use strict';
// The face worker's models: @vladmandic/human loads blazeface, the face mesh and faceres from
// node_modules onto tfjs's WebAssembly backend, and FaceRecognitionNet's weights come from
// @vladmandic/face-api's model/ (facerec.cjs); the worker (worker.cjs) then runs the models
// itself. Required inside the worker thread only.
const fs = require('node:fs');
const path = require('node:path');
const { fuseRelu6 } = require('./graph-fuse.cjs');
const { loadFaceRec } = require('./facerec.cjs');

const humanDist = path.dirname(require.resolve('@vladmandic/human'));
const MODELS_DIR = path.join(humanDist, '..', 'models');
const WASM_DIR = path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm'));

// Models load from node_modules only: nothing in this worker may reach the network.
globalThis.fetch = async (url) => {
  throw new Error(`face worker: network access refused (${String(url)})`);
};

// The package's `exports` keys lack './', so the wasm build is required by file path.
const { Human } = require(path.join(humanDist, 'human.node-wasm.js'));

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
// human serves as the model loader (its models, its wasm setup); the pipeline below runs the
// three models itself: blazeface, the face mesh and faceres.
const models = {
  ...common,
  face: {
    enabled: true,
    iris: off,
    emotion: off,
    antispoof: off,
    liveness: off,
    attention: off,
    detector: { enabled: true },
    mesh: { enabled: true },
    description: { enabled: true }
  }
};

/** Graph rewrites applied at load, by model file name (see graph-fuse.cjs). */
const REWRITES = { 'faceres.json': fuseRelu6 };

/**
 * A model's artifacts from disk: model.json and its weight shards, the graph rewritten for the
 * wasm backend where REWRITES says so (unless `rewrite` is false).
 */
function readArtifacts(tf, file, rewrite = true) {
  const dir = path.dirname(file);
  const json = JSON.parse(fs.readFileSync(file, 'utf8'));
  const specs = [];
  const parts = [];
  for (const group of json.weightsManifest) {
    specs.push(...group.weights);
    for (const p of group.paths) parts.push(fs.readFileSync(path.join(dir, p)));
  }
  const all = Buffer.concat(parts);
  const bytes = all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength);
  const fn = rewrite && REWRITES[path.basename(file)];
  if (fn && json.modelTopology && json.modelTopology.node) {
    const out = fn(json.modelTopology.node, specs, bytes);
    return tf.io.getModelArtifactsForJSON(json, async () => [out.specs, out.bytes]);
  }
  return tf.io.getModelArtifactsForJSON(json, async () => [specs, bytes]);
}

/** tfjs io handler for file:// model URLs (human's model loader reads through it). */
function fileRouter(tf, url) {
  if (typeof url !== 'string' || !url.startsWith('file://')) return null;
  return { load: async () => readArtifacts(tf, url.slice('file://'.length)) };
}

/** Loads the models; answers tf, the graph models and FaceRecognitionNet's weights. */
async function loadModels() {
  const human = new Human(models);
  const tf = human.tf;
  tf.io.registerLoadRouter((url) => fileRouter(tf, url));
  await human.load(models);
  await tf.ready();
  if (tf.getBackend() !== 'wasm') throw new Error(`face worker: backend ${tf.getBackend()} instead of wasm`);
  const loaded = human.models.models;
  for (const name of ['blazeface', 'facemesh', 'faceres']) {
    if (!loaded[name]) throw new Error(`face worker: model ${name} did not load`);
  }
  // faceres ends in a global average pool, so it takes any input side; its graph declares 224.
  for (const n of loaded.faceres.executor.graph.inputs) if (n.attrParams && n.attrParams.shape) n.attrParams.shape.value = [-1, -1, -1, 3];
  return { tf, blazeface: loaded.blazeface, facemesh: loaded.facemesh, faceres: loaded.faceres, facerec: loadFaceRec(tf) };
}

module.exports = { loadModels, readArtifacts, MODELS_DIR };
