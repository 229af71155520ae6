/**
 * The forward pass of a one-hidden-layer net in WebAssembly SIMD (four floats at a time), for
 * the players: Net.forward's arithmetic (float32 sums; the hidden sigmoids from a fine table, to
 * within 3e-7) at about a sixth of its time, since V8 does not vectorise the JavaScript loops. The module is a few
 * hundred bytes assembled below, with no toolchain. Its memory holds a copy of the net's
 * weights taken when the kernel is made, so a kernel serves a net that no longer changes (the
 * players' and the analysis's; training keeps Net.forward). Where WebAssembly SIMD is missing,
 * or the net has a second hidden layer, `wasmKernel` returns null and Net.forward is used.
 */
import type { Net, Scratch } from './net.js';

/** Unsigned LEB128. */
function uleb(n: number): number[] {
  const out: number[] = [];
  do {
    let b = n & 0x7f;
    n >>>= 7;
    if (n !== 0) b |= 0x80;
    out.push(b);
  } while (n !== 0);
  return out;
}

/** Signed LEB128 (for i32.const). */
function sleb(n: number): number[] {
  const out: number[] = [];
  for (;;) {
    const b = n & 0x7f;
    n >>= 7;
    if ((n === 0 && (b & 0x40) === 0) || (n === -1 && (b & 0x40) !== 0)) {
      out.push(b);
      return out;
    }
    out.push(b | 0x80);
  }
}

const I32 = 0x7f;
const V128 = 0x7b;
// Opcodes used (core and SIMD).
const op = {
  block: [0x02, 0x40],
  loop: [0x03, 0x40],
  end: [0x0b],
  brIf: (depth: number) => [0x0d, ...uleb(depth)],
  get: (i: number) => [0x20, ...uleb(i)],
  set: (i: number) => [0x21, ...uleb(i)],
  tee: (i: number) => [0x22, ...uleb(i)],
  i32: (n: number) => [0x41, ...sleb(n)],
  i32Load: [0x28, 0x02, 0x00],
  f32Load: [0x2a, 0x02, 0x00],
  f32Store: [0x38, 0x02, 0x00],
  ltU: [0x49],
  geU: [0x4f],
  add: [0x6a],
  mul: [0x6c],
  shl: [0x74],
  f32Add: [0x92],
  vLoad: [0xfd, 0x00, 0x04, 0x00],
  vStore: [0xfd, 0x0b, 0x04, 0x00],
  vZero: [0xfd, 0x0c, ...new Array<number>(16).fill(0)],
  splat: [0xfd, 0x13],
  lane: (l: number) => [0xfd, 0x1f, l],
  vAdd: [0xfd, 0xe4, 0x01],
  vMul: [0xfd, 0xe6, 0x01],
};

/** `for (j = 0; j < bytes; j += 16) body` — j and bytes are locals; the body sees j. */
function strided(j: number, bytes: number, body: number[]): number[] {
  return [...op.i32(0), ...op.set(j), ...op.loop, ...body, ...op.get(j), ...op.i32(16), ...op.add, ...op.tee(j), ...op.get(bytes), ...op.ltU, ...op.brIf(0), ...op.end];
}

function section(id: number, content: number[]): number[] {
  return [id, ...uleb(content.length), ...content];
}

function vec(items: number[][]): number[] {
  return [...uleb(items.length), ...items.flat()];
}

function name(s: string): number[] {
  return [...uleb(s.length), ...Array.from(s, (c) => c.charCodeAt(0))];
}

/**
 * acc(w1, b1, h, rows, vals, n, hb): h = b1 + Σ_k vals[k] · w1[rows[k]] over hb bytes a row.
 * dot(w2, h, out, O, hb): out[o] = Σ_j h[j] · w2[o][j].
 */
