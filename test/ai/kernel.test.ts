import { describe, expect, it } from 'vitest';
import { ENCODINGS } from '../../src/ai/encode.js';
import { Evaluator } from '../../src/ai/evaluator.js';
import { wasmKernel } from '../../src/ai/kernel.js';
import { Net } from '../../src/ai/net.js';
import { loadBundled } from '../../src/ai/weights.js';
import { seededRandom } from '../../src/sim/rng.js';

/** A random spread of `count` checkers over the 26 slots of a side (0 borne off, 25 the bar). */
function spread(random: () => number, count: number): Int8Array {
  const a = new Int8Array(26);
  for (let c = 0; c < count; c++) a[1 + Math.floor(random() * 24)]!++;
  return a;
}

describe('the WebAssembly SIMD forward pass', () => {
  it('gives Net.forward’s outputs on random inputs of random nets', () => {
    const random = seededRandom(7);
    for (const shape of [{ inputs: 30, hidden: 8, outputs: 5 }, { inputs: 251, hidden: 256, outputs: 5 }, { inputs: 9, hidden: 4, outputs: 3 }]) {
      const net = new Net(shape);
      net.initRandom(random);
      for (let i = 0; i < net.b1.length; i++) net.b1[i] = random() - 0.5;
      for (let i = 0; i < net.b2.length; i++) net.b2[i] = random() - 0.5;
      const kernel = wasmKernel(net);
      expect(kernel).not.toBeNull();
      for (let trial = 0; trial < 50; trial++) {
        const x = new Float32Array(shape.inputs);
        const idx = new Int32Array(shape.inputs);
        let n = 0;
        for (let i = 0; i < shape.inputs; i++) {
          if (random() < 0.6) continue;
          x[i] = random() < 0.5 ? 1 : random() * 3;
          idx[n++] = i;
        }
        const want = Array.from(net.forward(x, idx, n, net.scratch()));
        const got = Array.from(kernel!(x, idx, n, net.scratch()));
        got.forEach((y, o) => expect(y).toBeCloseTo(want[o]!, 5));
      }
    }
  });

  it('gives the bundled networks’ evaluations on random positions of both games', () => {
    for (const variant of ['short', 'long'] as const) {
      const { net } = loadBundled(variant);
      const fast = new Evaluator(net, ENCODINGS[variant]);
      const plain = new Evaluator(net, ENCODINGS[variant], { simd: false });
      expect(fast.simd).toBe(true);
      expect(plain.simd).toBe(false);
      const random = seededRandom(variant === 'short' ? 1 : 2);
      for (let trial = 0; trial < 200; trial++) {
        const me = spread(random, 15);
        const opp = spread(random, 15);
        const a = Array.from(fast.evaluate(me, 0, opp, 0, new Float32Array(fast.outputs)));
        const b = Array.from(plain.evaluate(me, 0, opp, 0, new Float32Array(plain.outputs)));
        a.forEach((y, o) => expect(y).toBeCloseTo(b[o]!, 5));
      }
    }
  });

  it('works on a copy of the weights, and leaves nets with a second hidden layer to Net.forward', () => {
    const net = new Net({ inputs: 4, hidden: 4, outputs: 1 });
    net.initRandom(seededRandom(1));
    const kernel = wasmKernel(net)!;
    const x = Float32Array.of(1, 0, 0, 0);
    const idx = Int32Array.of(0);
    const before = kernel(x, idx, 1, net.scratch())[0]!;
    net.w1.fill(5);
    expect(kernel(x, idx, 1, net.scratch())[0]).toBe(before);
    expect(net.forward(x, idx, 1, net.scratch())[0]).not.toBeCloseTo(before, 3);
    expect(wasmKernel(new Net({ inputs: 4, hidden: 4, hidden2: 2, outputs: 1 }))).toBeNull();
    expect(wasmKernel(new Net({ inputs: 4, hidden: 6, outputs: 1 }))).toBeNull();
  });
});
