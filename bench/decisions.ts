/**
 * Checker-play decisions scored by GNU Backgammon's 2-ply analysis: npm run -s bench:decisions [-- options]
 *
 * A fixed set of short-nardy decisions, each scored by gnubg once, so that any search setting can
 * be measured on exactly the same positions in a minute or two (paired, far less noise than games):
 *
 * 1. Decisions: cubeless games of our `--levels` against each other (default hard; seeded players
 *    and dice, scripts/gnubg/decisions.ts), every unforced checker-play decision.
 * 2. gnubg's verdict on each (scripts/gnubg/training-data.py with NARDY_PLIES): every legal play's
 *    resulting position with gnubg's outcome probabilities at `--gnubg-plies` (default 2) with its
 *    analysis settings (pruning, its move filter: plays far behind the best keep their 0-ply
 *    figures, exactly as gnubg's analysis charges them). `--procs` gnubg processes, in order.
 *    Kept in `--data FILE` (default train/decisions-<levels>-<seed>-<plies>ply.txt); made again
 *    only when missing or with --remake.
 * 3. Each setting chooses its play in every decision; its loss is gnubg's equity of the best play
 *    minus that of the play chosen (cubeless money equity, thousandths). Reported per setting:
 *    the mean loss per decision (what gnubg's analysis calls the error rate per unforced move),
 *    the share of decisions where it chose gnubg's best play, mean decision time, and against
 *    the first setting the paired difference with its 95% interval.
 *
 * Settings (`--settings`, comma-separated): `review`, the best play the bot's Review names
 * (analysis.ts reviewRank at REVIEW_DEPTH, over the Review's net; hard's play as the play made,
 * which the Review values too), optionally with overrides of its depth (parseReview below:
 * `review/candidates=4/weights=0:0:1/where=all`, `review/made=none`, `review/net=players`); or a
 * level name (easy, medium, hard, expert), optionally
 * with overrides of its search, `hard/candidates=8/within=0.25`, `expert/budgetMs=1000`
 * (keys of SearchConfig in src/ai/search.ts), or `hard/prune=0` (the pruning net keeping K plays
 * a roll at the inner layers, 0 for none; bench/settings.ts). Noise is kept at 0 (the gentle levels' noise would
 * only measure chance) unless given.
 *
 * Options: --games N (games played for decisions, default 200), --seed S (default 1),
 * --levels L[,L] (default hard), --gnubg-plies N (default 2), --procs P (default 4), --data FILE,
 * --remake, --limit N (score only the first N decisions), --settings LIST (default hard),
 * --worst K (list the K costliest decisions of the first setting), --match L (decisions from
 * hard's matches to L with the cube, each scored cubefully at its score and cube, and every row
 * broken down by the kind of score: the Crawford game, post-Crawford, double match point, ...;
 * every set is also broken down by the kind of position: race, contact, contact with checkers off).
 * gnubg expert's own 0-ply choice (cubeful in a match, cubeless for money) is scored beside the
 * settings as the yardstick, when gnubg scores above 0 ply; --weights BASE[,BASE] (each
 * setting also with these short-nardy nets, BASE.{bin,json} as the trainer writes them, e.g.
 * train/short-gnubg/checkpoint: a candidate net measured on the same decisions as the bundled
 * one, the paired difference included), --oracle (a row for the first setting's way of valuing
 * a play, money equity or its value at the match score and cube, applied to gnubg's own 0-ply
 * probabilities of each play instead of our network's: how far the value itself is from gnubg's
 * choices, apart from the network; gnubg's 0-ply probabilities are kept in <data>.0ply).
 * --gnubg-own D[,D] (gnubg's own best play at shallower depths, e.g. 0,1: the set scored again
 * at each, kept in <data>.gnubg<D>, a row each, like a setting's: issue 55 asks the Review's best
 * to be gnubg 2-ply's at least as often as gnubg 1-ply's is).
 * Prints one JSON object.
 * Needs gnubg (apt-get install -y gnubg).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { equityOf, flipOutcomes, shortContact } from '../src/ai/outcomes.js';
import { Brains, Player, playersSearch } from '../src/ai/player.js';
import { Search } from '../src/ai/search.js';
import { loadBundled, loadBundledReview, loadWeights } from '../src/ai/weights.js';
import { reviewRank, REVIEW_DEPTH, type AnalysisDepth, type SecondLook } from '../src/ai/analysis.js';
import { Evaluator } from '../src/ai/evaluator.js';
import { ENCODINGS } from '../src/ai/encode.js';
import { defaultRules, parsePosition, positionId } from '../src/engine/index.js';
import { seededRandom } from '../src/sim/rng.js';
import { parseSetting, type Setting } from './settings.js';
import { GNUBG, gnubgHome } from './gnubg.js';
import { readDecisionSet, type Decision } from './decision-set.js';

const argv = process.argv.slice(2);
const opt = (name: string, fallback: string): string => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? (argv[i + 1] ?? fallback) : fallback;
};
const flag = (name: string): boolean => argv.includes(`--${name}`);
const GAMES = Number(opt('games', '200'));
const SEED = Number(opt('seed', '1'));
const LEVELS_PLAYED = opt('levels', 'hard');
const GNUBG_PLIES = Number(opt('gnubg-plies', '2'));
const PROCS = Number(opt('procs', '4'));
const LIMIT = Number(opt('limit', '0'));
const WORST = Number(opt('worst', '5'));
const MATCH = Number(opt('match', '0'));
const DATA = opt('data', `train/decisions-${LEVELS_PLAYED.replace(/,/g, '-')}-${SEED}-${GNUBG_PLIES}ply${MATCH ? `-match${MATCH}` : ''}.txt`);
const SETTINGS = opt('settings', 'hard').split(',').filter(Boolean);
const WEIGHTS = opt('weights', '').split(',').filter(Boolean);
const GNUBG_OWN = opt('gnubg-own', '').split(',').filter(Boolean).map(Number);
if (GNUBG_OWN.some((p) => !Number.isInteger(p) || p < 0 || p >= GNUBG_PLIES)) throw new Error(`--gnubg-own: depths below --gnubg-plies (${GNUBG_PLIES}), e.g. 0,1`);
gnubgHome();
for (const [k, v] of Object.entries({ GAMES, SEED, GNUBG_PLIES, PROCS, LIMIT, WORST, MATCH })) {
  if (!Number.isInteger(v) || v < 0) throw new Error(`--${k.toLowerCase().replace(/_/g, '-')} must be a whole number, not ${v}`);
}
if (GAMES < 1 || PROCS < 1) throw new Error('--games and --procs must be at least 1');

interface PlayerSetting extends Setting {
  readonly kind: 'player';
  readonly search: Search;
}

/** The Review's way of choosing the best play (analysis.ts reviewRank), with overrides of its depth. */
interface ReviewSetting {
  readonly kind: 'review';
  readonly name: string;
  readonly depth: AnalysisDepth;
  /** 'hard': the play made is hard's (valued at 1 ply and looked at again, as the Review does the play made); 'none': no play made. */
  readonly made: 'hard' | 'none';
  readonly search: Search;
}

