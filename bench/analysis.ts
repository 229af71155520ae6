/**
 * Analysis: npm run -s bench:analysis [-- options]
 *
 * 1. Against GNU Backgammon's own analysis (when /usr/games/gnubg is installed): plays short-nardy
 *    cubeless money games of mixed strength between our levels (seeded players and dice), exports
 *    each as .mat (the bot's export, src/app/export.ts), has gnubg import and analyse them
 *    (scripts/gnubg/analyse-mats.py, checker plays at --gnubg-plies, cubeless), analyses the same
 *    games with `analyse` (src/ai/analysis.ts, at --plies) and compares: each player's error rate
 *    per game (thousandths of a point per unforced move) against gnubg's, and the per-move losses
 *    (Pearson correlation over the moves both analysed).
 * 2. Review time: whole long-nardy games (and one long match) analysed as the bot's Review does,
 *    on this process's one thread: seconds per game at 0 and 1 ply; and short-nardy games at the
 *    Review's own depth (REVIEW_DEPTH.short).
 *
 * Options: --games N (games for the gnubg comparison, default 100), --plies 0|1 (our depth;
 * without it, what the bot's Review uses: src/ai/analysis.ts, REVIEW_DEPTH), --gnubg-plies N (default 0), --procs P (gnubg processes,
 * default 2), --long N (long games timed, default 5), --short N (short games timed, default 5), --only gnubg|review|yardstick (the last with
 * --yardstick: gnubg's scale alone), --seed S, --keep DIR
 * (write the .mat and JSON files there), --dump FILE (one JSON line per compared move: position,
 * dice, play, both losses; for finding where the two analyses part), --from DIR (a --keep
 * directory: compare our analysis of its games with gnubg's analysis kept there, without playing
 * or running gnubg again; for comparing networks on the same games), --weights BASE (our analysis
 * with the network at BASE.{bin,json}, e.g. a training checkpoint, instead of the Review's,
 * assets/ai/short-review; BASE+BASE… the mean of several networks' outcomes), --yardstick N (with --from DIR: also has gnubg analyse the kept games at N
 * plies and compares that with its 0-ply analysis by the same measures: how close two strong
 * analyses come, gnubg's own with a look-ahead and without, as a scale for our figures),
 * --reference-plies N (with --from DIR: compare with gnubg's N-ply analysis that --yardstick N
 * kept there instead of its 0-ply one; the yardstick then compares its --yardstick depth with
 * that one, e.g. `--yardstick 1 --reference-plies 2`),
 * --players ours|outside (who plays the games: our levels in every pairing, the default, or
 * Tesauro's pubeval with and without noise, bench/pubeval.ts, whose plays neither analysis
 * chose), --zero-weight Z (with --plies 1: each play's value blends in its 0-ply outcomes with
 * weight Z, as the strong levels' search does), --second-look W0,W1,W2/N (at 1 ply: the best N
 * plays and the play made also looked at two plies ahead, each valued by its 0-, 1- and 2-ply
 * outcomes mixed W0:W1:W2; /contact or /contact-off after N: only in positions with contact, or
 * with contact and checkers borne off; /L after that: also wherever the play made loses at least
 * L points before the look; analysis.ts secondLook), --uncertainty U (our analysis' uncertainty
 * on a play's equity, points: each play's expected loss and so the error rates compared;
 * analysis.ts uncertainty; without it, the Review's). Prints one JSON object.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { analyse, type AnalyseOptions, type Analysis, type LookWhere } from '../src/ai/analysis.js';
import type { GameExport } from '../src/engine/gamefile.js';
import { ENCODINGS } from '../src/ai/encode.js';
import { Evaluator, MeanEvaluator, type Evaluates } from '../src/ai/evaluator.js';
import { createPlayer, type Level } from '../src/ai/player.js';
import { Search } from '../src/ai/search.js';
import { loadWeights } from '../src/ai/weights.js';
import { shortContact } from '../src/ai/outcomes.js';
import { toMat } from '../src/app/export.js';
import { apply, defaultRules, newGame, positionId, SeededDice, type GameState, type Position, type Step, type Variant } from '../src/engine/index.js';
import { PubevalPlayer } from './pubeval.js';
import { seededRandom } from '../src/sim/rng.js';
import { GNUBG, gnubgHome } from './gnubg.js';

const argv = process.argv.slice(2);
const opt = (name: string, fallback: string): string => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? (argv[i + 1] ?? fallback) : fallback;
};
const GAMES = Number(opt('games', '100'));
/** Our analysis' depth; without --plies, the Review's (REVIEW_DEPTH). */
const PLIES_TEXT = opt('plies', '');
const PLIES = PLIES_TEXT === '' ? undefined : (Number(PLIES_TEXT) as 0 | 1);
const GNUBG_PLIES = Number(opt('gnubg-plies', '0'));
const PROCS = Number(opt('procs', '2'));
const LONG = Number(opt('long', '5'));
const SHORT = Number(opt('short', '5'));
const ONLY = opt('only', '');
const SEED = Number(opt('seed', '1'));
const KEEP = opt('keep', '');
const DUMP = opt('dump', '');
const FROM = opt('from', '');
const WEIGHTS = opt('weights', '');
const YARDSTICK = opt('yardstick', '');
/** With --from: the kept gnubg analysis compared against, at this depth (0: the one kept with the games; N: the one --yardstick N kept). */
const REFERENCE = Number(opt('reference-plies', '0'));
const PLAYERS = opt('players', 'ours');
const ZERO_TEXT = opt('zero-weight', '');
const ZERO_WEIGHT = ZERO_TEXT === '' ? undefined : Number(ZERO_TEXT);
const OUR_PROCS = Number(opt('our-procs', '1'));
const UNCERTAINTY_TEXT = opt('uncertainty', '');
const UNCERTAINTY = UNCERTAINTY_TEXT === '' ? undefined : Number(UNCERTAINTY_TEXT);
const PART = (() => {
  const m = /^(\d+)\/(\d+)$/.exec(opt('part', ''));
  return m ? { k: Number(m[1]), n: Number(m[2]), out: opt('part-out', '') } : null;
})();
const SECOND_TEXT = opt('second-look', '');
const SECOND = (() => {
  if (!SECOND_TEXT) return undefined;
  const m = /^([\d.]+),([\d.]+),([\d.]+)\/(\d+)(?:\/(all|contact|contact-off))?(?:\/([\d.]+))?$/.exec(SECOND_TEXT);
  const w = m ? [Number(m[1]), Number(m[2]), Number(m[3])] as const : null;
  if (!m || !w || Math.abs(w[0] + w[1] + w[2] - 1) > 1e-6 || Number(m[4]) < 1) throw new Error('--second-look W0,W1,W2/N[/all|contact|contact-off][/L]: three weights summing to 1, a count of at least 1, where to look and the loss from which it looks anywhere (e.g. 0.34,0.33,0.33/2/contact-off/0.02)');
  return { weights: w, candidates: Number(m[4]), where: (m[5] ?? 'all') as LookWhere, ...(m[6] !== undefined ? { minLoss: Number(m[6]) } : {}) };
})();
gnubgHome();
for (const [k, v] of Object.entries({ GAMES, GNUBG_PLIES, PROCS, LONG, SHORT, SEED })) {
  if (!Number.isInteger(v) || v < 0) throw new Error(`--${k.toLowerCase().replace('_', '-')} must be a whole number`);
}
if (PLIES !== undefined && PLIES !== 0 && PLIES !== 1) throw new Error('--plies must be 0 or 1');
if (ZERO_WEIGHT !== undefined && !(ZERO_WEIGHT >= 0 && ZERO_WEIGHT <= 1)) throw new Error('--zero-weight must lie within 0..1');
if (ZERO_WEIGHT !== undefined && PLIES !== 1) throw new Error('--zero-weight goes with --plies 1');
if (UNCERTAINTY !== undefined && !(UNCERTAINTY >= 0 && UNCERTAINTY <= 1)) throw new Error('--uncertainty must lie within 0..1 (points)');
if (SECOND && PLIES === 0) throw new Error('--second-look goes with 1 ply (the Review\'s depth or --plies 1)');
if (PLAYERS !== 'ours' && PLAYERS !== 'outside') throw new Error('--players must be ours or outside');
if (!['', 'gnubg', 'review', 'yardstick'].includes(ONLY) || (ONLY === 'yardstick' && !YARDSTICK)) throw new Error('--only gnubg|review|yardstick (yardstick with --yardstick N)');
if (!Number.isInteger(REFERENCE) || REFERENCE < 0 || REFERENCE > 4 || (REFERENCE > 0 && !FROM)) throw new Error('--reference-plies N (0 to 4) goes with --from DIR, where --yardstick N kept gnubg\'s N-ply analysis');
if (YARDSTICK && (!FROM || !/^[1-4]$/.test(YARDSTICK))) throw new Error('--yardstick N (1 to 4 plies) goes with --from DIR (kept games with gnubg\'s 0-ply analysis)');
if (!Number.isInteger(OUR_PROCS) || OUR_PROCS < 1 || (OUR_PROCS > 1 && !FROM)) throw new Error('--our-procs P (at least 1) goes with --from DIR');
if (PART && (PART.k >= PART.n || !PART.out)) throw new Error('--part K/N (K below N) goes with --part-out FILE');
if (FROM && !existsSync(join(FROM, 'game-0.json'))) throw new Error(`--from ${FROM}: no kept games there (make them with --keep DIR)`);
/** One network as it is; several (BASE+BASE…) asked together, their outcomes averaged. */
function meanOf(evs: Evaluator[]): Evaluates {
  return evs.length === 1 ? evs[0]! : new MeanEvaluator(evs);
}
/** The search our analysis uses with --weights (without it, analyse's own: the bundled network). */
const analysisSearch = WEIGHTS ? new Search(meanOf(WEIGHTS.split('+').map((base) => new Evaluator(loadWeights(base, 'short').net, ENCODINGS.short)))) : undefined;

