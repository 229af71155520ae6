import { describe, expect, it } from 'vitest';
import { cubeEfficiency, cubefulPlayValue, cubeValues } from '../../src/ai/cube.js';
import { matchEquity, matchWinChance, type MatchScore } from '../../src/ai/met.js';
import { equityOf, flipOutcomes } from '../../src/ai/outcomes.js';
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

describe('cubeful checker play in a match: the opponent on roll after the play, with its own cube decision', () => {
  // Sides after the mover's play (own numberings): a contact position.
  const me = [0, 0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0];
  const opp = me.slice();
  // The mover's outcomes with win chance w and a quarter of each side's results gammons.
  const probs = (w: number): number[] => [w, 0.25 * w, 0.01, 0.25 * (1 - w), 0.01];

  it('an opponent with a double and pass: the mover loses the cube, exactly -1', () => {
    // 82% for the opponent, few gammons: double and pass, not too good to double. (A thousandth
    // of the cubeless value breaks ties between such plays.)
    const pass = [0.18, 0.01, 0, 0.04, 0];
    for (const m of [at(5, 5), at(3, 4), at(2, 5)]) expect(cubefulPlayValue('short', m, 1, null)(pass, me, opp)).toBeCloseTo(-1 + 1e-3 * matchEquity('short', m, 1)(pass), 9);
    // Two such plays: the one with more chances cubeless is preferred.
    const worse = [0.16, 0.01, 0, 0.05, 0];
    expect(cubefulPlayValue('short', at(5, 5), 1, null)(pass, me, opp)).toBeGreaterThan(cubefulPlayValue('short', at(5, 5), 1, null)(worse, me, opp));
    // With many gammons the opponent is too good to double and plays on: worse than -1.
    expect(cubefulPlayValue('short', at(5, 5), 1, null)([0.1, 0.01, 0, 0.45, 0.02], me, opp)).toBeLessThan(-1);
    // With the cube at 2 and owned by the mover, the opponent cannot double, and the mover's cube
    // is worth something: above the cubeless value.
    const owned = cubefulPlayValue('short', at(5, 5), 2, 'me')(probs(0.12), me, opp);
    expect(owned).toBeGreaterThan(matchEquity('short', at(5, 5), 2)(probs(0.12)));
  });

  it('equals the opponent\'s own cube values from its side of the board', () => {
    const m = at(4, 6);
    for (const w of [0.3, 0.45, 0.6]) {
      const them = cubeValues({ variant: 'short', probs: flipOutcomes('short', probs(w), [0, 0, 0, 0, 0]), cube: 1, owner: null, match: at(6, 4), efficiency: cubeEfficiency('short', opp, me) });
      const theirs = Math.max(them.noDouble, Math.min(them.doubleTake, them.doublePass));
      const [win, loss] = [matchWinChance(m, 1), matchWinChance(m, -1)];
      expect(cubefulPlayValue('short', m, 1, null)(probs(w), me, opp)).toBeCloseTo((2 * (1 - theirs) - win - loss) / (win - loss) + 1e-3 * matchEquity('short', m, 1)(probs(w)), 9);
    }
  });

  it('owning the cube is worth more than a centred cube, which is worth more than the opponent\'s', () => {
    for (const w of [0.35, 0.5, 0.65]) {
      const [mine, centred, theirs] = (['me', null, 'opp'] as const).map((o) => cubefulPlayValue('short', at(5, 5), 1, o)(probs(w), me, opp));
      expect(mine).toBeGreaterThan(centred!);
      expect(centred).toBeGreaterThan(theirs!);
    }
  });

  it('where the cube cannot move (the Crawford game, a cube dead for both) it is the cubeless match equity', () => {
    for (const w of [0.2, 0.5, 0.8]) {
      expect(cubefulPlayValue('short', at(1, 3, true), 1, null)(probs(w), me, opp)).toBeCloseTo(1.001 * matchEquity('short', at(1, 3, true), 1)(probs(w)), 9);
      expect(cubefulPlayValue('short', at(2, 2), 2, 'me')(probs(w), me, opp)).toBeCloseTo(1.001 * matchEquity('short', at(2, 2), 2)(probs(w)), 9);
    }
  });

  it('long nardy (the tournament preset has a cube): the same order of owners, mars as gammons', () => {
    const longMe = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 15, 0];
    for (const w of [0.35, 0.5, 0.65]) {
      const p = [w, 0.1 * w, 0.1 * (1 - w)];
      const [mine, centred, theirs] = (['me', null, 'opp'] as const).map((o) => cubefulPlayValue('long', at(7, 7), 1, o)(p, longMe, longMe));
      expect(mine).toBeGreaterThan(centred!);
      expect(centred).toBeGreaterThan(theirs!);
    }
    expect(cubefulPlayValue('long', at(7, 7), 1, null)([0.15, 0.01, 0.03], longMe, longMe)).toBeCloseTo(-1 + 1e-3 * matchEquity('long', at(7, 7), 1)([0.15, 0.01, 0.03]), 9);
  });

  it('the player ranks cubefully in a match with the cube, cubelessly without it', () => {
    const p = createPlayer('hard', () => 0.5);
    const position = short('white', { 6: 4, 8: 3, 13: 3, 24: 2, 20: 1, 1: 2 }, { 6: 5, 8: 3, 13: 4, 3: 1, 4: 2 });
    const dice = [6, 4] as unknown as Dice;
    const m = at(3, 5);
    const withCube = p.rank(position, dice, parseRules({ cube: true }), m, { value: 1, owner: 'black' });
    const cubeful = cubefulPlayValue('short', m, 1, 'opp');
    for (const c of withCube) expect(c.equity).toBeCloseTo(cubeful(c.probs, c.me, c.opp), 5);
    const noCube = p.rank(position, dice, parseRules({ cube: false }), m, { value: 1, owner: null });
    for (const c of noCube) expect(c.equity).toBeCloseTo(matchEquity('short', m, 1)(c.probs), 5);
    // The cube changes the values: owned by the opponent, every play is worth less than cubeless.
    const byMoves = new Map(noCube.map((c) => [JSON.stringify(c.moves), c]));
    for (const c of withCube.filter((c) => c.ply === 0)) {
      const plain = byMoves.get(JSON.stringify(c.moves));
      if (plain?.ply === 0) expect(c.equity).toBeLessThan(plain.equity);
    }
  });
});
