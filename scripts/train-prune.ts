/**
 * Trains short nardy's pruning net (search.ts: the small net that picks, among all of a roll's
 * plays at the look-ahead's inner layers, the few that the full net then values):
 *
 *   npx tsx scripts/train-prune.ts [--games 3000] [--seed 1] [--hidden 32] [--epochs 6]
 *                                  [--rate 0.003] [--pair 1] [--out assets/ai/short-prune]
 *
 * The data: self-play games of the bundled short net (greedy, one play in ten at random for
 * variety); at every decision, each legal play's position (the opponent to roll) with the full
 * net's outcomes as the target. The net is fitted on whole decisions (fit.ts, Fitter.decision):
 * cross-entropy towards the full net plus a term on each play's equity relative to the roll's
 * other plays, since only the order within a roll matters to the pruning. A tenth of the games'
 * decisions are held out; after each epoch the script prints, on them, how often the full net's
 * best play is among the pruning net's best K and what picking the best of those K by the full
 * net loses on average (thousandths of equity), for K = 1 to 8.
 */
import { allHome } from '../src/ai/bearoff.js';
import { PRUNE_ENCODINGS, SHORT_ENCODING } from '../src/ai/encode.js';
import { Evaluator } from '../src/ai/evaluator.js';
import { Net } from '../src/ai/net.js';
import { equityOf } from '../src/ai/outcomes.js';
import { Adam, Fitter, type FitData } from '../src/ai/train/fit.js';
import { playArenaGame, type Picker } from '../src/ai/train/arena.js';
import { shuffled } from '../src/ai/train/data.js';
import { loadBundled, savePruneWeights } from '../src/ai/weights.js';
import { Generator } from '../src/engine/fast.js';
import { seededRandom } from '../src/sim/rng.js';

function arg(name: string, dflt: string): string {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return dflt;
  const v = process.argv[i + 1];
  if (v === undefined || v.startsWith('--')) throw new Error(`--${name} needs a value`);
  return v;
}
function num(name: string, dflt: number): number {
  const v = Number(arg(name, String(dflt)));
  if (!Number.isFinite(v) || v < 0) throw new Error(`--${name} must be a non-negative number`);
  return v;
}

const GAMES = num('games', 3000);
const SEED = num('seed', 1);
const HIDDEN = num('hidden', 32);
const EPOCHS = num('epochs', 6);
const RATE = num('rate', 0.003);
const PAIR = num('pair', 1);
const OUT = arg('out', 'assets/ai/short-prune');
const enc = PRUNE_ENCODINGS.short!;
if (HIDDEN % 4 !== 0 || HIDDEN === 0) throw new Error('--hidden must be a positive multiple of 4');

// ---- data ----------------------------------------------------------------------------------
const full = new Evaluator(loadBundled('short').net, SHORT_ENCODING);
let capacity = 1 << 18;
let boards = new Int8Array(capacity * 52);
let targets = new Float32Array(capacity * 5);
let samples = 0;
const starts: number[] = [0];
const out = new Float32Array(5);
const random = seededRandom(SEED * 7919 + 1);

function push(a: Int8Array, ao: number, b: Int8Array, bo: number, t: Float32Array): void {
  if (samples === capacity) {
    capacity *= 2;
    const nb = new Int8Array(capacity * 52);
    nb.set(boards);
    boards = nb;
    const nt = new Float32Array(capacity * 5);
    nt.set(targets);
    targets = nt;
  }
  boards.set(a.subarray(ao, ao + 26), samples * 52);
  boards.set(b.subarray(bo, bo + 26), samples * 52 + 26);
  targets.set(t, samples * 5);
  samples++;
}

const recorder: Picker = (gen: Generator, n: number) => {
  const pool = gen.pool;
  let best = Infinity;
  let pick = gen.result[0]!;
  let recorded = 0;
  for (let k = 0; k < n; k++) {
    const i = gen.result[k]!;
    const o = i * 26;
    // The opponent is to roll after the play: its outcomes are what the inner layers compare.
    full.evaluate(pool.opp, o, pool.me, o, out);
    const eq = equityOf('short', out);
    if (eq < best) {
      best = eq;
      pick = i;
    }
    // Finished games and bear-offs are worked out exactly, never asked of a net.
    if (n > 1 && pool.me[o] !== 15 && !(allHome(pool.me, o) && allHome(pool.opp, o))) {
      push(pool.opp, o, pool.me, o, out);
      recorded++;
    }
  }
  if (recorded > 0) {
    if (recorded === 1) samples--;
    else starts.push(samples);
  }
  return random() < 0.1 ? gen.result[Math.floor(random() * n)]! : pick;
};