/** Mixed strength: every pairing of the three levels without noise-free search everywhere. */
const PAIRINGS: Array<[Level, Level]> = [
  ['easy', 'hard'],
  ['medium', 'medium'],
  ['hard', 'easy'],
  ['easy', 'easy'],
  ['medium', 'hard'],
  ['hard', 'medium'],
  ['easy', 'medium'],
  ['hard', 'hard'],
];

/**
 * --players outside: players that owe nothing to either analysis' network, Tesauro's pubeval
 * (bench/pubeval.ts) greedy and with noise in its units, so that neither analysis judges plays its
 * own errors chose. With our levels, a play that our network overrates is more likely to be made
 * (more so the less noise), and our analysis then finds it cheaper than gnubg's does.
 */
const OUTSIDE_PAIRINGS: Array<[string, string]> = [
  ['pubeval', 'pubeval3'],
  ['pubeval1', 'pubeval1'],
  ['pubeval3', 'pubeval'],
  ['pubeval3', 'pubeval3'],
  ['pubeval1', 'pubeval'],
  ['pubeval', 'pubeval1'],
  ['pubeval3', 'pubeval1'],
  ['pubeval', 'pubeval'],
];

type Chooser = { choosePlay(g: GameState): Step[] };

/** A player by name: one of our levels, or pubeval with an optional noise (`pubevalN`, N its noise). */
function playerFor(name: string, random: () => number): Chooser {
  const m = /^pubeval(\d*)$/.exec(name);
  if (m) return new PubevalPlayer(Number(m[1] || 0), random);
  return createPlayer(name as Level, random);
}

