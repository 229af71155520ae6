import { Generator } from './movegen.js';
import { DEFAULT_RULES, type Rules } from './rules.js';
import type { Dice, Play, Position, Step } from './types.js';

const shared = new Generator();

/**
 * Run the generator for the side to move; the finals are then in gen.pool at the indices
 * gen.result[0 .. n-1]. For hot paths (bots, benchmarks) that read the typed arrays directly.
 */
export function generatePlays(position: Position, dice: Dice, rules: Rules = DEFAULT_RULES, gen: Generator = shared): number {
  const mover = position.turn === 'white' ? position.white : position.black;
  const opponent = position.turn === 'white' ? position.black : position.white;
  return gen.generate(position.variant, mover, opponent, dice, rules);
}

// One array literal: V8 makes it a packed small-integer array in one allocation.
function slice26(a: Int8Array, o: number): number[] {
  return [
    a[o]!, a[o + 1]!, a[o + 2]!, a[o + 3]!, a[o + 4]!, a[o + 5]!, a[o + 6]!, a[o + 7]!, a[o + 8]!,
    a[o + 9]!, a[o + 10]!, a[o + 11]!, a[o + 12]!, a[o + 13]!, a[o + 14]!, a[o + 15]!, a[o + 16]!,
    a[o + 17]!, a[o + 18]!, a[o + 19]!, a[o + 20]!, a[o + 21]!, a[o + 22]!, a[o + 23]!, a[o + 24]!, a[o + 25]!,
  ];
}

/**
 * The position of pool entry i of gen, with the turn passed to the opponent. `unhitOpp`, when
 * given, is reused as the opponent's array for plays that hit nothing (positions are immutable).
 */
export function poolPosition(position: Position, gen: Generator, i: number, unhitOpp?: readonly number[]): Position {
  const me = slice26(gen.pool.me, i * 26);
  const before = position.turn === 'white' ? position.black : position.white;
  const opp = unhitOpp && gen.pool.opp[i * 26 + 25] === before[25] ? unhitOpp : slice26(gen.pool.opp, i * 26);
  return position.turn === 'white'
    ? { variant: position.variant, turn: 'black', white: me, black: opp }
    : { variant: position.variant, turn: 'white', white: opp, black: me };
}

export function poolSteps(gen: Generator, i: number): Step[] {
  const steps: Step[] = [];
  const path = gen.pool.path;
  const len = gen.pool.pathLen[i]!;
  for (let k = 0; k < len; k += 2) steps.push([path[i * 8 + k]!, path[i * 8 + k + 1]!]);
  return steps;
}

/**
 * Every distinct legal play (one per final position) for the side to move. An empty list means
 * the roll cannot be played and the turn passes.
 */
export function legalPlays(position: Position, dice: Dice, rules: Rules = DEFAULT_RULES): Play[] {
  const n = generatePlays(position, dice, rules, shared);
  const plays: Play[] = [];
  const opp = [...(position.turn === 'white' ? position.black : position.white)];
  for (let k = 0; k < n; k++) {
    const i = shared.result[k]!;
    if (shared.pool.pathLen[i] === 0) return []; // nothing can move
    plays.push({ moves: poolSteps(shared, i), position: poolPosition(position, shared, i, opp) });
  }
  return plays;
}
