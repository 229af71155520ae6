/**
 * Fast cubeless games between two move pickers on the generator's typed arrays, with seeded
 * dice, for the training log and quick strength checks. Games come in pairs: the same dice twice
 * with the pickers' seats swapped, which removes much of the luck from a comparison.
 */
import { evaluate } from '../evaluate.js';
import type { Evaluator } from '../evaluator.js';
import { Generator } from '../../engine/fast.js';
import { startPosition } from '../../engine/position.js';
import { DEFAULT_RULES, type Rules } from '../../engine/rules.js';
import type { Dice, Die, Side, Variant } from '../../engine/types.js';
import { seededRandom } from '../../sim/rng.js';
import { equityOf } from '../outcomes.js';

/** Choose one of the generator's finals (an index into gen.pool) for the side that moves. */
export type Picker = (gen: Generator, n: number, variant: Variant) => number;

export function randomPicker(random: () => number): Picker {
  return (gen, n) => gen.result[Math.floor(random() * n)]!;
}

/** The frozen hand-written evaluation, one ply (the old "medium" level). */
export const baselinePicker: Picker = (gen, n, variant) => {
  let best = -Infinity;
  let pick = gen.result[0]!;
  for (let k = 0; k < n; k++) {
    const i = gen.result[k]!;
    const me = gen.pool.me.subarray(i * 26, i * 26 + 26);
    const score = me[0] === 15 ? Infinity : evaluate(variant, me, gen.pool.opp.subarray(i * 26, i * 26 + 26));
    if (score > best) {
      best = score;
      pick = i;
    }
  }
  return pick;
};

/** The net, greedy (every afterstate evaluated once). */
export function netPicker(ev: Evaluator): Picker {
  const out = new Float32Array(ev.outputs);
  return (gen, n, variant) => {
    let best = -Infinity;
    let pick = gen.result[0]!;
    for (let k = 0; k < n; k++) {
      const i = gen.result[k]!;
      const o = i * 26;
      const eq = equityOf(variant, ev.afterPlay(gen.pool.me, o, gen.pool.opp, o, out));
      if (eq > best) {
        best = eq;
        pick = i;
      }
    }
    return pick;
  };
}

export interface ArenaResult {
  readonly games: number;
  /** Games won by picker A. */
  readonly wins: number;
  /** Points won by A minus points won by B (1, 2 or 3 a game), per game. */
  readonly ppg: number;
  /** Share of A's wins that were mars/gammon or more. */
  readonly bigWins: number;
  readonly winRate: number;
  /** Half-width of the 95% confidence interval of the win rate. */
  readonly ci95: number;
}

/** One game; returns the winner and the points. */
export function playArenaGame(variant: Variant, white: Picker, black: Picker, seed: number, rules: Rules = DEFAULT_RULES, gen = new Generator()): { winner: Side; points: number } {
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
  for (let turns = 0; turns < 5000; turns++) {
    const me = sides[turn];
    const opp = sides[turn === 'white' ? 'black' : 'white'];
    const n = gen.generate(variant, me, opp, dice, rules);
    const i = (turn === 'white' ? white : black)(gen, n, variant);
    me.set(gen.pool.me.subarray(i * 26, i * 26 + 26));
    opp.set(gen.pool.opp.subarray(i * 26, i * 26 + 26));
    if (me[0] === 15) {
      let points = 1;
      if (opp[0] === 0) {
        points = 2;
        if (variant === 'short') {
          let back = opp[25]! > 0;
          for (let p = 19; p <= 24; p++) if (opp[p]! > 0) back = true;
          if (back) points = 3;
        }
      }
      return { winner: turn, points };
    }
    turn = turn === 'white' ? 'black' : 'white';
    dice = [die(), die()];
  }
  throw new Error('an arena game did not end');
}

/** `pairs` pairs of games of A against B, each pair on the same dice with seats swapped. */
export function arena(variant: Variant, A: Picker, B: Picker, pairs: number, seed: number, rules: Rules = DEFAULT_RULES): ArenaResult {
  const gen = new Generator();
  let wins = 0;
  let big = 0;
  let points = 0;
  for (let k = 0; k < pairs; k++) {
    for (const aWhite of [true, false]) {
      const r = playArenaGame(variant, aWhite ? A : B, aWhite ? B : A, seed + k, rules, gen);
      const aWon = (r.winner === 'white') === aWhite;
      if (aWon) {
        wins++;
        if (r.points > 1) big++;
        points += r.points;
      } else points -= r.points;
    }
  }
  const games = pairs * 2;
  const p = wins / games;
  return { games, wins, ppg: +(points / games).toFixed(3), bigWins: wins ? +(big / wins).toFixed(3) : 0, winRate: +p.toFixed(4), ci95: +(1.96 * Math.sqrt((p * (1 - p)) / games)).toFixed(4) };
}
