/**
 * Input encodings of the evaluation networks: a position seen by the side about to roll ("me")
 * becomes a sparse vector. Per point, TD-Gammon-style units for each side in its own numbering,
 * then what the game is about: checkers off, pips, contact, and for long nardy blocks in front
 * of the opponent's checkers and how many points each die can be played from; for short nardy
 * the bar, the shots at blots and the primes in front of the back checkers.
 *
 * Both sides' arrays are read in their own numbering (0 off, 1..24, 25 bar) from an offset, so
 * the move generator's pools can be encoded without copying. Only the inputs listed in `idx`
 * are meaningful in `x`: nothing else needs clearing between calls.
 *
 * A change here changes what the trained weights mean: bump the version, retrain, and the
 * weights' manifest check (test/ai) fails until the assets match.
 */
import type { Variant } from '../engine/types.js';

export interface Encoding {
  readonly variant: Variant;
  readonly version: number;
  readonly inputs: number;
  /** long: win, win by mars, lose by mars; short: win, win gammon, win backgammon, lose gammon, lose backgammon. */
  readonly outputs: number;
  encode(me: ArrayLike<number>, mo: number, opp: ArrayLike<number>, oo: number, x: Float32Array, idx: Int32Array): number;
}

// ---- long nardy --------------------------------------------------------------------------------

/** The opponent's own point that is my point p (long nardy), and the reverse (it is symmetric). */
function across(p: number): number {
  return p <= 12 ? p + 12 : p - 12;
}

const L_OFF = 192;
const L_PIPS = 194;
const L_CONTACT = 196;
const L_HOME = 197;
const L_BLOCK = 199;
const L_BEHIND = 201;
const L_MOBILITY = 203;
export const LONG_INPUTS = 215;

/**
 * The longest run of `a`'s points along `b`'s path (b's own points q = 24 .. 1, where a holds its
 * point across(q)) that still has some of b's checkers behind it, and how many are behind it.
 */
function blockAhead(a: ArrayLike<number>, ao: number, b: ArrayLike<number>, bo: number, out: { run: number; behind: number }): void {
  let best = 0;
  let behindBest = 0;
  let run = 0;
  let behind = 0; // b's checkers on points above the current q (not yet past it)
  let behindAtRunStart = 0;
  for (let q = 24; q >= 1; q--) {
    if (a[ao + across(q)]! > 0) {
      if (run === 0) behindAtRunStart = behind;
      run++;
      if (behindAtRunStart > 0 && run > best) {
        best = run;
        behindBest = behindAtRunStart;
      }
    } else {
      run = 0;
    }
    behind += b[bo + q]!;
  }
  out.run = best;
  out.behind = behindBest;
}

/** For each die 1..6, how many points `a` could play it from (six-block and head rule aside). */
function mobilityLong(a: ArrayLike<number>, ao: number, b: ArrayLike<number>, bo: number, x: Float32Array, idx: Int32Array, n: number, base: number): number {
  let allHome = true;
  let highest = 0;
  for (let p = 24; p >= 1; p--) {
    if (a[ao + p]! > 0) {
      if (p > 6) allHome = false;
      if (highest === 0) highest = p;
    }
  }
  for (let d = 1; d <= 6; d++) {
    let count = 0;
    for (let s = 1; s <= 24; s++) {
      if (a[ao + s] === 0) continue;
      const t = s - d;
      if (t >= 1) {
        if (b[bo + across(t)] === 0) count++;
      } else if (allHome && (t === 0 || s === highest)) {
        count++;
      }
    }
    if (count > 0) {
      const i = base + d - 1;
      x[i] = count >= 6 ? 1 : count / 6;
      idx[n++] = i;
    }
  }
  return n;
}

function pointUnitsLong(a: ArrayLike<number>, ao: number, base: number, x: Float32Array, idx: Int32Array, n: number): number {
  for (let p = 1; p <= 24; p++) {
    const c = a[ao + p]!;
    if (c === 0) continue;
    const i = base + (p - 1) * 4;
    x[i] = 1;
    idx[n++] = i;
    if (c >= 2) {
      x[i + 1] = 1;
      idx[n++] = i + 1;
      if (c >= 3) {
        x[i + 2] = 1;
        idx[n++] = i + 2;
        if (c > 3) {
          x[i + 3] = (c - 3) / 4;
          idx[n++] = i + 3;
        }
      }
    }
  }
  return n;
}