function moduleBytes(pages: number): Uint8Array {
  // acc's params: 0 w1, 1 b1, 2 h, 3 rows, 4 vals, 5 n, 6 hb; locals: 7 j, 8 k, 9 row (i32), 10 vs (v128).
  const [w1, b1, h, rows, vals, n, hb, j, k, row, vs] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
  const at = (base: number) => [...op.get(base), ...op.get(j), ...op.add];
  const acc = [
    ...strided(j, hb, [...at(h), ...at(b1), ...op.vLoad, ...op.vStore]),
    ...op.i32(0),
    ...op.set(k),
    ...op.block,
    ...op.get(k),
    ...op.get(n),
    ...op.geU,
    ...op.brIf(0),
    ...op.loop,
    // row = w1 + rows[k] * hb
    ...op.get(rows), ...op.get(k), ...op.i32(2), ...op.shl, ...op.add, ...op.i32Load,
    ...op.get(hb), ...op.mul, ...op.get(w1), ...op.add, ...op.set(row),
    // vs = splat(vals[k])
    ...op.get(vals), ...op.get(k), ...op.i32(2), ...op.shl, ...op.add, ...op.f32Load, ...op.splat, ...op.set(vs),
    ...strided(j, hb, [...at(h), ...at(h), ...op.vLoad, ...op.get(vs), ...at(row), ...op.vLoad, ...op.vMul, ...op.vAdd, ...op.vStore]),
    ...op.get(k), ...op.i32(1), ...op.add, ...op.tee(k), ...op.get(n), ...op.ltU, ...op.brIf(0),
    ...op.end,
    ...op.end,
    ...op.end,
  ];
  const accBody = [...vec([[...uleb(3), I32], [...uleb(1), V128]]), ...acc];

  // dot's params: 0 w2, 1 h, 2 out, 3 O, 4 hb; locals: 5 o, 6 j2, 7 row2 (i32), 8 sum (v128).
  const [w2, hh, out, O, hb2, o, j2, row2, sum] = [0, 1, 2, 3, 4, 5, 6, 7, 8];
  const at2 = (base: number) => [...op.get(base), ...op.get(j2), ...op.add];
  const dot = [
    ...op.i32(0),
    ...op.set(o),
    ...op.loop,
    ...op.get(w2), ...op.get(o), ...op.get(hb2), ...op.mul, ...op.add, ...op.set(row2),
    ...op.vZero, ...op.set(sum),
    ...strided(j2, hb2, [...op.get(sum), ...at2(hh), ...op.vLoad, ...at2(row2), ...op.vLoad, ...op.vMul, ...op.vAdd, ...op.set(sum)]),
    ...op.get(out), ...op.get(o), ...op.i32(2), ...op.shl, ...op.add,
    ...op.get(sum), ...op.lane(0), ...op.get(sum), ...op.lane(1), ...op.f32Add, ...op.get(sum), ...op.lane(2), ...op.f32Add, ...op.get(sum), ...op.lane(3), ...op.f32Add,
    ...op.f32Store,
    ...op.get(o), ...op.i32(1), ...op.add, ...op.tee(o), ...op.get(O), ...op.ltU, ...op.brIf(0),
    ...op.end,
    ...op.end,
  ];
  const dotBody = [...vec([[...uleb(3), I32], [...uleb(1), V128]]), ...dot];

  const bytes = [
    0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
    ...section(1, vec([[0x60, ...vec(new Array(7).fill([I32])), 0x00], [0x60, ...vec(new Array(5).fill([I32])), 0x00]])),
    ...section(3, vec([[0x00], [0x01]])),
    ...section(5, vec([[0x00, ...uleb(pages)]])),
    ...section(7, vec([[...name('mem'), 0x02, 0x00], [...name('acc'), 0x00, 0x00], [...name('dot'), 0x00, 0x01]])),
    ...section(10, vec([[...uleb(accBody.length), ...accBody], [...uleb(dotBody.length), ...dotBody]])),
  ];
  return new Uint8Array(bytes);
}

/** The few WebAssembly calls used (Node has them; its types are not in lib ES2022). */
interface Wasm {
  validate(bytes: Uint8Array): boolean;
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: unknown };
}

export type Forward = (x: Float32Array, idx: Int32Array, n: number, s: Scratch) => Float32Array;

const align = (n: number) => Math.ceil(n / 16) * 16;

// The hidden layer's sigmoid from a table with linear interpolation: 256 steps a unit over
// [-LIMIT, LIMIT] (error below 3e-7, beyond the float32 sums' own), about ten times faster than
// Math.exp, which had been half the pass's time.
const LIMIT = 24;
const STEPS = 256;
const SIGMOID = new Float64Array(2 * LIMIT * STEPS + 2);
for (let i = 0; i < SIGMOID.length; i++) SIGMOID[i] = 1 / (1 + Math.exp(-(i / STEPS - LIMIT)));

function sigmoidFast(v: number): number {
  if (v <= -LIMIT || v >= LIMIT) return 1 / (1 + Math.exp(-v));
  const t = (v + LIMIT) * STEPS;
  const i = t | 0;
  const a = SIGMOID[i]!;
  return a + (SIGMOID[i + 1]! - a) * (t - i);
}

/** A forward pass over a copy of `net`'s weights in WebAssembly SIMD, or null where it cannot run. */
export function wasmKernel(net: Net): Forward | null {
  const { inputs, hidden: H, outputs: O } = net.shape;
  const wasm = (globalThis as { WebAssembly?: Wasm }).WebAssembly;
  if ((net.shape.hidden2 ?? 0) > 0 || H % 4 !== 0 || !wasm) return null;
  const hb = H * 4;
  const offW1 = 0;
  const offB1 = align(offW1 + inputs * hb);
  const offW2 = align(offB1 + hb);
  const offH = align(offW2 + O * hb);
  const offOut = align(offH + hb);
  const offRows = align(offOut + O * 4);
  const offVals = align(offRows + inputs * 4);
  const end = align(offVals + inputs * 4);
  const bytes = moduleBytes(Math.ceil(end / 65536));
  if (!wasm.validate(bytes)) return null;
  let inst: { exports: unknown };
  try {
    inst = new wasm.Instance(new wasm.Module(bytes), {});
  } catch {
    return null;
  }
  const ex = inst.exports as { mem: { buffer: ArrayBuffer }; acc: (...a: number[]) => void; dot: (...a: number[]) => void };
  const buf = ex.mem.buffer;
  new Float32Array(buf, offW1, inputs * H).set(net.w1);
  new Float32Array(buf, offB1, H).set(net.b1);
  new Float32Array(buf, offW2, O * H).set(net.w2);
  const b2 = Float32Array.from(net.b2);
  const h = new Float32Array(buf, offH, H);
  const out = new Float32Array(buf, offOut, O);
  const rows = new Int32Array(buf, offRows, inputs);
  const vals = new Float32Array(buf, offVals, inputs);
  const { acc, dot } = ex;
  return (x, idx, n, s) => {
    for (let k = 0; k < n; k++) {
      const i = idx[k]!;
      rows[k] = i;
      vals[k] = x[i]!;
    }
    acc(offW1, offB1, offH, offRows, offVals, n, hb);
    for (let j = 0; j < H; j++) h[j] = sigmoidFast(h[j]!);
    dot(offW2, offH, offOut, O, hb);
    const y = s.out;
    for (let o = 0; o < O; o++) y[o] = 1 / (1 + Math.exp(-(out[o]! + b2[o]!)));
    return y;
  };
}