const t0 = performance.now();
const gen = new Generator();
for (let g = 0; g < GAMES; g++) playArenaGame('short', recorder, recorder, SEED * 1_000_003 + g, undefined, gen);
const decisions = starts.length - 1;
console.log(JSON.stringify({ games: GAMES, decisions, samples, dataSeconds: Math.round((performance.now() - t0) / 1000) }));

const data: FitData = { boards: boards.subarray(0, samples * 52), targets: targets.subarray(0, samples * 5) };
const heldOut = Math.floor(decisions / 10);
const trainFrom = heldOut; // decisions 0 .. heldOut - 1 are held out

// ---- the held-out check ------------------------------------------------------------------
const K = 8;
function check(net: Net): { top: number[]; loss: number[]; meanPlays: number } {
  const ev = new Evaluator(net, enc, { bearoff: false });
  const inTop = new Array<number>(K).fill(0);
  const loss = new Array<number>(K).fill(0);
  let plays = 0;
  const p = new Float32Array(5);
  for (let d = 0; d < heldOut; d++) {
    const a = starts[d]!;
    const b = starts[d + 1]!;
    plays += b - a;
    const rows: Array<{ prune: number; full: number }> = [];
    for (let s = a; s < b; s++) {
      ev.evaluate(data.boards, s * 52, data.boards, s * 52 + 26, p);
      rows.push({ prune: equityOf('short', p), full: equityOf('short', data.targets.subarray(s * 5, s * 5 + 5)) });
    }
    const bestFull = Math.min(...rows.map((r) => r.full));
    rows.sort((x, y) => x.prune - y.prune);
    let seen = Infinity;
    for (let k = 0; k < K; k++) {
      if (k < rows.length) seen = Math.min(seen, rows[k]!.full);
      if (seen === bestFull) inTop[k]!++;
      loss[k]! += seen - bestFull;
    }
  }
  return { top: inTop.map((x) => +(x / heldOut).toFixed(4)), loss: loss.map((x) => +((1000 * x) / heldOut).toFixed(3)), meanPlays: +(plays / heldOut).toFixed(1) };
}

// ---- training ----------------------------------------------------------------------------
const net = new Net({ inputs: enc.inputs, hidden: HIDDEN, outputs: 5 });
net.initRandom(seededRandom(SEED));
const adam = new Adam(net, 128, 200);
const fitter = new Fitter(net, enc, adam);
const order = seededRandom(SEED + 17);
let bestLoss = Infinity;
let bestParams: Float32Array | null = null;
let bestEpoch = 0;
for (let epoch = 1; epoch <= EPOCHS; epoch++) {
  const t1 = performance.now();
  const rate = RATE * (epoch <= EPOCHS / 2 ? 1 : 0.3);
  let se = 0;
  for (const d of shuffled(trainFrom, decisions, order)) se += fitter.decision(data, starts[d]!, starts[d + 1]!, rate, PAIR);
  fitter.flush(rate);
  const c = check(net);
  console.log(JSON.stringify({ epoch, rate, trainError: +(se / (samples - starts[trainFrom]!)).toFixed(5), seconds: Math.round((performance.now() - t1) / 1000), ...c }));
  const score = c.loss[3]!;
  if (score < bestLoss) {
    bestLoss = score;
    bestParams = Float32Array.from(net.params());
    bestEpoch = epoch;
  }
}
net.params().set(bestParams!);
const manifest = savePruneWeights(OUT, net, 'short', {
  trainer: 'scripts/train-prune.ts: fitted to the bundled short net on whole decisions',
  command: process.argv.slice(2).join(' '),
  games: GAMES,
  seed: SEED,
  decisions,
  samples,
  epochs: EPOCHS,
  published: `epoch ${bestEpoch} (the lowest held-out loss with the best 4 plays kept)`,
  rate: RATE,
  pairWeight: PAIR,
});
console.log(JSON.stringify({ saved: OUT, sha256: manifest.sha256, bestEpoch }));
