/** Cube and resignation decisions from the equity. */
import { describe, expect, it } from 'vitest';
import { cubeEfficiency, cubeValues, liveEquity, shouldDouble, shouldTake } from '../../src/ai/cube.js';
import { matchWinChance } from '../../src/ai/met.js';
import { createPlayer, LEVELS, loadBrains, Player } from '../../src/ai/player.js';
import { actor, applyMatchAction, newMatch, parsePositionId, parseRules, startPosition, type Die, type MatchState, type Position } from '../../src/engine/index.js';
import { seededRandom } from '../../src/sim/rng.js';
import { board } from '../helpers/board.js';

/** A match with the game at `position`, in `phase`, the cube as given. */
function at(position: Position, opts: { length?: number; score?: [number, number]; phase?: 'roll' | 'double' | 'resign'; crawford?: boolean; cube?: { value: number; owner: 'white' | 'black' | null }; resign?: 1 | 2 | 3 } = {}): MatchState {
  const m = newMatch(position.variant, opts.length ?? 5, parseRules({ cube: true }));
  const game = {
    ...m.game,
    position,
    phase: opts.phase ?? 'roll',
    crawford: opts.crawford ?? false,
    cube: opts.cube ?? { value: 1, owner: null },
    firstMover: 'white' as const,
    pendingResign: opts.resign ? { by: position.turn, level: opts.resign, resume: 'roll' as const } : null,
  };
  return { ...m, score: { white: opts.score?.[0] ?? 0, black: opts.score?.[1] ?? 0 }, crawfordDone: opts.crawford ?? false, game };
}

// White far ahead in a race (54 pips to 78, Black has three off): a big favourite, no gammons.
const raceLead = board('short', 'white', { 6: 2, 5: 3, 4: 3, 3: 3, 2: 2, 1: 2 }, { 8: 3, 7: 3, 6: 3, 5: 3 });
// White crushing: Black has borne off nothing and is far from home; White bears off soon.
const gammonish = board('short', 'white', { 3: 5, 2: 5, 1: 5 }, { 13: 8, 18: 7 });
const hard = createPlayer('hard', seededRandom(1));

describe('doubling', () => {
  it('a strong favourite doubles in a match where the cube is alive', () => {
    expect(hard.wantsToDouble(at(raceLead, { length: 5 }))).toBe(true);
  });

  it('never in a one-game match, where the cube is dead', () => {
    expect(hard.wantsToDouble(at(raceLead, { length: 1 }))).toBe(false);
  });

  it('never in the Crawford game', () => {
    expect(hard.wantsToDouble(at(raceLead, { length: 5, score: [0, 4], crawford: true }))).toBe(false);
  });

  it('never with a dead cube: one point away, or a cube that already wins the match', () => {
    expect(hard.wantsToDouble(at(raceLead, { length: 5, score: [4, 2] }))).toBe(false);
    expect(hard.wantsToDouble(at(raceLead, { length: 7, score: [3, 0], cube: { value: 4, owner: 'white' } }))).toBe(false);
  });

  it('not in the opening position', () => {
    for (const variant of ['long', 'short'] as const) expect(hard.wantsToDouble(at(startPosition(variant, 'white'), { length: 7 }))).toBe(false);
  });
});

describe('taking', () => {
  it('passes when the position is lost for a gammon', () => {
    expect(hard.takes(at(gammonish, { phase: 'double', length: 7 }))).toBe(false);
  });

  it('takes an early double in an even position', () => {
    expect(hard.takes(at(startPosition('short', 'white'), { phase: 'double', length: 7 }))).toBe(true);
  });
});

describe('resignations', () => {
  it('a 1-point resignation in the opening position is accepted', () => {
    for (const variant of ['long', 'short'] as const) {
      for (const length of [1, 5]) expect(hard.acceptsResignation(at(startPosition(variant, 'white'), { phase: 'resign', length, resign: 1 }))).toBe(true);
    }
  });

  it('in a one-game match every resignation is accepted: it wins the match', () => {
    expect(hard.acceptsResignation(at(board('short', 'black', { 18: 15 }, { 1: 15 }), { phase: 'resign', length: 1, resign: 1 }))).toBe(true);
  });

  it('a single point is declined when a gammon is likely', () => {
    // Black resigns a single game while White is winning a gammon for sure.
    expect(hard.acceptsResignation(at({ ...gammonish, turn: 'black' }, { phase: 'resign', length: 7, resign: 1 }))).toBe(false);
    expect(hard.acceptsResignation(at({ ...gammonish, turn: 'black' }, { phase: 'resign', length: 7, resign: 2 }))).toBe(true);
  });
});