/**
 * `review`, optionally with overrides of the Review's depth (REVIEW_DEPTH.short):
 * `review/plies=0`, `review/zeroWeight=0.5`, `review/candidates=3` (the second look's),
 * `review/where=all|contact|contact-off|none` (none: no second look), `review/minLoss=0.02`,
 * `review/weights=0.34:0.33:0.33`, `review/net=players` (the players' net instead of the review
 * net), `review/made=none` (no play made: by default hard's play is the play made).
 */
function parseReview(spec: string): { depth: AnalysisDepth; net: 'review' | 'players'; made: 'hard' | 'none' } {
  const base = REVIEW_DEPTH.short;
  let plies = base.plies;
  let zeroWeight = base.zeroWeight;
  let second: SecondLook | null = base.secondLook;
  let net: 'review' | 'players' = 'review';
  let made: 'hard' | 'none' = 'hard';
  const look = (): SecondLook => second ?? { weights: [0.34, 0.33, 0.33], candidates: 2, where: 'all' };
  for (const o of spec.split('/').slice(1)) {
    const [key, value = ''] = o.split('=');
    const n = Number(value);
    const bad = (): never => {
      throw new Error(`setting "${spec}": bad override "${o}" (plies=0|1, zeroWeight=0..1, candidates=N, where=all|contact|contact-off|none, minLoss=X, weights=A:B:C, net=review|players, made=hard|none)`);
    };
    if (key === 'plies' && (value === '0' || value === '1')) plies = n as 0 | 1;
    else if (key === 'zeroWeight' && value !== '' && n >= 0 && n <= 1) zeroWeight = n;
    else if (key === 'candidates' && Number.isInteger(n) && n >= 1) second = { ...look(), candidates: n };
    else if (key === 'where' && value === 'none') second = null;
    else if (key === 'where' && ['all', 'contact', 'contact-off'].includes(value)) second = { ...look(), where: value as SecondLook['where'] };
    else if (key === 'minLoss' && value !== '' && n >= 0) second = { ...look(), minLoss: n };
    else if (key === 'weights' && /^[\d.]+:[\d.]+:[\d.]+$/.test(value)) {
      const w = value.split(':').map(Number) as [number, number, number];
      if (Math.abs(w[0] + w[1] + w[2] - 1) > 1e-6) bad();
      second = { ...look(), weights: w };
    } else if (key === 'net' && (value === 'review' || value === 'players')) net = value;
    else if (key === 'made' && (value === 'hard' || value === 'none')) made = value;
    else bad();
  }
  return { depth: { plies, zeroWeight: plies === 1 ? zeroWeight : 0, secondLook: plies === 1 ? second : null, uncertainty: base.uncertainty }, net, made };
}

