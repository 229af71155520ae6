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
import { shuffled } from './data.js';
import { Adam, Fitter } from './fit.js';
import { TdSelfPlay } from './td.js';

export interface WorkerInit {
  readonly variant: Variant;
  readonly shape: NetShape;
  readonly weights: SharedArrayBuffer;
  readonly rules?: unknown;
  /**
   * Supervised data: 52 bytes of board per sample (me then opp, 26 each) and its targets; with
   * `groups`, the samples of decision k are groups[k] .. groups[k + 1] - 1 (the plays of one
   * roll, seen by the side then to roll).
   */
  readonly data?: { readonly boards: SharedArrayBuffer; readonly targets: SharedArrayBuffer; readonly count: number; readonly groups?: SharedArrayBuffer };
  /** Supervised steps by Adam over minibatches of `batch` samples (each worker its own moments). */
  readonly adam?: { readonly batch: number };
}

export type Job =
  | { readonly kind: 'td'; readonly chunk: number; readonly games: number; readonly rate: number; readonly lambda: number; readonly seed: number }
  | { readonly kind: 'fit'; readonly chunk: number; readonly from: number; readonly to: number; readonly rate: number; readonly seed: number }
  /** Over decisions from .. to - 1 of grouped data; `pairWeight` weighs the loss on differences. */
  | { readonly kind: 'fit-groups'; readonly chunk: number; readonly from: number; readonly to: number; readonly rate: number; readonly seed: number; readonly pairWeight: number };

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
const fitter = new Fitter(net, enc, init.adam ? new Adam(net, init.adam.batch) : null);
const fitData = init.data ? { boards: new Int8Array(init.data.boards), targets: new Float32Array(init.data.targets) } : null;

function td(job: Extract<Job, { kind: 'td' }>): JobDone {
  const player = new TdSelfPlay(net, enc, rules, seededRandom(job.seed));
  let turns = 0;
  for (let g = 0; g < job.games; g++) turns += player.playGame(job.rate, job.lambda).turns;
  return { chunk: job.chunk, games: job.games, turns, samples: turns, loss: 0 };
}

function fit(job: Extract<Job, { kind: 'fit' }>): JobDone {
  const order = shuffled(job.from, job.to, seededRandom(job.seed));
  let loss = 0;
  for (let k = 0; k < order.length; k++) loss += fitter.sample(fitData!, order[k]!, job.rate);
  fitter.flush(job.rate);
  return { chunk: job.chunk, games: 0, turns: 0, samples: order.length, loss: loss / Math.max(1, order.length) };
}

/** Whole decisions of grouped data (Fitter.decision), in a random order. */
function fitGroups(job: Extract<Job, { kind: 'fit-groups' }>): JobDone {
  const groups = new Int32Array(init.data!.groups!);
  const order = shuffled(job.from, job.to, seededRandom(job.seed));
  let loss = 0;
  let samples = 0;
  for (let k = 0; k < order.length; k++) {
    const a = groups[order[k]!]!;
    const b = groups[order[k]! + 1]!;
    loss += fitter.decision(fitData!, a, b, job.rate, job.pairWeight);
    samples += b - a;
  }
  fitter.flush(job.rate);
  return { chunk: job.chunk, games: 0, turns: 0, samples, loss: loss / Math.max(1, samples) };
}

parentPort!.on('message', (job: Job) => {
  parentPort!.postMessage(job.kind === 'td' ? td(job) : job.kind === 'fit' ? fit(job) : fitGroups(job));
});