describe("Janowski's model", () => {
  it('with no gammons the live take point is 20% and the cash point 80%', () => {
    expect(liveEquity(1, 1, 0.2, null)).toBeCloseTo(-1, 6);
    expect(liveEquity(1, 1, 0.8, null)).toBeCloseTo(1, 6);
    // At the take point taking and passing are worth the same (money, fully live cube).
    const v = cubeValues({ variant: 'short', probs: [0.8, 0, 0, 0, 0], cube: 1, owner: null, match: null }, 1);
    expect(v.doubleTake).toBeCloseTo(v.doublePass, 6);
  });

  it('a dead cube takes at 25%; a money favourite of 75% doubles and it is a take', () => {
    const dead = cubeValues({ variant: 'short', probs: [0.75, 0, 0, 0, 0], cube: 1, owner: null, match: null }, 0);
    expect(dead.doubleTake).toBeCloseTo(1, 6);
    const s = { variant: 'short' as const, probs: [0.74, 0, 0, 0, 0], cube: 1, owner: null, match: null };
    expect(shouldDouble(s)).toBe(true);
    expect(shouldTake(s)).toBe(true);
    expect(shouldTake({ ...s, probs: [0.85, 0, 0, 0, 0] })).toBe(false);
    expect(shouldDouble({ ...s, probs: [0.6, 0, 0, 0, 0] })).toBe(false);
  });
});

describe('match play: the cube on the match equity table', () => {
  const score = (awayMe: number, awayOpp: number, postCrawford = false) => ({ awayMe, awayOpp, crawford: false, postCrawford });
  const short = (probs: number[], match: ReturnType<typeof score>, cube = 1, owner: 'me' | 'opp' | null = null) => ({ variant: 'short' as const, probs, cube, owner, match });

  it('too good to double: a big favourite with many gammons plays on for the gammon', () => {
    const s = short([0.9, 0.65, 0.05, 0.02, 0], score(5, 5));
    const v = cubeValues(s);
    // Passing would be the right answer, and playing on is worth more than the point it cashes.
    expect(v.doubleTake).toBeGreaterThan(v.doublePass);
    expect(v.noDouble).toBeGreaterThan(v.doublePass);
    expect(shouldDouble(s)).toBe(false);
  });

  it('double, take: a clear edge at 5-away 5-away', () => {
    const s = short([0.7, 0.12, 0.005, 0.04, 0.001], score(5, 5));
    expect(shouldDouble(s)).toBe(true);
    expect(shouldTake(s)).toBe(true);
  });

  it('double, pass: a race that is nearly won', () => {
    const s = short([0.86, 0, 0, 0, 0], score(5, 5));
    expect(shouldDouble(s)).toBe(true);
    expect(shouldTake(s)).toBe(false);
  });

  it('a dead cube: at 2-away 2-away a double wins or loses the match, so the take point is what a pass leaves', () => {
    const m = score(2, 2);
    // The taker is indifferent where the doubler's chance equals what the pass gives the doubler.
    const pass = matchWinChance(m, 1);
    expect(shouldTake(short([pass - 0.01, 0, 0, 0, 0], m))).toBe(true);
    expect(shouldTake(short([pass + 0.01, 0, 0, 0, 0], m))).toBe(false);
    const v = cubeValues(short([pass, 0, 0, 0, 0], m));
    expect(v.doubleTake).toBeCloseTo(v.doublePass, 6);
  });

  it('post-Crawford the trailer doubles at once, even in an even game; the leader never (it only gives points away)', () => {
    expect(shouldDouble(short([0.5, 0.13, 0.005, 0.13, 0.005], score(3, 1, true)))).toBe(true);
    expect(shouldDouble(short([0.7, 0.13, 0.005, 0.05, 0.001], score(1, 3, true)))).toBe(false);
  });

  it('owning the cube is worth something: the same position is worth more with my cube than with theirs', () => {
    const probs = [0.6, 0.15, 0.005, 0.08, 0.002];
    const m = score(7, 7);
    expect(cubeValues(short(probs, m, 2, 'me')).noDouble).toBeGreaterThan(cubeValues(short(probs, m, 2, null)).noDouble);
    expect(cubeValues(short(probs, m, 2, null)).noDouble).toBeGreaterThan(cubeValues(short(probs, m, 2, 'opp')).noDouble);
  });

  it('long nardy (the tournament preset has a cube): a strong favourite doubles, an even game does not', () => {
    const long = (w: number) => ({ variant: 'long' as const, probs: [w, 0.08, 0.02], cube: 1, owner: null, match: score(7, 7) });
    expect(shouldDouble(long(0.74))).toBe(true);
    expect(shouldDouble(long(0.56))).toBe(false);
    expect(shouldTake(long(0.74))).toBe(true);
  });

  it("the cube's efficiency follows the position: contact, a race by its length, the bear-off", () => {
    const start = startPosition('short');
    expect(cubeEfficiency('short', start.white, start.black)).toBeCloseTo(0.68, 9);
    // White's 54 pips: the race's floor is near.
    expect(cubeEfficiency('short', raceLead.white, raceLead.black)).toBeCloseTo(0.55 + 0.00125 * 54, 9);
    const bearOff = board('short', 'white', { 3: 5, 2: 5, 1: 5 }, { 4: 5, 2: 5, 1: 5 });
    expect(cubeEfficiency('short', bearOff.white, bearOff.black)).toBeCloseTo(0.6, 9);
    const longRace = board('short', 'white', { 12: 5, 11: 5, 10: 5 }, { 12: 5, 11: 5, 10: 5 });
    expect(cubeEfficiency('short', longRace.white, longRace.black)).toBeCloseTo(0.7, 9);
    expect(cubeEfficiency('long', start.white, start.black)).toBeCloseTo(0.68, 9);
  });
});