/** The kind of score a match decision is at, for the per-context figures. */
function contextOf(d: Decision): string {
  const s = d.match!.score;
  if (s.crawford) return s.awayMe === 1 ? 'Crawford game, leader' : 'Crawford game, trailer';
  if (s.awayMe === 1 && s.awayOpp === 1) return 'double match point';
  if (s.postCrawford) return s.awayMe === 1 ? 'post-Crawford, leader' : 'post-Crawford, trailer';
  if (s.awayMe === 2 && s.awayOpp === 2) return '2-away 2-away';
  return 'other scores';
}

/** The kind of position a decision is in: race, contact, or contact with checkers already off. */
function kindOf(d: Decision): string {
  if (!shortContact(d.me, d.opp)) return 'race';
  return d.me[0]! + d.opp[0]! > 0 ? 'contact, checkers off' : 'contact';
}

/**
 * Decision lines split between --procs gnubg processes running scripts/gnubg/training-data.py
 * with `env` (its NARDY_* settings), side by side: each process's lines and what it wrote, in order.
 */
async function gnubgParts(lines: readonly string[], env: Record<string, string>): Promise<Array<{ lines: string[]; out: string }>> {
  const tmp = mkdtempSync(join(tmpdir(), 'nardy-gnubg-'));
  try {
    const per = Math.ceil(lines.length / PROCS);
    return await Promise.all(
      Array.from({ length: PROCS }, async (_, i) => {
        const mine = lines.slice(i * per, (i + 1) * per);
        const inFile = join(tmp, `in${i}.txt`);
        const outFile = join(tmp, `out${i}.txt`);
        writeFileSync(inFile, mine.join('\n') + '\n');
        await new Promise<void>((resolve, reject) => {
          const child = spawn(GNUBG, ['-t', '-q', '-r', '-p', 'scripts/gnubg/training-data.py'], { env: { ...process.env, ...env, NARDY_DECISIONS: inFile, NARDY_OUT: outFile }, stdio: 'ignore' });
          child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`gnubg exited with ${code}`))));
          child.on('error', reject);
        });
        return { lines: mine, out: readFileSync(outFile, 'utf8') };
      }),
    );
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

