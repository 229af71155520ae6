/**
 * Legal-play generation: the hot path.
 *
 * Works on a mutable mover-relative board (typed arrays, incremental Zobrist hash) and explores
 * every order of steps, merging transpositions. A play is identified by its final position.
 * The public API in plays.ts wraps this into immutable values.
 */
import { headLimit, type Rules } from './rules.js';
import { oppPointOf } from './numbering.js';
import type { Dice, Variant } from './types.js';

export { oppPointOf };

/**
 * The finals of the last generate() call live in flat pools: final i has the mover's checkers at
 * me[i*26 .. i*26+25] (0 = off, 1..24, 25 = bar), the opponent's in its own numbering at
 * opp[i*26 ..], and its steps as pairs at path[i*8 ..] (pathLen[i] numbers).
 */
export interface FinalPool {
  me: Int8Array;
  opp: Int8Array;
  path: Int8Array;
  pathLen: Uint8Array;
}

// Deterministic Zobrist keys (fixed seed: hashing, not dice).
const ZA = new Int32Array(26 * 16);
const ZB = new Int32Array(26 * 16);
const ZOA = new Int32Array(26 * 16);
const ZOB = new Int32Array(26 * 16);
const ZDEPTH_A = new Int32Array(8);
const ZDEPTH_B = new Int32Array(8);
{
  let s = 0x9e3779b9 | 0;
  const next = (): number => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return s | 0;
  };
  for (const t of [ZA, ZB, ZOA, ZOB, ZDEPTH_A, ZDEPTH_B]) for (let i = 0; i < t.length; i++) t[i] = next();
}


/**
 * An open-addressing set of 64-bit keys (two int32 halves) with a value per key, cleared in O(1)
 * by bumping a generation stamp.
 */
export class HashSet64 {
  private cap = 1024;
  private ka = new Int32Array(this.cap);
  private kb = new Int32Array(this.cap);
  private gen = new Uint32Array(this.cap);
  private val = new Int32Array(this.cap);
  private stamp = 1;
  private size = 0;
  private last = 0;

  clear(): void {
    this.stamp++;
    this.size = 0;
    if (this.stamp === 0xffffffff) {
      this.gen.fill(0);
      this.stamp = 1;
    }
  }

  /** Returns the stored value when the key is present; else inserts it and returns -1. */
  add(a: number, b: number): number {
    if (this.size * 2 >= this.cap) this.grow();
    const mask = this.cap - 1;
    let i = (a ^ Math.imul(b, 0x9e3779b1)) & mask;
    for (;;) {
      if (this.gen[i] !== this.stamp) {
        this.gen[i] = this.stamp;
        this.ka[i] = a;
        this.kb[i] = b;
        this.val[i] = 0;
        this.size++;
        this.last = i;
        return -1;
      }
      if (this.ka[i] === a && this.kb[i] === b) return this.val[i]!;
      i = (i + 1) & mask;
    }
  }

  has(a: number, b: number): boolean {
    const mask = this.cap - 1;
    let i = (a ^ Math.imul(b, 0x9e3779b1)) & mask;
    for (;;) {
      if (this.gen[i] !== this.stamp) return false;
      if (this.ka[i] === a && this.kb[i] === b) return true;
      i = (i + 1) & mask;
    }
  }

  /** Set the value of the key inserted by the last add(). */
  setValue(v: number): void {
    this.val[this.last] = v;
  }

  private grow(): void {
    const { ka, kb, gen, val, stamp } = this;
    this.cap *= 2;
    this.ka = new Int32Array(this.cap);
    this.kb = new Int32Array(this.cap);
    this.gen = new Uint32Array(this.cap);
    this.val = new Int32Array(this.cap);
    this.stamp = 1;
    this.size = 0;
    const mask = this.cap - 1;
    for (let j = 0; j < gen.length; j++) {
      if (gen[j] !== stamp) continue;
      let i = (ka[j]! ^ Math.imul(kb[j]!, 0x9e3779b1)) & mask;
      while (this.gen[i] === 1) i = (i + 1) & mask;
      this.gen[i] = 1;
      this.ka[i] = ka[j]!;
      this.kb[i] = kb[j]!;
      this.val[i] = val[j]!;
      this.size++;
    }
  }
}

