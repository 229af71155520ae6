/**
 * Training data for long nardy's race network: races met in the main net's self-play games
 * (src/ai/train/races.ts; up to --per-game of each game's, drawn at random), each valued by games
 * played out from it (Search.rollout: both sides the main net's best 0-ply play, the first roll
 * of game i the i-th of the 36). One line a position, "<position id> w wm lm" seen by the side
 * to roll: the format `npm run train -- --variant long --mode fit --data FILE` reads.
 *
 *   npx tsx scripts/race-data.ts --positions 6000 --games 288 --seed 1 --out train/race-1.txt
 *     [--per-game 6] [--weights BASE]
 *
 * Run one process a core with different seeds and join the files. The dice come from a seeded
 * generator: training data, not a game anyone plays.
 */
import { appendFileSync, writeFileSync } from 'node:fs';
import { playersSearch } from '../src/ai/player.js';
import { racesEvaluator, selfPlayRaces } from '../src/ai/train/races.js';
import { loadBundled, loadWeights } from '../src/ai/weights.js';
import { positionId } from '../src/engine/position.js';
import { DEFAULT_RULES } from '../src/engine/rules.js';
import { seededRandom } from '../src/sim/rng.js';

const USAGE = 'usage: npx tsx scripts/race-data.ts --positions N --games N --seed S --out FILE [--per-game K] [--weights BASE]';
function usage(message: string): never {
  console.error(`error: ${message}\n${USAGE}`);
  process.exit(2);
}
const opt = new Map<string, string>();
{
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i += 2) {
    const k = argv[i]!;
    const v = argv[i + 1];
    if (!k.startsWith('--') || v === undefined || v.startsWith('--')) usage(`bad argument "${k}"`);
    if (!['positions', 'games', 'seed', 'out', 'per-game', 'weights'].includes(k.slice(2))) usage(`unknown option ${k}`);
    opt.set(k.slice(2), v);
  }
}
const positions = Number(opt.get('positions') ?? NaN);
const games = Number(opt.get('games') ?? 288);
const seed = Number(opt.get('seed') ?? 1);
const perGame = Number(opt.get('per-game') ?? 6);
const out = opt.get('out');
if (![positions, games, seed, perGame].every((n) => Number.isSafeInteger(n) && n >= 1)) usage('--positions, --games, --seed and --per-game must be whole numbers ≥ 1');
if (games < 144) usage('--games must be at least 144');
if (!out) usage('--out FILE is needed');

let net;
try {
  net = opt.has('weights') ? loadWeights(opt.get('weights')!, 'long').net : loadBundled('long').net;
} catch (e) {
  console.error(`error: ${(e as Error).message}`);
  process.exit(1);
}
// The main net alone plays the games out (no race net): the targets must not lean on what they train.
const search = playersSearch('long', net, undefined, null);
const random = seededRandom(seed);
const selfPlay = racesEvaluator(net);
writeFileSync(out, '');
const t0 = performance.now();
let written = 0;
while (written < positions) {
  const races = selfPlayRaces(selfPlay, random);
  // Up to perGame of them, drawn without repeats.
  for (let k = 0; k < perGame && races.length > 0 && written < positions; k++) {
    const [{ turn, me, opp }] = races.splice(Math.floor(random() * races.length), 1) as [(typeof races)[number]];
    const { probs } = search.rollout(me, opp, DEFAULT_RULES, random, games);
    const [white, black] = turn === 'white' ? [me, opp] : [opp, me];
    appendFileSync(out, `${positionId({ variant: 'long', turn, white, black })} ${Array.from(probs, (v) => v.toFixed(5)).join(' ')}\n`);
    written++;
    if (written % 500 === 0) console.error(`${written} positions, ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  }
}
console.error(`done: ${written} positions in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
