/**
 * Strength: npm run -s bench:strength [-- options]
 *
 * Short nardy against GNU Backgammon (when /usr/games/gnubg is installed): cubeless money games,
 * gnubg at 0-ply with the noise of its named levels, our level as its external player
 * (nardy gnubg-external), gnubg's dice from fixed seeds, and gnubg's 0-ply analysis of every
 * game for our error rate per unforced move (thousandths of a point, gnubg's scale).
 * Both games in-process: each level against the frozen baseline, and the strongest level
 * against every other, in pairs of games on the same dice with seats swapped.
 *
 * Options: --games N (games per gnubg pairing, default 1000), --procs P (gnubg processes at
 * once, default 2), --pairs N (pairs per in-process pairing, default 100), --only gnubg|long|short,
 * --pairing name (one gnubg pairing: easy-beginner, medium-intermediate, hard-expert, expert-expert,
 * hard-worldclass: gnubg at 2 plies),
 * --match a_vs_b[,c_vs_d] (only these in-process pairings, e.g. hard_vs_baseline, hard_vs_medium),
 * --no-analyse, --analysis-plies N (gnubg's analysis of the games against it at N plies, default 0),
 * --noise X / --plies P (override our level's search, for tuning), --seed S,
 * --outside DIR (instead of the rest: long nardy against the LongNardi app's networks read from
 * its checkout DIR, bench/outside.ts; --outside-player NET:greedy|lookahead, default
 * vzg0:lookahead, its "Hard"; --outside-candidates K, the plays looked at, default 8; --level L,
 * default hard, or a setting as in bench/settings.ts (`medium/noise=0`: our net greedy);
 * --pairs N; --outside-bin FILE plays its look-ahead through its own engine,
 * scripts/outside/build-parity.sh),
 * --ab A,B (instead of the rest: two search settings against each other in-process, in pairs of
 * games on the same dice with seats swapped, --variant long|short (default long), --pairs N;
 * settings as in bench/settings.ts, e.g. `--ab hard,hard/within=0.16`),
 * --weights BASE (with --outside or --ab: our player, or A, plays on the net at BASE.{bin,json},
 * e.g. a training run's train/long-td/checkpoint, instead of assets/ai), --weights-b BASE (B's, with --ab),
 * --race BASE (long nardy, with --outside or --ab: our player, or A, asks the race network at BASE
 * in races, src/ai/race.ts; on assets/ai/long unless --weights names another main net).
 * Prints one JSON object.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BaselinePlayer } from '../src/ai/baseline.js';
import { ENCODINGS } from '../src/ai/encode.js';
import { Evaluator } from '../src/ai/evaluator.js';
import { Brains, createPlayer, DISTINCT_LEVELS, Player, type BotPlayer, type Level } from '../src/ai/player.js';
import { Search } from '../src/ai/search.js';
import { loadBundled, loadWeights } from '../src/ai/weights.js';
import { apply, newGame, parseRules, SeededDice, type GameState, type Variant } from '../src/engine/index.js';
import { freePort } from '../test/setup/redis.js';
import { startExternal } from './external.js';
import { AppPlayer, OutsidePlayer, readNardiw } from './outside.js';
import { parseSetting, type Setting } from './settings.js';
import { GNUBG, gnubgHome } from './gnubg.js';

// A bad option or a missing net ends the run with its message on one line (the stack too with NARDY_DEBUG=1).
process.on('uncaughtException', (e) => {
  console.error(process.env.NARDY_DEBUG === '1' ? e : `error: ${e.message}`);
  process.exit(1);
});

const argv = process.argv.slice(2);
const opt = (name: string, fallback: string | null = null): string | null => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? (argv[i + 1] ?? null) : fallback;
};
const GAMES = Number(opt('games', '1000'));
const PROCS = Number(opt('procs', '2'));
const PAIRS = Number(opt('pairs', '100'));
const ONLY = opt('only');
const SEED = Number(opt('seed', '1'));
const ANALYSE = !argv.includes('--no-analyse');
/** The depth of gnubg's analysis of the games against it (0, or 2 for its world-class analysis). */
const ANALYSIS_PLIES = Number(opt('analysis-plies') ?? '0');
const MATCH = opt('match');
gnubgHome();