export class Generator {
  // Mutable search state.
  private readonly me = new Int8Array(26);
  /** Opponent count on each of the mover's points 1..24 (mover numbering). */
  private readonly oppAt = new Int8Array(26);
  private readonly oppOwn = new Int8Array(26);
  private variant: Variant = 'long';
  private outside = 0; // mover checkers on 7..25
  private headLeft = 1;
  private h1 = 0;
  private h2 = 0;
  /** Long nardy: mover's occupied points as bits (q-1) along the opponent's path. */
  private myQ = 0;
  private oppQ = 0;
  private blockMode: 0 | 1 | 2 = 0; // 0 off, 1 strict, 2 end of turn
  private readonly seq = new Int8Array(4);
  private seqLen = 0;
  private readonly path = new Int8Array(8);
  private pathLen = 0;
  private readonly seen = new HashSet64();
  private readonly finalIndex = new HashSet64();
  private n = 0;
  private cap = 256;
  readonly pool: FinalPool = {
    me: new Int8Array(256 * 26),
    opp: new Int8Array(256 * 26),
    path: new Int8Array(256 * 8),
    pathLen: new Uint8Array(256),
  };
  private fCount = new Uint8Array(256);
  private fPips = new Uint8Array(256);
  /** Indices into the pool of the legal finals of the last call. */
  result = new Int32Array(256);
  private maxCount = 0;
  private maxPips = 0;
  // Continuation mode (the steps of a turn in progress): finals must be legal ones of the whole
  // turn; the first steps that reach one are collected.
  private continuing = false;
  private need = 0;
  private legalFinals: HashSet64 | null = null;
  private readonly firstSteps = new HashSet64();
  /** First steps found by nextSteps(): pairs (from, to) and the die each used. */
  readonly next = { steps: new Int8Array(64), dice: new Int8Array(32), count: 0 };

  /**
   * List the distinct legal plays for the mover (own and opponent arrays in their own numbering).
   * Returns finals that use the most dice and, among those, the most pips.
   */
  generate(variant: Variant, mover: ArrayLike<number>, opponent: ArrayLike<number>, dice: Dice, rules: Rules): number {
    this.load(variant, mover, opponent, rules);
    const [a, b] = dice;
    this.headLeft = variant === 'long' ? headLimit(rules, this.me[24] === 15, dice) : 99;
    this.n = 0;
    this.pathLen = 0;
    this.finalIndex.clear();
    this.seen.clear();
    this.maxCount = 0;
    this.maxPips = 0;
    if (a === b) {
      this.seq[0] = this.seq[1] = this.seq[2] = this.seq[3] = a;
      this.seqLen = 4;
      this.search(0, 0);
    } else {
      this.seqLen = 2;
      this.seq[0] = a;
      this.seq[1] = b;
      this.search(0, 0);
      this.seq[0] = b;
      this.seq[1] = a;
      this.search(0, 0);
    }
    let k = 0;
    for (let i = 0; i < this.n; i++) if (this.fCount[i] === this.maxCount && this.fPips[i] === this.maxPips) this.result[k++] = i;
    return k;
  }

  /**
   * The Zobrist keys of the legal finals of the last generate() call (for nextSteps): a set the
   * caller keeps while a turn is in progress.
   */
  finalKeys(count: number): HashSet64 {
    const set = new HashSet64();
    const pool = this.pool;
    for (let k = 0; k < count; k++) {
      const i = this.result[k]!;
      let h1 = 0;
      let h2 = 0;
      for (let p = 0; p < 26; p++) {
        const n = pool.me[i * 26 + p]!;
        h1 ^= ZA[p * 16 + n]!;
        h2 ^= ZB[p * 16 + n]!;
      }
      for (let p = 1; p <= 24; p++) {
        const n = pool.opp[i * 26 + oppPointOf(this.variant, p)]!;
        h1 ^= ZOA[p * 16 + n]!;
        h2 ^= ZOB[p * 16 + n]!;
      }
      set.add(h1, h2);
    }
    return set;
  }

