/**
 * An outside opponent for long nardy: the value networks of the public LongNardi app
 * (github.com/HaykGar/LongNardi), read from a checkout of it (nothing of it is in this repo).
 * Its own players are "Medium", greedy over its small MLP (`mlp.nardiw`), and "Hard", a 1-ply
 * look-ahead over its residual network (`vzg0.nardiw`): each play's value is the average over
 * the opponent's 21 rolls of the opponent's best reply. Here they choose among our engine's
 * legal plays, so both sides play by our rules (SPEC §1).
 *
 * What is written again here from that app's description of its inputs and networks (its
 * weight blobs, `.nardiw`: "NRDW", version, kind, then named float32 tensors):
 * - the inputs, from the side to move: 6 rows of 25; for each of the 24 points, counted from
 *   the mover's head along its path (column i is the mover's point 24 - i), rows 0-2 the
 *   mover's checkers (one or more, two or more, the count less 2) and rows 3-5 the opponent's,
 *   each divided by 15; column 24 holds, by row: checkers off (mover, opponent), points
 *   occupied (MLP) or pip counts (residual net) (mover, opponent), checkers outside home not yet
 *   borne off (mover, opponent), also divided by 15;
 * - the MLP: 150 -> 64 -> 16 -> 4 with SiLU; the residual net: a block of two 5-wide
 *   convolutions (6 -> 8 channels, with a 1-wide projection of its input added), LayerNorm
 *   over the 192, ReLU, the 6 numbers of column 24 appended, then 198 -> 64 -> 16 -> 4;
 * - the value: softmax of the 4 outputs times (1, 2, -1, -2), the side to move's equity
 *   (a win, a mars, a loss, a mars lost).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { BotPlayer } from '../src/ai/player.js';
import type { GameState } from '../src/engine/game.js';
import { legalPlays } from '../src/engine/plays.js';
import type { Rules } from '../src/engine/rules.js';
import { otherSide, ROLLS, sidesOf, type Checkers, type Position, type Step } from '../src/engine/types.js';

interface Tensor {
  readonly dims: number[];
  readonly data: Float32Array;
}

export interface OutsideNet {
  /** 0: the MLP, 2: the residual net (1, the plain convolutional one, is not read). */
  readonly kind: 0 | 2;
  readonly w: ReadonlyMap<string, Tensor>;
}

/** Reads a `.nardiw` weight blob. */
export function readNardiw(path: string): OutsideNet {
  const buf = readFileSync(path);
  let at = 0;
  const u32 = (): number => {
    const v = buf.readUInt32LE(at);
    at += 4;
    return v;
  };
  if (buf.toString('latin1', 0, 4) !== 'NRDW') throw new Error(`${path}: not a .nardiw blob (no NRDW magic)`);
  at = 4;
  if (u32() !== 1) throw new Error(`${path}: unknown blob version`);
  const kind = u32();
  if (kind !== 0 && kind !== 2) throw new Error(`${path}: network kind ${kind} is not read here (0: MLP, 2: residual)`);
  const w = new Map<string, Tensor>();
  for (let n = u32(); n > 0; n--) {
    const len = u32();
    const name = buf.toString('utf8', at, at + len);
    at += len;
    const dims: number[] = [];
    for (let d = u32(); d > 0; d--) dims.push(u32());
    const count = dims.reduce((a, b) => a * b, 1);
    const data = new Float32Array(count);
    for (let i = 0; i < count; i++) data[i] = buf.readFloatLE(at + 4 * i);
    at += 4 * count;
    w.set(name, { dims, data });
  }
  return { kind, w };
}

const SCALE = 15;

/** The opponent's own point at the mover's point p (the heads are opposite: 24 <-> 12). */
const across = (p: number): number => ((p + 11) % 24) + 1;