async function make(): Promise<void> {
  if (!existsSync(GNUBG)) throw new Error(`${GNUBG} is needed to score decisions (apt-get install -y gnubg)`);
  const tmp = mkdtempSync(join(tmpdir(), 'nardy-decisions-'));
  try {
    const raw = join(tmp, 'decisions.txt');
    const t0 = Date.now();
    const r = spawnSync('npx', ['tsx', 'scripts/gnubg/decisions.ts', '--games', String(GAMES), '--seed', String(SEED), '--levels', LEVELS_PLAYED, '--out', raw, ...(MATCH ? ['--match', String(MATCH)] : [])], { stdio: ['ignore', 2, 2] }); // its report to stderr: stdout is the JSON
    if (r.status !== 0) throw new Error('scripts/gnubg/decisions.ts failed');
    const lines = readFileSync(raw, 'utf8').split('\n').filter(Boolean);
    console.error(`${lines.length} decisions in ${((Date.now() - t0) / 1000).toFixed(0)} s; gnubg scores them at ${GNUBG_PLIES} ply`);
    await scoreLines(lines, GNUBG_PLIES, DATA);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/**
 * Has gnubg score every legal play of each decision line at `plies` (its analysis settings) and
 * writes the scored set to `file`: each decision line, then its plays and "#", one file that
 * needs nothing else.
 */
async function scoreLines(lines: readonly string[], plies: number, file: string): Promise<void> {
  const t1 = Date.now();
  const parts = await gnubgParts(lines, { NARDY_GROUPS: '1', NARDY_KEEP_WINS: '1', NARDY_PLIES: String(plies), NARDY_REFERENCE: '1' });
  const out: string[] = [];
  parts.forEach((part, i) => {
    const groups = part.out.split('#\n');
    if (groups.length - 1 !== part.lines.length) throw new Error(`gnubg process ${i}: ${groups.length - 1} groups for ${part.lines.length} decisions`);
    part.lines.forEach((line, k) => out.push(`D ${line}\n${groups[k]}#`));
  });
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, out.join('\n') + '\n');
  console.error(`${lines.length} decisions scored at ${plies} ply in ${((Date.now() - t1) / 1000).toFixed(0)} s → ${file}`);
}

/**
 * gnubg's own best play at `plies` (0 or 1: below the set's depth) in each decision, by its
 * decision line: the set's decisions scored again at that depth with the same analysis settings
 * (kept in <data>.gnubg<plies>, made when missing or with --remake), the play it ranks first.
 */
async function gnubgOwn(plies: number): Promise<Map<string, string>> {
  const file = `${DATA}.gnubg${plies}`;
  if (flag('remake') || !existsSync(file)) {
    if (!existsSync(GNUBG)) throw new Error(`${GNUBG} is needed for --gnubg-own (apt-get install -y gnubg)`);
    const lines = readFileSync(DATA, 'utf8').split('\n').filter((l) => l.startsWith('D ')).map((l) => l.slice(2));
    await scoreLines(lines, plies, file);
  }
  const best = new Map<string, string>();
  for (const d of load(file)) {
    let id = '';
    let eq = -Infinity;
    for (const [k, v] of d.plays) if (v > eq) [eq, id] = [v, k];
    best.set(d.line, id);
  }
  return best;
}

/**
 * gnubg's 0-ply outcome probabilities (for the side then to roll) of every legal play of the
 * decisions, by the resulting position's id: kept in <data>.0ply, made with --procs gnubg
 * processes when missing (scripts/gnubg/training-data.py, cubeless, the plays that win kept).
 */
async function oracleProbs(decisions: readonly Decision[]): Promise<Map<string, number[]>> {
  const file = `${DATA}.0ply`;
  if (flag('remake') || !existsSync(file)) {
    if (!existsSync(GNUBG)) throw new Error(`${GNUBG} is needed for --oracle (apt-get install -y gnubg)`);
    const lines = decisions.map((d) => `${d.me.join(',')} ${d.opp.join(',')} ${d.dice[0]} ${d.dice[1]}`);
    const parts = await gnubgParts(lines, { NARDY_KEEP_WINS: '1', NARDY_PLIES: '0', NARDY_GROUPS: '0' });
    writeFileSync(file, parts.map((p) => p.out).join(''));
  }
  const out = new Map<string, number[]>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line) continue;
    const [id, ...p] = line.split(' ');
    out.set(id!, p.map(Number));
  }
  return out;
}

function load(file = DATA): Decision[] {
  const out = readDecisionSet(file);
  return LIMIT && file === DATA ? out.slice(0, LIMIT) : out;
}

function idAfter(me: ArrayLike<number>, opp: ArrayLike<number>): string {
  // The decisions are written with the mover as White (scripts/gnubg/training-data.py), Black then to roll.
  return positionId(parsePosition({ variant: 'short', turn: 'black', white: Array.from(me), black: Array.from(opp) }));
}

