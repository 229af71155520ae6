/** Glicko-2 against the worked example of Glickman's paper ("Example of the Glicko-2 system", 2013). */
import { describe, expect, it } from 'vitest';
import { MIN_RD, NEW_RATING, rateAttempt, ratePeriod } from '../../src/app/puzzles/glicko.js';

describe('Glicko-2', () => {
  it("gives the paper's worked example: 1500 ± 200 beats 1400 ± 30, loses to 1550 ± 100 and 1700 ± 300", () => {
    const r = ratePeriod({ rating: 1500, rd: 200, vol: 0.06 }, [
      { opponent: { rating: 1400, rd: 30, vol: 0.06 }, score: 1 },
      { opponent: { rating: 1550, rd: 100, vol: 0.06 }, score: 0 },
      { opponent: { rating: 1700, rd: 300, vol: 0.06 }, score: 0 },
    ]);
    expect(r.rating).toBeCloseTo(1464.06, 1);
    expect(r.rd).toBeCloseTo(151.52, 1);
    // The paper gives σ' = 0.05999, rounded.
    expect(Math.abs(r.vol - 0.05999)).toBeLessThan(1e-5);
  });

  it('an attempt moves the solver and the problem in opposite directions; a sure rating stays at least MIN_RD unsure', () => {
    const solved = rateAttempt(NEW_RATING, { rating: 1500, rd: 200, vol: 0.06 }, true);
    expect(solved.solver.rating).toBeGreaterThan(1500);
    expect(solved.problem.rating).toBeLessThan(1500);
    const missed = rateAttempt(NEW_RATING, { rating: 1500, rd: 200, vol: 0.06 }, false);
    expect(missed.solver.rating).toBeLessThan(1500);
    expect(missed.problem.rating).toBeGreaterThan(1500);
    let me = { rating: 1500, rd: 60, vol: 0.06 };
    for (let i = 0; i < 50; i++) me = rateAttempt(me, { rating: 1500, rd: 50, vol: 0.06 }, i % 2 === 0).solver;
    expect(me.rd).toBeGreaterThanOrEqual(MIN_RD);
  });
});
