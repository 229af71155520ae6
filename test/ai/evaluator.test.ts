/** The mean of several networks: each outcome the average of theirs, kept consistent. */
import { describe, expect, it } from 'vitest';
import { ENCODINGS } from '../../src/ai/encode.js';
import { Evaluator, MeanEvaluator } from '../../src/ai/evaluator.js';
import { clampOutcomes, flipOutcomes } from '../../src/ai/outcomes.js';
import { loadBundled, loadBundledReview } from '../../src/ai/weights.js';
import { seededRandom } from '../../src/sim/rng.js';

/** A random spread of `count` checkers over the 24 points of a side (none borne off, none on the bar). */
function spread(random: () => number, count: number): Int8Array {
  const a = new Int8Array(26);
  for (let c = 0; c < count; c++) a[1 + Math.floor(random() * 24)]!++;
  return a;
}

describe('MeanEvaluator', () => {
  const players = new Evaluator(loadBundled('short').net, ENCODINGS.short);
  const review = new Evaluator(loadBundledReview('short')!.net, ENCODINGS.short);

  it('gives the average of its networks’ outcomes, before a roll and after a play', () => {
    const mean = new MeanEvaluator([players, review]);
    const random = seededRandom(11);
    let apart = 0;
    for (let trial = 0; trial < 100; trial++) {
      const me = spread(random, 15);
      const opp = spread(random, 15);
      const a = players.evaluate(me, 0, opp, 0, new Float32Array(5));
      const b = review.evaluate(me, 0, opp, 0, new Float32Array(5));
      const want = clampOutcomes('short', Array.from(a, (x, i) => (x + b[i]!) / 2));
      const got = mean.evaluate(me, 0, opp, 0, new Float32Array(5));
      got.forEach((y, i) => expect(y).toBeCloseTo(want[i]!, 6));
      apart += Math.abs(a[0]! - b[0]!);
      // After a play by `me`: the opponent's outcomes to roll, seen from `me`.
      const after = mean.afterPlay(me, 0, opp, 0, new Float32Array(5));
      const theirs = mean.evaluate(opp, 0, me, 0, new Float32Array(5));
      const flipped = flipOutcomes('short', theirs, new Float32Array(5));
      after.forEach((y, i) => expect(y).toBeCloseTo(flipped[i]!, 6));
    }
    // The two nets do differ, so the average is not either of them.
    expect(apart / 100).toBeGreaterThan(0.001);
  });

  it('of one network is that network; networks of different games are refused', () => {
    const one = new MeanEvaluator([players]);
    const random = seededRandom(12);
    const me = spread(random, 15);
    const opp = spread(random, 15);
    expect(Array.from(one.evaluate(me, 0, opp, 0, new Float32Array(5)))).toEqual(Array.from(players.evaluate(me, 0, opp, 0, new Float32Array(5))));
    expect(() => new MeanEvaluator([players, new Evaluator(loadBundled('long').net, ENCODINGS.long)])).toThrow(/different games/);
    expect(() => new MeanEvaluator([])).toThrow(/no networks/);
  });
});