/** A side's `n` checkers on column i: one or more, two or more, the count less 2, from `row`. */
function put(out: Float32Array, i: number, n: number, row: number): void {
  out[row * 25 + i] = 1 / SCALE;
  if (n >= 2) {
    out[(row + 1) * 25 + i] = 1 / SCALE;
    out[(row + 2) * 25 + i] = (n - 2) / SCALE;
  }
}

/** The inputs for the side to move, `me`, against `opp` (each in its own numbering). */
export function features(kind: 0 | 2, me: Checkers, opp: Checkers, out = new Float32Array(150)): Float32Array {
  out.fill(0);
  let mySquares = 0;
  let oppSquares = 0;
  let myPips = 0;
  let oppPips = 0;
  let myHome = 0;
  let oppHome = 0;
  for (let i = 0; i < 24; i++) {
    const p = 24 - i;
    const q = across(p);
    const mine = me[p]!;
    const theirs = opp[q]!;
    if (mine > 0) {
      put(out, i, mine, 0);
      mySquares++;
      myPips += mine * p;
      if (p <= 6) myHome += mine;
    }
    if (theirs > 0) {
      put(out, i, theirs, 3);
      oppSquares++;
      oppPips += theirs * q;
      if (q <= 6) oppHome += theirs;
    }
  }
  const scalars = [me[0]!, opp[0]!, kind === 0 ? mySquares : myPips, kind === 0 ? oppSquares : oppPips, 15 - myHome - me[0]!, 15 - oppHome - opp[0]!];
  for (let row = 0; row < 6; row++) out[row * 25 + 24] = scalars[row]! / SCALE;
  return out;
}

/** A network's layers laid out for evaluation, with buffers reused from one evaluation to the next. */
class Layers {
  private readonly board = new Float32Array(6 * 24);
  private readonly h = new Float32Array(8 * 24);
  private readonly y = new Float32Array(8 * 24);
  private readonly x: Float32Array;
  private readonly h1 = new Float32Array(64);
  private readonly h2 = new Float32Array(16);
  private readonly logits = new Float32Array(4);

  constructor(private readonly net: OutsideNet) {
    this.x = new Float32Array(net.kind === 0 ? 150 : 8 * 24 + 6);
    for (const [name, size] of [['trunk.0', this.x.length], ['trunk.3', 64], ['trunk.6', 16]] as const) {
      const dims = this.t(`${name}.weight`).dims;
      if (dims[1] !== size) throw new Error(`${name}: ${dims[1]} inputs, expected ${size}`);
    }
  }

  private t(name: string): Tensor {
    const t = this.net.w.get(name);
    if (!t) throw new Error(`the network has no tensor ${name}`);
    return t;
  }

  private linear(name: string, x: Float32Array, y: Float32Array, silu: boolean): void {
    const W = this.t(`${name}.weight`).data;
    const b = this.t(`${name}.bias`).data;
    const cols = x.length;
    for (let r = 0; r < y.length; r++) {
      let s = b[r]!;
      const o = r * cols;
      for (let c = 0; c < cols; c++) s += W[o + c]! * x[c]!;
      y[r] = silu ? s / (1 + Math.exp(-s)) : s;
    }
  }

  /** A 1-D convolution over 24 columns (zero padding `pad`, stride 1), added into or written to y. */
  private conv(name: string, x: Float32Array, cin: number, pad: number, y: Float32Array, add: boolean): void {
    const W = this.t(`${name}.weight`);
    const b = this.t(`${name}.bias`).data;
    const [cout, cin2, k] = W.dims as [number, number, number];
    if (cin2 !== cin) throw new Error(`${name}: ${cin2} input channels, given ${cin}`);
    const w = W.data;
    for (let o = 0; o < cout; o++) {
      for (let l = 0; l < 24; l++) {
        let s = b[o]!;
        const lo = Math.max(0, pad - l);
        const hi = Math.min(k, 24 + pad - l);
        for (let c = 0; c < cin; c++) {
          const wo = (o * cin + c) * k;
          const xo = c * 24 + l - pad;
          for (let j = lo; j < hi; j++) s += w[wo + j]! * x[xo + j]!;
        }
        y[o * 24 + l] = add ? y[o * 24 + l]! + s : s;
      }
    }
  }