const block = { run: 0, behind: 0 };

function encodeLong(me: ArrayLike<number>, mo: number, opp: ArrayLike<number>, oo: number, x: Float32Array, idx: Int32Array): number {
  let n = pointUnitsLong(me, mo, 0, x, idx, 0);
  n = pointUnitsLong(opp, oo, 96, x, idx, n);
  const put = (i: number, v: number): void => {
    if (v !== 0) {
      x[i] = v;
      idx[n++] = i;
    }
  };
  put(L_OFF, me[mo]! / 15);
  put(L_OFF + 1, opp[oo]! / 15);
  let myPips = 0;
  let oppPips = 0;
  let myBack = 0;
  let oppBack = 0;
  let myOut = 0;
  let oppOut = 0;
  for (let p = 1; p <= 24; p++) {
    const a = me[mo + p]!;
    const b = opp[oo + p]!;
    myPips += a * p;
    oppPips += b * p;
    if (a > 0) {
      myBack = p;
      if (p > 6) myOut += a;
    }
    if (b > 0) {
      oppBack = p;
      if (p > 6) oppOut += b;
    }
  }
  put(L_PIPS, myPips / 200);
  put(L_PIPS + 1, oppPips / 200);
  put(L_CONTACT, myBack + oppBack > 24 ? 1 : 0);
  put(L_HOME, myOut === 0 ? 1 : 0);
  put(L_HOME + 1, oppOut === 0 ? 1 : 0);
  blockAhead(me, mo, opp, oo, block);
  put(L_BLOCK, block.run / 6);
  put(L_BEHIND, block.behind / 15);
  blockAhead(opp, oo, me, mo, block);
  put(L_BLOCK + 1, block.run / 6);
  put(L_BEHIND + 1, block.behind / 15);
  n = mobilityLong(me, mo, opp, oo, x, idx, n, L_MOBILITY);
  n = mobilityLong(opp, oo, me, mo, x, idx, n, L_MOBILITY + 6);
  return n;
}

export const LONG_ENCODING: Encoding = { variant: 'long', version: 1, inputs: LONG_INPUTS, outputs: 3, encode: encodeLong };

// ---- short nardy (backgammon) ------------------------------------------------------------------

const S_BAR = 192;
const S_OFF = 196;
const S_PIPS = 198;
const S_CONTACT = 200;
const S_SHOTS = 201;
const S_PRIME = 203;
export const SHORT_INPUTS = 205;

function pointUnitsShort(a: ArrayLike<number>, ao: number, base: number, x: Float32Array, idx: Int32Array, n: number): number {
  for (let p = 1; p <= 24; p++) {
    const c = a[ao + p]!;
    if (c === 0) continue;
    const i = base + (p - 1) * 4;
    if (c === 1) {
      x[i] = 1;
      idx[n++] = i;
    } else if (c === 2) {
      x[i + 1] = 1;
      idx[n++] = i + 1;
    } else {
      x[i + 2] = 1;
      idx[n++] = i + 2;
      if (c > 3) {
        x[i + 3] = (c - 3) / 2;
        idx[n++] = i + 3;
      }
    }
  }
  return n;
}

// The 21 distinct rolls and their weights out of 36.
const ROLLS: Array<[number, number, number]> = [];
for (let a = 1; a <= 6; a++) for (let b = a; b <= 6; b++) ROLLS.push([a, b, a === b ? 1 : 2]);

/**
 * The share of the 36 rolls with which `h` (the hitter, in its numbering) can hit a blot of `v`:
 * single dice, and combinations through open points (doubles up to four steps). Entering from
 * the bar first is not modelled beyond hitting from the bar itself.
 */
