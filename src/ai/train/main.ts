/**
 * Training the evaluation networks: npm run train -- --variant long|short [options]
 *
 *   --mode td        self-play TD(λ) (default)
 *   --mode fit       supervised on the outcomes in --data (one position id and its outcomes a
 *                    line, seen by the side to roll): GNU Backgammon's 0-ply outcomes (short
 *                    nardy, scripts/gnubg/make-training-data.sh), or the net's own look-ahead
 *                    (either game, scripts/lookahead-data.ts); --mode gnubg is the same
 *   --groups         (with --mode fit) the data holds whole decisions, each closed by a line
 *                    "#" (make-training-data.sh --groups --decisions, lookahead-data.ts --plays K):
 *                    each play also learns its equity relative to the other plays of its roll,
 *                    weighted by --pair-weight (default 1); the held-out score adds the error of
 *                    the plays' losses
 *   --hidden2 N      a second hidden layer of N units beside the first (with --init: the trained
 *                    net deepened, the new layer's output weights zero, so it starts out
 *                    evaluating exactly as that net)
 *   --adam           (with --mode fit) Adam over minibatches of --batch samples (default 128)
 *                    instead of one SGD step a sample; --rate is then Adam's step size
 *
 * Worker threads share the weights (Hogwild). Checkpoints go to --out (resume with --resume;
 * with --mode fit each epoch's net is also kept as <out>/epoch-N);
 * the strength log (against the frozen baseline and a random player) to <out>/log.jsonl and
 * stdout. --publish writes the result to assets/ai/<variant>.{bin,json}, which the bot loads.
 * With one worker a run is reproducible from its seed; with more, thread timing makes each run
 * differ a little.
 */
import { cpus } from 'node:os';
import { appendFileSync, copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import type { Worker } from 'node:worker_threads';
import type { Variant } from '../../engine/types.js';
import { seededRandom } from '../../sim/rng.js';
import { ENCODINGS } from '../encode.js';
import { Evaluator } from '../evaluator.js';
import { deepen, growNet, Net, type NetShape } from '../net.js';
import { equityOf } from '../outcomes.js';
import { ASSETS_DIR, loadWeights, readNet, saveWeights, WeightsError } from '../weights.js';
import { startWorker } from '../threads.js';
import { arena, baselinePicker, netPicker, randomPicker } from './arena.js';
import { readData, type Data } from './data.js';
import type { Job, JobDone, WorkerInit } from './worker.js';

class UsageError extends Error {}

function args(argv: string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (!a.startsWith('--')) throw new UsageError(`unexpected "${a}"`);
    const next = argv[i + 1];
    if (next === undefined || next.startsWith('--')) out.set(a.slice(2), 'true');
    else {
      out.set(a.slice(2), next);
      i++;
    }
  }
  return out;
}

const KNOWN = ['variant', 'mode', 'hidden', 'games', 'hours', 'workers', 'out', 'resume', 'init', 'seed', 'lambda', 'rate', 'rate-end', 'decay', 'eval-every', 'eval-pairs', 'checkpoint-every', 'data', 'epochs', 'publish', 'chunk', 'groups', 'pair-weight', 'adam', 'batch', 'hidden2'];

function num(a: Map<string, string>, name: string, fallback: number, min = -Infinity, max = Infinity): number {
  const v = a.get(name);
  if (v === undefined) return fallback;
  const n = Number(v);
  if (!Number.isFinite(n) || n < min || n > max) throw new UsageError(`--${name} must be a number from ${min} to ${max}, not "${v}"`);
  return n;
}

interface Options {
  variant: Variant;
  mode: 'td' | 'fit';
  hidden: number;
  hidden2: number;
  games: number;
  hours: number;
  workers: number;
  out: string;
  resume: boolean;
  init: string | null;
  seed: number;
  lambda: number;
  rate: number;
  rateEnd: number;
  decay: number;
  evalEvery: number;
  evalPairs: number;
  checkpointEvery: number;
  data: string | null;
  epochs: number;
  publish: boolean;
  chunk: number;
  groups: boolean;
  pairWeight: number;
  adam: boolean;
  batch: number;
}

