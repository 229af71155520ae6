/**
 * Hand-written evaluation of a position for one side, in pips of advantage (higher is better):
 * race, made points and primes, blots and the shots at them (short), mobility and blocking
 * (long), the head, home-board shape and stacking.
 */
import type { Variant } from '../engine/types.js';

/** `me` and `opp` in their own numbering (0 off .. 25 bar), read from offset 0 of each. */
export function evaluate(variant: Variant, me: ArrayLike<number>, opp: ArrayLike<number>): number {
  return variant === 'long' ? evaluateLong(me, opp) : evaluateShort(me, opp);
}

function pips(a: ArrayLike<number>): number {
  let s = 0;
  for (let p = 1; p <= 25; p++) s += p * a[p]!;
  return s;
}

// ---- long nardy --------------------------------------------------------------------------------

function oppAtLong(opp: ArrayLike<number>, p: number): number {
  return opp[p <= 12 ? p + 12 : p - 12]!;
}

/** Single steps of 1..6 available to a side (a measure of freedom). */
function mobilityLong(me: ArrayLike<number>, opp: ArrayLike<number>): number {
  let m = 0;
  for (let s = 1; s <= 24; s++) {
    if (me[s] === 0) continue;
    for (let d = 1; d <= 6; d++) {
      const t = s - d;
      if (t < 1) break;
      if (oppAtLong(opp, t) === 0) m += s === 24 ? 0.5 : 1;
    }
  }
  return m;
}

function contactLong(me: ArrayLike<number>, opp: ArrayLike<number>): boolean {
  // Contact while some of my checkers still have to pass opponent checkers (or the reverse).
  let myBack = 0;
  for (let p = 24; p >= 1; p--) if (me[p]! > 0) { myBack = p; break; }
  let oppBack = 0;
  for (let q = 24; q >= 1; q--) if (opp[q]! > 0) { oppBack = q; break; }
  // The opponent's q is my q+12 / q-12; with my furthest checker behind its furthest, paths cross.
  return myBack + oppBack > 24;
}

function evaluateLong(me: ArrayLike<number>, opp: ArrayLike<number>): number {
  const race = pips(opp) - pips(me);
  if (!contactLong(me, opp)) {
    // Pure race: pips, and checkers already home bear off sooner.
    let wastage = 0;
    for (let p = 1; p <= 6; p++) wastage += me[p]! * (p <= 2 ? 0.6 : 0);
    return race + 7 * (me[0]! - opp[0]!) * 0.15 - wastage;
  }
  let score = race;
  score += 0.9 * (mobilityLong(me, opp) - mobilityLong(opp, me));
  // Runs of my points along the opponent's path (it travels my 12..1, then 24..13).
  let run = 0;
  let runs = 0;
  for (let q = 24; q >= 1; q--) {
    const p = q <= 12 ? q + 12 : q - 12;
    if (me[p]! > 0) {
      run++;
    } else {
      if (run >= 2) runs += Math.min(run, 5) ** 2;
      run = 0;
    }
  }
  if (run >= 2) runs += Math.min(run, 5) ** 2;
  score += 0.8 * runs;
  // Stacks are clumsy (the head excepted early on).
  for (let p = 1; p <= 23; p++) if (me[p]! > 3) score -= 1.2 * (me[p]! - 3);
  // Leaving the head late costs tempo.
  if (me[24]! > 1) score -= 0.6 * (me[24]! - 1);
  // Points held in the opponent's start area (my 13..18 is its home; my 1..6 mine) slow it down.
  for (let p = 13; p <= 18; p++) if (me[p]! > 0) score += 1.0;
  return score;
}

// ---- short nardy (backgammon) ------------------------------------------------------------------

const DIRECT = 11 / 36;
const INDIRECT = [0, 0, 0, 0, 0, 0, 0, 6 / 36, 6 / 36, 5 / 36, 3 / 36, 2 / 36, 3 / 36];

function evaluateShort(me: ArrayLike<number>, opp: ArrayLike<number>): number {
  const race = pips(opp) - pips(me);
  // Opponent checker on my point p: it sits on its 25 - p (bar = my 0 side).
  const oppOn = (p: number): number => opp[25 - p]!;
  let myBack = 0;
  for (let p = 25; p >= 1; p--) if (me[p]! > 0) { myBack = p; break; }
  let oppBack = 0; // furthest opponent checker, in my numbering (low = far back for it)
  for (let p = 0; p <= 24; p++) {
    const n = p === 0 ? opp[25]! : oppOn(p);
    if (n > 0) { oppBack = p; break; }
  }
  const contact = myBack > oppBack || opp[25]! > 0 || me[25]! > 0;
  if (!contact) return race + 4 * (me[0]! - opp[0]!);

  let score = race;
  // Made points, weighted by where they stand.
  let prime = 0;
  let best = 0;
  let homePoints = 0;
  for (let p = 1; p <= 24; p++) {
    if (me[p]! >= 2) {
      score += p <= 6 ? 2.2 : p === 7 ? 2.0 : p <= 9 ? 1.2 : p >= 19 ? 1.0 : 0.5;
      if (p <= 6) homePoints++;
      prime++;
      best = Math.max(best, prime);
    } else {
      prime = 0;
    }
    if (me[p]! > 4) score -= 0.7 * (me[p]! - 4);
  }
  score += 0.9 * best * best;
  // Opponent on the bar against my home board.
  score += opp[25]! * (2 + 1.5 * homePoints);
  score -= me[25]! * 4;
  // My blots and the shots at them: the pips I would lose times the chance.
  for (let p = 1; p <= 24; p++) {
    if (me[p] !== 1) continue;
    let chance = 0;
    if (opp[25]! > 0 && p >= 19) chance += DIRECT;
    for (let q = Math.max(0, p - 12); q < p; q++) {
      const n = q === 0 ? opp[25]! : oppOn(q);
      if (n === 0) continue;
      const d = p - q;
      chance += d <= 6 ? DIRECT : INDIRECT[d]!;
    }
    if (chance > 0) score -= Math.min(chance, 0.9) * (25 - p + 8) * 0.9;
  }
  // Opponent blots in my reach are targets.
  for (let p = 1; p <= 24; p++) {
    if (oppOn(p) !== 1) continue;
    let chance = 0;
    for (let s = p + 1; s <= Math.min(25, p + 12); s++) {
      if (me[s]! === 0) continue;
      const d = s - p;
      chance += d <= 6 ? DIRECT : INDIRECT[d]!;
    }
    score += Math.min(chance, 0.9) * (p + 8) * 0.4;
  }
  return score;
}

/** A rough probability that the side with this evaluation wins (for cube and resign decisions). */
export function winChance(variant: Variant, me: ArrayLike<number>, opp: ArrayLike<number>): number {
  const scale = variant === 'long' ? 18 : 14;
  return 1 / (1 + Math.exp(-evaluate(variant, me, opp) / scale));
}