  /**
   * A turn in progress: from this board (after the steps taken so far), with `remaining` dice
   * still to play, `headLeft` checkers still allowed off the head and `need` steps still to make,
   * find every single step that starts a way to one of `finals` (the legal finals of the whole
   * turn, from finalKeys). A way may end early only by bearing off the last checker. The steps
   * land in this.next. The same search as generate(): one implementation of the move rules.
   */
  nextSteps(variant: Variant, mover: ArrayLike<number>, opponent: ArrayLike<number>, remaining: readonly number[], headLeft: number, need: number, finals: HashSet64, rules: Rules): number {
    this.load(variant, mover, opponent, rules);
    this.headLeft = variant === 'long' ? headLeft : 99;
    this.next.count = 0;
    if (need === 0 || remaining.length === 0) return 0;
    this.continuing = true;
    this.need = need;
    this.legalFinals = finals;
    this.firstSteps.clear();
    this.seen.clear();
    this.pathLen = 0;
    try {
      const distinct = remaining.length === 2 && remaining[0] !== remaining[1];
      this.seqLen = remaining.length;
      for (let k = 0; k < remaining.length; k++) this.seq[k] = remaining[k]!;
      this.search(0, 0);
      if (distinct) {
        this.seq[0] = remaining[1]!;
        this.seq[1] = remaining[0]!;
        this.search(0, 0);
      }
    } finally {
      this.continuing = false;
      this.legalFinals = null;
    }
    return this.next.count;
  }

  private load(variant: Variant, mover: ArrayLike<number>, opponent: ArrayLike<number>, rules: Rules): void {
    this.variant = variant;
    this.blockMode = variant === 'short' || rules.block === 'off' ? 0 : rules.block === 'strict' ? 1 : 2;
    const me = this.me;
    const oppAt = this.oppAt;
    let outside = 0;
    let h1 = 0;
    let h2 = 0;
    let myQ = 0;
    let oppQ = 0;
    for (let p = 0; p < 26; p++) {
      const n = mover[p]!;
      me[p] = n;
      this.oppOwn[p] = opponent[p]!;
      h1 ^= ZA[p * 16 + n]!;
      h2 ^= ZB[p * 16 + n]!;
      if (p >= 7 && n > 0) outside += n;
    }
    oppAt[0] = opponent[0]!;
    oppAt[25] = opponent[25]!;
    for (let p = 1; p <= 24; p++) {
      const q = oppPointOf(variant, p);
      const n = opponent[q]!;
      oppAt[p] = n;
      h1 ^= ZOA[p * 16 + n]!;
      h2 ^= ZOB[p * 16 + n]!;
      if (variant === 'long') {
        if (me[p]! > 0) myQ |= 1 << (q - 1);
        if (n > 0) oppQ |= 1 << (q - 1);
      }
    }
    this.outside = outside;
    this.h1 = h1;
    this.h2 = h2;
    this.myQ = myQ;
    this.oppQ = oppQ;
  }

  /** True when the mover holds no six-in-a-row without an opponent checker ahead of it. */
  private blockOk(): boolean {
    const m = this.myQ;
    const m6 = m & (m >>> 1) & (m >>> 2) & (m >>> 3) & (m >>> 4) & (m >>> 5);
    if (m6 === 0) return true;
    const lowest = m6 & -m6;
    return (this.oppQ & (lowest - 1)) !== 0;
  }

