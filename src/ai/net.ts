/**
 * A small multilayer perceptron over Float32Array: inputs -> one sigmoid hidden layer -> sigmoid
 * outputs (the probabilities of the outcomes). The forward pass is sparse (only the non-zero
 * inputs, which the encoders list), as are the gradient steps of training. No dependencies.
 *
 * Optionally (`hidden2`) a second sigmoid layer reads the first and feeds the outputs beside it:
 * out = sigmoid(w2 h + w3 g + b2), g = sigmoid(v h + c). With w3 zero such a net evaluates
 * exactly as its one-layer part (`deepen` grows a trained net so), and training adds to it what
 * one layer over the inputs cannot compute.
 *
 * Layout: w1 is input-major (w1[i * hidden + h]) so a sparse input touches one contiguous row;
 * w2 is output-major (w2[o * hidden + h]); then b2, and with hidden2: v (v[k * hidden + h]), c,
 * w3 (w3[o * hidden2 + k]). A one-layer net's parameters are the same bytes as before.
 */

export interface NetShape {
  readonly inputs: number;
  readonly hidden: number;
  /** Units of the second hidden layer; absent (or 0) for one hidden layer. */
  readonly hidden2?: number;
  readonly outputs: number;
}

/** Reusable buffers of one evaluation (one per thread of work). */
export interface Scratch {
  readonly hidden: Float32Array;
  readonly hidden2: Float32Array;
  readonly out: Float32Array;
}

function sigmoid(x: number): number {
  return 1 / (1 + Math.exp(-x));
}

export class Net {
  readonly w1: Float32Array;
  readonly b1: Float32Array;
  readonly w2: Float32Array;
  readonly b2: Float32Array;
  readonly v: Float32Array;
  readonly c: Float32Array;
  readonly w3: Float32Array;
  private readonly H2: number;

  /** `buffer`, when given, holds the parameters (e.g. a SharedArrayBuffer for Hogwild training). */
  constructor(
    readonly shape: NetShape,
    buffer?: ArrayBufferLike,
  ) {
    const { inputs, hidden, outputs } = shape;
    const buf = buffer ?? new ArrayBuffer(Net.byteLength(shape));
    if (buf.byteLength !== Net.byteLength(shape)) throw new RangeError(`weights have ${buf.byteLength} bytes, the shape needs ${Net.byteLength(shape)}`);
    let o = 0;
    const take = (n: number): Float32Array => {
      const a = new Float32Array(buf, o, n);
      o += n * 4;
      return a;
    };
    this.w1 = take(inputs * hidden);
    this.b1 = take(hidden);
    this.w2 = take(hidden * outputs);
    this.b2 = take(outputs);
    const H2 = (this.H2 = shape.hidden2 ?? 0);
    this.v = take(H2 * hidden);
    this.c = take(H2);
    this.w3 = take(outputs * H2);
  }

  static byteLength(s: NetShape): number {
    const H2 = s.hidden2 ?? 0;
    return 4 * (s.inputs * s.hidden + s.hidden + s.hidden * s.outputs + s.outputs + H2 * s.hidden + H2 + s.outputs * H2);
  }

  get buffer(): ArrayBufferLike {
    return this.w1.buffer;
  }

  /** All parameters as one Float32Array view. */
  params(): Float32Array {
    return new Float32Array(this.buffer, this.w1.byteOffset, Net.byteLength(this.shape) / 4);
  }

  scratch(): Scratch {
    return { hidden: new Float32Array(this.shape.hidden), hidden2: new Float32Array(this.H2), out: new Float32Array(this.shape.outputs) };
  }

  /** Small random weights from a seeded generator (for a fresh training run). */
  initRandom(random: () => number): void {
    const { inputs, hidden } = this.shape;
    const r1 = 1 / Math.sqrt(24);
    for (let i = 0; i < this.w1.length; i++) this.w1[i] = (random() * 2 - 1) * r1;
    const r2 = 1 / Math.sqrt(hidden);
    for (let i = 0; i < this.w2.length; i++) this.w2[i] = (random() * 2 - 1) * r2;
    for (let i = 0; i < this.v.length; i++) this.v[i] = (random() * 2 - 1) * r2;
    const r3 = 1 / Math.sqrt(Math.max(1, this.H2));
    for (let i = 0; i < this.w3.length; i++) this.w3[i] = (random() * 2 - 1) * r3;
    this.b1.fill(0);
    this.b2.fill(0);
    this.c.fill(0);
    void inputs;
  }

