/**
 * A one-sided bear-off database (gnubg's "one-sided bearoff database" for six points and fifteen
 * checkers): for every way of having up to 15 checkers on one's points 1..6, the distribution of
 * the number of rolls needed to bear them all off, playing each roll to need the fewest rolls on
 * average; and, for positions with all 15 checkers still on the board, the distribution of the
 * rolls needed to bear off the first one (which decides gammons and mars).
 *
 * Once both sides have every checker in their home boards the race is two independent bear-offs
 * (in short nardy nothing can be hit any more, in long nardy the homes are a half-board apart), so
 * the outcome probabilities follow from the two distributions: exact up to the play that
 * minimises the expected rolls instead of the chance to win, as in gnubg. The networks are
 * weakest here and the cube most sensitive (a few hundredths of winning chances turn a take into
 * a pass), which is why the evaluator asks this table first.
 *
 * The table is worked out, not shipped: 54,264 positions with 21 rolls each, in well under two
 * seconds the first time a position needs it; about 11 MB.
 */
import type { Variant } from '../engine/types.js';
import type { Outcomes } from './outcomes.js';

/** Positions of up to 15 checkers on six points: C(21, 6). */
export const BEAROFF_POSITIONS = 54_264;
/** Entries of a distribution: rolls 0..MAX-1 (the last one holds any rare longer tail). */
const MAX = 32;
/** Entries of the first-checker-off distribution. */
const GMAX = 16;

/** Key of counts c1..c6: four bits a point. */
const keyOf = (c: ArrayLike<number>, o = 0): number => c[o + 1]! | (c[o + 2]! << 4) | (c[o + 3]! << 8) | (c[o + 4]! << 12) | (c[o + 5]! << 16) | (c[o + 6]! << 20);
const countAt = (key: number, p: number): number => (key >>> ((p - 1) * 4)) & 15;

// C(n, k) for the bar k at place n (n ≤ 21, k ≤ 6), flat: BAR[n * 7 + k], by Pascal's rule.
const BAR = new Int32Array(22 * 7);
for (let n = 0; n <= 21; n++) {
  BAR[n * 7] = 1;
  for (let k = 1; k <= 6; k++) BAR[n * 7 + k] = n === 0 ? 0 : BAR[(n - 1) * 7 + k - 1]! + BAR[(n - 1) * 7 + k]!;
}

// indexOfKey in two lookups: points 1..3 (their part of the rank and their checkers), then
// points 4..6 given the checkers below them.
const LOW_RANK = new Int32Array(4096);
const LOW_STARS = new Int32Array(4096);
const HIGH_RANK = new Int32Array(16 * 4096);
for (let low = 0; low < 4096; low++) {
  let r = 0;
  let stars = 0;
  for (let k = 1; k <= 3; k++) {
    stars += (low >>> ((k - 1) * 4)) & 15;
    if (stars <= 15) r += BAR[(stars + k - 1) * 7 + k]!;
  }
  LOW_RANK[low] = r;
  LOW_STARS[low] = Math.min(stars, 15);
}
for (let below = 0; below <= 15; below++) {
  for (let high = 0; high < 4096; high++) {
    let r = 0;
    let stars = below;
    for (let k = 4; k <= 6; k++) {
      stars += (high >>> ((k - 4) * 4)) & 15;
      if (stars <= 15) r += BAR[(stars + k - 1) * 7 + k]!;
    }
    HIGH_RANK[below * 4096 + high] = r;
  }
}

function indexOfKey(key: number): number {
  const low = key & 4095;
  return LOW_RANK[low]! + HIGH_RANK[LOW_STARS[low]! * 4096 + (key >>> 12)]!;
}

/**
 * The index of the counts c[1..6] (from `offset`; 15 checkers at most): the 15 checkers as stars
 * and the six points' ends as bars in a row of 21, the bars' places ranked in the combinatorial
 * number system.
 */
export function bearoffIndex(c: ArrayLike<number>, offset = 0): number {
  return indexOfKey(keyOf(c, offset));
}

/**
 * Appends to `out` (from `n`) every position one die can lead to from `key`; returns the new
 * length. Bear-off rules: a checker moves down, or leaves from the point of the die, or from below
 * it when it is the highest (in a bear-off every die can be used; with nothing left, nothing moves).
 */
function stepInto(key: number, die: number, out: Int32Array, n: number): number {
  if (key === 0) {
    out[n] = 0;
    return n + 1;
  }
  let high = 6;
  while (((key >>> ((high - 1) * 4)) & 15) === 0) high--;
  for (let p = 1; p <= high; p++) {
    if (((key >>> ((p - 1) * 4)) & 15) === 0) continue;
    const less = key - (1 << ((p - 1) * 4));
    if (p > die) out[n++] = less + (1 << ((p - die - 1) * 4));
    else if (p === die || p === high) out[n++] = less;
  }
  return n;
}