  private record(depth: number, pips: number): void {
    if (this.blockMode === 2 && !this.blockOk()) return;
    if (this.continuing) {
      if (depth === 0 || (depth !== this.need && this.me[0] !== 15)) return;
      if (!this.legalFinals!.has(this.h1, this.h2)) return;
      const from = this.path[0]!;
      const to = this.path[1]!;
      if (this.firstSteps.add(from * 32 + to, 0x51ed) >= 0) return;
      const k = this.next.count++;
      this.next.steps[k * 2] = from;
      this.next.steps[k * 2 + 1] = to;
      this.next.dice[k] = this.seq[0]!;
      return;
    }
    if (depth < this.maxCount || (depth === this.maxCount && pips < this.maxPips)) return;
    if (depth > this.maxCount || pips > this.maxPips) {
      this.maxCount = depth;
      this.maxPips = pips;
    }
    const slot = this.finalIndex.add(this.h1, this.h2);
    if (slot >= 0) {
      if (depth > this.fCount[slot]! || (depth === this.fCount[slot] && pips > this.fPips[slot]!)) {
        // The same final by a way that uses more dice (bearing off the last checker): keep
        // that way, so that a play's steps always number the dice it uses.
        this.fCount[slot] = depth;
        this.fPips[slot] = pips;
        this.pool.path.set(this.path, slot * 8);
        this.pool.pathLen[slot] = this.pathLen;
      }
      return;
    }
    const i = this.n++;
    if (i === this.cap) this.growPool();
    this.finalIndex.setValue(i);
    const pool = this.pool;
    pool.me.set(this.me, i * 26);
    pool.opp.set(this.oppOwn, i * 26);
    pool.path.set(this.path, i * 8);
    pool.pathLen[i] = this.pathLen;
    this.fCount[i] = depth;
    this.fPips[i] = pips;
  }

  private growPool(): void {
    const cap = (this.cap *= 2);
    const grow = <T extends Int8Array | Uint8Array | Int32Array>(a: T, per: number): T => {
      const b = new (a.constructor as new (n: number) => T)(cap * per);
      b.set(a);
      return b;
    };
    this.pool.me = grow(this.pool.me, 26);
    this.pool.opp = grow(this.pool.opp, 26);
    this.pool.path = grow(this.pool.path, 8);
    this.pool.pathLen = grow(this.pool.pathLen, 1);
    this.fCount = grow(this.fCount, 1);
    this.fPips = grow(this.fPips, 1);
    this.result = grow(this.result, 1);
  }

  private search(depth: number, pips: number): void {
    if (depth === this.seqLen) {
      this.record(depth, pips);
      return;
    }
    if (depth >= 2 && this.seqLen === 4) {
      // Transpositions of doubles are searched once (per first step, when continuing a turn).
      const first = this.continuing ? Math.imul(this.path[0]! * 32 + this.path[1]!, 0x2545f491) : 0;
      if (this.seen.add(this.h1 ^ ZDEPTH_A[depth]! ^ first, this.h2 ^ ZDEPTH_B[depth]!) >= 0) return;
    }
    const d = this.seq[depth]!;
    const me = this.me;
    const oppAt = this.oppAt;
    const isShort = this.variant === 'short';
    const block = this.blockMode === 1;
    let moved = false;
    if (isShort && me[25]! > 0) {
      const t = 25 - d;
      if (oppAt[t]! < 2) {
        moved = true;
        this.stepShort(25, t, depth, pips + d);
      }
    } else {
      let higher = false; // a mover checker seen on a higher point
      for (let s = 24; s >= 1; s--) {
        if (me[s] === 0) continue;
        const t = s - d;
        if (t >= 1) {
          if (isShort) {
            if (oppAt[t]! < 2) {
              moved = true;
              this.stepShort(s, t, depth, pips + d);
            }
          } else if (oppAt[t] === 0 && (s !== 24 || this.headLeft > 0)) {
            if (this.stepLong(s, t, depth, pips + d, block)) moved = true;
          }
        } else if (this.outside === 0 && (t === 0 || !higher)) {
          if (isShort) {
            moved = true;
            this.stepShort(s, 0, depth, pips + d);
          }
          else if (this.stepLong(s, 0, depth, pips + d, block)) moved = true;
        }
        higher = true;
      }
    }
    if (!moved) this.record(depth, pips);
    else if (this.blockMode === 2) this.record(depth, pips); // a shorter play may be all that passes the block check
  }

