/**
 * The problem bank: npm run puzzles:make -- --variant short|long [--count 2000] [--seed 1]
 *   [--out assets/puzzles/<variant>.json.gz] [--minutes M] [--cube]
 * or, to join banks made with other seeds: npm run puzzles:make -- --merge A.json.gz B.json.gz --out OUT
 *
 * With --cube (short nardy): cube problems instead, for a money game, before the roll: the side
 * on roll with the cube in the middle (or its own at 2) is asked for the cube action. A one-roll-
 * ahead cube analysis (hard's) ranks the four answers (cubeAnswerErrors); a position becomes a
 * problem when the doubler has at least 60% to win, the best answer beats the next by at least
 * MIN_GAP and by no more than CUBE_WITHIN (a decision players can get wrong), and a two-rolls-
 * ahead analysis everywhere (gnubg's 2-ply cubeful evaluation) agrees with a gap of at least
 * DEEP_GAP. The tempting answer is the one the network's outcomes and the cube formula alone
 * (0-ply) give, when it is wrong; else the next best. No answer is the best of more than 30% of
 * the problems.
 *
 * Positions come from the bot's own self-play (medium against medium: a noisy greedy player, so
 * the games reach positions both sound and unsound). For each roll with at least three distinct
 * plays, a one-roll-ahead search (hard's first layer) ranks the plays; a position becomes a
 * problem (src/puzzles/maker.ts, shared with the reviews of games whose players agreed) when
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
import { createPlayer, LEVELS, loadBrains, Player } from '../../src/ai/player.js';
import { positionId, startPosition } from '../../src/engine/position.js';
import { defaultRules } from '../../src/engine/rules.js';
import type { Dice, Die, Position, Side, Variant } from '../../src/engine/types.js';
import { seededRandom } from '../../src/sim/rng.js';
import { BANK_SCHEMA, CUBE_ANSWERS, cubeAnswerErrors, parseBank, type CubeAnswer, type CubeEquities, type Problem } from '../../src/puzzles/bank.js';
import { themesOf } from '../../src/puzzles/facts.js';
import { DEEP_GAP, MIN_GAP, ProblemMaker, TEMPT_SLACK } from '../../src/puzzles/maker.js';
import { matchAt, type MatchState } from '../../src/engine/match.js';

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
      const k = `${p.position}:${p.dice ? p.dice.join('') : `cube${p.cube?.value}${p.cube?.owner ?? ''}`}`;
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
const CUBE = process.argv.includes('--cube');
if (CUBE && variant !== 'short') {
  console.error('--cube: cube problems are of short nardy');
  process.exit(2);
}
if (!Number.isSafeInteger(COUNT) || COUNT < 1 || !Number.isSafeInteger(SEED) || !(MINUTES >= 0)) {
  console.error('--count and --seed are whole numbers, --minutes a number of minutes (0: no limit)');
  process.exit(2);
}

/** Cube problems: the best answer's lead over the next at most this (else the decision is obvious). */
export const CUBE_WITHIN = 0.3;

const rules = defaultRules(variant);
const brains = loadBrains();
const random = seededRandom(SEED);
const maker = new ProblemMaker(brains);
// The games: medium against medium (a noisy greedy player), so they reach sound and unsound positions.
const mover = createPlayer('medium', seededRandom(SEED * 7919));

const die = (): Die => (1 + Math.floor(random() * 6)) as Die;

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
  const draft = maker.make(p, dice, undefined, () => looked++);
  if (draft) problems.push({ id: `${variant[0]}${problems.length + 1}`, ...draft });
}

const cubeRules = { ...rules, cube: true };
const cubeFinder = new Player('hard', brains, seededRandom(4), { ...LEVELS.hard, cubePlies: 1 });
const cubeGlance = new Player('hard', brains, seededRandom(5), { ...LEVELS.hard, cubePlies: 0 });
const cubeDeep = new Player('hard', brains, seededRandom(6), { ...LEVELS.hard, cubePlies: 2, cubeDeepWithin: Infinity, cubeDeepBudgetMs: Infinity });
const perAnswer = new Map<CubeAnswer, number>();

/** A money game's state before the roll of the side on turn, with the cube in the middle or that side's. */
function beforeRoll(p: Position, owned: boolean): MatchState {
  return matchAt(p, { length: 0, score: [0, 0], crawford: false, cube: { value: owned ? 2 : 1, owner: owned ? p.turn : null } }, cubeRules, 'roll');
}

