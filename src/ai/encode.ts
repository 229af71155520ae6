/**
 * Input encodings of the evaluation networks: a position seen by the side about to roll ("me")
 * becomes a sparse vector. Per point, TD-Gammon-style units for each side in its own numbering,
 * then what the game is about: checkers off, pips, contact, and for long nardy blocks in front
 * of the opponent's checkers and how many points each die can be played from; for short nardy
 * the bar, the shots at blots and the pips they cost, the primes in front of the back checkers,
 * the rearmost checker's escapes, the chance of dancing on the bar, the home boards, gammon and
 * backgammon danger (version 2 appends the pips of shots and the last five kinds to version 1's
 * inputs); version 3 appends what a player reads from a contact position's structure: double
 * shots, containment and mobility past the other's points, how spread the checkers are, the pips
 * to break contact and those already free, anchors and their connection, back games, timing,
 * crashed boards, and the checkers off in steps. Long nardy's version 2 appends, for each side,
 * how many of the six points in front of its rearmost checker the other holds and how many rolls
 * that checker can play in full, its checkers held by three and by five of the other's points
 * among the six in front, those still in contact, and the race lead; version 3 appends, for each
 * side, how many rolls it can play in full with any checker and its race against a mars;
 * version 4, while in contact, the points each side holds that the other must still pass and its
 * timing (the pips it can play without giving one of them up).
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
const L_REAR = 215;
const L_ROLLS = 217;
const L_HELD = 219;
const L_TRAPPED = 221;
const L_CONTACTS = 223;
const L_RACE = 225;
const L_PLAY = 227;
const L_MARS = 229;
const L_POINTS = 231;
const L_TIMING = 233;
export const LONG_INPUTS = 235;

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

/**
 * Where `put` writes: the encoder being run sets these, then `put` appends a non-zero input.
 * (A module-level sink rather than a closure made on every call: encoding is much of a search's time.)
 */
let PX: Float32Array = new Float32Array(0);
let PI: Int32Array = new Int32Array(0);
let PN = 0;
function put(i: number, v: number): void {
  if (v !== 0) {
    PX[i] = v;
    PI[PN++] = i;
  }
}

const block = { run: 0, behind: 0 };

/** Prefix counts of `b`'s points in `a`'s numbering: BLOCKED[r] = how many of a's points 1..r b holds. */
const BLOCKED = new Int32Array(25);

/** How many of the six points in front of my point p (by BLOCKED) the other side holds. */
function inFront(p: number): number {
  return BLOCKED[p - 1]! - BLOCKED[Math.max(0, p - 7)]!;
}

/** Whether a step to my point t is open (by BLOCKED; a step past point 1 is home and free). */
function free(t: number): boolean {
  return t < 1 || BLOCKED[t]! === BLOCKED[t - 1]!;
}

/**
 * Version 2's view of how `a`'s checkers are held by `b`'s points (long nardy), written at slot
 * `side` (0: me, 1: the opponent) of each pair: how many of the six points in front of a's
 * rearmost checker b holds, and with how many of the 36 rolls that checker can play the whole
 * roll by itself (as far as b's points go); how many of a's checkers have at least three, and at
 * least five, of b's points among the six in front; how many still have any of b's points
 * ahead on their way home. Returns whether any of b's points is still ahead of a's rearmost
 * checker (the two sides are in contact).
 */
function heldLong(a: ArrayLike<number>, ao: number, b: ArrayLike<number>, bo: number, side: number): boolean {
  let c = 0;
  BLOCKED[0] = 0;
  for (let r = 1; r <= 24; r++) {
    if (b[bo + across(r)]! > 0) c++;
    BLOCKED[r] = c;
  }
  let rear = 0;
  let held = 0;
  let trapped = 0;
  let contacts = 0;
  for (let p = 24; p >= 1; p--) {
    const n = a[ao + p]!;
    if (n === 0) continue;
    if (rear === 0) rear = p;
    const f = inFront(p);
    if (f >= 3) held += n;
    if (f >= 5) trapped += n;
    if (BLOCKED[p - 1]! > 0) contacts += n;
  }
  if (rear === 0 || BLOCKED[rear - 1] === 0) {
    put(L_ROLLS + side, 1);
    return false;
  }
  put(L_REAR + side, inFront(rear) / 6);
  // Rolls the rearmost checker can play in full on its own: each step lands on a point b does not
  // hold (a point past 1 is home and free).
  let rolls = 0;
  for (let d1 = 1; d1 <= 6; d1++) {
    for (let d2 = d1; d2 <= 6; d2++) {
      let ok: boolean;
      if (d1 === d2) ok = free(rear - d1) && free(rear - 2 * d1) && free(rear - 3 * d1) && free(rear - 4 * d1);
      else ok = free(rear - d1 - d2) && (free(rear - d1) || free(rear - d2));
      if (ok) rolls += d1 === d2 ? 1 : 2;
    }
  }
  put(L_ROLLS + side, rolls / 36);
  put(L_HELD + side, held / 15);
  put(L_TRAPPED + side, trapped / 15);
  put(L_CONTACTS + side, contacts / 15);
  return true;
}

