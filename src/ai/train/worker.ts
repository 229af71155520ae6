/**
 * A training worker thread. The weights live in a SharedArrayBuffer that every worker updates
 * in place (lock-free "Hogwild" SGD). Jobs: play and learn from self-play games (TD), or take
 * gradient steps over a slice of a shared data set (supervised on GNU Backgammon's outcomes).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { parseRules } from '../../engine/rules.js';
import type { Variant } from '../../engine/types.js';
import { seededRandom } from '../../sim/rng.js';
import { ENCODINGS } from '../encode.js';
import { Net, type NetShape } from '../net.js';
import { TdSelfPlay } from './td.js';

export interface WorkerInit {
  readonly variant: Variant;
  readonly shape: NetShape;
  readonly weights: SharedArrayBuffer;
  readonly rules?: unknown;
  /** Supervised data: 52 bytes of board per sample (me then opp, 26 each) and its targets. */
  readonly data?: { readonly boards: SharedArrayBuffer; readonly targets: SharedArrayBuffer; readonly count: number };
}

export type Job =
  | { readonly kind: 'td'; readonly chunk: number; readonly games: number; readonly rate: number; readonly lambda: number; readonly seed: number }
  | { readonly kind: 'fit'; readonly chunk: number; readonly from: number; readonly to: number; readonly rate: number; readonly seed: number };

export interface JobDone {
  readonly chunk: number;
  readonly games: number;
  readonly turns: number;
  readonly samples: number;
  readonly loss: number;
}

const init = workerData as WorkerInit;
const enc = ENCODINGS[init.variant];
const net = new Net(init.shape, init.weights);
const rules = parseRules(init.rules ?? null);
const x = new Float32Array(enc.inputs);
const idx = new Int32Array(enc.inputs);
const scratch = net.scratch();

function td(job: Extract<Job, { kind: 'td' }>): JobDone {
  const player = new TdSelfPlay(net, enc, rules, seededRandom(job.seed));
  let turns = 0;
  for (let g = 0; g < job.games; g++) turns += player.playGame(job.rate, job.lambda).turns;
  return { chunk: job.chunk, games: job.games, turns, samples: turns, loss: 0 };
}

function fit(job: Extract<Job, { kind: 'fit' }>): JobDone {
  const data = init.data!;
  const boards = new Int8Array(data.boards);
  const targets = new Float32Array(data.targets);
  const O = enc.outputs;
  const random = seededRandom(job.seed);
  // Visit the slice in a random order.
  const n = job.to - job.from;
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = job.from + i;
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const t = order[i]!;
    order[i] = order[j]!;
    order[j] = t;
  }
  let loss = 0;
  for (let k = 0; k < n; k++) {
    const s = order[k]!;
    const m = enc.encode(boards, s * 52, boards, s * 52 + 26, x, idx);
    const y = net.forward(x, idx, m, scratch);
    const t = targets.subarray(s * O, s * O + O);
    for (let o = 0; o < O; o++) loss += (y[o]! - t[o]!) ** 2;
    net.step(x, idx, m, scratch, t, job.rate);
  }
  return { chunk: job.chunk, games: 0, turns: 0, samples: n, loss: loss / Math.max(1, n) };
}

parentPort!.on('message', (job: Job) => {
  parentPort!.postMessage(job.kind === 'td' ? td(job) : fit(job));
});
