'use strict';
// A load-time rewrite of a TensorFlow graph model (model.json's GraphDef nodes) for tfjs's
// WebAssembly backend, applied to faceres (see models.cjs). Keras exported its ReLU6 as four
// nodes, `Add(bias) → Relu → Minimum(6) → Maximum(0)`, and the wasm backend runs the two
// scalar-broadcast ops (Minimum, Maximum) slowly: on this machine they were half of faceres'
// time (27 of each: ~34 of 66 ms profiled at 160 px). The rewrite is exact (the same
// arithmetic, no weight changes):
//  1. Relu → Minimum(6) → Maximum(0) becomes one Relu6 (relu then clip to [0, 6] is relu6);
//  2. Conv2D → Add(1-d bias) → Relu6 becomes one _FusedConv2D (BiasAdd, Relu6), as the
//     TensorFlow.js converter itself fuses convolutions (blazeface's graph has such nodes);
//  3. DepthwiseConv2dNative → Mul(scale) → Add(bias) → Relu6 becomes one fused depthwise
//     convolution with the scale folded into its kernel (float rounding only).
// A pattern is rewritten only when its constants have the expected values and each inner node
// feeds only the next one; anything else is left as it is.

const BYTES = { float32: 4, int32: 4, bool: 1, float16: 2, uint16: 2, uint8: 1 };

/** IEEE half-precision bits to a number. */
function halfToFloat(h) {
  const s = h & 0x8000 ? -1 : 1;
  const e = (h >> 10) & 0x1f;
  const f = h & 0x3ff;
  if (e === 0) return s * Math.pow(2, -14) * (f / 1024);
  if (e === 31) return f ? NaN : s * Infinity;
  return s * Math.pow(2, e - 15) * (1 + f / 1024);
}

/**
 * Shapes of every weight and the values of the scalar ones, from the weight specs and their
 * concatenated bytes. Null when a spec has a layout this does not know (no rewrite then).
 */
function readWeights(specs, bytes) {
  const shapes = new Map();
  const scalars = new Map();
  /** name → a function answering the weight's values as a Float32Array (float32 or float16 weights). */
  const values = new Map();
  const view = new DataView(bytes);
  let offset = 0;
  for (const spec of specs) {
    const stored = spec.quantization ? spec.quantization.dtype : spec.dtype;
    const size = BYTES[stored];
    if (!size || (spec.quantization && (stored === 'uint8' || stored === 'uint16'))) return null;
    const count = spec.shape.reduce((a, b) => a * b, 1);
    shapes.set(spec.name, spec.shape);
    if (stored === 'float32' || stored === 'float16') {
      const at = offset;
      const read = () => {
        const out = new Float32Array(count);
        for (let i = 0; i < count; i++) out[i] = stored === 'float32' ? view.getFloat32(at + 4 * i, true) : halfToFloat(view.getUint16(at + 2 * i, true));
        return out;
      };
      values.set(spec.name, read);
      if (count === 1) scalars.set(spec.name, read()[0]);
    }
    offset += count * size;
  }
  if (offset !== bytes.byteLength) return null;
  return { shapes, scalars, values };
}

const b64 = (s) => Buffer.from(s, 'utf8').toString('base64');

/**
 * Rewrites `nodes` (modelTopology.node) in place; answers how many ReLU6, fused convolutions
 * and fused depthwise convolutions it made, and the weights to load with the graph (`specs`
 * and `bytes`, plus the folded depthwise kernels).
 */
