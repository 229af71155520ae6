/** Property tests over random games (fast-check picks the seeds). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  apply,
  DEFAULT_RULES,
  legalPlays,
  newGame,
  oppPointOf,
  positionId,
  SeededDice,
  turnView,
  type Dice,
  type GameState,
  type Position,
  type Step,
} from '../../src/engine/index.js';
import { randomGame } from '../../src/sim/selfplay.js';
import { maxDiceUsable } from '../helpers/reference.js';
import { seededRandom } from '../../src/sim/rng.js';

const variant = fc.constantFrom('long' as const, 'short' as const);
const seed = fc.integer({ min: 1, max: 2 ** 30 });

/** Positions with rolls from one random game, thinned to keep the run short. */
function sample(v: 'long' | 'short', s: number, every = 5): Array<{ position: Position; dice: Dice }> {
  const out: Array<{ position: Position; dice: Dice }> = [];
  let i = 0;
  randomGame(v, s, undefined, undefined, (x) => {
    if (i++ % every === 0) out.push({ position: x.position, dice: x.dice });
  });
  return out;
}

const sum = (a: readonly number[]): number => a.reduce((x, y) => x + y, 0);

describe('properties over random games', () => {
  it('15 checkers per side always, before and after every play', () => {
    fc.assert(
      fc.property(variant, seed, (v, s) => {
        for (const { position, dice } of sample(v, s)) {
          expect(sum(position.white)).toBe(15);
          expect(sum(position.black)).toBe(15);
          for (const play of legalPlays(position, dice)) {
            expect(sum(play.position.white)).toBe(15);
            expect(sum(play.position.black)).toBe(15);
          }
        }
      }),
      { numRuns: 20 },
    );
  });

  it('long nardy: no step ever lands on a point holding an opponent checker', () => {
    fc.assert(
      fc.property(seed, (s) => {
        for (const { position, dice } of sample('long', s, 2)) {
          const opp = position.turn === 'white' ? position.black : position.white;
          for (const play of legalPlays(position, dice)) {
            for (const [, to] of play.moves) if (to > 0) expect(opp[oppPointOf('long', to)]).toBe(0);
          }
        }
      }),
      { numRuns: 20 },
    );
  });

  it('every listed play uses the most dice possible (checked by brute force over step orders)', () => {
    fc.assert(
      fc.property(variant, seed, (v, s) => {
        for (const { position, dice } of sample(v, s, 7)) {
          const plays = legalPlays(position, dice);
          const most = maxDiceUsable(position, dice);
          if (most === 0) expect(plays).toEqual([]);
          for (const play of plays) expect(play.moves.length).toBe(most);
        }
      }),
      { numRuns: 12 },
    );
  });

  it('the step-by-step interface yields exactly legalPlays', () => {
    fc.assert(
      fc.property(variant, seed, (v, s) => {
        for (const { position, dice } of sample(v, s, 9)) {
          const plays = legalPlays(position, dice);
          const want = new Set(plays.map((p) => positionId(p.position)));
          const got = new Set<string>();
          const walk = (steps: Step[]): void => {
            const view = turnView(position, dice, steps, DEFAULT_RULES, plays);
            if (view.complete) {
              // A complete play ends in one of the legal final positions...
              const id = positionId({ ...view.position, turn: position.turn === 'white' ? 'black' : 'white' });
              expect(want.has(id)).toBe(true);
              got.add(id);
              expect(view.next).toEqual([]);
              return;
            }
            // ...and an incomplete one always has a way on (no dead-end step is offered).
            expect(view.next.length).toBeGreaterThan(0);
            for (const step of view.next) walk([...steps, step]);
          };
          if (plays.length > 0) walk([]);
          // ...and every legal play can be reached step by step.
          expect([...got].sort()).toEqual([...want].sort());
        }
      }),
      { numRuns: 10 },
    );
  });

  it('game state -> JSON -> state is the identity, all game long', () => {
    fc.assert(
      fc.property(variant, seed, (v, s) => {
        const dice = new SeededDice(s);
        const rand = seededRandom(s);
        let g: GameState = newGame(v);
        for (let i = 0; i < 400 && g.phase !== 'over'; i++) {
          expect(JSON.parse(JSON.stringify(g))).toEqual(g);
          if (g.phase === 'move') {
            const plays = legalPlays(g.position, g.dice!, g.rules);
            const pick = plays[Math.floor(rand() * plays.length)]!;
            g = apply(g, { type: 'step', step: pick.moves[0]! }, g.position.turn);
            expect(JSON.parse(JSON.stringify(g))).toEqual(g);
            g = apply(g, { type: 'undo' }, g.position.turn);
            g = apply(g, { type: 'play', moves: pick.moves }, g.position.turn);
          } else {
            g = apply(g, { type: 'roll', dice: dice.roll(g.rolls) }, g.position.turn);
          }
        }
        expect(JSON.parse(JSON.stringify(g))).toEqual(g);
      }),
      { numRuns: 6 },
    );
  });
});
