/**
 * Random self-play on the raw generator: whole games with seeded dice and uniformly random legal
 * plays. Used by the benchmark, the property tests and fixture scripts.
 */
import { Generator } from '../engine/fast.js';
import { startPosition } from '../engine/position.js';
import { DEFAULT_RULES, type Rules } from '../engine/rules.js';
import type { Dice, Die, Position, Side, Variant } from '../engine/types.js';
import { seededRandom } from './rng.js';

export interface SelfplayVisit {
  readonly position: Position;
  readonly dice: Dice;
  /** How many distinct legal plays the roll had (0 = pass). */
  readonly count: number;
}

export interface SelfplayResult {
  readonly winner: Side;
  readonly turns: number;
  readonly loserOff: number;
}

/**
 * Play one random game. `visit`, when given, sees every position with its roll (copies: safe to
 * keep). The opening uses the opening-dice rule.
 */
export function randomGame(variant: Variant, seed: number, rules: Rules = DEFAULT_RULES, gen = new Generator(), visit?: (v: SelfplayVisit) => void): SelfplayResult {
  const rand = seededRandom(seed);
  const die = (): Die => (1 + Math.floor(rand() * 6)) as Die;
  const start = startPosition(variant);
  const sides = { white: new Int8Array(start.white), black: new Int8Array(start.black) };
  let a = die();
  let b = die();
  while (a === b) {
    a = die();
    b = die();
  }
  let turn: Side = a > b ? 'white' : 'black';
  let dice: Dice = [a, b];
  for (let turns = 1; turns < 10_000; turns++) {
    const mover = sides[turn];
    const opp = sides[turn === 'white' ? 'black' : 'white'];
    const n = gen.generate(variant, mover, opp, dice, rules);
    if (visit) {
      const position: Position = { variant, turn, white: Array.from(sides.white), black: Array.from(sides.black) };
      const count = n === 1 && gen.pool.pathLen[gen.result[0]!] === 0 ? 0 : n;
      visit({ position, dice, count });
    }
    const i = gen.result[Math.floor(rand() * n)]!;
    mover.set(gen.pool.me.subarray(i * 26, i * 26 + 26));
    opp.set(gen.pool.opp.subarray(i * 26, i * 26 + 26));
    if (mover[0] === 15) return { winner: turn, turns, loserOff: opp[0]! };
    turn = turn === 'white' ? 'black' : 'white';
    dice = [die(), die()];
  }
  throw new Error('a random game did not end');
}
