/**
 * The cube in match play: npm run -s bench:cube [-- options]
 *
 * 1. Our level plays matches to --length (default 5) against itself with the cube, in process
 *    (seeded players and dice). Every match is exported as .mat (the bot's export) and GNU
 *    Backgammon analyses its cube decisions (cube analysis only, at --gnubg-plies, default 2):
 *    the cube error per close or actual decision in thousandths of a point (gnubg's EMG), the
 *    counts of doubles, takes and passes, and gnubg's wrong doubles / takes / passes and missed
 *    doubles. Also counted from the matches themselves: doubles on either side's first two turns
 *    of a match at 0:0, and of those the ones gnubg calls wrong; and the five worst decisions
 *    (scripts/gnubg/cube-decisions.py lists every decision with gnubg's equities, and each is
 *    joined to what our level saw: its probabilities, the score, the cube). From the joined list:
 *    the error again decision by decision (perDecisionCheck, a check on gnubg's statistics) and
 *    what our cube formula alone would lose fed gnubg's probabilities at the root
 *    (formulaWithGnubgProbabilities: the rest of the error is the network's). DIR/joined.jsonl
 *    keeps every decision with --keep DIR.
 * 2. The yardstick: gnubg expert (0-ply, noise 0, cube at 0-ply) plays the same number of
 *    matches against itself (scripts/gnubg/selfplay-cube.py), and the same 2-ply analysis
 *    measures its cube decisions the same way. The target: our level's cube error at most gnubg expert's.
 *
 * 3. With --versus N: N matches to --length between our level and gnubg expert (0-ply, noise 0),
 *    both with the cube, through gnubg's external-player interface, which carries cube actions
 *    (the bot answers "double"/"roll" and "take"/"drop"; scripts/gnubg/play-external-match.py),
 *    --procs at a time: matches won, the share of points, each side's cube error by gnubg's
 *    analysis of those matches (error-cost: thousandths of match winning chance, not EMG), and each side's checker play by gnubg's cubeful
 *    0-ply analysis (thousandths lost per unforced move, EMG and MWC): a far less noisy figure
 *    than the points, for comparing two settings of our level on the same seeds. At 0 ply gnubg
 *    counts its own plays as free of error; --checker-plies 2 analyses both sides' checker play
 *    at 2 ply (slower), a fair comparison of the two. With --keep DIR each analysed match is
 *    kept as DIR/versus-SEED-N.sgf (scripts/gnubg/worst-plays.py lists a side's plays from them).
 *
 * Options: --level L (default hard), --matches N (default 10), --length N (default 5),
 * --gnubg-plies N (default 2), --seed S, --only ours|gnubg|versus, --versus N, --procs P,
 * --bot-args "..." (extra arguments for the external player: "--cubeful-play off"),
 * --checker-plies N (gnubg's analysis of the versus matches' checker play, default 0),
 * --opponent-plies N (gnubg's depth in the versus matches: 0 expert, the default; 2 world class),
 * --keep DIR. Prints one JSON object.
 * Needs /usr/games/gnubg (apt-get install gnubg).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ExportedGame, GameExport } from '../src/engine/gamefile.js';
import { shouldDouble, shouldTake, type CubeSituation } from '../src/ai/cube.js';
import { createPlayer, isLevel, playScore, type Level, type Player } from '../src/ai/player.js';
import { toMat } from '../src/app/export.js';
import { actor, applyMatchAction, canDouble, newMatch, nextGame, parseRules, type Die, type MatchState, type Side } from '../src/engine/index.js';
import { seededRandom } from '../src/sim/rng.js';
import { freePort } from '../test/setup/redis.js';
import { earlyWrongDouble, judgeCube, type CubeAction } from './cube-judge.js';
import { startExternal } from './external.js';
import { GNUBG, gnubgHome } from './gnubg.js';

gnubgHome();

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(name);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}

const level = arg('--level', 'hard');
if (!isLevel(level)) throw new Error(`--level must be easy, medium, hard or expert, not ${level}`);
const matches = Number(arg('--matches', '10'));
const length = Number(arg('--length', '5'));
const plies = Number(arg('--gnubg-plies', '2'));
const seed = Number(arg('--seed', '1'));
const only = arg('--only', 'all');
const keep = arg('--keep', '');
if (!existsSync(GNUBG)) throw new Error('GNU Backgammon is needed: apt-get install gnubg');
const dir = keep ? (mkdirSync(keep, { recursive: true }), keep) : mkdtempSync(join(tmpdir(), 'nardy-cube-'));

/** One match of `level` against itself with the cube: its export and the early doubles at 0:0. */
/** One of our level's cube decisions in playMatch, keyed as cube-decisions.py keys gnubg's. */
interface OurDecision {
  readonly game: number;
  readonly player: 'X' | 'O';
  readonly turn: number;
  readonly action: 'no-double' | 'double' | 'take' | 'pass';
  /** The doubler's outcome probabilities, as our level saw them. */
  readonly probs: number[];
  readonly situation: CubeSituation;
  /** The match as it stood (the game's record left out), for replaying the decision with other settings. */
  readonly state: MatchState;
}

