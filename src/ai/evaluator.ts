/**
 * A network with its encoding: the outcome probabilities of a position for the side to roll, or
 * for the side that has just played. Finished positions get their known result, not the net's.
 */
import type { Variant } from '../engine/types.js';
import { allHome, bearoffOutcomes } from './bearoff.js';
import type { Encoding } from './encode.js';
import { wasmKernel, type Forward } from './kernel.js';
import type { Net, Scratch } from './net.js';
import { longContact } from './race.js';
import { clampOutcomes, flipOutcomes, lostOutcomes, possibleOutcomes, type Outcomes } from './outcomes.js';

/** What a search asks of a network: the outcomes of a position, before a roll or after a play. */
export interface Evaluates {
  readonly variant: Variant;
  readonly outputs: number;
  evaluate(me: ArrayLike<number>, mo: number, opp: ArrayLike<number>, oo: number, out: Outcomes): Outcomes;
  afterPlay(mover: ArrayLike<number>, mvo: number, opp: ArrayLike<number>, oo: number, out: Outcomes): Outcomes;
}

export class Evaluator implements Evaluates {
  readonly variant: Variant;
  readonly outputs: number;
  private readonly x: Float32Array;
  private readonly idx: Int32Array;
  private readonly s: Scratch;
  private readonly tmp: Float32Array;
  private readonly forward: Forward;
  /** Long nardy's race network's pass and scratch, where it has one (race.ts). */
  private readonly raceForward: Forward | null;
  private readonly raceScratch: Scratch | null;
  /** Whether the forward pass runs in WebAssembly SIMD (kernel.ts). */
  readonly simd: boolean;
  /** Whether bear-offs (both sides all home) are read from the bear-off table (bearoff.ts). */
  readonly bearoff: boolean;
  /** Net evaluations made (for benchmarks). */
  count = 0;

  /**
   * With `simd` (the default unless NARDY_SIMD=0) the forward pass runs on a copy of the net's
   * weights taken now: an Evaluator serves a net that no longer changes. With `bearoff` (the
   * default unless NARDY_BEAROFF=0) positions with both sides' checkers all home are worked out
   * from the one-sided bear-off table instead of asking the net. With `race` (long nardy), races
   * (no contact left, race.ts) not yet bear-offs of both sides are asked of that network instead.
   */
  constructor(
    readonly net: Net,
    readonly encoding: Encoding,
    options: { simd?: boolean; bearoff?: boolean; race?: Net | null } = {},
  ) {
    for (const n of options.race ? [net, options.race] : [net]) {
      if (n.shape.inputs !== encoding.inputs || n.shape.outputs !== encoding.outputs) {
        throw new Error(`net shape ${n.shape.inputs}x${n.shape.outputs} does not fit encoding ${encoding.variant} v${encoding.version}`);
      }
    }
    if (options.race && encoding.variant !== 'long') throw new Error('a race network is for long nardy only');
    this.variant = encoding.variant;
    this.outputs = encoding.outputs;
    this.x = new Float32Array(encoding.inputs);
    this.idx = new Int32Array(encoding.inputs);
    this.s = net.scratch();
    this.tmp = new Float32Array(encoding.outputs);
    const simd = options.simd ?? process.env.NARDY_SIMD !== '0';
    const kernel = simd ? wasmKernel(net) : null;
    this.simd = kernel !== null;
    this.bearoff = options.bearoff ?? process.env.NARDY_BEAROFF !== '0';
    this.forward = kernel ?? ((x, idx, n, s) => net.forward(x, idx, n, s));
    const race = options.race ?? null;
    this.raceScratch = race ? race.scratch() : null;
    this.raceForward = race ? ((simd ? wasmKernel(race) : null) ?? ((x, idx, n, s) => race.forward(x, idx, n, s))) : null;
  }

  /** Outcomes for `me`, about to roll, against `opp` (own numberings, from offsets). */
  evaluate(me: ArrayLike<number>, mo: number, opp: ArrayLike<number>, oo: number, out: Outcomes): Outcomes {
    if (opp[oo] === 15) return lostOutcomes(this.variant, me, mo, out);
    if (me[mo] === 15) return flipOutcomes(this.variant, lostOutcomes(this.variant, opp, oo, this.tmp), out);
    if (this.bearoff && allHome(me, mo) && allHome(opp, oo)) return bearoffOutcomes(this.variant, me, mo, opp, oo, out);
    const n = this.encoding.encode(me, mo, opp, oo, this.x, this.idx);
    const y = this.raceForward !== null && !longContact(me, mo, opp, oo) ? this.raceForward(this.x, this.idx, n, this.raceScratch!) : this.forward(this.x, this.idx, n, this.s);
    this.count++;
    for (let i = 0; i < this.outputs; i++) out[i] = y[i]!;
    return possibleOutcomes(this.variant, me, mo, opp, oo, clampOutcomes(this.variant, out));
  }

  /** Outcomes for the side that has just played (`mover`), the opponent now to roll. */
  afterPlay(mover: ArrayLike<number>, mvo: number, opp: ArrayLike<number>, oo: number, out: Outcomes): Outcomes {
    this.evaluate(opp, oo, mover, mvo, this.tmp);
    return flipOutcomes(this.variant, this.tmp, out);
  }
}

/**
 * Several networks of one game asked together: each outcome is the mean of theirs (for comparing
 * an ensemble on the benches: bench:analysis --weights A+B; the players' and the review net's
 * mean measured level with the review net alone, README).
 */
export class MeanEvaluator implements Evaluates {
  readonly variant: Variant;
  readonly outputs: number;
  private readonly tmp: Float32Array;
  private readonly flip: Float32Array;

  constructor(readonly members: readonly Evaluator[]) {
    if (members.length < 1) throw new Error('a mean of no networks');
    this.variant = members[0]!.variant;
    this.outputs = members[0]!.outputs;
    if (members.some((m) => m.variant !== this.variant || m.outputs !== this.outputs)) throw new Error('networks of different games or outputs');
    this.tmp = new Float32Array(this.outputs);
    this.flip = new Float32Array(this.outputs);
  }

  evaluate(me: ArrayLike<number>, mo: number, opp: ArrayLike<number>, oo: number, out: Outcomes): Outcomes {
    const n = this.members.length;
    this.members[0]!.evaluate(me, mo, opp, oo, out);
    for (let k = 1; k < n; k++) {
      this.members[k]!.evaluate(me, mo, opp, oo, this.tmp);
      for (let i = 0; i < this.outputs; i++) out[i] = out[i]! + this.tmp[i]!;
    }
    if (n > 1) for (let i = 0; i < this.outputs; i++) out[i] = out[i]! / n;
    return clampOutcomes(this.variant, out);
  }

  afterPlay(mover: ArrayLike<number>, mvo: number, opp: ArrayLike<number>, oo: number, out: Outcomes): Outcomes {
    this.evaluate(opp, oo, mover, mvo, this.flip);
    return flipOutcomes(this.variant, this.flip, out);
  }
}
