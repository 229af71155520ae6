import { describe, expect, it } from 'vitest';
import { deepen, growNet, Net } from '../../src/ai/net.js';
import { seededRandom } from '../../src/sim/rng.js';

describe('growNet', () => {
  it('a grown net gives the same outputs as the one it comes from, whatever the appended inputs', () => {
    const old = new Net({ inputs: 20, hidden: 8, outputs: 5 });
    old.initRandom(seededRandom(3));
    for (let i = 0; i < old.b1.length; i++) old.b1[i] = (i % 3) * 0.1 - 0.1;
    old.b2.set([0.2, -0.3, 0.1, 0, -0.1]);
    const big = growNet(old, 26, 16, seededRandom(4));
    expect(big.shape).toEqual({ inputs: 26, hidden: 16, outputs: 5 });
    const random = seededRandom(5);
    for (let trial = 0; trial < 20; trial++) {
      const x = new Float32Array(26);
      const idx = new Int32Array(26);
      let n = 0;
      for (let i = 0; i < 26; i++) {
        if (random() < 0.5) continue;
        x[i] = random() < 0.5 ? 1 : random();
        idx[n++] = i;
      }
      const own = idx.subarray(0, n).filter((i) => i < 20); // the old net's inputs among them
      const small = Array.from(old.forward(x, own, own.length, old.scratch()));
      const grown = Array.from(big.forward(x, idx, n, big.scratch()));
      for (let o = 0; o < 5; o++) expect(grown[o]).toBeCloseTo(small[o]!, 6);
    }
    // The new hidden units can learn: their input weights are not all zero.
    expect(Array.from(big.w1).some((w, i) => i % 16 >= 8 && w !== 0)).toBe(true);
  });

  it('refuses to shrink', () => {
    const old = new Net({ inputs: 20, hidden: 8, outputs: 5 });
    expect(() => growNet(old, 19, 8, seededRandom(1))).toThrow(RangeError);
    expect(() => growNet(old, 20, 7, seededRandom(1))).toThrow(RangeError);
  });
});

describe('a second hidden layer', () => {
  const shape = { inputs: 7, hidden: 5, hidden2: 3, outputs: 2 };
  const x = new Float32Array([1, 0, 0.5, 0, 1, 0.25, 0]);
  const idx = Int32Array.from([0, 2, 4, 5]);
  const target = [0.7, 0.2];
  const crossEntropy = (net: Net): number => {
    const y = net.forward(x, idx, idx.length, net.scratch());
    return -target.reduce((s, t, o) => s + t * Math.log(y[o]!) + (1 - t) * Math.log(1 - y[o]!), 0);
  };
  const randomNet = (): Net => {
    const net = new Net(shape);
    net.initRandom(seededRandom(21));
    const r = seededRandom(22);
    for (const a of [net.b1, net.c, net.b2]) for (let i = 0; i < a.length; i++) a[i] = r() - 0.5;
    return net;
  };

  it('accumulates the gradient of the cross-entropy through both layers (finite differences agree)', () => {
    const net = randomNet();
    const g = new Net(shape);
    const s = net.scratch();
    net.forward(x, idx, idx.length, s);
    net.accumulate(x, idx, idx.length, s, target, g);
    const p = net.params();
    const gp = g.params();
    expect(gp.length).toBe(Net.byteLength(shape) / 4);
    let checked = 0;
    for (let i = 0; i < p.length; i++) {
      const keep = p[i]!;
      const eps = 1e-2;
      p[i] = keep + eps;
      const up = crossEntropy(net);
      p[i] = keep - eps;
      const down = crossEntropy(net);
      p[i] = keep;
      const numeric = (up - down) / (2 * eps);
      expect(gp[i]!).toBeCloseTo(numeric, 3);
      if (Math.abs(numeric) > 1e-3) checked++;
    }
    // Every part of the net took part (first layer rows of the inputs given, v, c, w3, w2, b2).
    expect(checked).toBeGreaterThan(40);
    expect(Array.from(g.v).some((w) => w !== 0) && Array.from(g.w3).some((w) => w !== 0) && Array.from(g.c).some((w) => w !== 0)).toBe(true);
  });

  it('a step moves the weights by the rate times that gradient', () => {
    for (const sh of [shape, { inputs: 7, hidden: 5, outputs: 2 }]) {
      const a = new Net(sh);
      a.initRandom(seededRandom(5));
      const b = new Net(sh);
      b.params().set(a.params());
      const g = new Net(sh);
      const sa = a.scratch();
      a.forward(x, idx, idx.length, sa);
      a.accumulate(x, idx, idx.length, sa, target, g);
      const sb = b.scratch();
      b.forward(x, idx, idx.length, sb);
      b.step(x, idx, idx.length, sb, target, 0.1);
      const pa = a.params();
      const pb = b.params();
      const gp = g.params();
      for (let i = 0; i < pa.length; i++) expect(pb[i]!).toBeCloseTo(pa[i]! - 0.1 * gp[i]!, 6);
    }
  });

  it('deepen: the deeper net evaluates exactly as the one it grows from, and refuses to deepen twice', () => {
    const old = new Net({ inputs: 7, hidden: 5, outputs: 2 });
    old.initRandom(seededRandom(8));
    const deep = deepen(old, 3, seededRandom(9));
    expect(deep.shape).toEqual({ inputs: 7, hidden: 5, hidden2: 3, outputs: 2 });
    const a = Array.from(old.forward(x, idx, idx.length, old.scratch()));
    const b = Array.from(deep.forward(x, idx, idx.length, deep.scratch()));
    for (let o = 0; o < 2; o++) expect(b[o]).toBeCloseTo(a[o]!, 7);
    expect(Array.from(deep.v).some((w) => w !== 0)).toBe(true);
    expect(() => deepen(deep, 3, seededRandom(1))).toThrow(/already/);
  });
});
