import { describe, expect, it } from 'vitest';
import { allHome, BEAROFF_POSITIONS, bearoffIndex, bearoffOutcomes, bearoffPlays, bearoffTable } from '../../src/ai/bearoff.js';
import { ENCODINGS } from '../../src/ai/encode.js';
import { Evaluator } from '../../src/ai/evaluator.js';
import { loadBundled } from '../../src/ai/weights.js';
import { Generator } from '../../src/engine/fast.js';
import { DEFAULT_RULES } from '../../src/engine/rules.js';
import type { Dice } from '../../src/engine/types.js';
import { seededRandom } from '../../src/sim/rng.js';

/** A side with `counts` on its points 1..6 and the rest of its 15 checkers off. */
function side(counts: number[]): Int8Array {
  const a = new Int8Array(26);
  counts.forEach((n, i) => (a[i + 1] = n));
  a[0] = 15 - counts.reduce((s, n) => s + n, 0);
  return a;
}

/** A random home board of 1..15 checkers. */
function randomHome(random: () => number): number[] {
  const c = [0, 0, 0, 0, 0, 0];
  const n = 1 + Math.floor(random() * 15);
  for (let k = 0; k < n; k++) c[Math.floor(random() * 6)]!++;
  return c;
}

describe('the one-sided bear-off table', () => {
  it('numbers every position of up to 15 checkers on six points once', () => {
    // Every count of 0..15 on each point, those with 15 checkers at most kept.
    const seen = new Uint8Array(BEAROFF_POSITIONS);
    const c = [0, 0, 0, 0, 0, 0, 0];
    let positions = 0;
    for (let code = 0; code < 1 << 24; code++) {
      let sum = 0;
      for (let p = 1; p <= 6; p++) sum += c[p] = (code >>> (4 * (p - 1))) & 15;
      if (sum > 15) continue;
      const i = bearoffIndex(c);
      if (!(i >= 0 && i < BEAROFF_POSITIONS) || seen[i]) throw new Error(`index ${i} of ${c} out of range or taken`);
      seen[i] = 1;
      positions++;
    }
    expect(positions).toBe(BEAROFF_POSITIONS);
  });

  it('leads from a position exactly where the engine does, in both games, for every roll', () => {
    const gen = new Generator();
    const random = seededRandom(5);
    for (const variant of ['short', 'long'] as const) {
      for (let trial = 0; trial < 150; trial++) {
        const c = randomHome(random);
        const me = side(c);
        const opp = side(randomHome(random));
        for (let a = 1; a <= 6; a++) {
          for (let b = a; b <= 6; b++) {
            const n = gen.generate(variant, me, opp, [a, b] as unknown as Dice, DEFAULT_RULES);
            const engine = new Set<string>();
            for (let k = 0; k < n; k++) {
              const o = gen.result[k]! * 26;
              engine.add(Array.from(gen.pool.me.subarray(o + 1, o + 7)).join(','));
            }
            const ours = new Set(bearoffPlays([0, ...c], a, b).map((x) => x.join(',')));
            expect([...ours].sort(), `${variant} ${c} ${a}-${b}`).toEqual([...engine].sort());
          }
        }
      }
    }
  });

  it('knows the simplest cases by hand', () => {
    const t = bearoffTable();
    // One checker on the 6-point stays on only after 1-1, 1-2, 1-3, 1-4 and 2-3: 9 rolls of 36.
    expect(t.mean[bearoffIndex([0, 0, 0, 0, 0, 0, 1])]).toBeCloseTo(1 + 9 / 36, 6);
    const out = new Float32Array(5);
    // ...so against one checker on the 1-point, which goes off next roll, it wins 27 of 36.
    bearoffOutcomes('short', side([0, 0, 0, 0, 0, 1]), 0, side([1, 0, 0, 0, 0, 0]), 0, out);
    expect(out[0]).toBeCloseTo(27 / 36, 6);
    expect(Array.from(out.subarray(1))).toEqual([0, 0, 0, 0]);
    // Fifteen on the 6-point take a first checker off with a 6, 5-1, 4-2, 3-3 or 2-2: 17 of 36.
    // Otherwise the opponent, one roll from the end, wins a gammon (a mars in long nardy).
    bearoffOutcomes('short', side([0, 0, 0, 0, 0, 15]), 0, side([1, 0, 0, 0, 0, 0]), 0, out);
    expect(out[0]).toBe(0);
    expect(out[3]).toBeCloseTo(19 / 36, 6);
    expect(out[4]).toBe(0);
    const long = new Float32Array(3);
    bearoffOutcomes('long', side([0, 0, 0, 0, 0, 15]), 0, side([1, 0, 0, 0, 0, 0]), 0, long);
    expect(long[2]).toBeCloseTo(19 / 36, 6);
    // One checker on the 1-point, to roll, is off at once: a gammon against fifteen still on.
    bearoffOutcomes('short', side([1, 0, 0, 0, 0, 0]), 0, side([0, 0, 0, 0, 0, 15]), 0, out);
    expect(out[0]).toBe(1);
    expect(out[1]).toBe(1);
  });

  it('is what the evaluator answers once both sides are home, and agrees with the net roughly', () => {
    const { net } = loadBundled('short');
    const table = new Evaluator(net, ENCODINGS.short);
    const plain = new Evaluator(net, ENCODINGS.short, { bearoff: false });
    expect(table.bearoff && !plain.bearoff).toBe(true);
    const random = seededRandom(9);
    let diff = 0;
    const trials = 200;
    for (let trial = 0; trial < trials; trial++) {
      const me = side(randomHome(random));
      const opp = side(randomHome(random));
      expect(allHome(me, 0) && allHome(opp, 0)).toBe(true);
      const a = table.evaluate(me, 0, opp, 0, new Float32Array(5));
      expect(Array.from(a)).toEqual(Array.from(bearoffOutcomes('short', me, 0, opp, 0, new Float32Array(5))));
      const b = plain.evaluate(me, 0, opp, 0, new Float32Array(5));
      diff += Math.abs(a[0]! - b[0]!);
    }
    // The net was trained on such positions: on average within a few hundredths.
    expect(diff / trials).toBeLessThan(0.05);
  });
});