function fuseRelu6(nodes, specs, bytes) {
  const done = { relu6: 0, conv: 0, depthwise: 0 };
  const weights = readWeights(specs, bytes);
  if (!weights) return { done, specs, bytes };
  const byName = () => new Map(nodes.map((n) => [n.name, n]));
  const consumers = () => {
    const c = new Map();
    for (const n of nodes) for (const i of n.input || []) c.set(i, (c.get(i) || 0) + 1);
    return c;
  };
  const only = (cons, name) => cons.get(name) === 1;
  const isConst = (map, name, value) => {
    const n = map.get(name);
    return !!n && n.op === 'Const' && weights.scalars.get(name) === value;
  };
  const drop = (names) => {
    for (let i = nodes.length - 1; i >= 0; i--) if (names.has(nodes[i].name)) nodes.splice(i, 1);
  };

  // 1. Relu → Minimum(6) → Maximum(0) ⇒ Relu6 (named as the Maximum, which others read).
  let map = byName();
  let cons = consumers();
  const gone = new Set();
  for (const max of nodes) {
    if (max.op !== 'Maximum' || (max.input || []).length !== 2) continue;
    const min = map.get(max.input[0]);
    if (!min || min.op !== 'Minimum' || !only(cons, min.name) || !isConst(map, max.input[1], 0)) continue;
    const relu = map.get(min.input[0]);
    if (!relu || relu.op !== 'Relu' || !only(cons, relu.name) || !isConst(map, min.input[1], 6)) continue;
    max.op = 'Relu6';
    max.input = [relu.input[0]];
    max.attr = { T: relu.attr.T };
    gone.add(min.name).add(relu.name);
    done.relu6++;
  }
  drop(gone);

  // 2. Conv2D → Add(bias) → Relu6 ⇒ _FusedConv2D (named as the Relu6).
  map = byName();
  cons = consumers();
  gone.clear();
  for (const act of nodes) {
    if (act.op !== 'Relu6') continue;
    const add = map.get(act.input[0]);
    if (!add || (add.op !== 'Add' && add.op !== 'AddV2' && add.op !== 'BiasAdd') || !only(cons, add.name)) continue;
    const conv = map.get(add.input[0]);
    const bias = map.get(add.input[1]);
    if (!conv || conv.op !== 'Conv2D' || !only(cons, conv.name) || !bias || bias.op !== 'Const') continue;
    const biasShape = weights.shapes.get(bias.name);
    if (!biasShape || biasShape.length !== 1) continue;
    act.op = '_FusedConv2D';
    act.input = [conv.input[0], conv.input[1], bias.name];
    act.device = conv.device;
    act.attr = { ...conv.attr, num_args: { i: '1' }, epsilon: { f: 0 }, fused_ops: { list: { s: [b64('BiasAdd'), b64('Relu6')] } } };
    gone.add(add.name).add(conv.name);
    done.conv++;
  }
  drop(gone);

  // 3. DepthwiseConv2dNative → Mul(1-d scale) → Add(1-d bias) → Relu6 (a batch norm after a
  //    depthwise convolution) ⇒ FusedDepthwiseConv2dNative (BiasAdd, Relu6) whose kernel is
  //    the kernel times the scale, per channel (a new float32 weight). Not exact to the bit:
  //    the product is rounded once where the graph rounded the convolution's output.
  map = byName();
  cons = consumers();
  gone.clear();
  const extraSpecs = [];
  const extraBytes = [];
  for (const act of nodes) {
    if (act.op !== 'Relu6') continue;
    const add = map.get(act.input[0]);
    if (!add || add.op !== 'Add' || !only(cons, add.name)) continue;
    const mul = map.get(add.input[0]);
    if (!mul || mul.op !== 'Mul' || !only(cons, mul.name)) continue;
    const dw = map.get(mul.input[0]);
    if (!dw || dw.op !== 'DepthwiseConv2dNative' || !only(cons, dw.name)) continue;
    const kernelName = dw.input[1];
    const kShape = weights.shapes.get(kernelName);
    const sShape = weights.shapes.get(mul.input[1]);
    const bShape = weights.shapes.get(add.input[1]);
    const readK = weights.values.get(kernelName);
    const readS = weights.values.get(mul.input[1]);
    if (!kShape || kShape.length !== 4 || kShape[3] !== 1 || !readK || !readS) continue;
    const channels = kShape[2];
    if (!sShape || sShape.length !== 1 || sShape[0] !== channels || !bShape || bShape.length !== 1 || bShape[0] !== channels) continue;
    if (map.get(add.input[1]).op !== 'Const' || map.get(mul.input[1]).op !== 'Const') continue;
    const kernel = readK();
    const scale = readS();
    for (let i = 0; i < kernel.length; i++) kernel[i] *= scale[i % channels];
    const folded = `${kernelName}/folded`;
    extraSpecs.push({ name: folded, shape: kShape, dtype: 'float32' });
    extraBytes.push(Buffer.from(kernel.buffer, kernel.byteOffset, kernel.byteLength));
    nodes.push({ name: folded, op: 'Const', attr: { value: { tensor: { dtype: 'DT_FLOAT', tensorShape: { dim: kShape.map((n) => ({ size: String(n) })) } } }, dtype: { type: 'DT_FLOAT' } } });
    act.op = 'FusedDepthwiseConv2dNative';
    act.input = [dw.input[0], folded, add.input[1]];
    act.attr = { ...dw.attr, num_args: { i: '1' }, fused_ops: { list: { s: [b64('BiasAdd'), b64('Relu6')] } } };
    gone.add(add.name).add(mul.name).add(dw.name);
    done.depthwise++;
  }
  drop(gone);
  if (!extraSpecs.length) return { done, specs, bytes };
  const all = Buffer.concat([Buffer.from(bytes), ...extraBytes]);
  return { done, specs: [...specs, ...extraSpecs], bytes: all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength) };
}

module.exports = { fuseRelu6, halfToFloat, readWeights };
