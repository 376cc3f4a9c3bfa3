'use strict';
// FaceRecognitionNet: dlib's face recognition ResNet-34 (128-d descriptors, 150 px aligned face
// chips) as @vladmandic/face-api ships it (model/face_recognition_model*: the weights only, the
// network is code). The forward pass follows @vladmandic/face-api 1.7.15
// src/faceRecognitionNet/*.ts (MIT License, Copyright (c) Vladimir Mandic, after Vincent
// Mühler's face-api.js), run here on the tf of the face worker (models.cjs): each conv layer's
// "scale" (a per-channel multiply and add after the convolution's bias) is folded into the
// convolution at load, so a layer is one fused conv2d (+ bias, + relu) on tfjs' wasm backend.
const fs = require('node:fs');
const path = require('node:path');

const MODEL_DIR = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
const MANIFEST = path.join(MODEL_DIR, 'face_recognition_model-weights_manifest.json');

/** The chip side the network was trained on. */
const FACEREC_INPUT = 150;
/** dlib's mean face colour (RGB), subtracted before dividing by 255. */
const MEAN_RGB = [122.782, 117.001, 104.298];

const RESIDUALS = [
  ['conv32_1', false],
  ['conv32_2', false],
  ['conv32_3', false],
  ['conv64_down', true],
  ['conv64_1', false],
  ['conv64_2', false],
  ['conv64_3', false],
  ['conv128_down', true],
  ['conv128_1', false],
  ['conv128_2', false],
  ['conv256_down', true],
  ['conv256_1', false],
  ['conv256_2', false],
  ['conv256_down_out', true]
];

/** The weights from node_modules, each conv layer's scale folded into its filters and bias. */
function loadFaceRec(tf) {
  const manifest = JSON.parse(fs.readFileSync(MANIFEST, 'utf8'));
  const specs = [];
  const parts = [];
  for (const group of manifest) {
    specs.push(...group.weights);
    for (const p of group.paths) parts.push(fs.readFileSync(path.join(MODEL_DIR, p)));
  }
  const all = Buffer.concat(parts);
  const w = tf.io.decodeWeights(all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength), specs);
  const layer = (prefix) => {
    const scale = w[`${prefix}/scale/weights`];
    const layerOut = tf.tidy(() => ({
      filter: tf.mul(w[`${prefix}/conv/filters`], scale),
      bias: tf.add(tf.mul(w[`${prefix}/conv/bias`], scale), w[`${prefix}/scale/biases`])
    }));
    return layerOut;
  };
  const net = {
    down: layer('conv32_down'),
    residuals: RESIDUALS.map(([name, down]) => ({ down, conv1: layer(`${name}/conv1`), conv2: layer(`${name}/conv2`) })),
    fc: tf.keep(w.fc)
  };
  tf.dispose(Object.entries(w).filter(([k]) => k !== 'fc').map(([, t]) => t));
  return net;
}

function conv(tf, x, l, stride, relu, pad = 'same') {
  return tf.fused.conv2d({ x, filter: l.filter, strides: [stride, stride], pad, bias: l.bias, activation: relu ? 'relu' : 'linear' });
}

/** A residual block: two 3×3 convolutions; the "down" ones halve the side and pad the shortcut's channels. */
function residual(tf, x, r) {
  let out = r.down ? conv(tf, x, r.conv1, 2, true, 'valid') : conv(tf, x, r.conv1, 1, true);
  out = conv(tf, out, r.conv2, 1, false);
  let short = x;
  if (r.down) {
    short = tf.avgPool(x, 2, 2, 'valid');
    if (short.shape[3] !== out.shape[3]) short = tf.concat([short, tf.zerosLike(short)], 3);
    if (short.shape[1] !== out.shape[1] || short.shape[2] !== out.shape[2]) {
      const [n, h, wd, c] = out.shape;
      out = tf.concat([out, tf.zeros([n, 1, wd, c])], 1);
      out = tf.concat([out, tf.zeros([n, h + 1, 1, c])], 2);
    }
  }
  return tf.relu(tf.add(out, short));
}

/**
 * Descriptors of a batch of face chips: `input` [n, 150, 150, 3] RGB 0–255 (float32). Answers
 * a [n, 128] tensor (not normalised).
 */
function runFaceRec(tf, net, input) {
  return tf.tidy(() => {
    let x = tf.div(tf.sub(input, tf.tensor1d(MEAN_RGB)), 255);
    x = conv(tf, x, net.down, 2, true, 'valid');
    x = tf.maxPool(x, 3, 2, 'valid');
    for (const r of net.residuals) x = residual(tf, x, r);
    return tf.matMul(tf.mean(x, [1, 2]), net.fc);
  });
}

module.exports = { loadFaceRec, runFaceRec, FACEREC_INPUT };