interface Rate {
  games: number;
  win: number;
  ci95: number;
  ppg: number;
}

function rate(wins: number, games: number, points: number): Rate {
  const p = wins / games;
  return { games, win: +p.toFixed(4), ci95: +(1.96 * Math.sqrt((p * (1 - p)) / games)).toFixed(4), ppg: +(points / games).toFixed(3) };
}

// ---- against gnubg -----------------------------------------------------------------------------

/** Our level against gnubg at a noise and a depth: 0-ply (its named levels) or 2-ply, "world class" (pruned, as gnubg's own world-class setting). */
const PAIRINGS: Record<string, { level: Level; noise: number; plies?: number }> = {
  'easy-beginner': { level: 'easy', noise: 0.06 },
  'medium-intermediate': { level: 'medium', noise: 0.04 },
  'hard-expert': { level: 'hard', noise: 0 },
  'expert-expert': { level: 'expert', noise: 0 },
  'hard-worldclass': { level: 'hard', noise: 0, plies: 2 },
};

async function gnubgPairing(name: string): Promise<Record<string, unknown>> {
  const { level, noise, plies = 0 } = PAIRINGS[name]!;
  const dir = mkdtempSync(join(tmpdir(), 'nardy-strength-'));
  const per = Math.ceil(GAMES / PROCS);
  const extra = [...(opt('noise') !== null ? ['--noise', opt('noise')!] : []), ...(opt('plies') !== null ? ['--plies', opt('plies')!] : [])];
  const t0 = performance.now();
  const runs = await Promise.all(
    Array.from({ length: PROCS }, async (_, i) => {
      const port = await freePort();
      const ext = await startExternal(port, level, SEED * 100 + i, extra);
      const out = join(dir, `r${i}.jsonl`);
      const env = { ...process.env, NARDY_PORT: String(port), NARDY_GAMES: String(per), NARDY_SEED: String(SEED * 1000 + i), NARDY_NOISE: String(noise), NARDY_PLIES: String(plies), NARDY_ANALYSE: ANALYSE ? '1' : '0', NARDY_ANALYSIS_PLIES: String(ANALYSIS_PLIES), NARDY_OUT: out };
      const g = spawn(GNUBG, ['-t', '-q', '-r', '-p', 'scripts/gnubg/play-external.py'], { env, stdio: 'ignore' });
      await new Promise((r) => g.once('exit', r));
      ext.kill('SIGTERM');
      return existsSync(out) ? readFileSync(out, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as { winner: string; points: number; bot?: { error: number; unforced: number }; gnubg?: { error: number; unforced: number } }) : [];
    }),
  );
  rmSync(dir, { recursive: true, force: true });
  const games = runs.flat();
  let wins = 0;
  let points = 0;
  const err = { bot: 0, botMoves: 0, gnubg: 0, gnubgMoves: 0 };
  for (const g of games) {
    if (g.winner === 'bot') {
      wins++;
      points += g.points;
    } else points -= g.points;
    if (g.bot && g.gnubg) {
      err.bot += g.bot.error;
      err.botMoves += g.bot.unforced;
      err.gnubg += g.gnubg.error;
      err.gnubgMoves += g.gnubg.unforced;
    }
  }
  return {
    ours: level,
    gnubg: plies ? `${plies}-ply (world class), noise ${noise}` : `0-ply, noise ${noise}`,
    ...rate(wins, games.length, points),
    ...(ANALYSE && err.botMoves ? { analysis_plies: ANALYSIS_PLIES, our_error_per_move: +((1000 * err.bot) / err.botMoves).toFixed(2), gnubg_error_per_move: +((1000 * err.gnubg) / err.gnubgMoves).toFixed(2) } : {}),
    minutes: +((performance.now() - t0) / 60_000).toFixed(1),
  };
}

