/**
 * Cube decisions of one class of positions against GNU Backgammon's 2-ply:
 *   npm run -s bench:cube-class [-- --class bar-bearoff|too-good --count 300 --seed 1 --level hard --plies 2 --out FILE]
 *
 * The position sets are made here, from the seed (the same set every time):
 *   - bar-bearoff: the side on roll bears off (all its checkers home, a board of three to six
 *     points made, none to twelve off) against checkers on the bar (one, sometimes two) and the
 *     rest of the other side's checkers anywhere its board leaves room (none to thirteen off) —
 *     the class of the bad take gnubg found (issue 55), the side on the bar owning its chances
 *     of a late shot and of a race;
 *   - too-good: the side on roll far ahead in a race or a bear-off with gammon chances, at match
 *     scores where a gammon with the cube where it is wins the match (too good to double there).
 * Each position is asked at a money game and at match scores to 5 and 7, the cube in the middle
 * or the doubler's. gnubg's cubeful values at 2 plies (scripts/gnubg/cube-verdicts.py) give the
 * verdict (its normalised equities, double/pass 1, in a match too); ours comes from our level's cube decision (the doubler's double or not, the taker's
 * take or pass). Prints the share of positions where each decision agrees and the error of ours
 * (EMG, as gnubg counts it: bench/cube-judge.ts), the worst ones, and with --out the set with
 * gnubg's values; with --fixture K only K clear decisions of it (test/fixtures/cube-classes.jsonl
 * is made so: --class bar-bearoff --count 60 --seed 7 --fixture 8, then --class too-good --count
 * 60 --seed 7 --fixture 6, the two files joined).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPlayer, isLevel, type Player } from '../src/ai/player.js';
import { matchAt, parseRules, type MatchState } from '../src/engine/index.js';
import { positionId, positionToJSON } from '../src/engine/position.js';
import type { Position, Side } from '../src/engine/types.js';
import { seededRandom } from '../src/sim/rng.js';
import { judgeCube, type CubeAction } from './cube-judge.js';
import { GNUBG, gnubgHome } from './gnubg.js';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(name);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}
const CLASS = arg('--class', 'bar-bearoff');
const COUNT = Number(arg('--count', '300'));
const SEED = Number(arg('--seed', '1'));
const LEVEL = arg('--level', 'hard');
const PLIES = Number(arg('--plies', '2'));
const OUT = arg('--out', '');
/** With --out: write only this many clear decisions of the set (a test's fixture), else all. */
const FIXTURE = Number(arg('--fixture', '0'));
if (!['bar-bearoff', 'too-good'].includes(CLASS) || !Number.isSafeInteger(COUNT) || COUNT < 1 || !isLevel(LEVEL) || ![0, 1, 2].includes(PLIES)) {
  console.error('usage: npm run -s bench:cube-class [-- --class bar-bearoff|too-good --count N --seed S --level L --plies 0..2 --out FILE]');
  process.exit(2);
}

/** One decision of the set: the position (doubler on roll), the cube, the match (null: money). */
export interface ClassCase {
  readonly id: string;
  readonly position: Position;
  readonly cube: { readonly value: number; readonly owner: 'me' | null };
  /** Points to win and the score, the doubler's first; null: a money game. */
  readonly match: { readonly length: number; readonly score: readonly [number, number]; readonly crawford: false } | null;
}

const random = seededRandom(SEED);
const int = (lo: number, hi: number): number => lo + Math.floor(random() * (hi - lo + 1));

/** Put n checkers on the points listed, at random, at least `least` on each of `made`. */
function spread(side: number[], n: number, points: readonly number[], made: readonly number[] = [], least = 2): void {
  for (const p of made) {
    const k = Math.min(least, n);
    side[p]! += k;
    n -= k;
  }
  for (; n > 0; n--) side[points[int(0, points.length - 1)]!]!++;
}

/** The side on roll bears off against checkers on the bar. */
function barBearoff(): Position {
  const doubler = Array<number>(26).fill(0);
  const taker = Array<number>(26).fill(0);
  const off = int(0, 12);
  doubler[0] = off;
  const home = 15 - off;
  // Three to six made points of its board (as many as its checkers allow).
  const points = [1, 2, 3, 4, 5, 6].sort(() => random() - 0.5);
  const madeCount = Math.min(Math.floor(home / 2), int(3, 6));
  const made = points.slice(0, madeCount);
  spread(doubler, home, made.length ? made : [1, 2, 3, 4, 5, 6], made);
  // The taker: on the bar, some off, the rest where the doubler's board leaves room.
  const bar = random() < 0.2 ? 2 : 1;
  // Often far on in the race (the taker had 13 off), so that the decision is close.
  const takerOff = random() < 0.6 ? int(Math.min(8, 13 - bar), 13 - bar) : int(0, 13 - bar);
  taker[25] = bar;
  taker[0] = takerOff;
  // The doubler's point j is the taker's 25 - j: only open ones there.
  const room = [...Array.from({ length: 18 }, (_, i) => i + 1), ...[19, 20, 21, 22, 23, 24].filter((q) => doubler[25 - q] === 0)];
  const near = random() < 0.6;
  spread(taker, 15 - bar - takerOff, near ? room.filter((q) => q <= 6 || q >= 19) : room);
  return { variant: 'short', turn: 'white', white: doubler, black: taker };
}