function options(argv: string[]): Options {
  const a = args(argv);
  for (const k of a.keys()) if (!KNOWN.includes(k)) throw new UsageError(`unknown option --${k}`);
  const variant = a.get('variant');
  if (variant !== 'long' && variant !== 'short') throw new UsageError('--variant must be long or short');
  const named = a.get('mode') ?? 'td';
  if (named !== 'td' && named !== 'fit' && named !== 'gnubg') throw new UsageError('--mode must be td or fit (gnubg)');
  const mode = named === 'td' ? 'td' : 'fit';
  if (mode === 'fit' && !a.get('data')) throw new UsageError(`--mode ${named} needs --data FILE (scripts/gnubg/make-training-data.sh, scripts/lookahead-data.ts)`);
  if (mode === 'fit' && !existsSync(a.get('data')!)) throw new UsageError(`--data ${a.get('data')}: no such file (make it with scripts/gnubg/make-training-data.sh or scripts/lookahead-data.ts)`);
  if (a.has('groups') && mode !== 'fit') throw new UsageError('--groups goes with --mode fit');
  if (a.has('pair-weight') && !a.has('groups')) throw new UsageError('--pair-weight goes with --groups');
  if (a.has('adam') && mode !== 'fit') throw new UsageError('--adam goes with --mode fit');
  if (a.has('batch') && !a.has('adam')) throw new UsageError('--batch goes with --adam');
  const rate = num(a, 'rate', mode === 'td' ? 0.05 : 0.02, 0);
  // The rate falls from --rate to --rate-end; a floor above the start would raise it instead
  // (an Adam fine-tune at 3e-5 under the default floor of 0.002 trained at 0.002 and threw the net off).
  const rateEnd = num(a, 'rate-end', Math.min(rate, mode === 'td' ? 0.01 : 0.002), 0);
  if (rateEnd > rate) throw new UsageError('--rate-end must not exceed --rate (the rate falls from one to the other)');
  return {
    variant,
    mode,
    hidden: num(a, 'hidden', 128, 4, 1024),
    hidden2: num(a, 'hidden2', 0, 0, 1024),
    games: num(a, 'games', 1_000_000, 1),
    hours: num(a, 'hours', Infinity, 0),
    workers: num(a, 'workers', Math.min(2, cpus().length), 1, 64),
    out: a.get('out') ?? `train/${variant}-${mode}`,
    resume: a.has('resume'),
    init: a.get('init') ?? null,
    seed: num(a, 'seed', 1),
    lambda: num(a, 'lambda', 0.7, 0, 1),
    rate,
    rateEnd,
    decay: num(a, 'decay', mode === 'td' ? 200_000 : 3, 1),
    evalEvery: num(a, 'eval-every', 50_000, 1),
    evalPairs: num(a, 'eval-pairs', 250, 1),
    checkpointEvery: num(a, 'checkpoint-every', 20_000, 1),
    data: a.get('data') ?? null,
    epochs: num(a, 'epochs', 12, 1),
    publish: a.has('publish'),
    chunk: num(a, 'chunk', 500, 1),
    groups: a.has('groups'),
    pairWeight: num(a, 'pair-weight', 1, 0, 100),
    adam: a.has('adam'),
    batch: num(a, 'batch', 128, 1, 65536),
  };
}

interface Progress {
  games: number;
  chunks: number;
  epoch: number;
  elapsedMs: number;
}

function log(o: Options, entry: Record<string, unknown>): void {
  const line = JSON.stringify(entry);
  console.log(line);
  appendFileSync(`${o.out}/log.jsonl`, line + '\n');
}

function snapshot(net: Net): Net {
  const copy = new Net(net.shape);
  copy.params().set(net.params());
  return copy;
}