/**
 * Appends to `out` the positions `moves` moves of the die `die` lead to, each move from a point no
 * higher than the one before (`top`): any order of the same moves gives the same position, and the
 * moves can always be put in that order (a checker borne off from below the highest point could
 * not have left while a checker that moves later stood higher).
 */
function doublesInto(key: number, die: number, moves: number, top: number, out: Int32Array, n: number): number {
  if (moves === 0 || key === 0) {
    out[n] = key;
    return n + 1;
  }
  let high = 6;
  while (((key >>> ((high - 1) * 4)) & 15) === 0) high--;
  for (let p = 1; p <= Math.min(high, top); p++) {
    if (((key >>> ((p - 1) * 4)) & 15) === 0) continue;
    const less = key - (1 << ((p - 1) * 4));
    if (p > die) n = doublesInto(less + (1 << ((p - die - 1) * 4)), die, moves - 1, p, out, n);
    else if (p === die || p === high) n = doublesInto(less, die, moves - 1, p, out, n);
  }
  return n;
}

/**
 * Writes to `out` the positions the roll d1-d2 can lead to from `key` (both orders of the dice;
 * doubles in the order of doublesInto), `mid` holding the positions after one die; returns how
 * many (a position may come twice).
 */
function rollInto(key: number, d1: number, d2: number, mid: Int32Array, out: Int32Array): number {
  if (d1 === d2) return doublesInto(key, d1, 4, 6, out, 0);
  let n = 0;
  let m = stepInto(key, d1, mid, 0);
  for (let q = 0; q < m; q++) n = stepInto(mid[q]!, d2, out, n);
  m = stepInto(key, d2, mid, 0);
  for (let q = 0; q < m; q++) n = stepInto(mid[q]!, d1, out, n);
  return n;
}

/** The positions (counts c[1..6]) a roll can lead to from `c`, each once: for tests against the engine. */
export function bearoffPlays(c: ArrayLike<number>, d1: number, d2: number): number[][] {
  const out = new Int32Array(256);
  const n = rollInto(keyOf(c), d1, d2, new Int32Array(8), out);
  const keys = [...new Set(out.subarray(0, n))];
  return keys.map((k) => [1, 2, 3, 4, 5, 6].map((p) => countAt(k, p)));
}

// The 21 rolls.
const ROLL_A = new Int32Array(21);
const ROLL_B = new Int32Array(21);
for (let a = 1, k = 0; a <= 6; a++) for (let b = a; b <= 6; b++, k++) [ROLL_A[k], ROLL_B[k]] = [a, b];

export interface BearoffTable {
  /** Rolls-to-finish distributions, MAX entries a position. */
  readonly dist: Float32Array;
  /** Expected rolls to finish. */
  readonly mean: Float32Array;
  /** Rolls to bear off the first checker, GMAX entries a position (only positions of 15 checkers are filled). */
  readonly first: Float32Array;
}

/** acc[r + 1] += w * from[at + r] for a distribution of `len` entries, its last one keeping the tail. */
function addShifted(acc: Float64Array, from: Float32Array, at: number, len: number, w: number): void {
  for (let r = 0; r < len - 1; r++) acc[r + 1] = acc[r + 1]! + w * from[at + r]!;
  acc[len - 1] = acc[len - 1]! + w * from[at + len - 1]!;
}