async function main(): Promise<void> {
  // Every setting with the bundled net, then with each --weights net (named "setting [BASE]").
  const nets = [{ tag: '', net: loadBundled('short').net }, ...WEIGHTS.map((base) => ({ tag: ` [${base}]`, net: loadWeights(base, 'short').net }))];
  // One search per net and pruning (a setting's prune=K, else the bot's own).
  const searches = new Map<string, Search>();
  const settings: Array<PlayerSetting | ReviewSetting> = nets.flatMap(({ tag, net }) =>
    SETTINGS.map((s): PlayerSetting | ReviewSetting => {
      if (s === 'review' || s.startsWith('review/')) {
        const r = parseReview(s);
        // The Review's own search: its net (the bundled review net, else the players'), no pruning net.
        const reviewNet = tag ? net : r.net === 'review' ? (loadBundledReview('short')?.net ?? net) : net;
        return { kind: 'review', name: s + tag, depth: r.depth, made: r.made, search: new Search(new Evaluator(reviewNet, ENCODINGS.short)) };
      }
      const setting = parseSetting(s, true);
      const key = `${tag}|${setting.prune ?? ''}`;
      let search = searches.get(key);
      if (!search) searches.set(key, (search = playersSearch('short', net, setting.prune)));
      return { kind: 'player', ...setting, name: setting.name + tag, search };
    }),
  );
  if (flag('remake') || !existsSync(DATA)) await make();
  const decisions = load();
  const rules = { ...defaultRules('short'), cube: false };
  const matchRules = { ...defaultRules('short'), cube: true };
  // A row of the report from its losses, decision by decision (NaN: the play chosen is not in gnubg's list).
  const row = (name: string, losses: number[], ms: number) => {
    const scored = losses.filter((x) => !Number.isNaN(x));
    const mean = scored.reduce((a, b) => a + b, 0) / scored.length;
    const best = scored.filter((x) => x < 1e-9).length;
    return { name, losses, summary: { decisions: scored.length, missing: losses.length - scored.length, loss_per_decision: +(1000 * mean).toFixed(3), gnubg_best_share: +(best / scored.length).toFixed(4), ms_per_decision: +ms.toFixed(1) } };
  };
  const lossOf = (d: Decision, id: string | undefined): number => {
    const eq = id === undefined ? undefined : d.plays.get(id);
    return eq === undefined ? NaN : d.best - eq;
  };
  // The play made in each decision, for the Review's settings that value it too: hard's, as in
  // the games of the set (hard's own setting's choices where it comes first, else played here once).
  let hardPlays: Array<{ me: number[]; opp: number[] }> | null = null;
  const hardChoices = (): Array<{ me: number[]; opp: number[] }> => {
    if (!hardPlays) {
      const hard = new Player('hard', new Brains(() => playersSearch('short')), seededRandom(SEED), parseSetting('hard', true).config);
      hardPlays = decisions.map((d) => {
        const position = parsePosition({ variant: 'short', turn: 'white', white: d.me, black: d.opp });
        const top = (d.match ? hard.rank(position, d.dice, matchRules, d.match.score, d.match.cube) : hard.rank(position, d.dice, rules))[0]!;
        return { me: Array.from(top.me), opp: Array.from(top.opp) };
      });
    }
    return hardPlays;
  };
  const results = settings.map((setting) => {
    if (setting.kind === 'review') {
      // The Review's best play: cubeless, at any score (the Review judges plays by money equity).
      const made = setting.made === 'hard' ? hardChoices() : null;
      const t0 = performance.now();
      const losses = decisions.map((d, k) => {
        const list = reviewRank(setting.search, d.me, d.opp, d.dice, rules, made ? made[k]! : null, setting.depth);
        return lossOf(d, idAfter(list[0]!.me, list[0]!.opp));
      });
      return row(setting.name, losses, (performance.now() - t0) / decisions.length);
    }
    const { name, level, config, search } = setting;
    // The player of this setting, over the one search; a match decision is ranked at its score and cube, as in play.
    const player = new Player(level, new Brains(() => search), seededRandom(SEED), config);
    const t0 = performance.now();
    const tops = decisions.map((d) => {
      const position = parsePosition({ variant: 'short', turn: 'white', white: d.me, black: d.opp });
      const list = d.match ? player.rank(position, d.dice, matchRules, d.match.score, d.match.cube) : player.rank(position, d.dice, rules);
      return { me: Array.from(list[0]!.me), opp: Array.from(list[0]!.opp) };
    });
    const ms = (performance.now() - t0) / decisions.length;
    // Hard's own choices are the plays made for the Review's settings after it.
    if (name === 'hard') hardPlays ??= tops;
    return row(name, tops.map((top, k) => lossOf(decisions[k]!, idAfter(top.me, top.opp))), ms);
  });
  // gnubg's own choices at shallower depths (--gnubg-own 0,1), as rows like a setting's.
  for (const plies of GNUBG_OWN) {
    const own = await gnubgOwn(plies);
    results.push(row(`gnubg ${plies}-ply (its own best)`, decisions.map((d) => lossOf(d, own.get(d.line))), NaN));
  }
  if (flag('oracle')) {
    // The first setting's value of a play on gnubg's 0-ply probabilities: each legal play (from
    // the search's 0-ply list) is valued as the player would, on gnubg's outcomes for it.
    const probs = await oracleProbs(decisions);
    const first = settings[0]!;
    if (first.kind !== 'player') throw new Error('--oracle values plays as the first setting does: a level, not the review');
    const { level, config, search } = first;
    const player = new Player(level, new Brains(() => search), seededRandom(SEED), config);
    const zero = { ...config.search, plies: 0 as const, noise: 0 };
    const flipped = new Float32Array(5);
    const losses = decisions.map((d) => {
      const position = parsePosition({ variant: 'short', turn: 'white', white: d.me, black: d.opp });
      const value = d.match ? player.playValue(position, matchRules, d.match.score, d.match.cube) : (p: ArrayLike<number>) => equityOf('short', p);
      let bestId: string | undefined;
      let bestValue = -Infinity;
      for (const c of search.rank(d.me, d.opp, d.dice, zero, seededRandom(SEED), d.match ? matchRules : rules)) {
        const id = idAfter(c.me, c.opp);
        const theirs = probs.get(id);
        if (!theirs) throw new Error(`--oracle: gnubg gave no probabilities for play ${id}`);
        const v = value(flipOutcomes('short', theirs, flipped), c.me, c.opp);
        if (v > bestValue) [bestValue, bestId] = [v, id];
      }
      return lossOf(d, bestId);
    });
    results.push(row(`${settings[0]!.name}'s value on gnubg's 0-ply probabilities`, losses, NaN));
  }
  // gnubg expert's own choices, where the data has them (made above 0 ply): a row like a setting's.
  if (decisions.some((d) => d.reference)) {
    results.push(row('gnubg expert (0-ply, its own choice)', decisions.map((d) => lossOf(d, d.reference)), NaN));
  }
  const first = results[0]!;
  // Every row's mean loss by a grouping of the decisions (the kind of score, of position).
  const breakdown = (groupOf: (d: Decision) => string): Record<string, Record<string, number>> => {
    const out: Record<string, Record<string, number>> = {};
    for (const kind of [...new Set(decisions.map(groupOf))].sort()) {
      const idx = decisions.map((d, k) => (groupOf(d) === kind ? k : -1)).filter((k) => k >= 0);
      const row: Record<string, number> = { decisions: idx.length };
      for (const r of results) {
        const xs = idx.map((k) => r.losses[k]!).filter((x) => !Number.isNaN(x));
        row[r.name] = +((1000 * xs.reduce((a, b) => a + b, 0)) / Math.max(1, xs.length)).toFixed(2);
      }
      out[kind] = row;
    }
    return out;
  };
  const byContext = decisions.every((d) => d.match) ? breakdown(contextOf) : {};
  const byKind = breakdown(kindOf);
  const report = results.map((r, i) => {
    if (i === 0) return { setting: r.name, ...r.summary };
    const diffs = r.losses.map((x, k) => x - first.losses[k]!).filter((x) => !Number.isNaN(x));
    const m = diffs.reduce((a, b) => a + b, 0) / diffs.length;
    const sd = Math.sqrt(diffs.reduce((a, b) => a + (b - m) ** 2, 0) / Math.max(1, diffs.length - 1));
    const ci = (1.96 * sd) / Math.sqrt(diffs.length);
    return { setting: r.name, ...r.summary, vs_first: { diff: +(1000 * m).toFixed(3), ci95: +(1000 * ci).toFixed(3), differing: diffs.filter((x) => Math.abs(x) > 1e-9).length } };
  });
  const worst = first.losses
    .map((loss, k) => ({ loss, k }))
    .filter((x) => !Number.isNaN(x.loss))
    .sort((a, b) => b.loss - a.loss)
    .slice(0, WORST)
    .map(({ loss, k }) => {
      const d = decisions[k]!;
      return { loss: +(1000 * loss).toFixed(1), me: d.me.join(','), opp: d.opp.join(','), dice: d.dice, ...(d.match ? { match: d.match } : {}) };
    });
  console.log(JSON.stringify({ data: DATA, gnubg_plies: GNUBG_PLIES, decisions: decisions.length, settings: report, ...(Object.keys(byContext).length ? { by_context: byContext } : {}), by_kind: byKind, worst_of_first: worst }, null, 1));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