describe('one roll ahead (gnubg 1-ply cubeful): the opponent decides on their cube after each of my rolls', () => {
  // The opponent's view of my outcomes (they are on roll at the leaves).
  const flip = (p: number[]) => [1 - p[0]!, p[3]!, p[4]!, p[1]!, p[2]!];
  const score = (awayMe: number, awayOpp: number) => ({ awayMe, awayOpp, crawford: false, postCrawford: false });

  it('an automatic redouble: 2-away against 3-away with many gammons is no double (a double makes every game a match)', () => {
    const probs = [0.731, 0.372, 0.06, 0.034, 0.001];
    const s = { variant: 'short' as const, probs, cube: 1, owner: null, match: score(2, 3), efficiency: 0.68 };
    const leaves = [{ weight: 36, probs: flip(probs), efficiency: 0.68 }];
    // Taken, the 2-cube is the opponent's to redouble to 4 at no cost to them: my wins and losses
    // all decide the match, and double/take is just my chance to win the game (gnubg's 2-ply:
    // 0.731). One roll ahead, the opponent's redouble at each leaf shows it; at the root, the
    // formula counts a cube dead for one side only as redoubled by the other (gnubg's 0-ply
    // formula does not, and doubles here).
    for (const at of [s, { ...s, leaves }]) {
      expect(cubeValues(at).doubleTake).toBeCloseTo(0.731, 3);
      expect(shouldDouble(at)).toBe(false);
    }
  });

  it('the leader at 2-away does not double 5-away at 71% with few gammons: the taker redoubles for free', () => {
    // From a match of bench:cube (seed 4), where gnubg's 2-ply says no double (the double cost 0.19).
    const s = { variant: 'short' as const, probs: [0.714, 0.013, 0, 0, 0], cube: 1, owner: null, match: score(2, 5), efficiency: 0.68 };
    expect(shouldDouble(s)).toBe(false);
    // The 2-cube, theirs, goes to 4 at once: a loss leaves me 2-away against their 1-away.
    const v = cubeValues(s);
    expect(v.doubleTake).toBeCloseTo(0.714 + 0.286 * matchWinChance(score(2, 5), -4), 6);
    // Far enough ahead, the double comes back.
    expect(shouldDouble({ ...s, probs: [0.8, 0.013, 0, 0, 0] })).toBe(true);
  });

  it('market losers: a volatile 68% position is a double, a quiet one is not (money)', () => {
    const s = { variant: 'short' as const, probs: [0.68, 0, 0, 0, 0], cube: 1, owner: null, match: null, efficiency: 0.68 };
    const quiet = [{ weight: 36, probs: flip([0.68, 0, 0, 0, 0]), efficiency: 0.68 }];
    // Half my rolls leave me 90% (the opponent would pass: my market is lost), half 46%.
    const volatile = [
      { weight: 18, probs: flip([0.9, 0, 0, 0, 0]), efficiency: 0.68 },
      { weight: 18, probs: flip([0.46, 0, 0, 0, 0]), efficiency: 0.68 },
    ];
    expect(shouldDouble(s)).toBe(false);
    expect(shouldDouble({ ...s, leaves: quiet })).toBe(false);
    // The same values as the formula when nothing moves.
    expect(cubeValues({ ...s, leaves: quiet }).noDouble).toBeCloseTo(cubeValues(s).noDouble, 9);
    expect(shouldDouble({ ...s, leaves: volatile })).toBe(true);
    expect(shouldTake({ ...s, leaves: volatile })).toBe(true);
  });

  it('hard looks one roll ahead for its cube, and its decisions keep the plain cases right', () => {
    const m = at(raceLead, { length: 5 });
    const d = hard.cubeDecision(m);
    expect(d.situation.leaves).toHaveLength(21);
    expect(d.action).toBe('double');
    expect(createPlayer('medium', seededRandom(1)).cubeDecision(m).situation.leaves).toBeUndefined();
  });
});

