/**
 * The problem bank: npm run puzzles:make -- --variant short|long [--count 2000] [--seed 1]
 *   [--out assets/puzzles/<variant>.json.gz] [--minutes M]
 * or, to join banks made with other seeds: npm run puzzles:make -- --merge A.json.gz B.json.gz --out OUT
 *
 * Positions come from the bot's own self-play (medium against medium: a noisy greedy player, so
 * the games reach positions both sound and unsound). For each roll with at least three distinct
 * plays, a one-roll-ahead search (hard's first layer) ranks the plays; a position becomes a
 * problem when
 *   - the best play beats the second by at least MIN_GAP (0.04 of a point) at that search,
 *   - a wrong play tempts: at a glance (the network alone, 0-ply, no noise) it looks at least as
 *     good as the best, less TEMPT_SLACK,
 *   - a deeper search (wider, longer, two rolls ahead on the best six) agrees on the best
 *     play with a gap of at least DEEP_GAP, every answer shown looked at as deep as the best.
 * Each problem keeps three or four answers (the best, the tempting one, the next best) with the
 * deeper search's equities, its themes (src/puzzles/facts.ts) and a starting rating from how much
 * the wrong play tempts and how small the gap is. The bank is gzip'd JSON (src/puzzles/bank.ts).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { createPlayer, LEVELS, Player, type LevelConfig } from '../../src/ai/player.js';
import { loadBrains } from '../../src/ai/player.js';
import { formatPlay } from '../../src/engine/notation.js';
import { positionId, startPosition } from '../../src/engine/position.js';
import { defaultRules } from '../../src/engine/rules.js';
import type { Dice, Die, Position, Side, Variant } from '../../src/engine/types.js';
import { seededRandom } from '../../src/sim/rng.js';
import { BANK_SCHEMA, parseBank, type Problem } from '../../src/puzzles/bank.js';
import { themesOf } from '../../src/puzzles/facts.js';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1]! : fallback;
}
// --merge A B ... --out OUT: one bank of the problems of several (made with other seeds), the
// same position and roll kept once, numbered again.
const mergeAt = process.argv.indexOf('--merge');
if (mergeAt >= 0) {
  const files = process.argv.slice(mergeAt + 1).filter((x, i, all) => !x.startsWith('--') && all[i - 1] !== '--out');
  const banks = files.map((f) => parseBank(JSON.parse(gunzipSync(readFileSync(f)).toString('utf8'))));
  const v = banks[0]?.variant;
  if (!v || banks.some((b) => b.variant !== v)) {
    console.error('--merge needs banks of one game');
    process.exit(2);
  }
  const seenAt = new Set<string>();
  const merged: Problem[] = [];
  for (const b of banks) {
    for (const p of b.problems) {
      const k = `${p.position}:${p.dice.join('')}`;
      if (seenAt.has(k)) continue;
      seenAt.add(k);
      merged.push({ ...p, id: `${v[0]}${merged.length + 1}` });
    }
  }
  const out = arg('--out', `assets/puzzles/${v}.json.gz`);
  const bank = parseBank({ schema: BANK_SCHEMA, variant: v, made: { merged: banks.map((b) => JSON.stringify(b.made)).join(' + ') }, problems: merged });
  writeFileSync(out, gzipSync(JSON.stringify(bank)));
  console.log(JSON.stringify({ variant: v, problems: bank.problems.length, from: files, out }));
  process.exit(0);
}
const variant = arg('--variant', '') as Variant;
if (variant !== 'short' && variant !== 'long') {
  console.error('usage: npm run puzzles:make -- --variant short|long [--count N] [--seed S] [--out FILE] [--minutes M]');
  process.exit(2);
}
const COUNT = Number(arg('--count', '2000'));
const SEED = Number(arg('--seed', '1'));
const OUT = arg('--out', `assets/puzzles/${variant}.json.gz`);
const MINUTES = Number(arg('--minutes', '0'));
if (!Number.isSafeInteger(COUNT) || COUNT < 1 || !Number.isSafeInteger(SEED) || !(MINUTES >= 0)) {
  console.error('--count and --seed are whole numbers, --minutes a number of minutes (0: no limit)');
  process.exit(2);
}

export const MIN_GAP = 0.04;
export const DEEP_GAP = 0.035;
export const TEMPT_SLACK = 0.03;

const rules = defaultRules(variant);
const brains = loadBrains();
const random = seededRandom(SEED);
const glance: LevelConfig = { ...LEVELS.medium, search: { ...LEVELS.medium.search, noise: 0 } };
const mover = createPlayer('medium', seededRandom(SEED * 7919));
const atGlance = new Player('medium', brains, seededRandom(1), glance);
// The search that finds problems: one roll ahead on the best few (hard's first layer, without its
// second look); the deeper search then checks each: wider, and two rolls ahead on more candidates.
const finder = new Player('hard', brains, seededRandom(2), { ...LEVELS.hard, search: { noise: 0, plies: 1, candidates: 5, within: 0.16, zeroWeight: 0.35, budgetMs: 120 } });
const deepConfig: LevelConfig = {
  ...LEVELS.hard,
  search: { noise: 0, plies: 1, candidates: 10, within: 0.24, zeroWeight: 0.35, budgetMs: 700, deepCandidates: 6, deepWithin: 0.24, deepBudgetMs: 1400 },
};
const deep = new Player('hard', brains, seededRandom(3), deepConfig);

const die = (): Die => (1 + Math.floor(random() * 6)) as Die;
const keyOf = (me: ArrayLike<number>, opp: ArrayLike<number>): string => `${Array.from(me).join(',')}|${Array.from(opp).join(',')}`;

function nextPosition(p: Position, me: ArrayLike<number>, opp: ArrayLike<number>): Position {
  const other: Side = p.turn === 'white' ? 'black' : 'white';
  return p.turn === 'white' ? { variant, turn: other, white: Array.from(me), black: Array.from(opp) } : { variant, turn: other, white: Array.from(opp), black: Array.from(me) };
}

const problems: Problem[] = [];
const seen = new Set<string>();
let looked = 0;
const started = Date.now();
const deadline = MINUTES > 0 ? started + MINUTES * 60_000 : Infinity;

function consider(p: Position, dice: Dice): void {
  const id = `${positionId(p)}:${Math.max(...dice)}${Math.min(...dice)}`;
  if (seen.has(id)) return;
  seen.add(id);
  const ranked = finder.rank(p, dice, rules);
  if (ranked.length < 3) return;
  looked++;
  const [best, second] = ranked as [(typeof ranked)[0], (typeof ranked)[0]];
  if (best.equity - second.equity < MIN_GAP) return;
  // What looks best at a glance, among the wrong plays.
  const glanced = atGlance.rank(p, dice, rules);
  const bestKey = keyOf(best.me, best.opp);
  const glanceOf = new Map(glanced.map((c) => [keyOf(c.me, c.opp), c.equity]));
  const lure = glanced.find((c) => keyOf(c.me, c.opp) !== bestKey);
  if (!lure) return;
  const lead = lure.equity - (glanceOf.get(bestKey) ?? -Infinity);
  if (lead < -TEMPT_SLACK) return;
  // The deeper search: the same best, a clear gap, the answers as deep as the best.
  const d = deep.rank(p, dice, rules);
  const dBest = d[0]!;
  if (keyOf(dBest.me, dBest.opp) !== bestKey) return;
  const deepOf = new Map(d.map((c) => [keyOf(c.me, c.opp), c]));
  const tempting = deepOf.get(keyOf(lure.me, lure.opp));
  if (!tempting || tempting.ply !== dBest.ply) return;
  const sameDepth = d.filter((c) => c.ply === dBest.ply);
  if (sameDepth.length < 3 || dBest.equity - sameDepth[1]!.equity < DEEP_GAP) return;
  const others = sameDepth.slice(1).filter((c) => c !== tempting).slice(0, 2);
  const shown = [dBest, ...[tempting, ...others].sort((a, b) => b.equity - a.equity)];
  const answers = shown.map((c) => ({ play: formatPlay(c.moves), equity: Math.round(c.equity * 10000) / 10000 }));
  const gap = dBest.equity - tempting.equity;
  // Harder when the wrong play looks better at a glance and the gap is small.
  const rating = Math.round(Math.min(2300, Math.max(900, 1400 + 3500 * Math.min(0.12, Math.max(-0.03, lead)) + 1500 * Math.max(0, 0.2 - gap))));
  problems.push({
    id: `${variant[0]}${problems.length + 1}`,
    variant,
    position: positionId(p),
    dice: [Math.max(...dice), Math.min(...dice)] as [Die, Die],
    themes: themesOf(p, dBest.moves, tempting.moves),
    answers,
    tempting: shown.indexOf(tempting),
    rating,
  });
}

outer: for (let game = 0; problems.length < COUNT; game++) {
  let p = startPosition(variant, game % 2 === 0 ? 'white' : 'black');
  for (let turn = 0; turn < 400; turn++) {
    if (Date.now() > deadline) break outer;
    const dice: Dice = [die(), die()];
    // Every position after the first two rolls (the openings repeat).
    if (turn > 1) consider(p, dice);
    if (problems.length >= COUNT) break outer;
    const ranked = mover.rank(p, dice, rules);
    if (ranked.length === 0) {
      p = { ...p, turn: p.turn === 'white' ? 'black' : 'white' };
      continue;
    }
    const c = ranked[0]!;
    if (c.me[0] === 15) break;
    p = nextPosition(p, c.me, c.opp);
  }
  if (game % 10 === 0) console.error(`game ${game}: ${problems.length} problems of ${looked} positions looked at, ${Math.round((Date.now() - started) / 1000)} s`);
}

const bank = parseBank({ schema: BANK_SCHEMA, variant, made: { seed: SEED, looked, minGap: MIN_GAP, deepGap: DEEP_GAP, temptSlack: TEMPT_SLACK, seconds: Math.round((Date.now() - started) / 1000), date: new Date().toISOString().slice(0, 10) }, problems });
writeFileSync(OUT, gzipSync(JSON.stringify(bank)));
const themes: Record<string, number> = {};
for (const pr of bank.problems) for (const t of pr.themes) themes[t] = (themes[t] ?? 0) + 1;
console.log(JSON.stringify({ variant, problems: bank.problems.length, looked, seconds: Math.round((Date.now() - started) / 1000), themes, out: OUT }));
