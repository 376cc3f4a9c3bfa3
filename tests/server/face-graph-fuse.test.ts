// The load-time rewrite of faceres' graph (server/src/face/graph-fuse.cjs): every Keras ReLU6
// (Relu → Minimum(6) → Maximum(0)) becomes one Relu6, each Conv2D → Add → Relu6 one fused
// convolution and each depthwise convolution → Mul → Add → Relu6 one fused depthwise
// convolution, and the rewritten model answers what the shipped one does (float rounding
// only). Runs the models in a child process (tests/server/fixtures/face-graph-fuse.cjs).
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

test('faceres: ReLU6 and convolutions fused, outputs unchanged', async () => {
  const { stdout } = await run(process.execPath, [path.join(__dirname, 'fixtures/face-graph-fuse.cjs')], { timeout: 120_000 });
  const out = JSON.parse(stdout.trim().split('\n').pop() as string);
  expect(out.error).toBeUndefined();
  expect(out.done).toEqual({ relu6: 27, conv: 14, depthwise: 13 });
  expect(out.shipped.Minimum).toBe(27);
  expect(out.rewritten.Minimum).toBeUndefined();
  expect(out.rewritten.Maximum).toBeUndefined();
  expect(out.rewritten.Relu).toBeUndefined();
  expect(out.rewritten.Conv2D).toBeUndefined();
  expect(out.rewritten._FusedConv2D).toBe(14);
  expect(out.rewritten.FusedDepthwiseConv2dNative).toBe(13);
  for (const op of ['Relu6', 'Mul', 'Add', 'DepthwiseConv2dNative']) expect(out.rewritten[op]).toBeUndefined();
  expect(out.maxAbs).toBeGreaterThan(0.1);
  expect(out.maxDiff).toBeLessThan(1e-4);
});

test('graph-fuse: a clip that is not [0, 6] is left alone; a depthwise batch norm is folded into the kernel', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { fuseRelu6 } = require('../../server/src/face/graph-fuse.cjs');
  const f32 = (v: number) => {
    const b = Buffer.alloc(4);
    b.writeFloatLE(v);
    return b;
  };
  const graph = (hi: number) => ({
    nodes: [
      { name: 'x', op: 'Placeholder', attr: {} },
      { name: 'w', op: 'Const', attr: {} },
      { name: 'b', op: 'Const', attr: {} },
      { name: 'six', op: 'Const', attr: {} },
      { name: 'zero', op: 'Const', attr: {} },
      { name: 'conv', op: 'Conv2D', input: ['x', 'w'], attr: { padding: { s: 'U0FNRQ==' } } },
      { name: 'add', op: 'Add', input: ['conv', 'b'], attr: {} },
      { name: 'relu', op: 'Relu', input: ['add'], attr: { T: { type: 'DT_FLOAT' } } },
      { name: 'min', op: 'Minimum', input: ['relu', 'six'], attr: {} },
      { name: 'max', op: 'Maximum', input: ['min', 'zero'], attr: {} },
      { name: 'out', op: 'Identity', input: ['max'], attr: {} }
    ],
    specs: [
      { name: 'w', shape: [1, 1, 1, 2], dtype: 'float32' },
      { name: 'b', shape: [2], dtype: 'float32' },
      { name: 'six', shape: [], dtype: 'float32' },
      { name: 'zero', shape: [], dtype: 'float32' }
    ],
    bytes: Buffer.concat([f32(1), f32(1), f32(0), f32(0), f32(hi), f32(0)])
  });
  const clip = graph(5);
  const ab = (b: Buffer) => b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength);
  expect(fuseRelu6(clip.nodes, clip.specs, ab(clip.bytes)).done).toEqual({ relu6: 0, conv: 0, depthwise: 0 });
  expect(clip.nodes.map((n) => n.op)).toContain('Minimum');
  const relu6 = graph(6);
  expect(fuseRelu6(relu6.nodes, relu6.specs, ab(relu6.bytes)).done).toEqual({ relu6: 1, conv: 1, depthwise: 0 });
  const fused = relu6.nodes.find((n) => n.name === 'max') as { op: string; input: string[] };
  expect(fused.op).toBe('_FusedConv2D');
  expect(fused.input).toEqual(['x', 'w', 'b']);
  expect(relu6.nodes.map((n) => n.name)).toEqual(['x', 'w', 'b', 'six', 'zero', 'max', 'out']);

  // Depthwise → Mul(scale) → Add(bias) → ReLU6: one fused depthwise convolution, its kernel scaled per channel.
  const dw = {
    nodes: [
      { name: 'x', op: 'Placeholder', attr: {} },
      { name: 'k', op: 'Const', attr: {} },
      { name: 's', op: 'Const', attr: {} },
      { name: 'b', op: 'Const', attr: {} },
      { name: 'six', op: 'Const', attr: {} },
      { name: 'zero', op: 'Const', attr: {} },
      { name: 'dw', op: 'DepthwiseConv2dNative', input: ['x', 'k'], attr: { padding: { s: 'U0FNRQ==' } } },
      { name: 'mul', op: 'Mul', input: ['dw', 's'], attr: {} },
      { name: 'add', op: 'Add', input: ['mul', 'b'], attr: {} },
      { name: 'relu', op: 'Relu', input: ['add'], attr: { T: { type: 'DT_FLOAT' } } },
      { name: 'min', op: 'Minimum', input: ['relu', 'six'], attr: {} },
      { name: 'max', op: 'Maximum', input: ['min', 'zero'], attr: {} }
    ] as Array<{ name: string; op: string; input?: string[]; attr: Record<string, unknown> }>,
    specs: [
      { name: 'k', shape: [1, 1, 2, 1], dtype: 'float32' },
      { name: 's', shape: [2], dtype: 'float32' },
      { name: 'b', shape: [2], dtype: 'float32' },
      { name: 'six', shape: [], dtype: 'float32' },
      { name: 'zero', shape: [], dtype: 'float32' }
    ],
    bytes: Buffer.concat([f32(3), f32(5), f32(2), f32(10), f32(0), f32(0), f32(6), f32(0)])
  };
  const out = fuseRelu6(dw.nodes, dw.specs, ab(dw.bytes));
  expect(out.done).toEqual({ relu6: 1, conv: 0, depthwise: 1 });
  const node = dw.nodes.find((n) => n.name === 'max') as { op: string; input: string[] };
  expect(node.op).toBe('FusedDepthwiseConv2dNative');
  expect(node.input).toEqual(['x', 'k/folded', 'b']);
  expect(out.specs[out.specs.length - 1]).toEqual({ name: 'k/folded', shape: [1, 1, 2, 1], dtype: 'float32' });
  expect(Array.from(new Float32Array(out.bytes.slice(out.bytes.byteLength - 8)))).toEqual([6, 50]);
});