/** One cubeless game between two players, as the bot exports it (a single game: money scoring). */
function playGame(variant: Variant, white: string, black: string, seed: number): GameExport {
  const rules = { ...defaultRules(variant), cube: false };
  const players = { white: playerFor(white, seededRandom(seed)), black: playerFor(black, seededRandom(seed + 7919)) };
  const dice = new SeededDice(seed);
  let g: GameState = newGame(variant, { rules });
  for (let i = 0; i < 5000 && g.phase !== 'over'; i++) {
    if (g.phase === 'move') g = apply(g, { type: 'play', moves: players[g.position.turn].choosePlay(g) }, g.position.turn);
    else g = apply(g, { type: 'roll', dice: dice.roll(g.rolls) }, g.position.turn);
  }
  if (g.phase !== 'over' || !g.result) throw new Error(`game ${seed} did not finish`);
  const r = g.result;
  return {
    format: 'nardy-game',
    version: 1,
    id: `bench-${variant}-${seed}`,
    variant,
    rules,
    length: 1,
    players: { white: `${white}_W`, black: `${black}_B` },
    games: [{ number: 1, score: { white: 0, black: 0 }, crawford: false, postCrawford: false, record: g.record, result: { winner: r.winner, points: r.points, kind: r.kind, reason: r.reason ?? '' } }],
  };
}