function build(): BearoffTable {
  // Every position, fewest pips first: a roll only leads to positions with fewer pips.
  const keys: number[] = [];
  const c = [0, 0, 0, 0, 0, 0, 0];
  const walk = (p: number, left: number): void => {
    if (p > 6) {
      keys.push(keyOf(c));
      return;
    }
    for (let n = 0; n <= left; n++) {
      c[p] = n;
      walk(p + 1, left - n);
    }
    c[p] = 0;
  };
  walk(1, 15);
  const pipsOf = (key: number): number => {
    let s = 0;
    for (let p = 1; p <= 6; p++) s += p * countAt(key, p);
    return s;
  };
  keys.sort((a, b) => pipsOf(a) - pipsOf(b));
  const checkersOf = (key: number): number => {
    let s = 0;
    for (let p = 1; p <= 6; p++) s += countAt(key, p);
    return s;
  };

  const dist = new Float32Array(BEAROFF_POSITIONS * MAX);
  const mean = new Float32Array(BEAROFF_POSITIONS);
  const first = new Float32Array(BEAROFF_POSITIONS * GMAX);
  const firstMean = new Float32Array(BEAROFF_POSITIONS);
  const acc = new Float64Array(MAX);
  // Where each distribution is not zero: rolls lo[i] .. hi[i] - 1.
  const lo = new Uint8Array(BEAROFF_POSITIONS);
  const hi = new Uint8Array(BEAROFF_POSITIONS);
  const mid = new Int32Array(8);
  const fin = new Int32Array(256);
  const gacc = new Float64Array(GMAX);
  for (const key of keys) {
    const i = indexOfKey(key);
    if (key === 0) {
      dist[i * MAX] = 1;
      hi[i] = 1;
      continue;
    }
    const full = checkersOf(key) === 15;
    gacc.fill(0);
    let from = MAX;
    let to = 0;
    let m = 1;
    let gm = 1;
    for (let roll = 0; roll < 21; roll++) {
      const a = ROLL_A[roll]!;
      const b = ROLL_B[roll]!;
      const w = a === b ? 1 / 36 : 2 / 36;
      const n = rollInto(key, a, b, mid, fin);
      let best = -1;
      let bestMean = Infinity;
      let gBest = -1;
      let gBestMean = Infinity;
      for (let q = 0; q < n; q++) {
        const k = fin[q]!;
        const j = indexOfKey(k);
        if (mean[j]! < bestMean) {
          bestMean = mean[j]!;
          best = j;
        }
        if (full) {
          // A checker off already (no more rolls), or still 15 on: their own first-off distribution.
          const off = checkersOf(k) < 15;
          const gmj = off ? 0 : firstMean[j]!;
          if (gmj < gBestMean) {
            gBestMean = gmj;
            gBest = off ? -1 : j;
          }
        }
      }
      m += w * bestMean;
      // acc[r + 1] += w * dist[best][r] over the best position's support (the last entry keeps the tail).
      const l = lo[best]!;
      const h = hi[best]!;
      for (let r = l; r < h; r++) {
        const t = r + 1 < MAX ? r + 1 : MAX - 1;
        acc[t] = acc[t]! + w * dist[best * MAX + r]!;
      }
      from = Math.min(from, l + 1, MAX - 1);
      to = Math.max(to, Math.min(h + 1, MAX));
      if (full) {
        gm += w * gBestMean;
        if (gBest < 0) gacc[1] = gacc[1]! + w;
        else addShifted(gacc, first, gBest * GMAX, GMAX, w);
      }
    }
    mean[i] = m;
    for (let r = from; r < to; r++) {
      dist[i * MAX + r] = acc[r]!;
      acc[r] = 0;
    }
    lo[i] = from;
    hi[i] = to;
    if (full) {
      firstMean[i] = gm;
      for (let r = 0; r < GMAX; r++) first[i * GMAX + r] = gacc[r]!;
    }
  }
  return { dist, mean, first };
}

let table: BearoffTable | null = null;

/** The table, worked out on first use. */
export function bearoffTable(): BearoffTable {
  table ??= build();
  return table;
}

/** True when every checker of the side still on the board is on its points 1..6 (own numbering, from `o`). */
export function allHome(side: ArrayLike<number>, o: number): boolean {
  for (let p = 7; p <= 25; p++) if (side[o + p] !== 0) return false;
  return true;
}

/**
 * Outcomes for `me`, about to roll, against `opp` when both have every checker home and neither
 * has finished (the caller checks): in the order of outcomes.ts for the variant.
 */
export function bearoffOutcomes(variant: Variant, me: ArrayLike<number>, mo: number, opp: ArrayLike<number>, oo: number, out: Outcomes): Outcomes {
  const t = bearoffTable();
  const mine = bearoffIndex(me, mo);
  const theirs = bearoffIndex(opp, oo);
  const a = mine * MAX;
  const b = theirs * MAX;
  // I roll first: I win when I need no more rolls than the opponent.
  let win = 0;
  let oppDone = 0; // P(opponent needs fewer than n rolls)
  for (let n = 1; n < MAX; n++) {
    oppDone += t.dist[b + n - 1]!;
    win += t.dist[a + n]! * (1 - oppDone);
  }
  // A gammon (mars): the winner finishes before the loser takes off a checker.
  let winG = 0;
  if (opp[oo] === 0) {
    const g = theirs * GMAX;
    let off = 0; // P(opponent's first checker off within n - 1 rolls)
    for (let n = 1; n < MAX; n++) {
      off += n - 1 < GMAX ? t.first[g + n - 1]! : 0;
      winG += t.dist[a + n]! * (1 - off);
    }
  }
  let loseG = 0;
  if (me[mo] === 0) {
    const g = mine * GMAX;
    let off = 0; // P(my first checker off within n rolls)
    for (let n = 1; n < MAX; n++) {
      off += n < GMAX ? t.first[g + n]! : 0;
      loseG += t.dist[b + n]! * (1 - off);
    }
  }
  out.fill(0);
  out[0] = win;
  if (variant === 'long') {
    out[1] = Math.min(winG, win);
    out[2] = Math.min(loseG, 1 - win);
  } else {
    out[1] = Math.min(winG, win);
    out[3] = Math.min(loseG, 1 - win);
  }
  return out;
}
