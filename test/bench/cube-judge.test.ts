/**
 * bench/cube-judge.ts: gnubg's verdict on a cube decision and the error of each action, from
 * gnubg's cubeful equities of the doubler (bench:cube and bench/cube-replay.ts judge by it).
 */
import { describe, expect, it } from 'vitest';
import { judgeCube } from '../../bench/cube-judge.js';
import { matchWinChance } from '../../src/ai/met.js';

const m55 = { awayMe: 5, awayOpp: 5, crawford: false, postCrawford: false };
const money = { match: null, cube: 1 };

describe('judging a cube decision by gnubg\'s equities', () => {
  it('money: no double, double/take, double/pass and too good, with the cost of each wrong action', () => {
    expect(judgeCube({ nd: 0.3, dt: 0.2, scale: 'emg' }, money, 'double')).toEqual({ verdict: 'no double', error: expect.closeTo(0.1, 9) });
    expect(judgeCube({ nd: 0.3, dt: 0.2, scale: 'emg' }, money, 'no-double').error).toBe(0);
    expect(judgeCube({ nd: 0.6, dt: 0.8, scale: 'emg' }, money, 'no-double')).toEqual({ verdict: 'double, take', error: expect.closeTo(0.2, 9) });
    expect(judgeCube({ nd: 0.8, dt: 1.3, scale: 'emg' }, money, 'no-double')).toEqual({ verdict: 'double, pass', error: expect.closeTo(0.2, 9) });
    expect(judgeCube({ nd: 1.1, dt: 1.6, scale: 'emg' }, money, 'double')).toEqual({ verdict: 'too good', error: expect.closeTo(0.1, 9) });
    // The taker: a take of a pass costs what double/take exceeds the pass by, and the other way round.
    expect(judgeCube({ nd: 0.8, dt: 1.3, scale: 'emg' }, money, 'take').error).toBeCloseTo(0.3, 9);
    expect(judgeCube({ nd: 0.6, dt: 0.8, scale: 'emg' }, money, 'pass').error).toBeCloseTo(0.2, 9);
    expect(judgeCube({ nd: 0.6, dt: 0.8, scale: 'emg' }, money, 'take').error).toBe(0);
  });

  it('a match: match winning chances, double/pass from the table, errors in points of the cube', () => {
    const s = { match: m55, cube: 1 };
    const dp = matchWinChance(m55, 1);
    const spread = dp - matchWinChance(m55, -1);
    // The early double of bench:cube's seed 4 (gnubg: no double 0.5468, double/take 0.5460).
    const d = judgeCube({ nd: 0.5468, dt: 0.546, scale: 'mwc' }, s, 'double');
    expect(d.verdict).toBe('no double');
    expect(d.error).toBeCloseTo((0.0008 * 2) / spread, 9);
    expect(judgeCube({ nd: 0.5468, dt: 0.546, scale: 'mwc' }, s, 'take').error).toBe(0);
    expect(judgeCube({ nd: 0.5468, dt: 0.546, scale: 'mwc' }, s, 'pass').error).toBeCloseTo(((dp - 0.546) * 2) / spread, 9);
  });
});