  value(input: Float32Array): number {
    const x = this.x;
    if (this.net.kind === 0) {
      x.set(input);
    } else {
      const { board, h, y } = this;
      for (let r = 0; r < 6; r++) board.set(input.subarray(r * 25, r * 25 + 24), r * 24);
      this.conv('res_block.conv1', board, 6, 2, h, false);
      for (let i = 0; i < h.length; i++) if (h[i]! < 0) h[i] = 0;
      this.conv('res_block.conv2', h, 8, 2, y, false);
      this.conv('res_block.proj', board, 6, 0, y, true);
      let mean = 0;
      for (let i = 0; i < y.length; i++) {
        if (y[i]! < 0) y[i] = 0;
        mean += y[i]!;
      }
      mean /= y.length;
      let variance = 0;
      for (let i = 0; i < y.length; i++) variance += (y[i]! - mean) ** 2;
      variance /= y.length;
      const inv = 1 / Math.sqrt(variance + 1e-5);
      const g = this.t('norm.weight').data;
      const beta = this.t('norm.bias').data;
      for (let i = 0; i < y.length; i++) x[i] = Math.max(0, (y[i]! - mean) * inv * g[i]! + beta[i]!);
      for (let r = 0; r < 6; r++) x[y.length + r] = input[r * 25 + 24]!;
    }
    this.linear('trunk.0', x, this.h1, true);
    this.linear('trunk.3', this.h1, this.h2, true);
    const logits = this.logits;
    this.linear('trunk.6', this.h2, logits, false);
    const scores = this.t('scores').data;
    let top = -Infinity;
    for (const v of logits) top = Math.max(top, v);
    let total = 0;
    let value = 0;
    for (let i = 0; i < logits.length; i++) {
      const e = Math.exp(logits[i]! - top);
      total += e;
      value += e * scores[i]!;
    }
    return value / total;
  }
}

const layers = new WeakMap<OutsideNet, Layers>();

/** The side to move's equity (-2..2) by the outside network. */
export function outsideValue(net: OutsideNet, input: Float32Array): number {
  let l = layers.get(net);
  if (!l) layers.set(net, (l = new Layers(net)));
  return l.value(input);
}

/** The outside players play cubeless money games: they never double or resign, and take every double. */
abstract class CubelessPlayer implements BotPlayer {
  abstract readonly level: string;
  abstract choosePlay(game: GameState): Step[];

  wantsToDouble(): boolean {
    return false;
  }

  takes(): boolean {
    return true;
  }

  acceptsResignation(): boolean {
    return false;
  }
}

/**
 * The outside network as a player: greedy (its value after each play) or with its 1-ply
 * look-ahead (each play's value the average over the opponent's 21 rolls of the opponent's
 * best reply), the look-ahead on the `candidates` best plays by the greedy value.
 */
export class OutsidePlayer extends CubelessPlayer {
  evaluations = 0;

  constructor(
    readonly level: string,
    private readonly net: OutsideNet,
    private readonly lookahead: boolean,
    private readonly candidates = 8,
  ) {
    super();
  }

  private buf = new Float32Array(150);

  /** The side to move's equity in `p` (the game not over). */
  private value(p: Position): number {
    this.evaluations++;
    const { me, opp } = sidesOf(p);
    return outsideValue(this.net, features(this.net.kind, me, opp, this.buf));
  }

  /** The mover's equity after its play `after` (the turn passed), or null when that play did not end the game. */
  private static ended(after: Position): number | null {
    const { me: mover, opp: other } = sidesOf(after, otherSide(after.turn));
    if (mover[0] !== 15) return null;
    return other[0] === 0 ? 2 : 1;
  }