/** How many of `a`'s checkers can start a step from each point in one turn (the head lets one go). */
const MOVERS = new Int32Array(25);

/** Whether a step to my point t is open for the whole side (by BLOCKED): off the board only from home. */
function openStep(t: number, home: boolean): boolean {
  return t >= 1 ? BLOCKED[t]! === BLOCKED[t - 1]! : home;
}

/** How many bits of x are set. */
function bits(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/**
 * Whether a double of d bears all of the side's last (at most three) checkers off in its four
 * steps (by MOVERS and BLOCKED; the side is all home): the game ends, so no step is lost.
 */
function bearsAllOff(d: number, left: number): boolean {
  if (left > 3) return false;
  let need = 0;
  for (let p = 1; p <= 6; p++) {
    const c = MOVERS[p]!;
    if (c === 0) continue;
    let k = 1;
    for (let t = p - d; t >= 1; t -= d, k++) if (!openStep(t, true)) return false;
    need += c * k;
  }
  return need <= 4;
}

/**
 * Version 3: with how many of the 36 rolls `a` can play the whole roll with any of its checkers,
 * as far as `b`'s points go (BLOCKED must be `heldLong`'s table for the same two sides, `contact` what it returned). One
 * checker a turn from the head; bearing off once all are home, exactness and the six-block rule
 * aside; a roll that bears off the last checkers counts as played, and so does every roll once no
 * point of `b` is ahead of any of `a`'s checkers. A side whose rolls are blocked
 * loses pips, the long game's main way to fall behind. Sets of points are bit masks (bit p).
 */
function playableLong(a: ArrayLike<number>, ao: number, side: number, contact: boolean): void {
  if (!contact) {
    // Past each other: every roll plays (as in `heldLong`; a bear-off's lost pips are the race's).
    put(L_PLAY + side, 1);
    return;
  }
  let home = true;
  let left = 0;
  let occ = 0; // points a can start a step from
  let multi = 0; // points two or more can start from
  let many3 = 0;
  let many4 = 0;
  let open = 0; // points 1..24 that b does not hold
  for (let p = 1; p <= 24; p++) {
    const n = a[ao + p]!;
    const c = p === 24 && n > 1 ? 1 : n;
    MOVERS[p] = c;
    if (c > 0) occ |= 1 << p;
    if (c > 1) multi |= 1 << p;
    if (c > 2) many3 |= 1 << p;
    if (c > 3) many4 |= 1 << p;
    if (p > 6 && n > 0) home = false;
    left += n;
    if (BLOCKED[p]! === BLOCKED[p - 1]!) open |= 1 << p;
  }
  let rolls = 0;
  for (let d = 1; d <= 6; d++) {
    // Doubles: four steps of d among all the checkers, each going on as far as it can. chain is
    // the points with a j-th step open (off the board only from home); a point counts once for
    // each checker on it, up to four.
    const low = home ? (1 << (d + 1)) - 2 : 0;
    let chain = (open << d) | low;
    let steps = 0;
    for (let j = 0; j < 4 && steps < 4; j++) {
      steps += bits(chain & occ) + bits(chain & multi) + bits(chain & many3) + bits(chain & many4);
      chain = (open & chain) << d;
    }
    if (steps >= 4 || (home && bearsAllOff(d, left))) rolls++;
  }
  for (let d1 = 1; d1 <= 6; d1++) {
    const low1 = home ? (1 << (d1 + 1)) - 2 : 0; // points 1..d1, which bear off with d1 once home
    const from1 = occ & ((open << d1) | low1);
    for (let d2 = d1 + 1; d2 <= 6; d2++) {
      const low2 = home ? (1 << (d2 + 1)) - 2 : 0;
      const from2 = occ & ((open << d2) | low2);
      if ((from1 | from2) === 0) continue;
      // Two checkers, one die each (unless both can come only from one point's one checker); or
      // the last checker bears off.
      let ok = (from1 !== 0 && from2 !== 0 && !(from1 === from2 && (from1 & (from1 - 1)) === 0 && (from1 & multi) === 0)) || (home && left === 1);
      if (!ok) {
        // One checker plays both dice through an open point on the board.
        const via2 = open & ((open << d2) | low2); // points from which d2 plays on
        const via1 = open & ((open << d1) | low1);
        ok = (occ & ((via2 << d1) | (via1 << d2))) !== 0;
      }
      if (ok) rolls += 2;
    }
  }
  put(L_PLAY + side, rolls / 36);
}

/**
 * Version 3: the race against a mars for `a` if it has borne nothing off: the pips `a` needs to
 * bring all home and bear one off, against the pips `b` needs to finish (`bPips`); 60 pips = 1,
 * clipped to [-1, 1], positive where `a` is ahead.
 */
function marsLong(a: ArrayLike<number>, ao: number, bPips: number, side: number): void {
  if (a[ao]! > 0) return;
  let need = 0;
  let lowest = 0;
  for (let p = 24; p >= 1; p--) {
    const n = a[ao + p]!;
    if (n === 0) continue;
    if (p > 6) need += n * (p - 6);
    lowest = p;
  }
  if (lowest === 0) return;
  const lead = (bPips - need - Math.min(lowest, 6)) / 60;
  put(L_MARS + side, Math.max(-1, Math.min(1, lead)));
}

/**
 * Version 4 (while the sides are in contact): `a`'s hold on `b`'s way home and its timing. The
 * points `a` holds that some of `b`'s checkers must still pass (`bRear`: b's rearmost point in its
 * own numbering, 0 with none on the board), 12 = 1; and the pips `a` can play without giving one
 * of them up: every checker but one on such a point, all the others, each as far as `a`'s point 1
 * (at most 15 × 23 = 345; 360 = 1). A side that runs out of spare pips must break its blocks.
 */
function timingLong(a: ArrayLike<number>, ao: number, bRear: number, side: number): void {
  let points = 0;
  let spare = 0;
  for (let p = 1; p <= 24; p++) {
    const n = a[ao + p]!;
    if (n === 0) continue;
    if (across(p) < bRear) {
      points++;
      spare += (n - 1) * (p - 1);
    } else {
      spare += n * (p - 1);
    }
  }
  put(L_POINTS + side, points / 12);
  put(L_TIMING + side, spare / 360);
}

function encodeLong(me: ArrayLike<number>, mo: number, opp: ArrayLike<number>, oo: number, x: Float32Array, idx: Int32Array): number {
  let n = pointUnitsLong(me, mo, 0, x, idx, 0);
  n = pointUnitsLong(opp, oo, 96, x, idx, n);
  PX = x;
  PI = idx;
  PN = n;
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
  playableLong(me, mo, 0, heldLong(me, mo, opp, oo, 0));
  playableLong(opp, oo, 1, heldLong(opp, oo, me, mo, 1));
  marsLong(me, mo, oppPips, 0);
  marsLong(opp, oo, myPips, 1);
  if (myBack + oppBack > 24) {
    timingLong(me, mo, oppBack, 0);
    timingLong(opp, oo, myBack, 1);
  }
  const lead = (oppPips - myPips) / 60;
  put(L_RACE, lead > 0 ? Math.min(1, lead) : 0);
  put(L_RACE + 1, lead < 0 ? Math.min(1, -lead) : 0);
  let m = mobilityLong(me, mo, opp, oo, x, idx, PN, L_MOBILITY);
  m = mobilityLong(opp, oo, me, mo, x, idx, m, L_MOBILITY + 6);
  return m;
}

export const LONG_ENCODING: Encoding = { variant: 'long', version: 4, inputs: LONG_INPUTS, outputs: 3, encode: encodeLong };

// ---- short nardy (backgammon) ------------------------------------------------------------------

const S_BAR = 192;
const S_OFF = 196;
const S_PIPS = 198;
const S_CONTACT = 200;
const S_SHOTS = 201;
const S_PRIME = 203;
const S_ENTER = 205;
const S_ESCAPE = 207;
const S_PIPLOSS = 209;
const S_GAMMON = 211;
const S_HOME = 213;
const S_BACKGAMMON = 215;
// Version 3: what a player reads from the structure of a contact position (pairs: me, opponent).
const S_DOUBLE = 217;
const S_CONTAIN = 219;
const S_CONTAIN2 = 221;
const S_MOBILITY = 223;
const S_SPREAD = 225;
const S_BREAK = 227;
const S_FREEPIPS = 229;
const S_BACKANCHOR = 231;
const S_FWDANCHOR = 233;
const S_BACKBONE = 235;
const S_BACKGAME = 237;
const S_ONEANCHOR = 239;
const S_TIMING = 241;
const S_OFFSTEPS = 243; // three per side: 243..245 me, 246..248 opponent
const S_CRASHED = 249;
export const SHORT_INPUTS = 251;

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
 * What `shots` finds: the share of the 36 rolls that hit, the pips the victim loses on average,
 * and the share of rolls that can hit two blots (or one blot from two places: a double shot).
 */
const SHOT = { hits: 0, pipLoss: 0, double: 0 };

/**
 * The share of the 36 rolls with which `h` (the hitter, in its numbering) can hit a blot of `v`:
 * single dice, and combinations through open points (doubles up to four steps); and the pips
 * that `v` loses on average over the 36 rolls, the hitter taking the blot furthest on its way.
 * Entering from the bar first is not modelled beyond hitting from the bar itself. v's made
 * points and blots come as bits in h's numbering (`sideBits`: bit p, v's point 25 - p).
 */
function shots(h: ArrayLike<number>, ho: number, vMade: number, vBlots: number): void {
  SHOT.hits = 0;
  SHOT.pipLoss = 0;
  SHOT.double = 0;
  if (vBlots === 0) return;
  // has bit s: h can move a checker from s (only from the bar while it has checkers there);
  // open bit p: h may touch down on its point p.
  let has = 0;
  if (h[ho + 25]! > 0) has = 1 << 25;
  else for (let s = 1; s <= 24; s++) if (h[ho + s]! > 0) has |= 1 << s;
  const open = ~vMade & ALL_POINTS;
  // Each blot's rolls (bit r: ROLLS[r]) that hit it, and those where either die alone hits it
  // from different checkers (counted twice: the other can hit again or cover).
  let seen = 0;
  let twiceOrMore = 0;
  let loss = 0;
  // v's blots furthest on its way first (h's highest point): it loses the most pips.
  for (let left = vBlots; left !== 0; ) {
    const t = 31 - Math.clz32(left);
    left &= ~(1 << t);
    const direct = (has >>> t) & 0x7e; // bit d: a checker d pips away
    let hit = ANY_DIE[direct >>> 1]!;
    const twice = BOTH_DICE[direct >>> 1]!;
    for (let r = 0; r < 21; r++) {
      if ((hit >>> r) & 1) continue;
      const a = ROLL_A[r]!;
      if (a !== ROLL_B[r]!) {
        const b = ROLL_B[r]!;
        const s = t + a + b;
        if (s <= 25 && (has >>> s) & 1 && ((open >>> (t + b)) & 1 || (open >>> (t + a)) & 1)) hit |= 1 << r;
      } else {
        // A double: two to four steps through open points.
        for (let m = 2, s = t + 2 * a; m <= 4 && s <= 25; m++, s += a) {
          if (!((open >>> (s - a)) & 1)) break;
          if ((has >>> s) & 1) {
            hit |= 1 << r;
            break;
          }
        }
      }
    }
    // The first blot a roll reaches is the one furthest on its way: it goes to the bar (v's
    // 25), losing 25 - (25 - t) = t pips.
    loss += t * rollWeight(hit & ~seen);
    twiceOrMore |= (seen & hit) | twice;
    seen |= hit;
  }
  SHOT.hits = rollWeight(seen) / 36;
  SHOT.pipLoss = loss / 36 / 24;
  SHOT.double = rollWeight(twiceOrMore) / 36;
}
/** Bits 1..24. */
const ALL_POINTS = 0x1fffffe;
/** The dice of ROLLS[r]. */
const ROLL_A = Int8Array.from(ROLLS, ([a]) => a);
const ROLL_B = Int8Array.from(ROLLS, ([, b]) => b);
/** Bits r of the rolls that are not doubles (weight 2 of 36). */
const NOT_DOUBLES = ROLLS.reduce((m, [a, b], r) => (a !== b ? m | (1 << r) : m), 0);
/** For a set of dice (bit d - 1: die d), the rolls with either die in it; and with both, different. */
const ANY_DIE = new Int32Array(64);
const BOTH_DICE = new Int32Array(64);
for (let set = 0; set < 64; set++) {
  ROLLS.forEach(([a, b], r) => {
    const inA = (set >>> (a - 1)) & 1;
    const inB = (set >>> (b - 1)) & 1;
    if (inA || inB) ANY_DIE[set] = ANY_DIE[set]! | (1 << r);
    if (a !== b && inA && inB) BOTH_DICE[set] = BOTH_DICE[set]! | (1 << r);
  });
}

function popcount(x: number): number {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24);
}

