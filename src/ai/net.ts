/**
 * A small multilayer perceptron over Float32Array: inputs -> one sigmoid hidden layer -> sigmoid
 * outputs (the probabilities of the outcomes). The forward pass is sparse (only the non-zero
 * inputs, which the encoders list), as are the gradient steps of training. No dependencies.
 *
 * Layout: w1 is input-major (w1[i * hidden + h]) so a sparse input touches one contiguous row;
 * w2 is output-major (w2[o * hidden + h]).
 */

export interface NetShape {
  readonly inputs: number;
  readonly hidden: number;
  readonly outputs: number;
}

/** Reusable buffers of one evaluation (one per thread of work). */
export interface Scratch {
  readonly hidden: Float32Array;
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
  }

  static byteLength(s: NetShape): number {
    return 4 * (s.inputs * s.hidden + s.hidden + s.hidden * s.outputs + s.outputs);
  }

  get buffer(): ArrayBufferLike {
    return this.w1.buffer;
  }

  /** All parameters as one Float32Array view. */
  params(): Float32Array {
    return new Float32Array(this.buffer, this.w1.byteOffset, Net.byteLength(this.shape) / 4);
  }

  scratch(): Scratch {
    return { hidden: new Float32Array(this.shape.hidden), out: new Float32Array(this.shape.outputs) };
  }

  /** Small random weights from a seeded generator (for a fresh training run). */
  initRandom(random: () => number): void {
    const { inputs, hidden } = this.shape;
    const r1 = 1 / Math.sqrt(24);
    for (let i = 0; i < this.w1.length; i++) this.w1[i] = (random() * 2 - 1) * r1;
    const r2 = 1 / Math.sqrt(hidden);
    for (let i = 0; i < this.w2.length; i++) this.w2[i] = (random() * 2 - 1) * r2;
    this.b1.fill(0);
    this.b2.fill(0);
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
    const w2 = this.w2;
    const out = s.out;
    for (let o = 0; o < O; o++) {
      let sum = this.b2[o]!;
      const row = o * H;
      for (let j = 0; j < H; j++) sum += h[j]! * w2[row + j]!;
      out[o] = sigmoid(sum);
    }
    return out;
  }

  /**
   * One gradient step of the cross-entropy loss towards `target` for the input whose forward
   * pass is in `s` (call forward first). `rate` is the learning rate.
   */
  step(x: Float32Array, idx: Int32Array, n: number, s: Scratch, target: ArrayLike<number>, rate: number): void {
    const H = this.shape.hidden;
    const O = this.shape.outputs;
    const h = s.hidden;
    const w2 = this.w2;
    const grad = GRAD_H.length >= H ? GRAD_H : (GRAD_H = new Float32Array(H));
    grad.fill(0, 0, H);
    for (let o = 0; o < O; o++) {
      const d = (s.out[o]! - target[o]!) * rate;
      if (d === 0) continue;
      const row = o * H;
      for (let j = 0; j < H; j++) {
        grad[j] = grad[j]! + d * w2[row + j]!;
        w2[row + j] = w2[row + j]! - d * h[j]!;
      }
      this.b2[o] = this.b2[o]! - d;
    }
    for (let j = 0; j < H; j++) grad[j] = grad[j]! * h[j]! * (1 - h[j]!);
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
    const h = s.hidden;
    const w2 = this.w2;
    const grad = GRAD_H.length >= H ? GRAD_H : (GRAD_H = new Float32Array(H));
    grad.fill(0, 0, H);
    for (let o = 0; o < O; o++) {
      const d = (s.out[o]! - target[o]!) * weight;
      if (d === 0) continue;
      const row = o * H;
      for (let j = 0; j < H; j++) {
        grad[j] = grad[j]! + d * w2[row + j]!;
        g.w2[row + j] = g.w2[row + j]! + d * h[j]!;
      }
      g.b2[o] = g.b2[o]! + d;
    }
    for (let j = 0; j < H; j++) grad[j] = grad[j]! * h[j]! * (1 - h[j]!);
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

/**
 * `old` grown to `inputs` inputs (appended after its own) and `hidden` hidden units: the new
 * inputs' weights are zero and so are the new hidden units' output weights (their input weights
 * small random ones from `random`, so that they can learn), so the grown net gives the same
 * outputs as `old` for every input. For warm-starting a larger net (the trainer's --init).
 */
export function growNet(old: Net, inputs: number, hidden: number, random: () => number): Net {
  const { inputs: I0, hidden: H0, outputs } = old.shape;
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