function playMatch(n: number): { exp: GameExport; earlyDoubles: number; decisions: number; log: OurDecision[] } {
  const white = createPlayer(level as Level, seededRandom(seed * 1000 + n * 2));
  const black = createPlayer(level as Level, seededRandom(seed * 1000 + n * 2 + 1));
  const rnd = seededRandom(seed * 7919 + n);
  const die = (): Die => (1 + Math.floor(rnd() * 6)) as Die;
  let m: MatchState = newMatch('short', length, parseRules({ cube: true }));
  const games: ExportedGame[] = [];
  let earlyDoubles = 0;
  let decisions = 0;
  const turns = { white: 0, black: 0 };
  // Turns played in this game by a side, as the record (and so the .mat file) has them.
  const played = (who: Side): number => m.game.record.filter((l) => l.startsWith(who === 'white' ? 'W ' : 'B ') && /^[WB] \d\d:/.test(l)).length;
  const log: OurDecision[] = [];
  // Keyed by who decides (the doubler, or the taker), as gnubg's list is.
  const note = (who: Side, d: ReturnType<Player['cubeDecision']>): void => {
    log.push({ game: m.gameNo, player: who === 'white' ? 'X' : 'O', turn: played(who) + 1, action: d.action, probs: Array.from(d.situation.probs), situation: d.situation, state: { ...m, game: { ...m.game, record: [] } } });
  };
  for (let guard = 0; guard < 20_000 && !m.winner; guard++) {
    const g = m.game;
    if (g.phase === 'over') {
      const r = g.result!;
      const score = r.winner ? { ...m.score, [r.winner]: m.score[r.winner] - r.points } : m.score;
      games.push({ number: m.gameNo, score, crawford: g.crawford, postCrawford: m.crawfordDone && !g.crawford, record: g.record, result: { winner: r.winner, points: r.points, kind: r.kind, reason: r.reason } });
      m = nextGame(m);
      continue;
    }
    const side = actor(g) ?? g.position.turn;
    const bot = side === 'white' ? white : black;
    let out: ReturnType<typeof applyMatchAction>;
    if (g.phase === 'opening') out = applyMatchAction(m, { type: 'roll', dice: [die(), die()] }, 'white');
    else if (g.phase === 'roll') {
      const first = m.gameNo === 1 && turns[side] < 2;
      turns[side]++;
      let double = false;
      if (canDouble(g, side)) {
        decisions++;
        const d = bot.cubeDecision(m);
        note(side, d);
        double = d.action === 'double';
        if (double && first && m.score.white === 0 && m.score.black === 0) earlyDoubles++;
      }
      out = applyMatchAction(m, double ? { type: 'double' } : { type: 'roll', dice: [die(), die()] }, side);
    } else if (g.phase === 'double') {
      const d = bot.cubeDecision(m);
      note(side, d);
      out = applyMatchAction(m, d.action === 'take' ? { type: 'take' } : { type: 'drop' }, side);
    } else if (g.phase === 'move') {
      out = applyMatchAction(m, { type: 'play', moves: bot.choosePlay(g, playScore(m)) }, side);
    }
    else throw new Error(`unexpected phase ${g.phase}`);
    if (!out.ok) throw out.error;
    m = out.state;
  }
  const g = m.game;
  const r = g.result!;
  const score = r.winner ? { ...m.score, [r.winner]: m.score[r.winner] - r.points } : m.score;
  games.push({ number: m.gameNo, score, crawford: g.crawford, postCrawford: m.crawfordDone && !g.crawford, record: g.record, result: { winner: r.winner, points: r.points, kind: r.kind, reason: r.reason } });
  return { exp: { format: 'nardy-game', version: 1, id: `m${n}`, variant: 'short', rules: m.rules, length, players: { white: `${level}_A`, black: `${level}_B` }, games }, earlyDoubles, decisions, log };
}

