/**
 * How well long nardy's net judges races: positions without contact (every checker of each side
 * past all of the other's; race.ts), not yet both bearing off (the bear-off table values those),
 * met in the net's own self-play games (src/ai/train/races.ts: its best 0-ply play, the equity
 * blurred by noise 0.03 so that the games vary; one position a game, drawn at random among its
 * races), each valued by the net at 0 ply (with --race, by that race network instead) and by
 * games played out from it (Search.rollout: both sides the main net's best 0-ply play, the first
 * roll of game i the i-th of the 36). Prints the mean difference (judged less played out) and
 * its root mean square for each output (win, win by mars, loss by mars; also with the played-out
 * games' own sampling variance taken out) and for the equity, and the worst positions.
 *
 *   npm run -s bench:race [-- --positions 150 --games 1296 --seed 2 [--weights BASE] [--race BASE|none]]
 *
 * --weights: the main net (default assets/ai/long); --race: a race network to judge the races
 * instead (scripts/race-data.ts and `npm run train -- --mode fit` make one; default none).
 *
 * In a race the two sides no longer meet, so the games played out by the net's own plays are
 * near the truth (a race's plays matter little), and what the net gets wrong shows.
 */
import { equityOf } from '../src/ai/outcomes.js';
import { playersSearch } from '../src/ai/player.js';
import { loadBundled, loadWeights } from '../src/ai/weights.js';
import { racesEvaluator, selfPlayRaces, type RacePosition } from '../src/ai/train/races.js';
import { DEFAULT_RULES } from '../src/engine/rules.js';
import { seededRandom } from '../src/sim/rng.js';

const USAGE = 'usage: npm run -s bench:race [-- --positions N --games N --seed S --weights BASE --race BASE|none]';
const opts = new Map<string, string>();
{
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i += 2) {
    const k = argv[i]!;
    const v = argv[i + 1];
    if (!['--positions', '--games', '--seed', '--weights', '--race'].includes(k) || v === undefined || v.startsWith('--')) {
      console.error(`error: bad argument "${k}"\n${USAGE}`);
      process.exit(2);
    }
    opts.set(k.slice(2), v);
  }
}
const POSITIONS = Number(opts.get('positions') ?? 150);
const GAMES = Number(opts.get('games') ?? 1296);
const SEED = Number(opts.get('seed') ?? 2);
if (![POSITIONS, GAMES, SEED].every((n) => Number.isSafeInteger(n) && n >= 1) || GAMES < 144) {
  console.error(`error: --positions and --seed must be whole numbers ≥ 1, --games one ≥ 144\n${USAGE}`);
  process.exit(2);
}

const variant = 'long';
let net;
let race;
try {
  net = opts.has('weights') ? loadWeights(opts.get('weights')!, variant).net : loadBundled(variant).net;
  const r = opts.get('race');
  race = r === undefined || r === 'none' ? null : loadWeights(r, variant).net;
} catch (e) {
  console.error(`error: ${(e as Error).message}`);
  process.exit(1);
}
/** The judgement measured, and the main net alone playing the games out. */
const judge = playersSearch(variant, net, undefined, race);
const playout = playersSearch(variant, net, undefined, null);
const random = seededRandom(SEED);
const selfPlay = racesEvaluator(net);
const sample: RacePosition[] = [];
while (sample.length < POSITIONS) {
  const races = selfPlayRaces(selfPlay, random);
  if (races.length > 0) sample.push(races[Math.floor(random() * races.length)]!);
}

const t0 = performance.now();
const sum = [0, 0, 0];
const sq = [0, 0, 0];
const sampling = [0, 0, 0];
let eqSum = 0;
let eqSq = 0;
const rows: Array<{ pips: [number, number]; off: [number, number]; net: number[]; played: number[]; eq: number }> = [];
for (const [k, { me, opp }] of sample.entries()) {
  const p0 = judge.preRoll(me, opp, 0, DEFAULT_RULES);
  const { probs, games } = playout.rollout(me, opp, DEFAULT_RULES, seededRandom(SEED * 100_003 + k), GAMES);
  for (let j = 0; j < 3; j++) {
    const d = p0[j]! - probs[j]!;
    sum[j]! += d;
    sq[j]! += d * d;
    sampling[j]! += (probs[j]! * (1 - probs[j]!)) / games;
  }
  const eq = equityOf(variant, p0) - equityOf(variant, probs);
  eqSum += eq;
  eqSq += eq * eq;
  let pm = 0;
  let po = 0;
  for (let p = 1; p <= 24; p++) {
    pm += me[p]! * p;
    po += opp[p]! * p;
  }
  rows.push({ pips: [pm, po], off: [me[0]!, opp[0]!], net: Array.from(p0, (v) => +v.toFixed(3)), played: Array.from(probs, (v) => +v.toFixed(3)), eq: +eq.toFixed(3) });
}
const N = sample.length;
const r4 = (v: number): number => +v.toFixed(4);
const outputs = ['win', 'winMars', 'loseMars'];
console.log(
  JSON.stringify({
    positions: N,
    gamesEach: GAMES,
    seed: SEED,
    race: race === null ? 'none' : opts.get('race'),
    meanDiff: Object.fromEntries(outputs.map((o, j) => [o, r4(sum[j]! / N)])),
    rms: Object.fromEntries(outputs.map((o, j) => [o, r4(Math.sqrt(sq[j]! / N))])),
    rmsLessSampling: Object.fromEntries(outputs.map((o, j) => [o, r4(Math.sqrt(Math.max(0, sq[j]! - sampling[j]!) / N))])),
    equity: { meanDiff: r4(eqSum / N), rms: r4(Math.sqrt(eqSq / N)) },
    seconds: +((performance.now() - t0) / 1000).toFixed(1),
  }),
);
console.log('the worst by equity (the side on roll first):');
for (const row of rows.sort((a, b) => Math.abs(b.eq) - Math.abs(a.eq)).slice(0, 5)) console.log(JSON.stringify(row));
