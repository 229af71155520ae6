import { describe, expect, it } from 'vitest';
import { matchEquity, matchWinChance, type MatchScore } from '../../src/ai/met.js';
import { equityOf } from '../../src/ai/outcomes.js';
import { createPlayer, playScore } from '../../src/ai/player.js';
import { newMatch, parseRules, type Dice } from '../../src/engine/index.js';
import { short } from '../helpers/board.js';

const at = (awayMe: number, awayOpp: number, crawford = false, postCrawford = false): MatchScore => ({ awayMe, awayOpp, crawford, postCrawford });
const single = [1, 0, 0, 0, 0];
const gammon = [1, 1, 0, 0, 0];
const lostGammon = [0, 0, 0, 1, 0];

describe('checker play at the match score: outcomes valued by the match equity table', () => {
  it('a single win is +1 and a single loss -1, as in money play', () => {
    for (const m of [at(5, 5), at(2, 4), at(1, 3, true), at(3, 1, false, true)]) {
      const f = matchEquity('short', m, 1);
      expect(f(single)).toBeCloseTo(1, 9);
      expect(f([0, 0, 0, 0, 0])).toBeCloseTo(-1, 9);
    }
  });

  it('a gammon is worth what it does to the match', () => {
    const m = at(5, 5);
    const f = matchEquity('short', m, 1);
    const half = (matchWinChance(m, 1) - matchWinChance(m, -1)) / 2;
    expect(f(gammon)).toBeCloseTo(1 + (matchWinChance(m, 2) - matchWinChance(m, 1)) / half, 9);
    expect(f(gammon)).toBeGreaterThan(1.5);
    expect(f(gammon)).toBeLessThan(2.5);
  });

  it('at double match point, and for a side one point away, its gammons count for nothing', () => {
    const dmp = matchEquity('short', at(1, 1, false, true), 1);
    expect(dmp(gammon)).toBeCloseTo(1, 9);
    expect(dmp(lostGammon)).toBeCloseTo(-1, 9);
    // Crawford game, me one away: my gammon wins nothing more; a gammon against me still costs.
    const crawford = matchEquity('short', at(1, 4, true), 1);
    expect(crawford(gammon)).toBeCloseTo(1, 9);
    expect(crawford(lostGammon)).toBeLessThan(-1.2);
    // The cube at 2 with me two away: a single win already wins the match.
    expect(matchEquity('short', at(2, 5), 2)(gammon)).toBeCloseTo(1, 9);
  });

  it('long nardy: a mars valued the same way', () => {
    const f = matchEquity('long', at(1, 1, false, true), 1);
    expect(f([1, 1, 0])).toBeCloseTo(1, 9);
    expect(matchEquity('long', at(7, 7), 1)([1, 1, 0])).toBeGreaterThan(1.5);
  });

  it("the player ranks plays by the score's equity in a match, by money's in a single game", () => {
    const p = createPlayer('hard', () => 0.5);
    const position = short('white', { 6: 4, 8: 3, 13: 3, 24: 2, 20: 1, 1: 2 }, { 6: 5, 8: 3, 13: 4, 3: 1, 4: 2 });
    const dice = [6, 4] as unknown as Dice;
    const rules = parseRules({ cube: false });
    const money = p.rank(position, dice, rules);
    for (const c of money) expect(c.equity).toBeCloseTo(equityOf('short', c.probs), 5);
    const dmp = p.rank(position, dice, rules, at(1, 1, false, true));
    for (const c of dmp) expect(c.equity).toBeCloseTo(2 * c.probs[0]! - 1, 5);
    // At double match point a gammon is worth nothing: the chosen play has the best winning chance among those looked at.
    const looked = dmp.filter((c) => c.ply === dmp[0]!.ply);
    for (const c of looked) expect(dmp[0]!.probs[0]!).toBeGreaterThanOrEqual(c.probs[0]! - 1e-6);
  });

  it('playScore: the mover\'s score in a match, none in a single game', () => {
    expect(playScore(newMatch('short', 1))).toBeUndefined();
    const m = newMatch('short', 5);
    expect(playScore({ ...m, score: { white: 3, black: 1 } })).toEqual({ awayMe: m.game.position.turn === 'white' ? 2 : 4, awayOpp: m.game.position.turn === 'white' ? 4 : 2, crawford: false, postCrawford: false });
  });
});