/** The four answers ranked by what each gets wrong: best first. */
function rankCube(e: CubeEquities): Array<{ answer: CubeAnswer; error: number }> {
  const errors = cubeAnswerErrors(e);
  return CUBE_ANSWERS.map((answer) => ({ answer, error: errors[answer] })).sort((a, b) => a.error - b.error);
}

/** Whether it made a problem of the position. */
function considerCube(p: Position): boolean {
  const owned = random() < 0.3;
  const id = `${positionId(p)}:${owned ? 'own' : 'mid'}`;
  if (seen.has(id)) return false;
  seen.add(id);
  const match = beforeRoll(p, owned);
  const glance = cubeGlance.cubeDecision(match, true);
  if (glance.situation.probs[0]! < 0.6) return false;
  looked++;
  const first = rankCube(cubeFinder.cubeDecision(match, true).equities);
  const gap = first[1]!.error - first[0]!.error;
  if (gap < MIN_GAP || gap > CUBE_WITHIN) return false;
  if ((perAnswer.get(first[0]!.answer) ?? 0) >= Math.ceil(COUNT * 0.3)) return false;
  const deepDecision = cubeDeep.cubeDecision(match, true);
  const ranked = rankCube(deepDecision.equities);
  if (ranked[0]!.answer !== first[0]!.answer || ranked[1]!.error - ranked[0]!.error < DEEP_GAP) return false;
  const e = deepDecision.equities;
  const proper = Math.max(e.noDouble, Math.min(e.doubleTake, e.doublePass));
  const atGlanceBest = rankCube(glance.equities)[0]!.answer;
  const tempting = atGlanceBest !== ranked[0]!.answer ? ranked.findIndex((r) => r.answer === atGlanceBest) : 1;
  const dGap = ranked[1]!.error - ranked[0]!.error;
  const probs = deepDecision.situation.probs;
  perAnswer.set(ranked[0]!.answer, (perAnswer.get(ranked[0]!.answer) ?? 0) + 1);
  problems.push({
    id: `${variant[0]}${problems.length + 1}`,
    variant,
    kind: 'cube',
    position: positionId(p),
    dice: null,
    cube: { value: owned ? 2 : 1, owner: owned ? 'me' : null, win: round4(probs[0]!), winGammon: round4(probs[1]!), loseGammon: round4(probs[3]!) },
    themes: ['cube', ...themesOf(p, [], []).filter((t) => t === 'bear-off' || t === 'race' || t === 'back-game')],
    answers: ranked.map((r) => ({ play: r.answer, equity: round4(proper - r.error) })),
    tempting,
    rating: Math.round(Math.min(2300, Math.max(900, 1350 + (atGlanceBest !== ranked[0]!.answer ? 250 : 0) + 1500 * Math.max(0, 0.2 - dGap)))),
  });
  return true;
}
const round4 = (x: number): number => Math.round(x * 10000) / 10000;

outer: for (let game = 0; problems.length < COUNT; game++) {
  let p = startPosition(variant, game % 2 === 0 ? 'white' : 'black');
  // Cube problems: none of the next few turns of a game after one (they would be much alike).
  let quietUntil = 0;
  for (let turn = 0; turn < 400; turn++) {
    if (Date.now() > deadline) break outer;
    const dice: Dice = [die(), die()];
    // Every position after the first two rolls (the openings repeat).
    if (turn > 1) {
      if (CUBE) {
        if (turn >= quietUntil && considerCube(p)) quietUntil = turn + 10;
      } else consider(p, dice);
    }
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

const bank = parseBank({ schema: BANK_SCHEMA, variant, made: { seed: SEED, looked, ...(CUBE ? { cube: 'money', cubeWithin: CUBE_WITHIN } : {}), minGap: MIN_GAP, deepGap: DEEP_GAP, temptSlack: TEMPT_SLACK, seconds: Math.round((Date.now() - started) / 1000), date: new Date().toISOString().slice(0, 10) }, problems });
writeFileSync(OUT, gzipSync(JSON.stringify(bank)));
const themes: Record<string, number> = {};
for (const pr of bank.problems) for (const t of pr.themes) themes[t] = (themes[t] ?? 0) + 1;
console.log(JSON.stringify({ variant, problems: bank.problems.length, looked, seconds: Math.round((Date.now() - started) / 1000), themes, out: OUT }));