describe('two rolls ahead (gnubg 2-ply cubeful): my own cube decision after each of the opponent\'s rolls too', () => {
  const flip = (p: number[]) => [1 - p[0]!, p[3]!, p[4]!, p[1]!, p[2]!];
  const m55 = { awayMe: 5, awayOpp: 5, crawford: false, postCrawford: false };

  it('the values recurse: where every roll two ahead leaves me a sure single win, no double is worth that win', () => {
    // At the second roll I cash (double, pass) at the cube I hold then; the opponent between can
    // do nothing about it, and neither can I by doubling first.
    const sure = [{ weight: 36, probs: [1, 0, 0, 0, 0], efficiency: 0.68 }];
    const s = { variant: 'short' as const, probs: [0.6, 0.1, 0, 0.05, 0], cube: 1, owner: null, match: m55, efficiency: 0.68, leaves: [{ weight: 36, probs: flip([0.6, 0.1, 0, 0.05, 0]), efficiency: 0.68, leaves: sure }] };
    const v = cubeValues(s);
    expect(v.noDouble).toBeCloseTo(matchWinChance(m55, 1), 9);
    // Doubled and taken, the opponent owns the 2-cube and cannot stop a sure win at 2 points.
    expect(v.doubleTake).toBeCloseTo(matchWinChance(m55, 2), 9);
  });

  // From bench:cube's own matches (seed 4, match 0): White's second turn at 0:0 in a match to 5,
  // about 65% to win with 18% gammons. gnubg's 2-ply: no double (no double 0.5468, double/take
  // 0.5460 in match winning chances); one roll ahead, hard doubled.
  const early = at(parsePositionId('SWgvdwBDgwnHcAoA'), { length: 5 });
  const oneRoll = new Player('hard', loadBrains(), seededRandom(1), { ...LEVELS.hard, cubePlies: 1 });

  // Hard's settings with time for the second roll whatever the load on the machine.
  const patient = new Player('hard', loadBrains(), seededRandom(1), { ...LEVELS.hard, cubeDeepBudgetMs: Infinity });

  it('hard looks two rolls ahead near the boundary: no double where one roll ahead doubled, as gnubg says', () => {
    expect(oneRoll.cubeDecision(early).action).toBe('double');
    expect(LEVELS.hard).toMatchObject({ cubePlies: 2, cubeDeepWithin: 0.1 });
    const d = patient.cubeDecision(early);
    expect(d.action).toBe('no-double');
    expect(d.situation.leaves?.[0]?.leaves).toHaveLength(21);
    // Close to gnubg's own values.
    expect(d.equities.noDouble).toBeCloseTo(0.5468, 2);
    expect(d.equities.doubleTake).toBeCloseTo(0.546, 2);
    expect(patient.wantsToDouble(early)).toBe(false);
  });

  it('far from the boundary, and out of time, it stays one roll ahead', () => {
    // The opening position: clearly no double, decided one roll ahead.
    const clear = patient.cubeDecision(at(startPosition('short'), { length: 5 }));
    expect(clear.action).toBe('no-double');
    expect(clear.situation.leaves).toHaveLength(21);
    expect(clear.situation.leaves?.every((l) => l.leaves === undefined)).toBe(true);
    // No time for the second roll: every leaf one roll ahead, and the decision one roll ahead's.
    const hurried = new Player('hard', loadBrains(), seededRandom(1), { ...LEVELS.hard, cubeDeepBudgetMs: 0 });
    const d = hurried.cubeDecision(early);
    expect(d.situation.leaves?.every((l) => l.leaves === undefined)).toBe(true);
    expect(d.action).toBe('double');
  });

  it('after the Crawford game the trailer doubles at once, though two rolls ahead waiting looks free', () => {
    // White 3 away, Black 1 away, the Crawford game played: Black's cube is dead, and no two
    // rolls from the opening lose White's market, so no double and double/take come out equal.
    const m = { ...at(startPosition('short'), { length: 5, score: [2, 4] }), crawfordDone: true };
    const everywhere = new Player('hard', loadBrains(), seededRandom(1), { ...LEVELS.hard, cubeDeepWithin: Infinity, cubeDeepBudgetMs: Infinity });
    const d = everywhere.cubeDecision(m);
    expect(d.situation.match).toMatchObject({ awayMe: 3, awayOpp: 1, postCrawford: true });
    expect(d.equities.doubleTake).toBeCloseTo(d.equities.noDouble, 9);
    expect(d.action).toBe('double');
    expect(patient.cubeDecision(m).action).toBe('double');
  });

  it('facing that double, the taker: a clear take one roll ahead, and two rolls ahead agree', () => {
    const doubled = at(parsePositionId('SWgvdwBDgwnHcAoA'), { length: 5, phase: 'double' });
    const d = patient.cubeDecision(doubled);
    expect(d.action).toBe('take');
    expect(d.situation.leaves?.every((l) => l.leaves === undefined)).toBe(true);
    expect(patient.takes(doubled)).toBe(true);
    const everywhere = new Player('hard', loadBrains(), seededRandom(1), { ...LEVELS.hard, cubeDeepWithin: Infinity, cubeDeepBudgetMs: Infinity });
    const deep = everywhere.cubeDecision(doubled);
    expect(deep.situation.leaves?.[0]?.leaves).toHaveLength(21);
    expect(deep.action).toBe('take');
    // gnubg: double/take 0.5460 against double/pass 0.5773.
    expect(deep.equities.doubleTake).toBeLessThan(deep.equities.doublePass);
  });
});