/** One cube decision as scripts/gnubg/cube-decisions.py lists it (gnubg's equities of the doubler). */
interface GnubgDecision {
  readonly file: string;
  readonly game: number;
  readonly turn: number;
  readonly player: 'X' | 'O';
  readonly action: CubeAction;
  /** No double and double/take: match winning chances ("mwc") or money equity ("emg"). */
  readonly nd: number;
  readonly dt: number;
  readonly scale: 'mwc' | 'emg';
  readonly probs: number[] | null;
}

interface CubeFigures {
  readonly decisions: number;
  readonly close: number;
  readonly doubles: number;
  readonly takes: number;
  readonly passes: number;
  readonly missedDoubles: number;
  readonly wrongDoubles: number;
  readonly wrongTakes: number;
  readonly wrongPasses: number;
  /** Thousandths of a point (EMG) lost per close or actual cube decision. */
  readonly errorPerDecision: number;
  readonly errorTotal: number;
}

const ZERO: CubeFigures = { decisions: 0, close: 0, doubles: 0, takes: 0, passes: 0, missedDoubles: 0, wrongDoubles: 0, wrongTakes: 0, wrongPasses: 0, errorPerDecision: 0, errorTotal: 0 };

/** gnubg's cube statistics of both players of an analysed match, from `show statistics match`. */
function parseCube(text: string): [CubeFigures, CubeFigures] {
  const cube = text.slice(text.indexOf('Cube statistics'), text.indexOf('Overall statistics'));
  const two = (label: RegExp): [number, number] => {
    const m = new RegExp(`${label.source}[^\\n]*?\\s(-?\\d+(?:\\.\\d+)?)(?:\\s*\\([^)]*\\))?\\s+(-?\\d+(?:\\.\\d+)?)`).exec(cube);
    return m ? [Number(m[1]), Number(m[2])] : [0, 0];
  };
  const count = (label: RegExp): [number, number] => {
    // "Missed doubles below CP (EMG (MWC))   2 ( -0.123 ( -1.2%))   0 (...)": the count first.
    const m = new RegExp(`${label.source}\\s*(?:\\(EMG \\(MWC\\)\\))?\\s+(\\d+)[^\\n]*?\\)\\)?\\s+(\\d+)`).exec(cube);
    return m ? [Number(m[1]), Number(m[2])] : two(label);
  };
  const total = two(/Total cube decisions/);
  const close = two(/Close or actual cube decisions/);
  const doubles = two(/Doubles/);
  const takes = two(/Takes/);
  const passes = two(/Passes/);
  const missedBelow = count(/Missed doubles below CP/);
  const missedAbove = count(/Missed doubles above CP/);
  const wrongBelow = count(/Wrong doubles below DP/);
  const wrongAbove = count(/Wrong doubles above TG/);
  const wrongTakes = count(/Wrong takes/);
  const wrongPasses = count(/Wrong passes/);
  const err = /Error total EMG \(MWC\)\s+(-?\d+\.\d+)[^\n]*?\)\s+(-?\d+\.\d+)/.exec(cube);
  const side = (i: 0 | 1): CubeFigures => ({
    decisions: total[i],
    close: close[i],
    doubles: doubles[i],
    takes: takes[i],
    passes: passes[i],
    missedDoubles: missedBelow[i] + missedAbove[i],
    wrongDoubles: wrongBelow[i] + wrongAbove[i],
    wrongTakes: wrongTakes[i],
    wrongPasses: wrongPasses[i],
    errorTotal: err ? Math.abs(Number(err[i + 1])) : 0,
    errorPerDecision: 0,
  });
  return [side(0), side(1)];
}