interface GnubgMove {
  player: 'X' | 'O';
  dice: [number, number] | null;
  loss: number | null;
  options: number;
}
interface GnubgFile {
  file: string;
  games: Array<{ moves: GnubgMove[]; stats: Record<'X' | 'O', { error: number; unforced: number; moves: number }> }>;
}

/**
 * One gnubg process over `files`. gnubg processes started at the same instant (the first time on a
 * machine, while they set up ~/.gnubg) sometimes exit at once without a result: the process
 * starts `proc` half-seconds late and is tried again, up to three times.
 */
async function runGnubg(files: string[], dir: string, proc: number, plies: number, tag: string): Promise<GnubgFile[]> {
  await new Promise((r) => setTimeout(r, 500 * proc));
  for (let attempt = 1; ; attempt++) {
    try {
      return await runGnubgOnce(files, dir, proc, plies, tag);
    } catch (e) {
      if (attempt >= 3) throw e;
      await new Promise((r) => setTimeout(r, 1000 * attempt));
    }
  }
}

/**
 * gnubg's analysis of `files` at `plies`, split between --procs processes; each writes its results
 * to `dir` as gnubg<tag>-<proc>.jsonl (read back by keptGnubg).
 */
async function gnubgOver(files: string[], dir: string, plies: number, tag = ''): Promise<GnubgFile[]> {
  const procs = Math.max(1, PROCS);
  const chunks = Array.from({ length: procs }, (_, p) => files.filter((_, i) => i % procs === p));
  return (await Promise.all(chunks.map((c, p) => (c.length ? runGnubg(c, dir, p, plies, tag) : Promise.resolve([]))))).flat();
}

/** The results gnubgOver left in `dir` under `tag` (none: the 0-ply analysis of a --keep run). */
function keptGnubg(dir: string, tag = ''): GnubgFile[] {
  const name = new RegExp(`^gnubg${tag}-\\d+\\.jsonl$`);
  return readdirSync(dir)
    .filter((n) => name.test(n))
    .flatMap((n) => readFileSync(join(dir, n), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as GnubgFile));
}

function runGnubgOnce(files: string[], dir: string, proc: number, plies: number, tag: string): Promise<GnubgFile[]> {
  const list = join(dir, `files${tag}-${proc}.txt`);
  const out = join(dir, `gnubg${tag}-${proc}.jsonl`);
  writeFileSync(list, files.join('\n'));
  rmSync(out, { force: true });
  return new Promise((resolve, reject) => {
    const g = spawn(GNUBG, ['-t', '-q', '-r', '-p', 'scripts/gnubg/analyse-mats.py'], {
      env: { ...process.env, NARDY_FILES: list, NARDY_OUT: out, NARDY_PLIES: String(plies) },
      stdio: 'ignore',
    });
    g.once('error', reject);
    g.once('exit', (code) => {
      if (!existsSync(out)) return reject(new Error(`gnubg exited (${code}) without results`));
      resolve(readFileSync(out, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as GnubgFile));
    });
  });
}

