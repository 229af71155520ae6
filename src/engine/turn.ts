/**
 * A turn played one checker step at a time (for the buttons). Built on a deliberately simple
 * single-step stepper, independent of the fast generator in movegen.ts: the tests prove that the
 * step sequences this allows are exactly the plays legalPlays lists.
 */
import { oppPointOf } from './movegen.js';
import { legalPlays } from './plays.js';
import { positionId } from './position.js';
import { DEFAULT_RULES, headLimit, type Rules } from './rules.js';
import type { Dice, Die, Play, Position, Step } from './types.js';

interface Board {
  readonly variant: Position['variant'];
  /** Mover's checkers in its numbering. */
  readonly me: number[];
  /** Opponent's checkers in its own numbering. */
  readonly opp: number[];
  readonly headLeft: number;
}

function boardOf(p: Position, rules: Rules, dice: Dice): Board {
  const me = [...(p.turn === 'white' ? p.white : p.black)];
  const opp = [...(p.turn === 'white' ? p.black : p.white)];
  const headLeft = p.variant === 'long' ? headLimit(rules, me[24] === 15, dice) : 99;
  return { variant: p.variant, me, opp, headLeft };
}

function positionOf(start: Position, b: Board): Position {
  return start.turn === 'white' ? { ...start, white: b.me, black: b.opp } : { ...start, white: b.opp, black: b.me };
}

/** Six-block rule: no six points in a row along the opponent's path without an opponent checker ahead. */
export function blockIsLegal(variant: Position['variant'], me: readonly number[], opp: readonly number[]): boolean {
  if (variant !== 'long') return true;
  // Walk the opponent's path from its start (its 24) to its finish (its 1).
  let run = 0;
  for (let q = 24; q >= 1; q--) {
    const myPoint = q <= 12 ? q + 12 : q - 12;
    if (me[myPoint]! > 0) {
      run++;
      if (run >= 6) {
        // The block ends at q (its furthest point along the path); is any opponent checker beyond?
        let ahead = false;
        for (let r = q - 1; r >= 1; r--) if (opp[r]! > 0) ahead = true;
        if (!ahead) return false;
      }
    } else {
      run = 0;
    }
  }
  return true;
}

/** Every single step the die allows from this board, with the board after it. */
function stepsForDie(b: Board, die: Die, rules: Rules): Array<{ step: Step; next: Board }> {
  const out: Array<{ step: Step; next: Board }> = [];
  const { me, opp, variant } = b;
  const oppOn = (p: number): number => opp[oppPointOf(variant, p)]!;
  const sources = variant === 'short' && me[25]! > 0 ? [25] : [24, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1];
  let allHome = true;
  for (let p = 7; p <= 25; p++) if (me[p]! > 0) allHome = false;
  let highest = 0;
  for (let p = 6; p >= 1; p--) if (me[p]! > 0) { highest = p; break; }
  for (const s of sources) {
    if (me[s] === 0) continue;
    if (variant === 'long' && s === 24 && b.headLeft === 0) continue;
    let t = s - die;
    if (t >= 1) {
      const blockers = oppOn(t);
      if (variant === 'long' ? blockers > 0 : blockers > 1) continue;
    } else {
      if (!allHome) continue;
      if (t < 0 && s !== highest) continue;
      t = 0;
    }
    const nextMe = [...me];
    const nextOpp = [...opp];
    nextMe[s]!--;
    nextMe[t]!++;
    if (variant === 'short' && t > 0 && oppOn(t) === 1) {
      nextOpp[25 - t]!--;
      nextOpp[25]!++;
    }
    if (variant === 'long' && rules.block === 'strict' && !blockIsLegal(variant, nextMe, nextOpp)) continue;
    const headLeft = variant === 'long' && s === 24 ? b.headLeft - 1 : b.headLeft;
    out.push({ step: [s, t], next: { variant, me: nextMe, opp: nextOpp, headLeft } });
  }
  return out;
}

/**
 * The most dice any sequence of legal single steps can use (brute force over every order):
 * an independent check of the generator's "play as many dice as possible".
 */
