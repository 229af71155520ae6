/**
 * Supervised steps towards GNU Backgammon's outcomes, over a data set of boards (52 bytes a
 * sample: the side to roll's 26 slots, then the other's) and their targets: one sample at a time,
 * or whole decisions (the plays of one roll) with a loss on the differences between them.
 */
import type { Variant } from '../../engine/types.js';
import type { Encoding } from '../encode.js';
import { Net, type Scratch } from '../net.js';
import { equityOf } from '../outcomes.js';

export interface FitData {
  readonly boards: Int8Array;
  readonly targets: Float32Array;
}

/** d equity / d output for each output of `variant` (the equity is linear in the outputs). */
export function equityCoefficients(variant: Variant, outputs: number): Float32Array {
  const zero = equityOf(variant, new Float32Array(outputs));
  return Float32Array.from({ length: outputs }, (_, o) => {
    const p = new Float32Array(outputs);
    p[o] = 1;
    return equityOf(variant, p) - zero;
  });
}

/**
 * Adam over minibatches: gradients of the cross-entropy (with what the fitter folds into its
 * targets) accumulate into `grad`, and every `batch` samples each parameter moves by its own
 * step size, from running means of its gradient and of the gradient's square. Per-parameter
 * steps matter here: most inputs are zero in most positions, and a single SGD rate that is small
 * enough for the busy ones barely moves the rare ones. The step size ramps up over the first
 * `warmup` batches: Adam's first steps move every weight by about the full step size at once,
 * which throws a trained net off.
 */
export class Adam {
  readonly grad: Net;
  private readonly m: Float32Array;
  private readonly v: Float32Array;
  private t = 0;
  pending = 0;

  constructor(
    private readonly net: Net,
    readonly batch = 128,
    private readonly warmup = 1000,
    private readonly beta1 = 0.9,
    private readonly beta2 = 0.999,
  ) {
    this.grad = new Net(net.shape);
    const n = net.params().length;
    this.m = new Float32Array(n);
    this.v = new Float32Array(n);
  }

  /** Apply the accumulated gradient (mean over the pending samples) with step size `rate`. */
  apply(rate: number): void {
    if (this.pending === 0) return;
    const g = this.grad.params();
    const p = this.net.params();
    const { m, v, beta1, beta2 } = this;
    this.t++;
    const c1 = 1 - beta1 ** this.t;
    const c2 = 1 - beta2 ** this.t;
    const scale = 1 / this.pending;
    const step = this.t < this.warmup ? (rate * this.t) / this.warmup : rate;
    for (let i = 0; i < p.length; i++) {
      const gi = g[i]! * scale;
      const mi = (m[i] = beta1 * m[i]! + (1 - beta1) * gi);
      const vi = (v[i] = beta2 * v[i]! + (1 - beta2) * gi * gi);
      p[i] = p[i]! - (step * (mi / c1)) / (Math.sqrt(vi / c2) + 1e-8);
    }
    g.fill(0);
    this.pending = 0;
  }
}

export class Fitter {
  private readonly x: Float32Array;
  private readonly idx: Int32Array;
  private readonly s: Scratch;
  private readonly target: Float32Array;
  private readonly coef: Float32Array;
  private errs = new Float32Array(64);

  /** With `adam`, steps accumulate into its minibatches instead of moving the weights at once. */
  constructor(
    private readonly net: Net,
    private readonly enc: Encoding,
    private readonly adam: Adam | null = null,
  ) {
    this.x = new Float32Array(enc.inputs);
    this.idx = new Int32Array(enc.inputs);
    this.s = net.scratch();
    this.target = new Float32Array(enc.outputs);
    this.coef = equityCoefficients(enc.variant, enc.outputs);
  }

  private forward(d: FitData, s: number): { y: Float32Array; m: number } {
    const m = this.enc.encode(d.boards, s * 52, d.boards, s * 52 + 26, this.x, this.idx);
    return { y: this.net.forward(this.x, this.idx, m, this.s), m };
  }

  /** One cross-entropy step on sample `s`; returns its squared error (summed over the outputs). */
  sample(d: FitData, s: number, rate: number): number {
    const O = this.enc.outputs;
    const { y, m } = this.forward(d, s);
    const t = d.targets.subarray(s * O, s * O + O);
    let se = 0;
    for (let o = 0; o < O; o++) se += (y[o]! - t[o]!) ** 2;
    this.learn(m, t, rate);
    return se;
  }

  /** Apply what Adam's batch still holds (at the end of a job). */
  flush(rate: number): void {
    this.adam?.apply(rate);
  }

  /** A step towards `target` from the forward pass just made (or its gradient, into Adam's batch). */
  private learn(m: number, target: ArrayLike<number>, rate: number): void {
    const adam = this.adam;
    if (!adam) return this.net.step(this.x, this.idx, m, this.s, target, rate);
    this.net.accumulate(this.x, this.idx, m, this.s, target, adam.grad);
    if (++adam.pending >= adam.batch) adam.apply(rate);
  }

  /**
   * Steps over the plays of one decision, samples a .. b - 1. Each play's loss is the
   * cross-entropy towards gnubg's outcomes plus `pairWeight` times the square of how far its
   * equity relative to the decision's mean is from gnubg's relative equity: an analysis compares
   * differences between the plays of a roll (a play's loss is the best play's equity minus its
   * own), not their level. That term's gradient at output o is 2 w (e_i - mean e) c_o y_o (1 - y_o),
   * e_i being the play's equity error and c_o the output's weight in the equity; it is folded
   * into the target of the net's cross-entropy step. Returns the squared error summed over the
   * plays and outputs.
   */
  decision(d: FitData, a: number, b: number, rate: number, pairWeight: number): number {
    const O = this.enc.outputs;
    const variant = this.enc.variant;
    if (b - a > this.errs.length) this.errs = new Float32Array(2 * (b - a));
    let mean = 0;
    for (let s = a; s < b; s++) {
      const e = equityOf(variant, this.forward(d, s).y) - equityOf(variant, d.targets.subarray(s * O, s * O + O));
      this.errs[s - a] = e;
      mean += e;
    }
    mean /= b - a;
    let se = 0;
    for (let s = a; s < b; s++) {
      const { y, m } = this.forward(d, s);
      const g = 2 * pairWeight * (this.errs[s - a]! - mean);
      for (let o = 0; o < O; o++) {
        const t = d.targets[s * O + o]!;
        se += (y[o]! - t) ** 2;
        this.target[o] = t - g * this.coef[o]! * y[o]! * (1 - y[o]!);
      }
      this.learn(m, this.target, rate);
    }
    return se;
  }
}
