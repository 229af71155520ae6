/**
 * Training data from the net's own look-ahead (distillation): self-play games by the bundled net
 * (its best 0-ply play, its equity blurred by --noise so that the games vary), and for each
 * position met, with the side to roll, the net's 1-ply outcomes: the mean over the 21 rolls of the
 * best 0-ply play's (Search.preRoll at 1 ply). One line a position, "<position id> p1 .. pO", seen
 * by the side to roll: the format `npm run train -- --mode fit --data FILE` reads
 * (src/ai/train/data.ts). Positions where both sides bear off are left out (the bear-off table
 * values them exactly, the net is never asked).
 *
 * With --plays K, whole decisions instead: at each roll, the K best plays by 0 ply (the
 * alternatives the player compares, most of which its games never reach), each play's position
 * with the opponent then to roll and that side's 1-ply outcomes, a line "#" closing each decision
 * (grouped data: `--mode fit --groups` also learns the plays' equities relative to each other).
 *
 *   npx tsx scripts/lookahead-data.ts --variant long --games 2000 --seed 1 --out train/la-1.txt
 *     [--weights BASE] [--noise 0.03] [--plays K]
 *
 * Run one process a core with different seeds and concatenate the files. The dice come from a
 * seeded generator: training data, not a game anyone plays.
 */
import { appendFileSync, writeFileSync } from 'node:fs';
import { allHome } from '../src/ai/bearoff.js';
import { ENCODINGS } from '../src/ai/encode.js';
import { Evaluator } from '../src/ai/evaluator.js';
import { equityOf } from '../src/ai/outcomes.js';
import { playersSearch } from '../src/ai/player.js';
import { loadBundled, loadWeights } from '../src/ai/weights.js';
import { Generator } from '../src/engine/fast.js';
import { positionId, startPosition } from '../src/engine/position.js';
import { DEFAULT_RULES } from '../src/engine/rules.js';
import { otherSide, type Dice, type Die, type Side, type Variant } from '../src/engine/types.js';
import { seededRandom } from '../src/sim/rng.js';

function usage(message: string): never {
  console.error(`error: ${message}\nusage: npx tsx scripts/lookahead-data.ts --variant long|short --games N --seed S --out FILE [--weights BASE] [--noise X] [--plays K]`);
  process.exit(2);
}

const argv = process.argv.slice(2);
const opt = new Map<string, string>();
for (let i = 0; i < argv.length; i += 2) {
  const k = argv[i]!;
  const v = argv[i + 1];
  if (!k.startsWith('--') || v === undefined) usage(`bad argument "${k}"`);
  if (!['variant', 'games', 'seed', 'out', 'weights', 'noise', 'plays'].includes(k.slice(2))) usage(`unknown option ${k}`);
  opt.set(k.slice(2), v);
}
const variant = opt.get('variant') as Variant;
if (variant !== 'long' && variant !== 'short') usage('--variant must be long or short');
const games = Number(opt.get('games') ?? NaN);
const seed = Number(opt.get('seed') ?? 1);
const noise = Number(opt.get('noise') ?? 0.03);
const out = opt.get('out');
const plays = Number(opt.get('plays') ?? 0);
if (!Number.isInteger(plays) || plays < 0 || plays === 1) usage('--plays must be 0 (positions along the games) or a whole number ≥ 2');
if (!Number.isInteger(games) || games < 1) usage('--games must be a whole number ≥ 1');
if (!Number.isFinite(seed) || !Number.isFinite(noise) || noise < 0) usage('--seed and --noise must be numbers (noise ≥ 0)');
if (!out) usage('--out FILE is needed');

const net = opt.get('weights') ? loadWeights(opt.get('weights')!, variant).net : loadBundled(variant).net;
const search = playersSearch(variant, net);
const ev = new Evaluator(net, ENCODINGS[variant]);
const random = seededRandom(seed);
const gen = new Generator();
const O = ENCODINGS[variant].outputs;
const y = new Float32Array(O);
const die = (): Die => (1 + Math.floor(random() * 6)) as Die;
const gauss = (): number => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
/** Both sides bearing off: the bear-off table values it exactly, the net is never asked. */
const bothHome = (a: ArrayLike<number>, b: ArrayLike<number>): boolean => allHome(a, 0) && allHome(b, 0);
/** A data line: the position with `turn` to roll (`me` its checkers), and its outcomes for that side at 1 ply. */
function line(turn: Side, me: ArrayLike<number>, opp: ArrayLike<number>): string {
  const [white, black] = turn === 'white' ? [me, opp] : [opp, me];
  const id = positionId({ variant, turn, white: Array.from(white), black: Array.from(black) });
  return `${id} ${Array.from(search.preRoll(me, opp, 1, DEFAULT_RULES), (v) => v.toFixed(5)).join(' ')}\n`;
}

writeFileSync(out, '');
const t0 = performance.now();
let positions = 0;
for (let g = 0; g < games; g++) {
  const start = startPosition(variant);
  const sides: Record<Side, Int8Array> = { white: new Int8Array(start.white), black: new Int8Array(start.black) };
  let a = die();
  let b = die();
  while (a === b) [a, b] = [die(), die()];
  let turn: Side = a > b ? 'white' : 'black';
  let dice: Dice = [a, b];
  let lines = '';
  for (let t = 0; t < 3000; t++) {
    const me = sides[turn];
    const opp = sides[otherSide(turn)];
    // The position before this roll (the first roll's is the start, which every game shares).
    if (plays === 0 && t > 0 && !bothHome(me, opp)) {
      lines += line(turn, me, opp);
      positions++;
    }
    const n = gen.generate(variant, me, opp, dice, DEFAULT_RULES);
    let best = -Infinity;
    let pick = gen.result[0]!;
    const ranked: Array<{ i: number; eq: number }> = [];
    for (let k = 0; k < n; k++) {
      const i = gen.result[k]!;
      ev.afterPlay(gen.pool.me, i * 26, gen.pool.opp, i * 26, y);
      const eq0 = equityOf(variant, y);
      if (plays > 0) ranked.push({ i, eq: eq0 });
      const eq = eq0 + noise * gauss();
      if (eq > best) {
        best = eq;
        pick = i;
      }
    }
    if (plays > 0 && n >= 2) {
      // The decision's best plays, each seen by the opponent then to roll (none that wins now,
      // nor a bear-off of both sides: nothing for the net to learn there).
      ranked.sort((x, z) => z.eq - x.eq);
      let group = '';
      let kept = 0;
      for (const { i } of ranked.slice(0, plays)) {
        const mine = gen.pool.me.slice(i * 26, i * 26 + 26);
        const theirs = gen.pool.opp.slice(i * 26, i * 26 + 26);
        if (mine[0] === 15 || bothHome(mine, theirs)) continue;
        group += line(otherSide(turn), theirs, mine);
        kept++;
      }
      if (kept >= 2) {
        lines += group + '#\n';
        positions += kept;
      }
    }
    me.set(gen.pool.me.subarray(pick * 26, pick * 26 + 26));
    opp.set(gen.pool.opp.subarray(pick * 26, pick * 26 + 26));
    if (me[0] === 15) break;
    turn = otherSide(turn);
    dice = [die(), die()];
  }
  appendFileSync(out, lines);
  if ((g + 1) % 50 === 0) console.error(`${g + 1} games, ${positions} positions, ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}
console.error(`done: ${games} games, ${positions} positions in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