/**
 * The net against fixed opponents (the baseline, random play) and against the snapshot of the
 * previous evaluation, which shows whether it still improves once the baseline is beaten.
 */
function strength(o: Options, net: Net, seed: number, previous: Net | null = null): Record<string, unknown> {
  const ev = new Evaluator(snapshot(net), ENCODINGS[o.variant]);
  const t0 = performance.now();
  const base = arena(o.variant, netPicker(ev), baselinePicker, o.evalPairs, seed);
  const rand = arena(o.variant, netPicker(ev), randomPicker(seededRandom(seed)), Math.max(10, Math.round(o.evalPairs / 5)), seed + 1);
  const prev = previous ? arena(o.variant, netPicker(ev), netPicker(new Evaluator(previous, ENCODINGS[o.variant])), o.evalPairs, seed + 2) : null;
  return {
    vs_baseline: { win: base.winRate, ci95: base.ci95, ppg: base.ppg, games: base.games },
    vs_random: { win: rand.winRate, ppg: rand.ppg, games: rand.games },
    ...(prev ? { vs_previous: { win: prev.winRate, ci95: prev.ci95, ppg: prev.ppg, games: prev.games } } : {}),
    eval_s: +((performance.now() - t0) / 1000).toFixed(1),
  };
}

function startWorkers(o: Options, shape: NetShape, weights: SharedArrayBuffer, data?: WorkerInit['data']): Worker[] {
  const init: WorkerInit = { variant: o.variant, shape, weights, data, ...(o.adam ? { adam: { batch: o.batch } } : {}) };
  return Array.from({ length: o.workers }, () => startWorker(import.meta.url, 'worker', { workerData: init }));
}

function run(worker: Worker, job: Job): Promise<JobDone> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: JobDone): void => {
      worker.off('error', onError);
      resolve(m);
    };
    const onError = (e: Error): void => {
      worker.off('message', onMessage);
      reject(e);
    };
    worker.once('message', onMessage);
    worker.once('error', onError);
    worker.postMessage(job);
  });
}

/**
 * The --init weights, grown where the code's encoding appends inputs to theirs or --hidden asks
 * for more hidden units (growNet: the grown net starts out evaluating exactly as the one it comes
 * from).
 */
function grown(o: Options, inputs: number, outputs: number): Net {
  const base = o.init!;
  let deep = false;
  let sameInputs = false;
  // The manifest is checked before the bytes are read; readNet then checks their size and hash.
  const { net: from, manifest: m } = readNet(base, (m) => {
    if (m.variant !== o.variant || m.shape.outputs !== outputs || m.shape.inputs > inputs) throw new UsageError(`--init ${base}: ${m.variant} ${JSON.stringify(m.shape)} cannot grow into ${o.variant} ${inputs} inputs`);
    deep = (m.shape.hidden2 ?? 0) > 0;
    sameInputs = m.shape.inputs === inputs && m.encoding?.version === ENCODINGS[o.variant].version;
    if (deep && (!sameInputs || o.hidden > m.shape.hidden || (o.hidden2 > 0 && o.hidden2 !== m.shape.hidden2))) throw new UsageError(`--init ${base}: a net with a second hidden layer (${JSON.stringify(m.shape)}) cannot grow`);
  });
  const net = sameInputs && o.hidden <= m.shape.hidden ? from : growNet(from, inputs, Math.max(m.shape.hidden, o.hidden), seededRandom(o.seed));
  return o.hidden2 > 0 && !deep ? deepen(net, o.hidden2, seededRandom(o.seed + 1)) : net;
}