/** The rolls of a set (bit r: ROLLS[r]) out of 36. */
function rollWeight(set: number): number {
  return popcount(set) + popcount(set & NOT_DOUBLES);
}

/**
 * The share of the 36 rolls with which a checker on `back` (the rearmost, in its side's
 * numbering) gets past every made point of `v` within the 12 points in front of it, moving
 * through open points only.
 */
function escapes(back: number, vMade: number): number {
  if (back === 0) return 1;
  return escapesFrom(back, vMade);
}

/**
 * One side's checkers as bits, read once per encoding: in the other side's numbering (bit p:
 * this side's point 25 - p), its made points and its blots.
 */
const BITS = { made: 0, blots: 0 };
function sideBits(v: ArrayLike<number>, vo: number): void {
  let made = 0;
  let blots = 0;
  for (let q = 1; q <= 24; q++) {
    const c = v[vo + q]!;
    if (c >= 2) made |= 1 << (25 - q);
    else if (c === 1) blots |= 1 << (25 - q);
  }
  BITS.made = made;
  BITS.blots = blots;
}

// escapesFrom depends only on the point and the made points below it: a direct-mapped cache.
const ESC_SIZE = 1 << 16;
const ESC_KEY = new Float64Array(ESC_SIZE).fill(-1);
const ESC_VAL = new Float32Array(ESC_SIZE);