/** The side on roll far ahead, gammon chances: a race or a bear-off against a taker with none off. */
function tooGood(): Position {
  const doubler = Array<number>(26).fill(0);
  const taker = Array<number>(26).fill(0);
  doubler[0] = int(0, 8);
  spread(doubler, 15 - doubler[0]!, random() < 0.5 ? [1, 2, 3, 4, 5, 6] : [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  // The taker has borne off nothing, its checkers far from home (some still in the doubler's
  // outfield or on the bar), so a gammon is a real chance.
  if (random() < 0.5) taker[25] = 1;
  // (Its point q is the doubler's 25 - q: only where the doubler has none.)
  spread(taker, 15 - taker[25]!, [7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18].filter((q) => doubler[25 - q] === 0));
  return { variant: 'short', turn: 'white', white: doubler, black: taker };
}

/** The match contexts each position is asked at. */
function contexts(): Array<Pick<ClassCase, 'cube' | 'match'>> {
  const out: Array<Pick<ClassCase, 'cube' | 'match'>> = [];
  if (CLASS === 'too-good') {
    // A gammon with the cube where it is wins the match for the doubler.
    out.push({ cube: { value: 2, owner: 'me' }, match: { length: 5, score: [1, 0], crawford: false } });
    out.push({ cube: { value: 1, owner: null }, match: { length: 5, score: [3, int(0, 3)], crawford: false } });
    out.push({ cube: { value: 2, owner: 'me' }, match: { length: 7, score: [3, int(0, 5)], crawford: false } });
    out.push({ cube: { value: 1, owner: null }, match: null });
    return out;
  }
  out.push({ cube: { value: 1, owner: null }, match: null });
  out.push({ cube: { value: 2, owner: 'me' }, match: { length: 5, score: [0, 1], crawford: false } });
  out.push({ cube: { value: 1, owner: null }, match: { length: 7, score: [int(0, 4), int(0, 4)] as [number, number], crawford: false } });
  return out;
}

function matchOf(c: ClassCase): MatchState {
  const doubler: Side = c.position.turn;
  const [mine, theirs] = c.match ? c.match.score : [0, 0];
  const score: [number, number] = doubler === 'white' ? [mine, theirs] : [theirs, mine];
  return matchAt(c.position, { length: c.match?.length ?? 0, score, crawford: false, cube: { value: c.cube.value, owner: c.cube.owner === 'me' ? doubler : null } }, parseRules({ cube: true }), 'roll');
}

/** Our level's double (before the roll) and, facing a double, take. */
function ours(player: Player, c: ClassCase): { double: boolean; take: boolean } {
  const m = matchOf(c);
  const money = c.match === null;
  const roll = player.cubeDecision(m, money);
  const facing = player.cubeDecision({ ...m, game: { ...m.game, phase: 'double' } }, money);
  return { double: roll.action === 'double', take: facing.action === 'take' };
}

// The set: positions of the class with a real decision (the doubler 60% to 90% at a glance; to
// 97% for too-good, where the gammons decide).
gnubgHome();
const glance = createPlayer('medium');
const cases: ClassCase[] = [];
for (let tries = 0; cases.length < COUNT && tries < COUNT * 200; tries++) {
  const position = CLASS === 'too-good' ? tooGood() : barBearoff();
  for (const ctx of contexts()) {
    if (cases.length >= COUNT) break;
    const c: ClassCase = { id: `${CLASS}-${SEED}-${cases.length + 1}`, position, ...ctx };
    const w = glance.cubeDecision(matchOf(c), c.match === null).situation.probs[0]!;
    if (w < 0.6 || w > (CLASS === 'too-good' ? 0.97 : 0.9)) break;
    cases.push(c);
  }
}

if (cases.length === 0) {
  console.error('no position of the class came out of the generator: try another --seed');
  process.exit(1);
}
const dir = mkdtempSync(join(tmpdir(), 'nardy-cube-class-'));
const input = join(dir, 'in.jsonl');
const output = join(dir, 'out.jsonl');
writeFileSync(input, cases.map((c) => JSON.stringify({ id: c.id, position: positionToJSON(c.position), cube: c.cube, ...(c.match ? { match: c.match } : {}) })).join('\n') + '\n');
const t0 = Date.now();
const r = spawnSync(GNUBG, ['-t', '-q', '-r', '-p', 'scripts/gnubg/cube-verdicts.py'], { env: { ...process.env, HOME: dir, NARDY_IN: input, NARDY_OUT: output, NARDY_PLIES: String(PLIES) }, encoding: 'utf8', maxBuffer: 64 << 20 });
if (r.status !== 0) {
  console.error(`gnubg failed (${r.status}): ${r.stderr.slice(-2000)}`);
  process.exit(1);
}
const gnubgSeconds = Math.round((Date.now() - t0) / 1000);
const verdicts = new Map(readFileSync(output, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { id: string; nd: number; dt: number; dp: number; gnubg: string }).map((v) => [v.id, v]));

const player = createPlayer(LEVEL, seededRandom(SEED));
let doubles = 0;
let takes = 0;
let doubleError = 0;
let takeError = 0;
const times: number[] = [];
const worst: Array<{ id: string; what: string; error: number; gnubg: string; position: string; match: string }> = [];
for (const c of cases) {
  const g = verdicts.get(c.id);
  if (!g) throw new Error(`gnubg gave no verdict for ${c.id} (${positionId(c.position)})`);
  const t = performance.now();
  const o = ours(player, c);
  times.push(performance.now() - t);
  const s = { match: c.match ? { awayMe: c.match.length - c.match.score[0], awayOpp: c.match.length - c.match.score[1], crawford: false, postCrawford: false } : null, cube: c.cube.value };
  // gnubg's cfevaluate gives normalised equities (double/pass 1) in a match as in a money game.
  const eq = { nd: g.nd, dt: g.dt, scale: 'emg' as const };
  const d = judgeCube(eq, s, o.double ? 'double' : 'no-double');
  const k = judgeCube(eq, s, o.take ? 'take' : 'pass');
  const gDouble = d.verdict === 'double, take' || d.verdict === 'double, pass';
  const gTake = !(d.verdict === 'double, pass' || d.verdict === 'too good');
  if (gDouble === o.double) doubles++;
  if (gTake === o.take) takes++;
  doubleError += d.error;
  takeError += k.error;
  const match = c.match ? `${c.match.score.join(':')} to ${c.match.length}` : 'money';
  if (d.error > 0) worst.push({ id: c.id, what: o.double ? 'double' : 'no double', error: d.error, gnubg: g.gnubg, position: positionId(c.position), match: `${match}, cube ${c.cube.value}${c.cube.owner ? ' own' : ''}` });
  if (k.error > 0) worst.push({ id: c.id, what: o.take ? 'take' : 'pass', error: k.error, gnubg: g.gnubg, position: positionId(c.position), match: `${match}, cube ${c.cube.value}${c.cube.owner ? ' own' : ''}` });
}
if (OUT) {
  // A fixture: clear decisions only, by gnubg's margins (bar-bearoff: takes and passes in equal
  // numbers, 0.1 or more from turning; too-good: "too good", 0.05 or more from doubling).
  const clear = (c: ClassCase): 'take' | 'pass' | 'too-good' | null => {
    const g = verdicts.get(c.id)!;
    if (CLASS === 'too-good') return g.gnubg.startsWith('Too good') && g.nd - Math.min(g.dt, g.dp) >= 0.05 ? 'too-good' : null;
    return Math.abs(g.dt - g.dp) >= 0.1 ? (g.dt > g.dp ? 'pass' : 'take') : null;
  };
  const pick = (kind: string, n: number): ClassCase[] => cases.filter((c) => clear(c) === kind).slice(0, n);
  const kept = !FIXTURE ? cases : CLASS === 'too-good' ? pick('too-good', FIXTURE) : [...pick('take', Math.ceil(FIXTURE / 2)), ...pick('pass', Math.floor(FIXTURE / 2))];
  writeFileSync(OUT, kept.map((c) => JSON.stringify({ class: CLASS, ...c, position: positionId(c.position), gnubg: verdicts.get(c.id) })).join('\n') + '\n');
}
times.sort((a, b) => a - b);
const n = cases.length;
console.log(
  JSON.stringify(
    {
      class: CLASS,
      level: LEVEL,
      decisions: n,
      gnubg: `${PLIES}-ply, ${gnubgSeconds} s`,
      double: { agree: +(doubles / n).toFixed(3), errorPerDecision: +(doubleError / n).toFixed(4) },
      take: { agree: +(takes / n).toFixed(3), errorPerDecision: +(takeError / n).toFixed(4) },
      ms: { p50: Math.round(times[Math.floor(n / 2)]!), p95: Math.round(times[Math.floor(n * 0.95)]!), max: Math.round(times[n - 1]!) },
      worst: worst.sort((a, b) => b.error - a.error).slice(0, 8),
    },
    null,
    1,
  ),
);