function prepare(o: Options): { net: Net; shared: SharedArrayBuffer; progress: Progress } {
  const enc = ENCODINGS[o.variant];
  let net: Net;
  let progress: Progress = { games: 0, chunks: 0, epoch: 0, elapsedMs: 0 };
  if (o.resume && existsSync(`${o.out}/checkpoint.json`)) {
    const w = loadWeights(`${o.out}/checkpoint`, o.variant);
    net = w.net;
    progress = { ...progress, ...((w.manifest.training.progress as Progress | undefined) ?? {}) };
    console.error(`resuming from ${o.out}/checkpoint: ${JSON.stringify(progress)}`);
  } else if (o.init) {
    net = grown(o, enc.inputs, enc.outputs);
    console.error(`starting from ${o.init} (${JSON.stringify(net.shape)})`);
  } else {
    net = new Net({ inputs: enc.inputs, hidden: o.hidden, ...(o.hidden2 > 0 ? { hidden2: o.hidden2 } : {}), outputs: enc.outputs });
    net.initRandom(seededRandom(o.seed));
  }
  // Only once the starting net is read: a bad --init or --resume leaves no output folder behind.
  mkdirSync(o.out, { recursive: true });
  const shared = new SharedArrayBuffer(Net.byteLength(net.shape));
  const sharedNet = new Net(net.shape, shared);
  sharedNet.params().set(net.params());
  return { net: sharedNet, shared, progress };
}

function training(o: Options, progress: Progress): Record<string, unknown> {
  const common = { trainer: o.mode === 'td' ? 'td-lambda self-play' : `supervised on ${o.data}`, seed: o.seed, workers: o.workers, rate: o.rate, rateEnd: o.rateEnd, decay: o.decay, ...(o.init ? { init: o.init } : {}) };
  return o.mode === 'td'
    ? { ...common, lambda: o.lambda, games: progress.games, progress }
    : { ...common, data: o.data, ...(o.groups ? { groups: true, pairWeight: o.pairWeight } : {}), ...(o.adam ? { optimizer: 'adam', batch: o.batch } : {}), epochs: progress.epoch, progress };
}