  /** The mover's equity after its play `after` with the opponent's reply over its 21 rolls. */
  private looked(after: Position, rules: Rules): number {
    let sum = 0;
    for (const { dice, weight } of ROLLS) {
      const replies = legalPlays(after, dice, rules);
      let worst = Infinity;
      if (replies.length === 0) worst = this.value({ ...after, turn: otherSide(after.turn) });
      for (const r of replies) {
        const end = OutsidePlayer.ended(r.position);
        worst = Math.min(worst, end !== null ? -end : this.value(r.position));
      }
      sum += weight * worst;
    }
    return sum / 36;
  }

  choosePlay(game: GameState): Step[] {
    const dice = game.dice;
    if (!dice) return [];
    const plays = legalPlays(game.position, dice, game.rules);
    if (plays.length <= 1) return plays[0] ? [...plays[0].moves] : [];
    const scored = plays.map((p) => {
      const end = OutsidePlayer.ended(p.position);
      return { p, end, v: end ?? -this.value(p.position) };
    });
    const win = scored.find((s) => s.end !== null);
    if (win) return [...win.p.moves];
    scored.sort((a, b) => b.v - a.v);
    if (!this.lookahead) return [...scored[0]!.p.moves];
    let best = scored[0]!;
    let bestV = -Infinity;
    for (const s of scored.slice(0, this.candidates)) {
      const v = this.looked(s.p.position, game.rules);
      if (v > bestV) {
        bestV = v;
        best = s;
      }
    }
    return [...best.p.moves];
  }
}

/** The app's 24 cells, row-major: White's path is row 0 then row 1 from column 0, Black's row 1 then row 0. */
export function cells(p: Position): number[] {
  const out = new Array<number>(24).fill(0);
  for (let pt = 1; pt <= 24; pt++) {
    const i = 24 - pt;
    if (p.white[pt]) out[i] = p.white[pt]!;
    if (p.black[pt]) out[(i + 12) % 24] = -p.black[pt]!;
  }
  return out;
}

/**
 * The app's own "Hard" player, its 1-ply look-ahead over every play, run by its engine
 * (scripts/outside/parity.cpp in "play" mode, built by scripts/outside/build-parity.sh): it
 * ranks the roll's plays by its rules, and the best of them that is also legal by ours is
 * played. Where none is (the rules differ), the greedy choice of `fallback` is played and
 * counted in `unmatched`.
 */
export class AppPlayer extends CubelessPlayer {
  moves = 0;
  unmatched = 0;
  private readonly fallback: OutsidePlayer;

  constructor(
    readonly level: string,
    private readonly bin: string,
    private readonly blob: string,
  ) {
    super();
    this.fallback = new OutsidePlayer(level, readNardiw(blob), false);
  }

  choosePlay(game: GameState): Step[] {
    const dice = game.dice;
    if (!dice) return [];
    const plays = legalPlays(game.position, dice, game.rules);
    if (plays.length <= 1) return plays[0] ? [...plays[0].moves] : [];
    this.moves++;
    const p = game.position;
    const line = `${p.turn === 'white' ? 0 : 1} ${cells(p).join(' ')} ${dice[0]} ${dice[1]}\n`;
    const run = spawnSync(this.bin, [this.blob, 'play'], { input: line, encoding: 'utf8' });
    if (run.status !== 0 || run.stdout.startsWith('error')) throw new Error(`${this.bin}: ${run.stderr || run.stdout}`);
    const nums = run.stdout.trim().split(/\s+/).map(Number);
    const byCells = new Map(plays.map((play) => [cells(play.position).join(' '), play]));
    for (let k = 0; k < nums[0]!; k++) {
      const board = nums.slice(1 + k * 25 + 1, 1 + k * 25 + 25).join(' ');
      const mine = byCells.get(board);
      if (mine) return [...mine.moves];
    }
    this.unmatched++;
    return this.fallback.choosePlay(game);
  }
}