export function maxDiceUsable(start: Position, dice: Dice, rules: Rules = DEFAULT_RULES): number {
  const best = (b: Board, remaining: readonly Die[]): number => {
    let most = 0;
    for (const die of new Set(remaining)) {
      for (const { next } of stepsForDie(b, die, rules)) {
        most = Math.max(most, 1 + best(next, removeDie(remaining, die)));
        if (most === remaining.length) return most;
      }
    }
    return most;
  };
  return best(boardOf(start, rules, dice), dice[0] === dice[1] ? [dice[0], dice[0], dice[0], dice[0]] : [dice[0], dice[1]]);
}

function boardKey(b: Board): string {
  return b.me.join(',') + '|' + b.opp.join(',');
}

function removeDie(dice: readonly Die[], die: Die): Die[] {
  const i = dice.indexOf(die);
  return [...dice.slice(0, i), ...dice.slice(i + 1)];
}

export interface TurnView {
  /** The position after the steps taken so far (the mover is still to move). */
  readonly position: Position;
  /** The dice not yet used (by the steps taken). */
  readonly remaining: readonly Die[];
  /** Every step that starts or continues some legal play. */
  readonly next: readonly Step[];
  /** True when the steps taken make a whole legal play (Done may be pressed). */
  readonly complete: boolean;
  /** The number of steps a legal play has this turn (0 when nothing can move). */
  readonly playLength: number;
  /** The legal plays of the whole turn. */
  readonly plays: readonly Play[];
}

export class StepError extends Error {}

/**
 * The turn after `steps` (each a single-checker step) from `start` with `dice`.
 * Throws StepError when a step is not part of any legal play.
 */
export function turnView(start: Position, dice: Dice, steps: readonly Step[], rules: Rules = DEFAULT_RULES, plays?: readonly Play[]): TurnView {
  const legal = plays ?? legalPlays(start, dice, rules);
  const playLength = legal.length === 0 ? 0 : legal[0]!.moves.length;
  const finals = new Set(legal.map((p) => positionId(p.position)));
  const memo = new Map<string, boolean>();
  const finalIdOf = (b: Board): string => positionId({ ...positionOf(start, b), turn: start.turn === 'white' ? 'black' : 'white' });

  const canFinish = (b: Board, remaining: readonly Die[], taken: number): boolean => {
    if (taken === playLength) return finals.has(finalIdOf(b));
    const key = boardKey(b) + '#' + remaining.join('') + '#' + b.headLeft;
    const cached = memo.get(key);
    if (cached !== undefined) return cached;
    let ok = false;
    for (const die of new Set(remaining)) {
      for (const { next } of stepsForDie(b, die, rules)) {
        if (canFinish(next, removeDie(remaining, die), taken + 1)) {
          ok = true;
          break;
        }
      }
      if (ok) break;
    }
    memo.set(key, ok);
    return ok;
  };

  /** Steps that keep a legal play reachable, each with the board after it and the die it used. */
  const options = (b: Board, remaining: readonly Die[], taken: number): Array<{ step: Step; next: Board; die: Die }> => {
    if (taken >= playLength) return [];
    const out: Array<{ step: Step; next: Board; die: Die }> = [];
    // Try the larger die first so that an ambiguous bear-off uses it (the larger-die rule).
    for (const die of [...new Set(remaining)].sort((x, y) => y - x)) {
      for (const o of stepsForDie(b, die, rules)) {
        if (out.some((x) => x.step[0] === o.step[0] && x.step[1] === o.step[1])) continue;
        if (canFinish(o.next, removeDie(remaining, die), taken + 1)) out.push({ ...o, die });
      }
    }
    return out;
  };

  let board = boardOf(start, rules, dice);
  let remaining: Die[] = dice[0] === dice[1] ? [dice[0], dice[0], dice[0], dice[0]] : [dice[0], dice[1]];
  steps.forEach((step, i) => {
    const o = options(board, remaining, i).find((x) => x.step[0] === step[0] && x.step[1] === step[1]);
    if (!o) throw new StepError(`step ${step[0]}/${step[1]} is not part of a legal play`);
    board = o.next;
    remaining = removeDie(remaining, o.die);
  });
  const next = options(board, remaining, steps.length).map((o) => o.step);
  return {
    position: positionOf(start, board),
    remaining,
    next,
    complete: steps.length === playLength,
    playLength,
    plays: legal,
  };
}