function shots(h: ArrayLike<number>, ho: number, v: ArrayLike<number>, vo: number): number {
  // v's blots and made points in h's numbering: v's point q is h's 25 - q.
  let blots = 0;
  const blotAt = BLOTS;
  for (let q = 1; q <= 24; q++) if (v[vo + q] === 1) blotAt[blots++] = 25 - q;
  if (blots === 0) return 0;
  const barOnly = h[ho + 25]! > 0;
  const has = (s: number): boolean => (barOnly ? s === 25 : s >= 1 && s <= 25 && h[ho + s]! > 0);
  const open = (p: number): boolean => v[vo + 25 - p]! < 2;
  let hits = 0;
  for (const [a, b, w] of ROLLS) {
    let hit = false;
    for (let k = 0; k < blots && !hit; k++) {
      const t = blotAt[k]!;
      if (has(t + a) || has(t + b)) hit = true;
      else if (a !== b) {
        const s = t + a + b;
        if (has(s) && (open(s - a) || open(s - b))) hit = true;
      } else {
        for (let m = 2; m <= 4 && !hit; m++) {
          const s = t + a * m;
          if (!has(s)) continue;
          let clear = true;
          for (let j = 1; j < m; j++) if (!open(s - a * j)) clear = false;
          if (clear) hit = true;
        }
      }
    }
    if (hit) hits += w;
  }
  return hits / 36;
}
const BLOTS = new Int8Array(15);

/** The longest run of v's made points in front of a's rearmost checker (in a's numbering). */
function primeAhead(a: ArrayLike<number>, ao: number, v: ArrayLike<number>, vo: number): number {
  let back = 0;
  for (let p = 25; p >= 1; p--) {
    if (a[ao + p]! > 0) {
      back = p;
      break;
    }
  }
  let best = 0;
  let run = 0;
  for (let p = back - 1; p >= 1; p--) {
    if (v[vo + 25 - p]! >= 2) {
      run++;
      if (run > best) best = run;
    } else run = 0;
  }
  return best;
}

function encodeShort(me: ArrayLike<number>, mo: number, opp: ArrayLike<number>, oo: number, x: Float32Array, idx: Int32Array): number {
  let n = pointUnitsShort(me, mo, 0, x, idx, 0);
  n = pointUnitsShort(opp, oo, 96, x, idx, n);
  const put = (i: number, v: number): void => {
    if (v !== 0) {
      x[i] = v;
      idx[n++] = i;
    }
  };
  const myBar = me[mo + 25]!;
  const oppBar = opp[oo + 25]!;
  put(S_BAR, myBar > 0 ? 1 : 0);
  put(S_BAR + 1, myBar / 3);
  put(S_BAR + 2, oppBar > 0 ? 1 : 0);
  put(S_BAR + 3, oppBar / 3);
  put(S_OFF, me[mo]! / 15);
  put(S_OFF + 1, opp[oo]! / 15);
  let myPips = 0;
  let oppPips = 0;
  let myBack = 0;
  let oppBack = 0;
  for (let p = 1; p <= 25; p++) {
    const a = me[mo + p]!;
    const b = opp[oo + p]!;
    myPips += a * p;
    oppPips += b * p;
    if (a > 0) myBack = p;
    if (b > 0) oppBack = p;
  }
  put(S_PIPS, myPips / 167);
  put(S_PIPS + 1, oppPips / 167);
  // Contact while my rearmost checker has not passed the opponent's rearmost one.
  const contact = myBack + oppBack > 25;
  put(S_CONTACT, contact ? 1 : 0);
  if (contact) {
    put(S_SHOTS, shots(opp, oo, me, mo));
    put(S_SHOTS + 1, shots(me, mo, opp, oo));
    put(S_PRIME, primeAhead(me, mo, opp, oo) / 6);
    put(S_PRIME + 1, primeAhead(opp, oo, me, mo) / 6);
  }
  return n;
}

export const SHORT_ENCODING: Encoding = { variant: 'short', version: 1, inputs: SHORT_INPUTS, outputs: 5, encode: encodeShort };

export const ENCODINGS: Readonly<Record<Variant, Encoding>> = { long: LONG_ENCODING, short: SHORT_ENCODING };