/** contact (a checker on the bar or not), race, or both sides bearing off. */
function kindOf(p: Position): string {
  const me = p.turn === 'white' ? p.white : p.black;
  const op = p.turn === 'white' ? p.black : p.white;
  if (shortContact(me, op)) return me[25]! + op[25]! > 0 ? 'contact_bar' : 'contact';
  let outside = 0;
  for (let i = 7; i <= 25; i++) outside += me[i]! + op[i]!;
  return outside === 0 ? 'bearoff' : 'race';
}

function pearson(xs: number[], ys: number[]): number {
  const n = xs.length;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    sxy += (xs[i]! - mx) * (ys[i]! - my);
    sxx += (xs[i]! - mx) ** 2;
    syy += (ys[i]! - my) ** 2;
  }
  return sxy / Math.sqrt(sxx * syy);
}

const quantile = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
};

/** Our analysis of each game: here, or with --our-procs P in P copies of this bench, each taking every P-th game. */
async function ourAnalyses(exports: GameExport[]): Promise<Analysis[]> {
  const options = { ...(PLIES !== undefined ? { plies: PLIES } : {}), ...(ZERO_WEIGHT !== undefined ? { zeroWeight: ZERO_WEIGHT } : {}), ...(analysisSearch ? { search: analysisSearch } : {}), ...(SECOND ? { secondLook: SECOND } : {}), ...(UNCERTAINTY !== undefined ? { uncertainty: UNCERTAINTY } : {}) };
  if (PART || OUR_PROCS <= 1) {
    // Every game here, or a copy's share of them (started below) to the file it was given.
    const { k, n } = PART ?? { k: 0, n: 1 };
    const mine: Array<[number, Analysis]> = [];
    for (let i = k; i < exports.length; i += n) mine.push([i, await analyse(exports[i]!, options)]);
    if (!PART) return mine.map(([, a]) => a);
    writeFileSync(PART.out, JSON.stringify(mine));
    process.exit(0);
  }
  const tmp = mkdtempSync(join(tmpdir(), 'nardy-ours-'));
  const ours: Analysis[] = new Array(exports.length);
  await Promise.all(
    Array.from({ length: OUR_PROCS }, (_, k) => {
      const out = join(tmp, `part-${k}.json`);
      const args = [...process.execArgv, process.argv[1]!, ...argv, '--only', 'gnubg', '--part', `${k}/${OUR_PROCS}`, '--part-out', out];
      return new Promise<void>((resolve, reject) => {
        const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'inherit'] });
        child.once('error', reject);
        child.once('exit', (code) => {
          if (code !== 0) return reject(new Error(`our analysis, part ${k + 1} of ${OUR_PROCS}: exit ${code}`));
          for (const [i, a] of JSON.parse(readFileSync(out, 'utf8')) as Array<[number, Analysis]>) ours[i] = a;
          resolve();
        });
      });
    }),
  );
  rmSync(tmp, { recursive: true, force: true });
  return ours;
}