function add(a: CubeFigures, b: CubeFigures): CubeFigures {
  const out = { ...a };
  for (const k of Object.keys(out) as Array<keyof CubeFigures>) (out as Record<string, number>)[k] = a[k] + b[k];
  return out;
}

function finish(f: CubeFigures): CubeFigures {
  return { ...f, errorTotal: +f.errorTotal.toFixed(3), errorPerDecision: f.close ? +((1000 * f.errorTotal) / f.close).toFixed(1) : 0 };
}

const ANALYSIS = ['set threads 2', 'set display off', `set analysis cubedecision evaluation plies ${plies}`, 'set analysis cubedecision evaluation cubeful on', 'set analysis cube on', 'set analysis chequerplay evaluation plies 0', 'set analysis luck off'];

function gnubg(commands: string[]): string {
  const file = join(dir, `cmd-${Math.random().toString(36).slice(2)}.txt`);
  writeFileSync(file, commands.join('\n') + '\n');
  const r = spawnSync(GNUBG, ['-t', '-q', '-r', '-c', file], { encoding: 'utf8', maxBuffer: 64 << 20, timeout: 30 * 60_000 });
  if (r.status !== 0) throw new Error(`gnubg failed: ${r.stderr}`);
  return r.stdout;
}

const result: Record<string, unknown> = { level, matches, length, gnubgPlies: plies };
if (only === 'all' || only === 'ours') {
  const t0 = performance.now();
  let early = 0;
  let asked = 0;
  const files: string[] = [];
  const ourLog = new Map<string, OurDecision & { file: string }>();
  for (let n = 0; n < matches; n++) {
    const { exp, earlyDoubles, decisions, log } = playMatch(n);
    early += earlyDoubles;
    asked += decisions;
    for (const d of log) ourLog.set(`ours-${n}.mat/${d.game}/${d.player}/${d.turn}/${d.action === 'take' || d.action === 'pass' ? 't' : 'd'}`, { ...d, file: `ours-${n}.mat` });
    const f = join(dir, `ours-${n}.mat`);
    writeFileSync(f, toMat(exp));
    files.push(f);
  }
  const played = (performance.now() - t0) / 1000;
  let ours = ZERO;
  for (const f of files) {
    const [a, b] = parseCube(gnubg([...ANALYSIS, `import mat ${f}`, 'analyse match', 'show statistics match']));
    ours = add(ours, add(a, b));
  }
  // Every decision with gnubg's equities: the worst ones, and gnubg's verdict on the early doubles.
  const list = join(dir, 'files.txt');
  const decisionsOut = join(dir, 'decisions.jsonl');
  writeFileSync(list, files.join('\n') + '\n');
  const script = new URL('../scripts/gnubg/cube-decisions.py', import.meta.url).pathname;
  const r = spawnSync(GNUBG, ['-t', '-q', '-r', '-p', script], { encoding: 'utf8', maxBuffer: 64 << 20, timeout: 30 * 60_000, env: { ...process.env, NARDY_FILES: list, NARDY_OUT: decisionsOut, NARDY_PLIES: String(plies) } });
  if (r.status !== 0) throw new Error(`gnubg failed: ${r.stderr}`);
  const decisions = readFileSync(decisionsOut, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as GnubgDecision);
  const ourOf = (d: GnubgDecision) => ourLog.get(`${d.file}/${d.game}/${d.player}/${d.turn}/${d.action === 'take' || d.action === 'pass' ? 't' : 'd'}`);
  const round3 = (x: number): number => +x.toFixed(3);
  const rows: Array<Record<string, unknown> & { error: number }> = [];
  let ourError = 0;
  let modelError = 0;
  let earlyWrong = 0;
  for (const d of decisions) {
    const o = ourOf(d);
    if (!o) continue;
    const mine = judgeCube(d, o.situation, d.action);
    ourError += mine.error;
    if (earlyWrongDouble(d.action, d.game, d.turn, mine.verdict)) earlyWrong++;
    // Our cube formula at the root fed gnubg's probabilities (no look-ahead): what it would have
    // done, judged the same way.
    let model = mine.error;
    if (d.probs) {
      const s = { ...o.situation, probs: d.probs, leaves: undefined };
      const act = d.action === 'take' || d.action === 'pass' ? (shouldTake(s) ? 'take' : 'pass') : shouldDouble(s) && !(s.match && s.match.awayMe <= s.cube) ? 'double' : 'no-double';
      model = judgeCube(d, o.situation, act).error;
    }
    modelError += model;
    rows.push({
      file: d.file, game: d.game, turn: d.turn, player: d.player, action: d.action, error: +(1000 * mine.error).toFixed(1), gnubg: mine.verdict,
      win: d.probs ? round3(d.probs[0]!) : null, gammon: d.probs ? round3(d.probs[1]!) : null,
      ours: { win: round3(o.probs[0]!), gammon: round3(o.probs[1]!), loseGammon: round3(o.probs[3]!), away: o.situation.match ? [o.situation.match.awayMe, o.situation.match.awayOpp] : null, cube: o.situation.cube, owner: o.situation.owner, efficiency: o.situation.efficiency },
      formulaWithGnubgProbabilities: +(1000 * model).toFixed(1),
      // gnubg's cubeful equities of the doubler (match winning chances or EMG) and the match as
      // it stood: enough to judge another setting's decision here (bench/cube-replay.ts).
      nd: d.nd, dt: d.dt, scale: d.scale, state: o.state,
    });
  }
  writeFileSync(join(dir, 'joined.jsonl'), rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
  const worst = [...rows].sort((a, b) => b.error - a.error).slice(0, 5).map(({ state: _s, nd: _n, dt: _d, scale: _c, ...r }) => r);
  result.ours = {
    ...finish(ours),
    doublesOnFirstTwoTurnsAt0to0: early,
    earlyDoublesGnubgCallsWrong: earlyWrong,
    cubeDecisionsAsked: asked,
    // The same error worked out decision by decision from gnubg's equities (a check on the
    // statistics' figure), and what our cube formula alone, at the root with gnubg's
    // probabilities in place of the network's, would lose (per close decision, EMG).
    perDecisionCheck: ours.close ? +((1000 * ourError) / ours.close).toFixed(1) : 0,
    formulaWithGnubgProbabilities: ours.close ? +((1000 * modelError) / ours.close).toFixed(1) : 0,
    decisionsMatched: `${rows.length} of ${decisions.length}`,
    secondsToPlay: +played.toFixed(1),
    worst,
  };
}
if (only === 'all' || only === 'gnubg') {
  let theirs = ZERO;
  for (let n = 0; n < matches; n++) {
    const script = new URL('../scripts/gnubg/selfplay-cube.py', import.meta.url).pathname;
    const r = spawnSync(GNUBG, ['-t', '-q', '-r', '-p', script], { encoding: 'utf8', maxBuffer: 64 << 20, timeout: 30 * 60_000, env: { ...process.env, NARDY_LENGTH: String(length), NARDY_SEED: String(seed * 101 + n), NARDY_PLIES: String(plies) } });
    if (r.status !== 0) throw new Error(`gnubg failed: ${r.stderr}`);
    const [a, b] = parseCube(r.stdout);
    theirs = add(theirs, add(a, b));
  }
  result.gnubgExpert = finish(theirs);
}
const versus = Number(arg('--versus', only === 'versus' ? String(matches) : '0'));
// Extra arguments for the bot's external player (tuning overrides: "--cubeful-play off").
const botArgs = arg('--bot-args', '').split(/\s+/).filter(Boolean);
const checkerPlies = Number(arg('--checker-plies', '0'));
/** gnubg's own depth in the versus matches: 0, expert; 2, world class (chequer play and cube). */
const opponentPlies = Number(arg('--opponent-plies', '0'));
if (!Number.isInteger(checkerPlies) || checkerPlies < 0 || checkerPlies > 4) throw new Error(`--checker-plies must be a whole number from 0 to 4, not ${arg('--checker-plies', '0')}`);
if (versus > 0) {
  const procs = Math.max(1, Number(arg('--procs', '2')));
  const out = join(dir, 'versus.jsonl');
  let next = 0;
  await Promise.all(
    Array.from({ length: procs }, async () => {
      while (next < versus) {
        const n = next++;
        const port = await freePort();
        const ext = await startExternal(port, level, seed * 100 + n, botArgs);
        const script = new URL('../scripts/gnubg/play-external-match.py', import.meta.url).pathname;
        const env = { ...process.env, NARDY_PORT: String(port), NARDY_LENGTH: String(length), NARDY_SEED: String(seed * 1000 + n), NARDY_PLIES: String(opponentPlies), NARDY_CUBE_PLIES: String(plies), NARDY_CHECKER_PLIES: String(checkerPlies), NARDY_OUT: out, ...(keep ? { NARDY_SAVE: join(dir, `versus-${seed}-${n}.sgf`) } : {}) };
        await new Promise((r) => spawn(GNUBG, ['-t', '-q', '-r', '-p', script], { env, stdio: 'ignore' }).once('exit', r));
        ext.kill('SIGTERM');
      }
    }),
  );
  interface Versus {
    winner: 'bot' | 'gnubg';
    score: { bot: number; gnubg: number };
    cube: Record<'bot' | 'gnubg', { error: number; decisions: number; actions: Record<string, number>; checker?: { emg: number; mwc: number; moves: number } }>;
  }
  const played = existsSync(out) ? readFileSync(out, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as Versus) : [];
  const won = played.filter((m) => m.winner === 'bot').length;
  // Points count up to the match's length (a gammon on a big cube can pass it).
  const pts = played.reduce((a, m) => ({ bot: a.bot + Math.min(length, m.score.bot), gnubg: a.gnubg + Math.min(length, m.score.gnubg) }), { bot: 0, gnubg: 0 });
  const side = (who: 'bot' | 'gnubg'): Record<string, number> => {
    const e = played.reduce((a, m) => a + m.cube[who].error, 0);
    const d = played.reduce((a, m) => a + m.cube[who].decisions, 0);
    const count = (k: string): number => played.reduce((a, m) => a + (m.cube[who].actions[k] ?? 0), 0);
    return { errorPerDecision: d ? +((1000 * e) / d).toFixed(1) : 0, decisions: d, doubles: count('double'), takes: count('take'), drops: count('drop') };
  };
  // Checker play by gnubg's cubeful analysis (at --checker-plies) of the same matches: thousandths lost per unforced move.
  const checker = (who: 'bot' | 'gnubg'): Record<string, number> => {
    const sum = (k: 'emg' | 'mwc' | 'moves'): number => played.reduce((a, m) => a + (m.cube[who].checker?.[k] ?? 0), 0);
    const moves = sum('moves');
    return { moves, emgPerMove: moves ? +((1000 * sum('emg')) / moves).toFixed(2) : 0, mwcPerMove: moves ? +((1000 * sum('mwc')) / moves).toFixed(2) : 0 };
  };
  const se = played.length ? Math.sqrt((won / played.length) * (1 - won / played.length) / played.length) : 0;
  result.versusGnubgExpert = {
    matches: played.length,
    length,
    matchesWonPercent: played.length ? +((100 * won) / played.length).toFixed(1) : 0,
    matchesWonPlusMinus: +(196 * se).toFixed(1),
    pointsSharePercent: pts.bot + pts.gnubg ? +((100 * pts.bot) / (pts.bot + pts.gnubg)).toFixed(1) : 0,
    cubeBot: side('bot'),
    cubeGnubg: side('gnubg'),
    checkerPlies,
    checkerBot: checker('bot'),
    checkerGnubg: checker('gnubg'),
  };
}
result.files = keep ? readdirSync(dir).filter((f) => f.endsWith('.mat')).length : undefined;
console.log(JSON.stringify(result));