// ---- in-process ---------------------------------------------------------------------------------

function playGame(variant: Variant, white: BotPlayer, black: BotPlayer, seed: number): { winner: 'white' | 'black'; points: number } {
  const dice = new SeededDice(seed);
  let g: GameState = newGame(variant, { rules: parseRules({ cube: false }) });
  for (let i = 0; i < 5000 && g.phase !== 'over'; i++) {
    const side = g.position.turn;
    if (g.phase === 'move') g = apply(g, { type: 'play', moves: (side === 'white' ? white : black).choosePlay(g) }, side);
    else g = apply(g, { type: 'roll', dice: dice.roll(g.rolls) }, side);
  }
  return { winner: g.result!.winner!, points: g.result!.multiplier };
}

function versus(variant: Variant, a: BotPlayer, b: BotPlayer, pairs: number, seed: number): Rate & { minutes: number } {
  const t0 = performance.now();
  let wins = 0;
  let points = 0;
  for (let k = 0; k < pairs; k++) {
    for (const aWhite of [true, false]) {
      const r = playGame(variant, aWhite ? a : b, aWhite ? b : a, seed + k);
      const aWon = (r.winner === 'white') === aWhite;
      wins += aWon ? 1 : 0;
      points += aWon ? r.points : -r.points;
    }
  }
  return { ...rate(wins, pairs * 2, points), minutes: +((performance.now() - t0) / 60_000).toFixed(1) };
}

function inProcess(variant: Variant): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const baseline = new BaselinePlayer();
  const player = (level: Level, i: number): BotPlayer => createPlayer(level, seededFor(level, i));
  const wanted = (name: string): boolean => !MATCH || MATCH.split(',').includes(name);
  for (const level of DISTINCT_LEVELS) if (wanted(`${level}_vs_baseline`)) out[`${level}_vs_baseline`] = versus(variant, player(level, 1), baseline, PAIRS, SEED * 7919);
  const strongest: Level = DISTINCT_LEVELS[DISTINCT_LEVELS.length - 1]!;
  for (const level of DISTINCT_LEVELS) if (level !== strongest && wanted(`${strongest}_vs_${level}`)) out[`${strongest}_vs_${level}`] = versus(variant, player(strongest, 2), player(level, 3), PAIRS, SEED * 104729);
  return out;
}