describe('the cube in a match to 3 at 0:0', () => {
  const m3 = { awayMe: 3, awayOpp: 3, crawford: false, postCrawford: false };
  const early = (w: number) => ({ variant: 'short' as const, probs: [w, 0.15, 0.01, 0.1, 0.005], cube: 1, owner: null, match: m3 });

  it('a take keeps its recube: at 55% and 60% with normal gammons there is no double', () => {
    // The opponent owning a 2-cube at 3-away can still redouble to win the match: a live cube.
    expect(shouldDouble(early(0.55))).toBe(false);
    expect(shouldDouble(early(0.6))).toBe(false);
    expect(cubeValues(early(0.6)).doubleTake).toBeLessThan(cubeValues(early(0.6)).noDouble);
    // A real edge is still doubled.
    expect(shouldDouble(early(0.7))).toBe(true);
  });

  it('medium and hard never double on their first two turns (seeded matches, the networks deciding)', () => {
    for (const level of ['medium', 'hard'] as const) {
      const player = createPlayer(level, seededRandom(7));
      for (let seed = 1; seed <= 6; seed++) {
        const rnd = seededRandom(100 + seed);
        const die = (): Die => (1 + Math.floor(rnd() * 6)) as Die;
        let m: MatchState = newMatch('short', 3, parseRules({ cube: true }));
        const turns = { white: 0, black: 0 };
        for (let i = 0; i < 60 && (turns.white < 2 || turns.black < 2) && m.game.phase !== 'over'; i++) {
          const g = m.game;
          const side = actor(g) ?? g.position.turn;
          if (g.phase === 'opening') {
            const out = applyMatchAction(m, { type: 'roll', dice: [die(), die()] }, 'white');
            if (out.ok) m = out.state;
            continue;
          }
          if (g.phase === 'roll') {
            expect(player.wantsToDouble(m), `${level} doubled on turn ${turns[side] + 1} (seed ${seed})`).toBe(false);
            turns[side]++;
            const out = applyMatchAction(m, { type: 'roll', dice: [die(), die()] }, side);
            if (!out.ok) throw out.error;
            m = out.state;
            continue;
          }
          if (g.phase === 'move') {
            const out = applyMatchAction(m, { type: 'play', moves: player.choosePlay(g) }, side);
            if (!out.ok) throw out.error;
            m = out.state;
            continue;
          }
          break;
        }
      }
    }
  });
});