  /**
   * Forward pass over the `n` non-zero inputs listed in `idx` (values in `x`, indexed by input
   * number). The outputs land in s.out (and the hidden activations in s.hidden).
   */
  forward(x: Float32Array, idx: Int32Array, n: number, s: Scratch): Float32Array {
    const H = this.shape.hidden;
    const O = this.shape.outputs;
    const w1 = this.w1;
    const h = s.hidden;
    h.set(this.b1);
    for (let k = 0; k < n; k++) {
      const i = idx[k]!;
      const v = x[i]!;
      const row = i * H;
      if (v === 1) {
        for (let j = 0; j < H; j++) h[j] = h[j]! + w1[row + j]!;
      } else {
        for (let j = 0; j < H; j++) h[j] = h[j]! + v * w1[row + j]!;
      }
    }
    for (let j = 0; j < H; j++) h[j] = sigmoid(h[j]!);
    const H2 = this.H2;
    const g = s.hidden2;
    if (H2 > 0) {
      const v = this.v;
      for (let k = 0; k < H2; k++) {
        let sum = this.c[k]!;
        const row = k * H;
        for (let j = 0; j < H; j++) sum += h[j]! * v[row + j]!;
        g[k] = sigmoid(sum);
      }
    }
    const w2 = this.w2;
    const w3 = this.w3;
    const out = s.out;
    for (let o = 0; o < O; o++) {
      let sum = this.b2[o]!;
      const row = o * H;
      for (let j = 0; j < H; j++) sum += h[j]! * w2[row + j]!;
      const row3 = o * H2;
      for (let k = 0; k < H2; k++) sum += g[k]! * w3[row3 + k]!;
      out[o] = sigmoid(sum);
    }
    return out;
  }

  /**
   * The gradient of the cross-entropy loss at the hidden layer's pre-activations, into `grad`,
   * given the output deltas `d` (out - target, times the rate or weight); `into` receives the
   * output layers' and the second layer's gradients (or, for a step, `into` is this net and
   * `sign` is -1: the weights move at once). The first layer is left to the caller.
   */
  private backHidden(s: Scratch, d: Float32Array, grad: Float32Array, into: Net, sign: number): void {
    const H = this.shape.hidden;
    const H2 = this.H2;
    const O = this.shape.outputs;
    const h = s.hidden;
    const g = s.hidden2;
    const w2 = this.w2;
    const w3 = this.w3;
    grad.fill(0, 0, H);
    const g2 = GRAD_H2.length >= H2 ? GRAD_H2 : (GRAD_H2 = new Float32Array(H2));
    g2.fill(0, 0, H2);
    for (let o = 0; o < O; o++) {
      const dz = d[o]!;
      if (dz === 0) continue;
      const row = o * H;
      for (let j = 0; j < H; j++) {
        grad[j] = grad[j]! + dz * w2[row + j]!;
        into.w2[row + j] = into.w2[row + j]! + sign * dz * h[j]!;
      }
      const row3 = o * H2;
      for (let k = 0; k < H2; k++) {
        g2[k] = g2[k]! + dz * w3[row3 + k]!;
        into.w3[row3 + k] = into.w3[row3 + k]! + sign * dz * g[k]!;
      }
      into.b2[o] = into.b2[o]! + sign * dz;
    }
    if (H2 > 0) {
      const v = this.v;
      for (let k = 0; k < H2; k++) {
        const dk = g2[k]! * g[k]! * (1 - g[k]!);
        if (dk === 0) continue;
        const row = k * H;
        for (let j = 0; j < H; j++) {
          grad[j] = grad[j]! + dk * v[row + j]!;
          into.v[row + j] = into.v[row + j]! + sign * dk * h[j]!;
        }
        into.c[k] = into.c[k]! + sign * dk;
      }
    }
    for (let j = 0; j < H; j++) grad[j] = grad[j]! * h[j]! * (1 - h[j]!);
  }

