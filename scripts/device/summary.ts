/**
 * Adds up matches against gnubg expert kept as JSON lines: scripts/device/versus.sh's
 * {"level","seed","m":<match>} lines, or bench:cube's own versus.jsonl lines (one per match, as
 * scripts/gnubg/play-external-match.py writes them) named LEVEL:SEED:FILE.
 *
 *   npx tsx scripts/device/summary.ts matches.jsonl [hard:20:train/vs/hard-20/nardy-cube-x/versus.jsonl ...]
 *
 * Prints one JSON object: per level and per seed, matches, matches won, the share of points
 * (each match's points counted up to its length, 5), its 95% interval (a ratio estimate over
 * matches), each side's cube error per decision (thousandths of match winning chance) and the
 * bot's checker play by gnubg's cubeful 0-ply analysis (EMG thousandths a move).
 */
import { readFileSync } from 'node:fs';

interface Side { error: number; decisions: number; checker?: { emg: number; moves: number } }
interface Match { winner: 'bot' | 'gnubg'; score: { bot: number; gnubg: number }; cube: { bot: Side; gnubg: Side } }
interface Row { level: string; seed: number; m: Match }

const LENGTH = 5;
const rows: Row[] = [];
for (const a of process.argv.slice(2)) {
  const named = /^([a-z]+):(\d+):(.+)$/.exec(a);
  const text = readFileSync(named ? named[3]! : a, 'utf8');
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    const j = JSON.parse(line) as Row | Match;
    if ('m' in j) rows.push(j);
    else if (named) rows.push({ level: named[1]!, seed: Number(named[2]), m: j });
    else throw new Error(`${a}: a bench:cube line needs LEVEL:SEED:FILE`);
  }
}
if (!rows.length) throw new Error('usage: summary.ts FILE|LEVEL:SEED:FILE ...');

function sum(ms: Match[]): Record<string, number> {
  const pts = ms.map((m) => [Math.min(LENGTH, m.score.bot), Math.min(LENGTH, m.score.gnubg)] as const);
  const bot = pts.reduce((s, p) => s + p[0], 0);
  const all = pts.reduce((s, p) => s + p[0] + p[1], 0);
  const share = bot / all;
  const n = ms.length;
  // The share is a ratio of two sums over matches: its variance by the delta method.
  const v = n > 1 ? pts.reduce((s, p) => s + (p[0] - share * (p[0] + p[1])) ** 2, 0) / (n - 1) : 0;
  const per = (k: 'bot' | 'gnubg'): number => {
    const d = ms.reduce((s, m) => s + m.cube[k].decisions, 0);
    return d ? +((1000 * ms.reduce((s, m) => s + m.cube[k].error, 0)) / d).toFixed(2) : 0;
  };
  const moves = ms.reduce((s, m) => s + (m.cube.bot.checker?.moves ?? 0), 0);
  return {
    matches: n,
    won: ms.filter((m) => m.winner === 'bot').length,
    pointsSharePercent: +(100 * share).toFixed(1),
    plusMinus: +((196 * Math.sqrt(v / n)) / (all / n)).toFixed(1),
    cubeBot: per('bot'),
    cubeGnubg: per('gnubg'),
    checkerBotEmg: moves ? +((1000 * ms.reduce((s, m) => s + (m.cube.bot.checker?.emg ?? 0), 0)) / moves).toFixed(2) : 0,
  };
}

const out: Record<string, unknown> = {};
for (const level of [...new Set(rows.map((r) => r.level))]) {
  const mine = rows.filter((r) => r.level === level);
  const seeds: Record<string, unknown> = {};
  for (const s of [...new Set(mine.map((r) => r.seed))].sort((a, b) => a - b)) seeds[s] = sum(mine.filter((r) => r.seed === s).map((r) => r.m));
  out[level] = { ...sum(mine.map((r) => r.m)), seeds };
}
console.log(JSON.stringify(out));