  private moveMine(s: number, t: number): void {
    const me = this.me;
    const ns = me[s]!;
    const nt = me[t]!;
    this.h1 ^= ZA[s * 16 + ns]! ^ ZA[s * 16 + ns - 1]! ^ ZA[t * 16 + nt]! ^ ZA[t * 16 + nt + 1]!;
    this.h2 ^= ZB[s * 16 + ns]! ^ ZB[s * 16 + ns - 1]! ^ ZB[t * 16 + nt]! ^ ZB[t * 16 + nt + 1]!;
    me[s] = ns - 1;
    me[t] = nt + 1;
    if (s >= 7 && t <= 6) this.outside--;
  }

  private unmoveMine(s: number, t: number): void {
    const me = this.me;
    const ns = me[s]!;
    const nt = me[t]!;
    this.h1 ^= ZA[s * 16 + ns]! ^ ZA[s * 16 + ns + 1]! ^ ZA[t * 16 + nt]! ^ ZA[t * 16 + nt - 1]!;
    this.h2 ^= ZB[s * 16 + ns]! ^ ZB[s * 16 + ns + 1]! ^ ZB[t * 16 + nt]! ^ ZB[t * 16 + nt - 1]!;
    me[s] = ns + 1;
    me[t] = nt - 1;
    if (s >= 7 && t <= 6) this.outside++;
  }

  /** Long-nardy step; returns false when the six-block rule refuses it. */
  private stepLong(s: number, t: number, depth: number, pips: number, block: boolean): boolean {
    const me = this.me;
    const savedQ = this.myQ;
    if (t > 0 && me[t] === 0) this.myQ |= 1 << (t <= 12 ? t + 11 : t - 13);
    if (me[s] === 1) this.myQ &= ~(1 << (s <= 12 ? s + 11 : s - 13));
    if (block && !this.blockOk()) {
      this.myQ = savedQ;
      return false;
    }
    this.moveMine(s, t);
    if (s === 24) this.headLeft--;
    this.path[this.pathLen++] = s;
    this.path[this.pathLen++] = t;
    this.search(depth + 1, pips);
    this.pathLen -= 2;
    if (s === 24) this.headLeft++;
    this.unmoveMine(s, t);
    this.myQ = savedQ;
    return true;
  }

  private stepShort(s: number, t: number, depth: number, pips: number): void {
    const oppAt = this.oppAt;
    const hit = t > 0 && oppAt[t] === 1;
    if (hit) this.hit(t, 1);
    this.moveMine(s, t);
    this.path[this.pathLen++] = s;
    this.path[this.pathLen++] = t;
    this.search(depth + 1, pips);
    this.pathLen -= 2;
    this.unmoveMine(s, t);
    if (hit) this.hit(t, -1);
  }

  /** Send the opponent's blot on t to its bar (dir 1) or bring it back (dir -1). */
  private hit(t: number, dir: 1 | -1): void {
    const oppAt = this.oppAt;
    const before = oppAt[t]!;
    const after = before - dir;
    // The bar count follows from the points, so only the point is hashed.
    this.h1 ^= ZOA[t * 16 + before]! ^ ZOA[t * 16 + after]!;
    this.h2 ^= ZOB[t * 16 + before]! ^ ZOB[t * 16 + after]!;
    oppAt[t] = after;
    this.oppOwn[25 - t] = after;
    this.oppOwn[25] = this.oppOwn[25]! + dir;
  }
}