/** `escapes` from the point `back` over v's made points `made` (bit p: v holds a's point p, 1..24). */
function escapesFrom(back: number, made: number): number {
  const m = made & ((1 << back) - 1);
  const key = back * 0x2000000 + m;
  const slot = (Math.imul(m ^ (back << 25), 0x9e3779b1) >>> 16) & (ESC_SIZE - 1);
  if (ESC_KEY[slot] === key) return ESC_VAL[slot]!;
  ESC_KEY[slot] = key;
  ESC_VAL[slot] = escapesCount(back, m) / 36;
  // Read back, so a hit and a miss give the same (single-precision) value.
  return ESC_VAL[slot]!;
}

function escapesCount(back: number, m: number): number {
  // Bits of m are a's points 1..24 (bit 0 is never set); points below 1 are off the board.
  const window = m & ~((1 << Math.max(1, back - 12)) - 1);
  if (window === 0) return 36;
  const lowest = 31 - Math.clz32(window & -window);
  // FREE bit t: an open point t of the board below `lowest` (escaped on landing there).
  const free = ((1 << lowest) - 1) & ~m & ~1;
  let count = 0;
  for (let r = 0; r < ROLLS.length; r++) {
    const [d1, d2, w] = ROLLS[r]!;
    const t1 = back - d1;
    let ok = false;
    if (d1 !== d2) {
      const t2 = back - d2;
      const t3 = t1 - d2;
      if ((t1 >= 1 && (free >>> t1) & 1) || (t2 >= 1 && (free >>> t2) & 1)) ok = true;
      else if (t3 >= 1 && (free >>> t3) & 1 && (((m >>> t1) & 1) === 0 || ((m >>> t2) & 1) === 0)) ok = true;
    } else {
      for (let k = 1, t = t1; k <= 4 && t >= 1; k++, t -= d1) {
        if ((m >>> t) & 1) break;
        if ((free >>> t) & 1) {
          ok = true;
          break;
        }
      }
    }
    if (ok) count += w;
  }
  return count;
}


