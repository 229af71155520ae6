/** The mean of several networks: each outcome the average of theirs, kept consistent; the results a position rules out. */
import { describe, expect, it } from 'vitest';
import { ENCODINGS } from '../../src/ai/encode.js';
import { Evaluator, MeanEvaluator } from '../../src/ai/evaluator.js';
import { clampOutcomes, flipOutcomes, possibleOutcomes } from '../../src/ai/outcomes.js';
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

describe('the results a position rules out', () => {
  const board = (points: Record<number, number>): Int8Array => {
    const a = new Int8Array(26);
    for (const [p, n] of Object.entries(points)) a[Number(p)] = n;
    return a;
  };
  const some = (n: number): number[] => Array.from({ length: n }, () => 0.2);

  it('no gammon for a side whose opponent has borne off; no backgammon past contact for a side whose opponent has left its home', () => {
    // Contact, I have borne off one: I can lose, but not a gammon.
    const me1 = board({ 0: 1, 1: 3, 2: 3, 3: 3, 4: 2, 6: 2, 24: 1 });
    const opp1 = board({ 6: 5, 8: 3, 13: 5, 24: 2 });
    expect(possibleOutcomes('short', me1, 0, opp1, 0, some(5))).toEqual([0.2, 0.2, 0.2, 0, 0]);
    expect(possibleOutcomes('short', opp1, 0, me1, 0, some(5))).toEqual([0.2, 0, 0, 0.2, 0.2]);
    // No contact, no one off: the side still on 20 can be backgammoned; the other cannot.
    const racing = board({ 1: 5, 2: 5, 3: 5 });
    const behind = board({ 20: 1, 12: 4, 10: 10 });
    expect(possibleOutcomes('short', racing, 0, behind, 0, some(5))).toEqual([0.2, 0.2, 0.2, 0.2, 0]);
    // Long nardy: no mars once the loser has borne off.
    expect(possibleOutcomes('long', board({ 0: 2, 1: 13 }), 0, board({ 13: 15 }), 0, some(3))).toEqual([0.2, 0.2, 0]);
    expect(possibleOutcomes('long', board({ 13: 15 }), 0, board({ 0: 2, 1: 13 }), 0, some(3))).toEqual([0.2, 0, 0.2]);
    // Offsets are honoured.
    const padded = new Int8Array(30);
    padded.set(me1, 4);
    expect(possibleOutcomes('short', padded, 4, opp1, 0, some(5))).toEqual([0.2, 0.2, 0.2, 0, 0]);
  });

  it('the evaluator gives no such result for positions with checkers off', () => {
    const ev = new Evaluator(loadBundled('short').net, ENCODINGS.short);
    const random = seededRandom(13);
    for (let trial = 0; trial < 200; trial++) {
      const off = 1 + Math.floor(random() * 10);
      const me = spread(random, 15 - off);
      me[0] = off;
      const opp = spread(random, 15);
      const mine = ev.evaluate(me, 0, opp, 0, new Float32Array(5));
      expect([mine[3], mine[4]]).toEqual([0, 0]);
      const theirs = ev.evaluate(opp, 0, me, 0, new Float32Array(5));
      expect([theirs[1], theirs[2]]).toEqual([0, 0]);
      expect(theirs[0]).toBeGreaterThanOrEqual(0);
    }
  });
});
