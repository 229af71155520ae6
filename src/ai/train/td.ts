/**
 * Self-play TD(λ) on the move generator's typed arrays. Each game is played greedily by the net
 * (every legal afterstate evaluated, the best for the mover chosen); at the end each position's
 * λ-return (offline TD(λ): G_t = (1-λ) V(s_t+1) + λ G_t+1, flipped to the side to roll at t, the
 * last one the game's result) becomes its target for one gradient step of the cross-entropy loss.
 * The dice come from a seeded generator: training, not a game anyone plays.
 */
import { Generator } from '../../engine/fast.js';
import { startPosition } from '../../engine/position.js';
import type { Rules } from '../../engine/rules.js';
import type { Dice, Die, Side } from '../../engine/types.js';
import type { Encoding } from '../encode.js';
import type { Net, Scratch } from '../net.js';
import { clampOutcomes, equityOf, flipOutcomes, lostOutcomes } from '../outcomes.js';

const MAX_STATES = 3000;

export interface TdGameResult {
  readonly turns: number;
  readonly winner: Side;
  /** 1 single/oin, 2 mars/gammon, 3 backgammon. */
  readonly multiplier: number;
}

export class TdSelfPlay {
  private readonly gen = new Generator();
  private readonly x: Float32Array;
  private readonly idx: Int32Array;
  private readonly s: Scratch;
  private readonly stX: Float32Array;
  private readonly stIdx: Int32Array;
  private readonly stN: Int32Array;
  private readonly values: Float32Array;
  private readonly targets: Float32Array;
  private readonly O: number;
  private readonly inputs: number;
  private readonly tmp: Float32Array;
  private readonly tmp2: Float32Array;

  constructor(
    private readonly net: Net,
    private readonly enc: Encoding,
    private readonly rules: Rules,
    private readonly random: () => number,
  ) {
    this.inputs = enc.inputs;
    this.O = enc.outputs;
    this.x = new Float32Array(this.inputs);
    this.idx = new Int32Array(this.inputs);
    this.s = net.scratch();
    this.stX = new Float32Array(MAX_STATES * this.inputs);
    this.stIdx = new Int32Array(MAX_STATES * this.inputs);
    this.stN = new Int32Array(MAX_STATES);
    this.values = new Float32Array(MAX_STATES * this.O);
    this.targets = new Float32Array(MAX_STATES * this.O);
    this.tmp = new Float32Array(this.O);
    this.tmp2 = new Float32Array(this.O);
  }

  private die(): Die {
    return (1 + Math.floor(this.random() * 6)) as Die;
  }

  /** Encode `me` (to roll) against `opp` as state t and keep its net value. */
  private record(t: number, me: ArrayLike<number>, mo: number, opp: ArrayLike<number>, oo: number): void {
    const n = this.enc.encode(me, mo, opp, oo, this.x, this.idx);
    const base = t * this.inputs;
    for (let k = 0; k < n; k++) {
      const i = this.idx[k]!;
      this.stIdx[base + k] = i;
      this.stX[base + k] = this.x[i]!;
    }
    this.stN[t] = n;
    const y = this.net.forward(this.x, this.idx, n, this.s);
    this.values.set(y, t * this.O);
  }

  /** Play one game and train on it with learning rate `rate` and trace decay `lambda`. */
  playGame(rate: number, lambda: number): TdGameResult {
    const variant = this.enc.variant;
    const start = startPosition(variant);
    const sides = { white: new Int8Array(start.white), black: new Int8Array(start.black) };
    let a = this.die();
    let b = this.die();
    while (a === b) {
      a = this.die();
      b = this.die();
    }
    let turn: Side = a > b ? 'white' : 'black';
    let dice: Dice = [a, b];
    const gen = this.gen;
    const pool = gen.pool;
    const enc = this.enc;
    const O = this.O;
    let t = 0;
    this.record(0, sides[turn], 0, sides[turn === 'white' ? 'black' : 'white'], 0);
    let winner: Side | null = null;
    let multiplier = 1;
    while (winner === null) {
      if (t + 1 >= MAX_STATES) throw new Error('a self-play game did not end');
      const me = sides[turn];
      const opp = sides[turn === 'white' ? 'black' : 'white'];
      const n = gen.generate(variant, me, opp, dice, this.rules);
      let best = -Infinity;
      let pick = gen.result[0]!;
      for (let k = 0; k < n; k++) {
        const i = gen.result[k]!;
        const o = i * 26;
        let eq: number;
        if (pool.me[o] === 15) {
          eq = 10; // winning now beats anything else
        } else {
          const m = enc.encode(pool.opp, o, pool.me, o, this.x, this.idx);
          const y = this.net.forward(this.x, this.idx, m, this.s);
          eq = -equityOf(variant, clampOutcomes(variant, y));
        }
        if (eq > best) {
          best = eq;
          pick = i;
        }
      }
      const o = pick * 26;
      me.set(pool.me.subarray(o, o + 26));
      opp.set(pool.opp.subarray(o, o + 26));
      if (me[0] === 15) {
        winner = turn;
        // The result from the loser's view is the last target's source.
        lostOutcomes(variant, opp, 0, this.tmp);
        multiplier = variant === 'long' ? (this.tmp[2] ? 2 : 1) : this.tmp[4] ? 3 : this.tmp[3] ? 2 : 1;
        break;
      }
      t++;
      turn = turn === 'white' ? 'black' : 'white';
      this.record(t, opp, 0, me, 0);
      dice = [this.die(), this.die()];
    }
    // λ-returns, from the last state back. tmp holds the result seen by the side to roll after
    // the winning play; G(T-1) is that flipped.
    const T = t + 1;
    const g = this.tmp2;
    flipOutcomes(variant, this.tmp, g);
    this.targets.set(g, (T - 1) * O);
    for (let s = T - 2; s >= 0; s--) {
      // Next state's value and return, both in the next mover's view, flipped to this one's.
      const next = (s + 1) * O;
      for (let j = 0; j < O; j++) this.tmp[j] = (1 - lambda) * this.values[next + j]! + lambda * this.targets[next + j]!;
      flipOutcomes(variant, this.tmp, g);
      this.targets.set(g, s * O);
    }
    for (let s = 0; s < T; s++) {
      const base = s * this.inputs;
      const n = this.stN[s]!;
      for (let k = 0; k < n; k++) {
        const i = this.stIdx[base + k]!;
        this.idx[k] = i;
        this.x[i] = this.stX[base + k]!;
      }
      this.net.forward(this.x, this.idx, n, this.s);
      this.net.step(this.x, this.idx, n, this.s, this.targets.subarray(s * O, s * O + O), rate);
    }
    return { turns: T, winner: winner!, multiplier };
  }
}