  /**
   * One gradient step of the cross-entropy loss towards `target` for the input whose forward
   * pass is in `s` (call forward first). `rate` is the learning rate.
   */
  step(x: Float32Array, idx: Int32Array, n: number, s: Scratch, target: ArrayLike<number>, rate: number): void {
    const H = this.shape.hidden;
    const O = this.shape.outputs;
    const d = DELTA.length >= O ? DELTA : (DELTA = new Float32Array(O));
    for (let o = 0; o < O; o++) d[o] = (s.out[o]! - target[o]!) * rate;
    const grad = GRAD_H.length >= H ? GRAD_H : (GRAD_H = new Float32Array(H));
    // The output and second layers move inside backHidden, from the deltas of the old weights.
    this.backHidden(s, d, grad, this, -1);
    const w1 = this.w1;
    for (let k = 0; k < n; k++) {
      const i = idx[k]!;
      const v = x[i]!;
      const row = i * H;
      for (let j = 0; j < H; j++) w1[row + j] = w1[row + j]! - v * grad[j]!;
    }
    for (let j = 0; j < H; j++) this.b1[j] = this.b1[j]! - grad[j]!;
  }

  /**
   * Accumulate the gradient of the cross-entropy loss (for minibatch training) into `g`, a net
   * of the same shape used as a gradient buffer. Call forward first.
   */
  accumulate(x: Float32Array, idx: Int32Array, n: number, s: Scratch, target: ArrayLike<number>, g: Net, weight = 1): void {
    const H = this.shape.hidden;
    const O = this.shape.outputs;
    const d = DELTA.length >= O ? DELTA : (DELTA = new Float32Array(O));
    for (let o = 0; o < O; o++) d[o] = (s.out[o]! - target[o]!) * weight;
    const grad = GRAD_H.length >= H ? GRAD_H : (GRAD_H = new Float32Array(H));
    this.backHidden(s, d, grad, g, 1);
    for (let k = 0; k < n; k++) {
      const i = idx[k]!;
      const v = x[i]!;
      const row = i * H;
      for (let j = 0; j < H; j++) g.w1[row + j] = g.w1[row + j]! + v * grad[j]!;
    }
    for (let j = 0; j < H; j++) g.b1[j] = g.b1[j]! + grad[j]!;
  }
}

let GRAD_H = new Float32Array(256);
let GRAD_H2 = new Float32Array(64);
let DELTA = new Float32Array(8);

/**
 * `old` grown to `inputs` inputs (appended after its own) and `hidden` hidden units: the new
 * inputs' weights are zero and so are the new hidden units' output weights (their input weights
 * small random ones from `random`, so that they can learn), so the grown net gives the same
 * outputs as `old` for every input. For warm-starting a larger net (the trainer's --init).
 */
export function growNet(old: Net, inputs: number, hidden: number, random: () => number): Net {
  const { inputs: I0, hidden: H0, outputs } = old.shape;
  if ((old.shape.hidden2 ?? 0) > 0) throw new RangeError('cannot grow a net with a second hidden layer');
  if (inputs < I0 || hidden < H0) throw new RangeError(`cannot shrink ${JSON.stringify(old.shape)} to ${inputs} inputs, ${hidden} hidden`);
  const net = new Net({ inputs, hidden, outputs });
  net.initRandom(random);
  for (let i = 0; i < inputs; i++) {
    for (let h = 0; h < H0; h++) net.w1[i * hidden + h] = i < I0 ? old.w1[i * H0 + h]! : 0;
  }
  net.b1.set(old.b1);
  for (let k = 0; k < outputs; k++) {
    for (let h = 0; h < hidden; h++) net.w2[k * hidden + h] = h < H0 ? old.w2[k * H0 + h]! : 0;
  }
  net.b2.set(old.b2);
  return net;
}

/**
 * `old` (one hidden layer) with a second hidden layer of `hidden2` units beside it: the new
 * layer's input weights small random ones from `random`, its output weights zero, so the deeper
 * net gives the same outputs as `old` for every input (the trainer's --hidden2 with --init).
 */
export function deepen(old: Net, hidden2: number, random: () => number): Net {
  if ((old.shape.hidden2 ?? 0) > 0) throw new RangeError('the net has a second hidden layer already');
  if (!Number.isInteger(hidden2) || hidden2 < 1) throw new RangeError(`hidden2 must be a positive whole number, not ${hidden2}`);
  const net = new Net({ ...old.shape, hidden2 });
  net.w1.set(old.w1);
  net.b1.set(old.b1);
  net.w2.set(old.w2);
  net.b2.set(old.b2);
  const r = 1 / Math.sqrt(old.shape.hidden);
  for (let i = 0; i < net.v.length; i++) net.v[i] = (random() * 2 - 1) * r;
  return net;
}
