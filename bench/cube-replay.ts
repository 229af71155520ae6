/**
 * Cube decisions replayed: every decision that bench:cube kept (`--only ours --keep DIR` writes
 * DIR/joined.jsonl: the match as it stood and gnubg's 2-ply cubeful equities there) decided
 * again by each setting, and judged by gnubg's equities as bench:cube judges them. The positions
 * stay the same, so settings are compared decision by decision (a paired difference).
 *
 *   npx tsx bench/cube-replay.ts --settings hard,hard/cubePlies=2 train/cube1 [train/cube2 ...]
 *
 * Settings as in bench/settings.ts (`hard/cubePlies=2`). Prints one JSON object: per setting, the
 * decisions, the error (thousandths of a point, EMG) per decision and in all, by doubles and
 * takes, the doubles on the first two turns of a match at 0:0 that gnubg calls wrong, the
 * paired difference from the first setting with its 95% interval, and the time per decision (mean, p95, max);
 * with --changes, every decision where a setting's action differs from the first's.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadBrains, Player } from '../src/ai/player.js';
import type { MatchState } from '../src/engine/index.js';
import { seededRandom } from '../src/sim/rng.js';
import { earlyWrongDouble, judgeCube, type CubeAction, type GnubgEquities } from './cube-judge.js';
import { parseSetting } from './settings.js';

interface Row extends GnubgEquities {
  readonly file: string;
  readonly game: number;
  readonly turn: number;
  readonly action: CubeAction;
  readonly state?: MatchState;
}

const argv = process.argv.slice(2);
const i = argv.indexOf('--settings');
const specs = (i >= 0 ? argv[i + 1] : 'hard')!.split(',');
const dirs = argv.filter((a, k) => !a.startsWith('--') && !(i >= 0 && k === i + 1));
const listChanges = argv.includes('--changes');
if (!dirs.length) throw new Error('usage: cube-replay.ts [--settings A,B] DIR [DIR ...] (bench:cube --only ours --keep DIR)');
const rows: Row[] = [];
for (const dir of dirs) {
  for (const line of readFileSync(join(dir, 'joined.jsonl'), 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const r = JSON.parse(line) as Row;
    if (!r.state) throw new Error(`${dir}: joined.jsonl has no match states; make it again with this version's bench:cube --keep`);
    rows.push(r);
  }
}
const brains = loadBrains();
const settings = specs.map((s) => parseSetting(s, true));
const errors = settings.map(() => new Float64Array(rows.length));
const actions = settings.map(() => new Array<string>(rows.length));
const verdicts = new Array<string>(rows.length);
const out: Record<string, unknown> = { decisions: rows.length, sources: dirs };
settings.forEach((setting, k) => {
  const player = new Player(setting.level, brains, seededRandom(1), setting.config);
  let doubles = 0;
  let takes = 0;
  let early = 0;
  let changed = 0;
  const started = performance.now();
  const times: number[] = [];
  rows.forEach((r, n) => {
    const t0 = performance.now();
    const d = player.cubeDecision(r.state!);
    times.push(performance.now() - t0);
    const { verdict, error } = judgeCube(r, d.situation, d.action);
    errors[k]![n] = 1000 * error;
    actions[k]![n] = `${d.action} ${(1000 * error).toFixed(1)}`;
    if (k === 0) verdicts[n] = verdict;
    if (d.action !== r.action) changed++;
    if (r.action === 'take' || r.action === 'pass') takes += 1000 * error;
    else doubles += 1000 * error;
    if (earlyWrongDouble(d.action, r.game, r.turn, verdict)) early++;
  });
  const ms = performance.now() - started;
  const total = errors[k]!.reduce((s, e) => s + e, 0);
  const entry: Record<string, unknown> = {
    errorPerDecision: +(total / rows.length).toFixed(3),
    errorTotal: +total.toFixed(1),
    doubleDecisions: +doubles.toFixed(1),
    takeDecisions: +takes.toFixed(1),
    earlyDoublesGnubgCallsWrong: early,
    actionsOtherThanPlayed: changed,
    msPerDecision: +(ms / rows.length).toFixed(2),
    msP95: +times.sort((a, b) => a - b)[Math.floor(0.95 * (times.length - 1))]!.toFixed(1),
    msMax: +times[times.length - 1]!.toFixed(1),
  };
  if (k > 0) {
    const diff = errors[k]!.map((e, n) => e - errors[0]![n]!);
    const mean = diff.reduce((s, x) => s + x, 0) / diff.length;
    const v = diff.reduce((s, x) => s + (x - mean) ** 2, 0) / Math.max(1, diff.length - 1);
    entry.minusFirst = +mean.toFixed(3);
    entry.plusMinus = +(1.96 * Math.sqrt(v / diff.length)).toFixed(3);
  }
  out[setting.name] = entry;
});
if (listChanges) {
  // Every decision some setting decides otherwise than the first: where, gnubg's verdict, each
  // setting's action and its error.
  out.changes = rows.flatMap((r, n) => (actions.some((a) => a[n]!.split(' ')[0] !== actions[0]![n]!.split(' ')[0]) ? [`${r.file} game ${r.game} turn ${r.turn} (${r.state!.length - r.state!.score.white}-${r.state!.length - r.state!.score.black} away, cube ${r.state!.game.cube.value}): gnubg ${verdicts[n]}; ${actions.map((a) => a[n]).join(' | ')}`] : []));
}
console.log(JSON.stringify(out, null, 1));