async function againstGnubg(): Promise<Record<string, unknown>> {
  if (!FROM && !existsSync(GNUBG)) return { skipped: `${GNUBG} is not installed (apt-get install -y gnubg)` };
  const dir = FROM || KEEP || mkdtempSync(join(tmpdir(), 'nardy-analysis-'));
  mkdirSync(dir, { recursive: true });
  const t0 = Date.now();
  const exports: GameExport[] = [];
  const files: string[] = [];
  const pairings = PLAYERS === 'outside' ? OUTSIDE_PAIRINGS : PAIRINGS;
  for (let i = 0; i < GAMES; i++) {
    const f = join(dir, `game-${i}.mat`);
    if (FROM) {
      if (!existsSync(join(FROM, `game-${i}.json`))) break;
      exports.push(JSON.parse(readFileSync(join(FROM, `game-${i}.json`), 'utf8')) as GameExport);
      files.push(f);
      continue;
    }
    const [w, b] = pairings[i % pairings.length]!;
    const exp = playGame('short', w, b, SEED * 100_000 + i);
    exports.push(exp);
    writeFileSync(f, toMat(exp, { single: 'money' }));
    if (KEEP) writeFileSync(join(dir, `game-${i}.json`), JSON.stringify(exp));
    files.push(f);
  }
  const playedS = (Date.now() - t0) / 1000;
  const t1 = Date.now();
  const gnubgPromise = (FROM ? Promise.resolve(keptGnubg(FROM, REFERENCE ? `-ply${REFERENCE}` : '')) : gnubgOver(files, dir, GNUBG_PLIES)).then((results) => {
    const byFile = new Map<string, GnubgFile>();
    for (const f of results) byFile.set(FROM ? join(FROM, basename(f.file)) : f.file, f);
    return { byFile, seconds: (Date.now() - t1) / 1000 };
  });
  const t2 = Date.now();
  const ours = await ourAnalyses(exports);
  const oursS = (Date.now() - t2) / 1000;
  const { byFile, seconds: gnubgS } = await gnubgPromise;

  const perPlayer: Array<{ game: number; side: string; level: string; ours: number; gnubg: number; diff: number }> = [];
  const lossOurs: number[] = [];
  const lossGnubg: number[] = [];
  let misaligned = 0;
  let bothWithin = 0;
  const dump: string[] = [];
  const kinds: Record<string, { moves: number; abs: number }> = {};
  for (let i = 0; i < exports.length; i++) {
    const g = byFile.get(files[i]!)?.games[0];
    if (!g) {
      misaligned++;
      continue;
    }
    const plays = ours[i]!.decisions.filter((d) => d.kind === 'play');
    if (plays.length !== g.moves.length || plays.some((d, k) => (d.side === 'white' ? 'X' : 'O') !== g.moves[k]!.player)) {
      misaligned++;
      continue;
    }
    // Error rates over the moves both count as unforced (more than one resulting position).
    const sums = { white: { o: 0, g: 0, n: 0 }, black: { o: 0, g: 0, n: 0 } };
    plays.forEach((d, k) => {
      const gm = g.moves[k]!;
      if (d.forced || gm.loss === null || gm.options <= 1) return;
      // The error rates as the Review gives them (by the expected losses); the per-move figures
      // below by the losses the Review shows move by move.
      sums[d.side].o += d.expectedLoss;
      sums[d.side].g += gm.loss;
      sums[d.side].n++;
      lossOurs.push(d.loss);
      lossGnubg.push(gm.loss);
      const kind = (kinds[kindOf(d.position)] ??= { moves: 0, abs: 0 });
      kind.moves++;
      kind.abs += Math.abs(d.loss - gm.loss);
      if (DUMP) dump.push(JSON.stringify({ game: i, line: d.line, level: exports[i]!.players[d.side], position: positionId(d.position), dice: d.dice, played: d.played, best: d.best, ours: +d.loss.toFixed(4), gnubg: +gm.loss.toFixed(4), expected: +d.expectedLoss.toFixed(4), margin: +marginOf(d).toFixed(4) }));
    });
    let within = 0;
    for (const side of ['white', 'black'] as const) {
      const s = sums[side];
      if (!s.n) continue;
      const o = (1000 * s.o) / s.n;
      const gn = (1000 * s.g) / s.n;
      perPlayer.push({ game: i, side, level: exports[i]!.players[side], ours: +o.toFixed(2), gnubg: +gn.toFixed(2), diff: +(o - gn).toFixed(2) });
      if (Math.abs(o - gn) <= 3) within++;
    }
    if (within === 2) bothWithin++;
  }
  const compared = exports.length - misaligned;
  const diffs = perPlayer.map((p) => Math.abs(p.diff));
  const byLevel: Record<string, { players: number; ours: number; gnubg: number; within_3: number }> = {};
  for (const p of perPlayer) {
    const lvl = p.level.replace(/_[WB]$/, '');
    const e = (byLevel[lvl] ??= { players: 0, ours: 0, gnubg: 0, within_3: 0 });
    e.players++;
    e.ours += p.ours;
    e.gnubg += p.gnubg;
    if (Math.abs(p.diff) <= 3) e.within_3++;
  }
  for (const e of Object.values(byLevel)) {
    e.ours = +(e.ours / e.players).toFixed(2);
    e.gnubg = +(e.gnubg / e.players).toFixed(2);
    e.within_3 = +(e.within_3 / e.players).toFixed(3);
  }
  if (DUMP) writeFileSync(DUMP, dump.join('\n') + '\n');
  if (!KEEP && !FROM) rmSync(dir, { recursive: true, force: true });
  return {
    games: exports.length,
    compared_games: compared,
    misaligned,
    our_plies: ours[0]?.plies ?? null,
    our_zero_weight: ours[0]?.zeroWeight ?? null,
    our_network: WEIGHTS || "bundled: the Review's",
    our_second_look: ours[0]?.secondLook ?? null,
    our_uncertainty: ours[0]?.uncertainty ?? null,
    gnubg_plies: FROM ? REFERENCE : GNUBG_PLIES,
    player_games: perPlayer.length,
    player_games_within_3: +(perPlayer.filter((p) => Math.abs(p.diff) <= 3).length / perPlayer.length).toFixed(3),
    games_both_within_3: +(bothWithin / compared).toFixed(3),
    error_rate_abs_diff: { mean: +(diffs.reduce((a, b) => a + b, 0) / diffs.length).toFixed(2), p50: +quantile(diffs, 0.5).toFixed(2), p90: +quantile(diffs, 0.9).toFixed(2) },
    by_level: byLevel,
    moves_compared: lossOurs.length,
    // Where the two part: per kind of position, the moves and the mean absolute difference of
    // the losses (thousandths), and the kind's share of all the difference.
    by_kind: Object.fromEntries(
      Object.entries(kinds).map(([k, e]) => [k, { moves: e.moves, mean_abs_diff: +((1000 * e.abs) / e.moves).toFixed(1), share: +(e.abs / Object.values(kinds).reduce((a, b) => a + b.abs, 0)).toFixed(3) }]),
    ),
    per_move_loss_correlation: +pearson(lossOurs, lossGnubg).toFixed(3),
    seconds: { play: +playedS.toFixed(1), ours: +oursS.toFixed(1), gnubg: +gnubgS.toFixed(1) },
  };
}