async function trainTd(o: Options): Promise<void> {
  const { net, shared, progress } = prepare(o);
  const workers = startWorkers(o, net.shape, shared);
  const started = performance.now() - progress.elapsedMs;
  const deadline = performance.now() + o.hours * 3_600_000;
  let nextEval = Math.ceil((progress.games + 1) / o.evalEvery) * o.evalEvery;
  let nextCheckpoint = progress.games + o.checkpointEvery;
  let stopping = false;
  const stop = (): void => {
    stopping = true;
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  let dispatched = progress.games;
  const startGames = progress.games;
  let turns = 0;
  let sinceLog = 0;
  let logT = performance.now();
  const rateAt = (g: number): number => Math.max(o.rateEnd, (o.rate * o.decay) / (o.decay + g));
  let previous: Net | null = null;
  const prevBase = `${o.out}/at-${Math.floor(progress.games / o.evalEvery) * o.evalEvery}`;
  if (existsSync(`${prevBase}.json`)) previous = loadWeights(prevBase, o.variant).net;
  else if (progress.games > 0) previous = snapshot(net);
  if (progress.games === 0) log(o, { games: 0, hours: 0, ...strength(o, net, 900_000) });
  const loop = async (w: Worker): Promise<void> => {
    while (!stopping && dispatched < o.games && performance.now() < deadline) {
      const games = Math.min(o.chunk, o.games - dispatched);
      const chunk = progress.chunks++;
      const job: Job = { kind: 'td', chunk, games, rate: rateAt(dispatched), lambda: o.lambda, seed: o.seed * 1_000_003 + chunk };
      dispatched += games;
      const done = await run(w, job);
      progress.games += done.games;
      turns += done.turns;
      sinceLog += done.games;
      progress.elapsedMs = performance.now() - started;
      if (progress.games >= nextCheckpoint) {
        nextCheckpoint += o.checkpointEvery;
        saveWeights(`${o.out}/checkpoint`, net, o.variant, training(o, progress));
      }
      if (progress.games >= nextEval) {
        nextEval += o.evalEvery;
        const hours = progress.elapsedMs / 3_600_000;
        const perHour = Math.round((sinceLog / (performance.now() - logT)) * 3_600_000);
        sinceLog = 0;
        logT = performance.now();
        const games = progress.games;
        log(o, { games, hours: +hours.toFixed(3), games_per_hour: perHour, turns_per_game: +(turns / Math.max(1, games - startGames)).toFixed(1), rate: +rateAt(games).toFixed(4), ...strength(o, net, 900_000, previous) });
        // Kept: each evaluation's weights, and the yardstick of the next one.
        previous = snapshot(net);
        saveWeights(`${o.out}/at-${games}`, previous, o.variant, training(o, progress));
      }
    }
  };
  await Promise.all(workers.map(loop));
  for (const w of workers) await w.terminate();
  const manifest = saveWeights(`${o.out}/checkpoint`, net, o.variant, training(o, progress));
  console.error(`saved ${o.out}/checkpoint after ${progress.games} games (${manifest.sha256.slice(0, 12)})`);
  finish(o, net, progress);
}

/**
 * The net on samples from .. to - 1: squared error of the outputs, mean absolute error of the
 * equity, and with `groups` (decisions gFrom .. gTo - 1) the mean absolute error of each play's
 * loss (the best play's equity minus its own, within its decision: what an analysis reports).
 */
function holdoutScore(net: Net, variant: Variant, data: Data, from: number, to: number, gFrom = 0, gTo = 0): { mse: number; equityMae: number; lossMae?: number } {
  const ev = new Evaluator(snapshot(net), ENCODINGS[variant]);
  const b = new Int8Array(data.boards);
  const t = new Float32Array(data.targets);
  const O = ENCODINGS[variant].outputs;
  const out = new Float32Array(O);
  const ours = new Float64Array(Math.max(0, to - from));
  const theirs = new Float64Array(ours.length);
  let se = 0;
  let mae = 0;
  for (let s = from; s < to; s++) {
    ev.evaluate(b, s * 52, b, s * 52 + 26, out);
    const target = t.subarray(s * O, s * O + O);
    for (let k = 0; k < O; k++) se += (out[k]! - target[k]!) ** 2;
    ours[s - from] = equityOf(variant, out);
    theirs[s - from] = equityOf(variant, target);
    mae += Math.abs(ours[s - from]! - theirs[s - from]!);
  }
  const n = Math.max(1, to - from);
  const score: { mse: number; equityMae: number; lossMae?: number } = { mse: +(se / n / O).toExponential(3), equityMae: +(mae / n).toFixed(5) };
  if (data.groups && gTo > gFrom) {
    const g = new Int32Array(data.groups);
    let lossErr = 0;
    let plays = 0;
    for (let k = gFrom; k < gTo; k++) {
      // The samples' equities are the side to roll's, the opponent of the player: its best play
      // leaves the lowest.
      let minO = Infinity;
      let minT = Infinity;
      for (let s = g[k]!; s < g[k + 1]!; s++) {
        minO = Math.min(minO, ours[s - from]!);
        minT = Math.min(minT, theirs[s - from]!);
      }
      for (let s = g[k]!; s < g[k + 1]!; s++) {
        lossErr += Math.abs(ours[s - from]! - minO - (theirs[s - from]! - minT));
        plays++;
      }
    }
    score.lossMae = +(lossErr / Math.max(1, plays)).toFixed(5);
  }
  return score;
}

async function trainGnubg(o: Options): Promise<void> {
  const t0 = performance.now();
  const data = readData(o.data!, o.variant, o.groups);
  console.error(`read ${data.count} positions${data.decisions ? ` of ${data.decisions} decisions` : ''} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  // Held out: the last 2% of the samples (at most 50,000), or of the decisions (at most 5,000).
  const heldDecisions = data.decisions ? Math.min(5_000, Math.floor(data.decisions * 0.02)) : 0;
  const trainGroups = (data.decisions ?? 0) - heldDecisions;
  const trainTo = data.groups ? new Int32Array(data.groups)[trainGroups]! : data.count - Math.min(50_000, Math.floor(data.count * 0.02));
  const held = (): ReturnType<typeof holdoutScore> => holdoutScore(net, o.variant, data, trainTo, data.count, trainGroups, data.decisions ?? 0);
  const { net, shared, progress } = prepare(o);
  const workers = startWorkers(o, net.shape, shared, data);
  const started = performance.now() - progress.elapsedMs;
  log(o, { epoch: progress.epoch, samples: trainTo, ...(data.decisions ? { decisions: trainGroups } : {}), holdout: held() });
  for (let epoch = progress.epoch; epoch < o.epochs; epoch++) {
    const rate = Math.max(o.rateEnd, (o.rate * o.decay) / (o.decay + epoch));
    const units = data.groups ? trainGroups : trainTo;
    const per = Math.ceil(units / workers.length);
    const done = await Promise.all(
      workers.map((w, i) => {
        const job = { chunk: epoch * workers.length + i, from: i * per, to: Math.min(units, (i + 1) * per), rate, seed: o.seed * 7919 + epoch * 131 + i };
        return run(w, data.groups ? { kind: 'fit-groups', ...job, pairWeight: o.pairWeight } : { kind: 'fit', ...job });
      }),
    );
    progress.epoch = epoch + 1;
    progress.elapsedMs = performance.now() - started;
    saveWeights(`${o.out}/checkpoint`, net, o.variant, training(o, progress));
    // Each epoch's net is kept too (<out>/epoch-N), to measure and publish the best of them.
    for (const ext of ['bin', 'json']) copyFileSync(`${o.out}/checkpoint.${ext}`, `${o.out}/epoch-${progress.epoch}.${ext}`);
    const loss = done.reduce((s, d) => s + d.loss * d.samples, 0) / done.reduce((s, d) => s + d.samples, 0);
    const evalNow = epoch + 1 === o.epochs || (epoch + 1) % 4 === 0;
    log(o, {
      epoch: epoch + 1,
      hours: +(progress.elapsedMs / 3_600_000).toFixed(3),
      rate: +rate.toFixed(5),
      train_sq_error: +(loss / ENCODINGS[o.variant].outputs).toExponential(3),
      holdout: held(),
      ...(evalNow ? strength(o, net, 900_000) : {}),
    });
  }
  for (const w of workers) await w.terminate();
  finish(o, net, progress);
}

function finish(o: Options, net: Net, progress: Progress): void {
  if (!o.publish) return;
  saveWeights(`${ASSETS_DIR}${o.variant}`, net, o.variant, training(o, progress));
  if (existsSync(`${o.out}/log.jsonl`)) copyFileSync(`${o.out}/log.jsonl`, `${ASSETS_DIR}${o.variant}-log.jsonl`);
  console.error(`published assets/ai/${o.variant}.{bin,json}`);
}

async function main(): Promise<number> {
  let o: Options;
  try {
    o = options(process.argv.slice(2));
  } catch (e) {
    if (e instanceof UsageError) {
      console.error(`error: ${e.message}\nusage: npm run train -- --variant long|short [--mode td|fit] [--games N] [--hours H] [--workers N] [--hidden N] [--hidden2 N] [--out DIR] [--resume] [--init BASE] [--seed S] [--lambda L] [--rate R] [--rate-end R] [--decay N] [--eval-every N] [--eval-pairs N] [--checkpoint-every N] [--data FILE] [--groups] [--pair-weight W] [--adam] [--batch N] [--epochs N] [--publish]`);
      return 2;
    }
    throw e;
  }
  try {
    if (o.mode === 'td') await trainTd(o);
    else await trainGnubg(o);
  } catch (e) {
    // Weights that cannot be read or grown: thrown before any worker starts, so nothing runs on.
    if (e instanceof UsageError || e instanceof WeightsError) {
      console.error(`error: ${e.message}`);
      return 1;
    }
    throw e;
  }
  return 0;
}

process.exitCode = await main();
