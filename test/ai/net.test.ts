import { describe, expect, it } from 'vitest';
import { growNet, Net } from '../../src/ai/net.js';
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