/**
 * How far the play made is ahead of the best other play by our analysis (negative: behind), for
 * --dump; 1 where it had no other (one resulting position).
 */
const marginOf = (d: Analysis['decisions'][number]): number => (d.otherEquity === undefined ? 1 : d.equity - d.otherEquity);

/** Seconds each game's analysis takes with `opts` (as the Review runs it, yielding between decisions), and decisions per game. */
async function timeReviews(games: readonly GameExport[], opts: AnalyseOptions): Promise<Record<string, number>> {
  const secs: number[] = [];
  let decisions = 0;
  for (const g of games) {
    const t = process.hrtime.bigint();
    const a = await analyse(g, { ...opts, progress: () => new Promise<void>((r) => setImmediate(r)) });
    secs.push(Number(process.hrtime.bigint() - t) / 1e9);
    decisions += a.decisions.length;
  }
  return { games: secs.length, decisions_per_game: Math.round(decisions / secs.length), mean: +(secs.reduce((a, b) => a + b, 0) / secs.length).toFixed(2), max: +Math.max(...secs).toFixed(2) };
}

async function reviewTime(): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  const games: GameExport[] = [];
  for (let i = 0; i < LONG; i++) games.push(playGame('long', i % 2 ? 'hard' : 'medium', i % 2 ? 'easy' : 'hard', SEED * 1000 + i));
  if (games.length) for (const plies of [0, 1] as const) out[`long_game_${plies}ply_s`] = await timeReviews(games, { plies });
  // Short games at the Review's own depth (REVIEW_DEPTH.short), as the bot's Review analyses them.
  const shorts: GameExport[] = [];
  for (let i = 0; i < SHORT; i++) shorts.push(playGame('short', i % 2 ? 'hard' : 'medium', i % 2 ? 'easy' : 'hard', SEED * 1000 + 500 + i));
  if (shorts.length) out.short_game_review_s = await timeReviews(shorts, {});
  return out;
}

