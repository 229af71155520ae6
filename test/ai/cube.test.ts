/** Cube and resignation decisions from the equity. */
import { describe, expect, it } from 'vitest';
import { cubeValues, liveEquity, shouldDouble, shouldTake } from '../../src/ai/cube.js';
import { createPlayer } from '../../src/ai/player.js';
import { actor, applyMatchAction, newMatch, parseRules, startPosition, type Die, type MatchState, type Position } from '../../src/engine/index.js';
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

