/**
 * Outcome probabilities, as the networks give them for the side about to roll:
 *   long:  [win, win by mars, lose by mars]
 *   short: [win, win gammon, win backgammon, lose gammon, lose backgammon]
 * Gammon and backgammon probabilities include the bigger results (gnubg's convention), so
 * win >= win gammon >= win backgammon.
 */
import type { Variant } from '../engine/types.js';

export type Outcomes = Float32Array | number[];

export function outcomeCount(variant: Variant): 3 | 5 {
  return variant === 'long' ? 3 : 5;
}

/** The same outcomes seen by the other side. `out` may not be `p`. */
export function flipOutcomes(variant: Variant, p: ArrayLike<number>, out: Outcomes): Outcomes {
  if (variant === 'long') {
    out[0] = 1 - p[0]!;
    out[1] = p[2]!;
    out[2] = p[1]!;
  } else {
    out[0] = 1 - p[0]!;
    out[1] = p[3]!;
    out[2] = p[4]!;
    out[3] = p[1]!;
    out[4] = p[2]!;
  }
  return out;
}

/** Keep the probabilities consistent (a gammon is a win; a backgammon is a gammon). */
export function clampOutcomes(variant: Variant, p: Outcomes): Outcomes {
  const win = Math.min(1, Math.max(0, p[0]!));
  p[0] = win;
  if (variant === 'long') {
    p[1] = Math.min(p[1]!, win);
    p[2] = Math.min(p[2]!, 1 - win);
  } else {
    p[1] = Math.min(p[1]!, win);
    p[2] = Math.min(p[2]!, p[1]!);
    p[3] = Math.min(p[3]!, 1 - win);
    p[4] = Math.min(p[4]!, p[3]!);
  }
  return p;
}

/**
 * Zero the results the position rules out, as gnubg's SanityCheck does after its networks: no
 * gammon (mars) for a side whose opponent has already borne off a checker, and in short nardy
 * without contact no backgammon for a side whose opponent has no checker left in the side's home
 * board or on the bar. The bundled networks have learnt the first (about 1e-8 where it
 * applies), so it changes no measured figure (bench:analysis' correlation on three sets: 0.921,
 * 0.940, 0.937 before and after); it makes them exact, for any network. `me` (about to roll)
 * and `opp` in their own numbering (0 off .. 25 bar) from offsets.
 */
export function possibleOutcomes(variant: Variant, me: ArrayLike<number>, mo: number, opp: ArrayLike<number>, oo: number, p: Outcomes): Outcomes {
  if (variant === 'long') {
    if (opp[oo]! > 0) p[1] = 0;
    if (me[mo]! > 0) p[2] = 0;
    return p;
  }
  if (opp[oo]! > 0) p[1] = p[2] = 0;
  if (me[mo]! > 0) p[3] = p[4] = 0;
  if (!shortContact(me, opp, mo, oo)) {
    if (furthest(opp, oo) < 19) p[2] = 0;
    if (furthest(me, mo) < 19) p[4] = 0;
  }
  return p;
}

/** The point of a side's furthest checker (25 the bar, 0 when all are off). */
function furthest(a: ArrayLike<number>, o: number): number {
  for (let i = 25; i >= 1; i--) if (a[o + i]! > 0) return i;
  return 0;
}

/** Short nardy: some checker of one side still has to pass one of the other's (own numberings from offsets). */
export function shortContact(me: ArrayLike<number>, opp: ArrayLike<number>, mo = 0, oo = 0): boolean {
  return furthest(me, mo) + furthest(opp, oo) > 25;
}

/** Cubeless money equity: +1 a single win, +2 mars/gammon, +3 backgammon, negative for losses. */
export function equityOf(variant: Variant, p: ArrayLike<number>): number {
  if (variant === 'long') return 2 * p[0]! - 1 + p[1]! - p[2]!;
  return 2 * p[0]! - 1 + p[1]! - p[3]! + p[2]! - p[4]!;
}

/**
 * The known outcome for the side to roll when the other side has just borne off its last
 * checker: a loss, by mars (long) or gammon/backgammon (short) as the position says.
 * `me` and `opp` in their own numbering from offsets.
 */
export function lostOutcomes(variant: Variant, me: ArrayLike<number>, mo: number, out: Outcomes): Outcomes {
  out.fill(0);
  if (me[mo]! > 0) return out;
  if (variant === 'long') {
    out[2] = 1;
    return out;
  }
  out[3] = 1;
  // A backgammon: a checker on the bar or in the winner's home (my 19..24).
  let back = me[mo + 25]! > 0;
  for (let p = 19; p <= 24; p++) if (me[mo + p]! > 0) back = true;
  if (back) out[4] = 1;
  return out;
}