/** The share of single entering rolls that fail: (v's closed home points / 6) squared. */
function enterFails(v: ArrayLike<number>, vo: number): number {
  let closed = 0;
  for (let q = 1; q <= 6; q++) if (v[vo + q]! >= 2) closed++;
  return (closed / 6) ** 2;
}

function homePoints(a: ArrayLike<number>, ao: number): number {
  let made = 0;
  for (let q = 1; q <= 6; q++) if (a[ao + q]! >= 2) made++;
  return made / 6;
}

/** a's checkers still outside its home board (on points 7..24 and the bar). */
function outside(a: ArrayLike<number>, ao: number): number {
  let c = 0;
  for (let p = 7; p <= 25; p++) c += a[ao + p]!;
  return c;
}

/** a's checkers in v's home board or on the bar (a's points 19..25). */
function inTheirHome(a: ArrayLike<number>, ao: number): number {
  let c = 0;
  for (let p = 19; p <= 25; p++) c += a[ao + p]!;
  return c;
}

/** The longest run of v's made points in front of a checker on `back` (in its side's numbering). */
function primeAhead(back: number, v: ArrayLike<number>, vo: number): number {
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

/** What `structure` finds for one side (a), against the other's (v's) made points. */
const STRUCT = { contain: 0, mobility: 0 };

/**
 * How well v contains a: one minus the fewest escapes (see `escapes`, past v's points outside
 * a's home) from any of a's points 13..24 (v's half of the board); and how freely a's checkers
 * outside its home move past v's points: the sum over them of (point - 6) x escapes, / 100.
 */
function structure(a: ArrayLike<number>, ao: number, vMade: number): void {
  // Only v's points outside a's home block a's way (its anchors in a's home do not contain).
  const made = vMade & ~0x7f;
  let least = 1;
  let mobility = 0;
  for (let p = 7; p <= 24; p++) {
    const c = a[ao + p]!;
    if (c === 0 && p < 13) continue;
    const e = escapesFrom(p, made);
    if (p >= 13 && e < least) least = e;
    if (c > 0) mobility += (p - 6) * c * e;
  }
  const bar = a[ao + 25]!;
  if (bar > 0) mobility += 19 * bar * escapesFrom(25, made);
  STRUCT.contain = 1 - least;
  STRUCT.mobility = mobility / 100;
}

/** How spread out a's checkers behind their average point are: the mean squared distance / 400. */
function spread(a: ArrayLike<number>, ao: number): number {
  let count = 0;
  let sum = 0;
  for (let p = 1; p <= 25; p++) {
    count += a[ao + p]!;
    sum += p * a[ao + p]!;
  }
  if (count === 0) return 0;
  const mean = Math.ceil(sum / count);
  let behind = 0;
  let sq = 0;
  for (let p = mean + 1; p <= 25; p++) {
    const c = a[ao + p]!;
    behind += c;
    sq += c * (p - mean) * (p - mean);
  }
  return behind === 0 ? 0 : sq / behind / 400;
}

/** What `anchors` finds for a (in its numbering). */
const ANCH = { back: 0, forward: 0, backbone: 0, backgame: 0, oneAnchor: 0 };

/**
 * a's rearmost made point (/24); its most advanced anchor in v's half (13..24; (25 - p) / 12,
 * 0 with none); how connected its made points are (the share of them with another made point of
 * a at most 6 ahead); and back games: with two or more anchors in v's home, a's checkers there
 * and on the bar beyond 4 (/ 8), with exactly one, all of them (/ 8).
 */
function anchors(a: ArrayLike<number>, ao: number): void {
  let back = 0;
  let forward = 0;
  let made = 0;
  let linked = 0;
  let prev = 0;
  for (let p = 1; p <= 24; p++) {
    if (a[ao + p]! < 2) continue;
    back = p;
    if (p >= 13 && forward === 0) forward = p;
    made++;
    if (prev > 0 && p - prev <= 6) linked++;
    prev = p;
  }
  let homeAnchors = 0;
  let there = a[ao + 25]!;
  for (let p = 19; p <= 24; p++) {
    there += a[ao + p]!;
    if (a[ao + p]! >= 2) homeAnchors++;
  }
  ANCH.back = back / 24;
  ANCH.forward = forward === 0 ? 0 : (25 - forward) / 12;
  ANCH.backbone = made > 1 ? linked / (made - 1) : 0;
  ANCH.backgame = homeAnchors >= 2 ? Math.max(0, there - 4) / 8 : 0;
  ANCH.oneAnchor = homeAnchors === 1 ? there / 8 : 0;
}

/**
 * a's timing: the pips its checkers outside home can still play before it must break its
 * points, counting an anchor in v's home as held (two checkers stay), / 100.
 */
function timing(a: ArrayLike<number>, ao: number): number {
  let t = 0;
  for (let p = 7; p <= 25; p++) {
    const c = a[ao + p]!;
    if (c === 0) continue;
    const spare = p >= 19 && p <= 24 && c >= 2 ? c - 2 : c;
    t += spare * (p - 6);
  }
  // Spares in the home board can still move down too.
  for (let p = 2; p <= 6; p++) if (a[ao + p]! > 2) t += (a[ao + p]! - 2) * (p - 1);
  return t / 100;
}

/** a's checkers behind v's rearmost (at a's point `front`) and the pips to bring them past it (/ 167); the pips of those already past (/ 100). */
const CONTACT = { toBreak: 0, free: 0 };
function pastContact(a: ArrayLike<number>, ao: number, front: number): void {
  let toBreak = 0;
  let free = 0;
  for (let p = 1; p <= 25; p++) {
    const c = a[ao + p]!;
    if (c === 0) continue;
    if (p >= front) toBreak += c * (p - front + 1);
    else free += c * p;
  }
  CONTACT.toBreak = toBreak / 167;
  CONTACT.free = free / 100;
}

/**
 * A crashed board: at most six of a's checkers still in play besides those piled deep on its
 * 1- and 2-points (its home board has folded while it waits).
 */
function crashed(a: ArrayLike<number>, ao: number): boolean {
  let inPlay = 0;
  for (let p = 1; p <= 25; p++) inPlay += a[ao + p]!;
  if (a[ao + 1]! > 1) inPlay -= a[ao + 1]!;
  if (a[ao + 2]! > 1) inPlay -= a[ao + 2]! - 1;
  return inPlay <= 6;
}

/** Checkers off in three steps of five. */
function offSteps(off: number, base: number): void {
  put(base, Math.min(off, 5) / 5);
  put(base + 1, Math.min(Math.max(off - 5, 0), 5) / 5);
  put(base + 2, Math.max(off - 10, 0) / 5);
}

/** Each side's rearmost checker (its highest point, 25 the bar), as shortBase found them. */
const BACK = { me: 0, opp: 0 };

/**
 * The short encoding's first SHORT_PRUNE_INPUTS inputs (per-point units, the bar, checkers off,
 * pips, contact), listed through `put`'s sink; returns how many are listed and leaves the
 * rearmost checkers in BACK. How the full encoding begins, and all of the pruning encoding: what
 * the small pruning net (search.ts) reads to pick, among all of a roll's plays, the few that the
 * full net then values. Cheap on purpose: the rest of the short encoding is most of its cost.
 * (With the shots at blots added, the pruning kept the full net's best play about as often at 6
 * plays a roll as without them at 8, and took longer.)
 */
function shortBase(me: ArrayLike<number>, mo: number, opp: ArrayLike<number>, oo: number, x: Float32Array, idx: Int32Array): number {
  let n = pointUnitsShort(me, mo, 0, x, idx, 0);
  n = pointUnitsShort(opp, oo, 96, x, idx, n);
  PX = x;
  PI = idx;
  PN = n;
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
  put(S_CONTACT, myBack + oppBack > 25 ? 1 : 0);
  BACK.me = myBack;
  BACK.opp = oppBack;
  return PN;
}

function encodeShort(me: ArrayLike<number>, mo: number, opp: ArrayLike<number>, oo: number, x: Float32Array, idx: Int32Array): number {
  shortBase(me, mo, opp, oo, x, idx);
  const myBar = me[mo + 25]!;
  const oppBar = opp[oo + 25]!;
  const myBack = BACK.me;
  const oppBack = BACK.opp;
  if (myBack + oppBack > 25) {
    sideBits(me, mo);
    const myMade = BITS.made;
    const myBlots = BITS.blots;
    sideBits(opp, oo);
    const oppMade = BITS.made;
    const oppBlots = BITS.blots;
    shots(opp, oo, myMade, myBlots);
    put(S_SHOTS, SHOT.hits);
    put(S_PIPLOSS, SHOT.pipLoss);
    put(S_DOUBLE, SHOT.double);
    shots(me, mo, oppMade, oppBlots);
    put(S_SHOTS + 1, SHOT.hits);
    put(S_PIPLOSS + 1, SHOT.pipLoss);
    put(S_DOUBLE + 1, SHOT.double);
    put(S_PRIME, primeAhead(myBack, opp, oo) / 6);
    put(S_PRIME + 1, primeAhead(oppBack, me, mo) / 6);
    put(S_ESCAPE, escapes(myBack, oppMade));
    put(S_ESCAPE + 1, escapes(oppBack, myMade));
    if (myBar > 0) put(S_ENTER, enterFails(opp, oo));
    if (oppBar > 0) put(S_ENTER + 1, enterFails(me, mo));
    put(S_HOME, homePoints(me, mo));
    put(S_HOME + 1, homePoints(opp, oo));
    // Backgammon danger: checkers left in the other's home once it bears off.
    if (opp[oo]! > 0) put(S_BACKGAMMON, inTheirHome(me, mo) / 15);
    if (me[mo]! > 0) put(S_BACKGAMMON + 1, inTheirHome(opp, oo) / 15);
    structure(me, mo, oppMade);
    put(S_CONTAIN + 1, STRUCT.contain);
    put(S_CONTAIN2 + 1, STRUCT.contain * STRUCT.contain);
    put(S_MOBILITY, STRUCT.mobility);
    structure(opp, oo, myMade);
    put(S_CONTAIN, STRUCT.contain);
    put(S_CONTAIN2, STRUCT.contain * STRUCT.contain);
    put(S_MOBILITY + 1, STRUCT.mobility);
    pastContact(me, mo, 25 - oppBack);
    put(S_BREAK, CONTACT.toBreak);
    put(S_FREEPIPS, CONTACT.free);
    pastContact(opp, oo, 25 - myBack);
    put(S_BREAK + 1, CONTACT.toBreak);
    put(S_FREEPIPS + 1, CONTACT.free);
    anchors(me, mo);
    put(S_BACKANCHOR, ANCH.back);
    put(S_FWDANCHOR, ANCH.forward);
    put(S_BACKBONE, ANCH.backbone);
    put(S_BACKGAME, ANCH.backgame);
    put(S_ONEANCHOR, ANCH.oneAnchor);
    anchors(opp, oo);
    put(S_BACKANCHOR + 1, ANCH.back);
    put(S_FWDANCHOR + 1, ANCH.forward);
    put(S_BACKBONE + 1, ANCH.backbone);
    put(S_BACKGAME + 1, ANCH.backgame);
    put(S_ONEANCHOR + 1, ANCH.oneAnchor);
    put(S_TIMING, timing(me, mo));
    put(S_TIMING + 1, timing(opp, oo));
    put(S_CRASHED, crashed(me, mo) ? 1 : 0);
    put(S_CRASHED + 1, crashed(opp, oo) ? 1 : 0);
  }
  put(S_SPREAD, spread(me, mo));
  put(S_SPREAD + 1, spread(opp, oo));
  offSteps(me[mo]!, S_OFFSTEPS);
  offSteps(opp[oo]!, S_OFFSTEPS + 3);
  // Gammon danger: checkers still to bring home while none is off.
  put(S_GAMMON, me[mo] === 0 ? outside(me, mo) / 15 : 0);
  put(S_GAMMON + 1, opp[oo] === 0 ? outside(opp, oo) / 15 : 0);
  return PN;
}

export const SHORT_ENCODING: Encoding = { variant: 'short', version: 3, inputs: SHORT_INPUTS, outputs: 5, encode: encodeShort };

export const ENCODINGS: Readonly<Record<Variant, Encoding>> = { long: LONG_ENCODING, short: SHORT_ENCODING };

// ---- short nardy's pruning encoding ------------------------------------------------------------

export const SHORT_PRUNE_INPUTS = 201;

/** The pruning nets' encodings (only short nardy has one: long nardy's plays are few). */
export const PRUNE_ENCODINGS: Readonly<Partial<Record<Variant, Encoding>>> = {
  short: { variant: 'short', version: 1, inputs: SHORT_PRUNE_INPUTS, outputs: 5, encode: shortBase },
};
