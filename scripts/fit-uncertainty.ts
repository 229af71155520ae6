/**
 * Fits the Review's uncertainty (src/ai/analysis.ts, AnalyseOptions.uncertainty) to gnubg's
 * analysis of the same games: npx tsx scripts/fit-uncertainty.ts DUMP[,DUMP…] [CHECK[,CHECK…]]
 *
 * DUMP: the --dump files of `npm run -s bench:analysis -- --from DIR --dump FILE` (one line per
 * move both analyses compared: our loss, gnubg's, and the margin of the play made over the best
 * other by ours). For each uncertainty on a grid (points, one standard deviation), every move's
 * expected loss as the analysis works it out, then per player and game the error rate against
 * gnubg's: the share within 3 thousandths, the mean absolute difference and the mean difference
 * (ours less gnubg's). Prints one JSON line per uncertainty for the fitting files, then the
 * chosen one (the least mean absolute difference) on the CHECK files, which it was not fitted
 * on.
 */
import { readFileSync } from 'node:fs';
import { expectedLossOf } from '../src/ai/analysis.js';

interface Move { game: number; level: string; ours: number; gnubg: number; margin: number; file: number }

function load(list: string): Move[] {
  return list.split(',').filter(Boolean).flatMap((f, file) =>
    readFileSync(f, 'utf8').split('\n').filter(Boolean).map((l) => ({ ...(JSON.parse(l) as Omit<Move, 'file'>), file })),
  );
}

function measure(moves: Move[], u: number): { within_3: number; mean_abs: number; mean_diff: number; players: number } {
  const per = new Map<string, { o: number; g: number; n: number }>();
  for (const m of moves) {
    const key = `${m.file}:${m.game}:${m.level.slice(-1)}`;
    const e = per.get(key) ?? { o: 0, g: 0, n: 0 };
    // As analysis.ts: against the best other play (margin: the play made's lead over it).
    e.o += expectedLossOf(m.ours, -m.margin, u);
    e.g += m.gnubg;
    e.n++;
    per.set(key, e);
  }
  const diffs = [...per.values()].map((e) => (1000 * (e.o - e.g)) / e.n);
  const r = (x: number, k = 3): number => +x.toFixed(k);
  return {
    players: diffs.length,
    within_3: r(diffs.filter((d) => Math.abs(d) <= 3).length / diffs.length),
    mean_abs: r(diffs.reduce((a, d) => a + Math.abs(d), 0) / diffs.length, 2),
    mean_diff: r(diffs.reduce((a, d) => a + d, 0) / diffs.length, 2),
  };
}

const [fitFiles, checkFiles] = process.argv.slice(2);
if (!fitFiles) {
  console.error('usage: npx tsx scripts/fit-uncertainty.ts DUMP[,DUMP…] [CHECK[,CHECK…]]');
  process.exit(2);
}
const fit = load(fitFiles);
let best = { u: 0, mean_abs: Infinity };
for (let i = 0; i <= 30; i++) {
  const u = i * 0.001;
  const m = measure(fit, u);
  console.log(JSON.stringify({ uncertainty: +u.toFixed(3), ...m }));
  if (m.mean_abs < best.mean_abs) best = { u, mean_abs: m.mean_abs };
}
console.log(JSON.stringify({ chosen: +best.u.toFixed(3) }));
if (checkFiles) {
  const check = load(checkFiles);
  console.log(JSON.stringify({ check: checkFiles, without: measure(check, 0), chosen: measure(check, best.u) }));
}
