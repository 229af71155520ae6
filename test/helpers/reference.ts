/**
 * An independent reference for the move rules, kept in the tests only: a deliberately simple
 * single-step stepper (no transposition merging, no bit tricks), written apart from the engine's
 * generator. The property tests compare the engine with it.
 */
import { oppPointOf } from '../../src/engine/movegen.js';
import { DEFAULT_RULES, headLimit, type Rules } from '../../src/engine/rules.js';
import type { Dice, Die, Position, Step } from '../../src/engine/types.js';

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

function removeDie(dice: readonly Die[], die: Die): Die[] {
  const i = dice.indexOf(die);
  return [...dice.slice(0, i), ...dice.slice(i + 1)];
}