/**
 * gnubg's analysis at --yardstick plies against its 0-ply analysis kept in --from, by the
 * measures our analysis is held to: per player and game, error rates within 3 thousandths, and
 * the per-move loss correlation.
 */
async function yardstick(): Promise<Record<string, unknown>> {
  if (!existsSync(GNUBG)) return { skipped: `${GNUBG} is not installed (apt-get install -y gnubg)` };
  const plies = Number(YARDSTICK);
  const files: string[] = [];
  for (let i = 0; existsSync(join(FROM, `game-${i}.mat`)); i++) files.push(join(FROM, `game-${i}.mat`));
  const byName = (results: GnubgFile[]): Map<string, GnubgFile> => new Map(results.map((f) => [basename(f.file), f]));
  const zero = byName(keptGnubg(FROM, REFERENCE ? `-ply${REFERENCE}` : ''));
  const t0 = Date.now();
  const deep = byName(await gnubgOver(files, FROM, plies, `-ply${plies}`));
  const diffs: number[] = [];
  const a: number[] = [];
  const b: number[] = [];
  for (const f of files) {
    const g0 = zero.get(basename(f))?.games[0];
    const gN = deep.get(basename(f))?.games[0];
    if (!g0 || !gN || g0.moves.length !== gN.moves.length) continue;
    const sums = { X: { z: 0, d: 0, n: 0 }, O: { z: 0, d: 0, n: 0 } };
    g0.moves.forEach((m, k) => {
      const n = gN.moves[k]!;
      if (m.loss === null || n.loss === null || m.options <= 1 || n.options <= 1) return;
      sums[m.player].z += m.loss;
      sums[m.player].d += n.loss;
      sums[m.player].n++;
      a.push(m.loss);
      b.push(n.loss);
    });
    for (const s of Object.values(sums)) if (s.n) diffs.push((1000 * (s.d - s.z)) / s.n);
  }
  const abs = diffs.map(Math.abs);
  return {
    reference: `gnubg ${REFERENCE}-ply (kept in --from)`,
    compared: `gnubg ${plies}-ply`,
    player_games: diffs.length,
    player_games_within_3: +(abs.filter((d) => d <= 3).length / diffs.length).toFixed(3),
    error_rate_abs_diff: { mean: +(abs.reduce((x, y) => x + y, 0) / abs.length).toFixed(2), p50: +quantile(abs, 0.5).toFixed(2), p90: +quantile(abs, 0.9).toFixed(2) },
    mean_diff: +(diffs.reduce((x, y) => x + y, 0) / diffs.length).toFixed(2),
    per_move_loss_correlation: +pearson(a, b).toFixed(3),
    seconds: +((Date.now() - t0) / 1000).toFixed(1),
  };
}

const result: Record<string, unknown> = {};
if (YARDSTICK && !PART) result.yardstick = await yardstick();
if (ONLY !== 'review' && ONLY !== 'yardstick') result.against_gnubg = await againstGnubg();
if (ONLY !== 'gnubg' && ONLY !== 'yardstick') result.review = await reviewTime();
console.log(JSON.stringify(result, null, 2));