function seededFor(level: Level, i: number): () => number {
  let s = (SEED * 2654435761 + i * 97 + level.length * 13) >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The searches on the net at `base` (--weights) instead of assets/ai, with long nardy's race
 * network at `race` (--race) where one is named; undefined with neither.
 */
function brainsAt(base: string | null, variant: Variant, race: string | null = null): Brains | undefined {
  if (base === null && race === null) return undefined;
  // Both checked here, before any game.
  const net = base === null ? loadBundled(variant).net : loadWeights(base, variant).net;
  const raceNet = race === null ? null : loadWeights(race, variant).net;
  return new Brains(() => new Search(new Evaluator(net, ENCODINGS[variant], { race: raceNet })), () => null);
}

const result: Record<string, unknown> = {};
const OUTSIDE = opt('outside');
const AB = opt('ab');
const WEIGHTS = opt('weights');
const WEIGHTS_B = opt('weights-b');
const RACE = opt('race');
if (RACE !== null && AB === null && OUTSIDE === null) throw new Error('--race goes with --outside or --ab');
if (WEIGHTS_B !== null && AB === null) throw new Error('--weights-b goes with --ab');
if (WEIGHTS !== null && AB === null && OUTSIDE === null) throw new Error('--weights goes with --outside or --ab');
if (OUTSIDE !== null) {
  // Long nardy against the LongNardi app's network (bench/outside.ts), read from its checkout.
  const spec = opt('outside-player', 'vzg0:lookahead')!;
  const [netName, how] = spec.split(':');
  if (!netName || (how !== 'greedy' && how !== 'lookahead')) throw new Error('--outside-player must be NET:greedy or NET:lookahead (NET: mlp, vzg0, res2)');
  const level = opt('level', 'hard')!;
  const setting = parseSetting(level);
  const candidates = Number(opt('outside-candidates', '8'));
  if (!Number.isInteger(candidates) || candidates < 1) throw new Error('--outside-candidates must be a whole number ≥ 1');
  const blob = join(OUTSIDE, 'ios/Nardi/Resources', `${netName}.nardiw`);
  if (!existsSync(blob)) throw new Error(`no ${blob}: --outside takes a checkout of github.com/HaykGar/LongNardi, and NET one of its blobs (mlp, vzg0, res2)`);
  // `app`: the app's own look-ahead, run by its engine (scripts/outside/build-parity.sh).
  const app = opt('outside-bin');
  if (app && how !== 'lookahead') throw new Error('--outside-bin plays the app\'s look-ahead: use --outside-player NET:lookahead');
  const outside = app ? new AppPlayer(spec, app, blob) : new OutsidePlayer(spec, readNardiw(blob), how === 'lookahead', candidates);
  const ours = new Player(setting.level, brainsAt(WEIGHTS, 'long', RACE), seededFor(setting.level, 6), setting.config);
  const r = versus('long', ours, outside, PAIRS, SEED * 7919);
  const counts = outside instanceof AppPlayer ? { app_moves: outside.moves, app_plays_not_legal_here: outside.unmatched } : { candidates, outside_evaluations: outside.evaluations };
  result.outside = { variant: 'long', level, ...(WEIGHTS !== null ? { weights: WEIGHTS } : {}), ...(RACE !== null ? { race: RACE } : {}), opponent: spec, by: app ? 'the app\'s engine' : 'bench/outside.ts', pairs: PAIRS, seed: SEED, [`${level}_vs_outside`]: r, ...counts };
  console.log(JSON.stringify(result, null, 1));
  process.exit(0);
}
if (AB !== null) {
  const specs = AB.split(',');
  const variant = opt('variant', 'long');
  if (specs.length !== 2) throw new Error('--ab needs two settings, comma-separated');
  if (variant !== 'long' && variant !== 'short') throw new Error('--variant must be long or short');
  if (RACE !== null && variant !== 'long') throw new Error('--race is for long nardy only');
  const [a, b] = specs.map((s) => parseSetting(s)) as [Setting, Setting];
  const make = (s: Setting, weights: string | null, i: number, race: string | null = null): BotPlayer => new Player(s.level, brainsAt(weights, variant, race), seededFor(s.level, i), s.config);
  const nets = { ...(WEIGHTS !== null ? { a_weights: WEIGHTS } : {}), ...(RACE !== null ? { a_race: RACE } : {}), ...(WEIGHTS_B !== null ? { b_weights: WEIGHTS_B } : {}) };
  result.ab = { variant, a: a.name, b: b.name, ...nets, a_vs_b: versus(variant, make(a, WEIGHTS, 4, RACE), make(b, WEIGHTS_B, 5), PAIRS, SEED * 15485863) };
  console.log(JSON.stringify(result, null, 1));
  process.exit(0);
}
if ((!ONLY || ONLY === 'gnubg') && existsSync(GNUBG)) {
  const gnubg: Record<string, unknown> = {};
  const only = opt('pairing');
  for (const name of Object.keys(PAIRINGS)) if (!only || only === name) gnubg[name] = await gnubgPairing(name);
  result.short_vs_gnubg = gnubg;
} else if (!ONLY || ONLY === 'gnubg') {
  result.short_vs_gnubg = 'skipped: gnubg is not installed (apt-get install -y gnubg)';
}
for (const variant of ['long', 'short'] as const) if (!ONLY || ONLY === variant) result[variant] = inProcess(variant);
console.log(JSON.stringify(result, null, 1));
