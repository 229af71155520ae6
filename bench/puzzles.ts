/**
 * The short-nardy problem bank against GNU Backgammon: npm run -s bench:puzzles [-- --sample 200 --plies 2 --seed 1]
 *
 * A sample of the bundled bank's problems (assets/puzzles/short.json.gz), each asked of gnubg
 * (scripts/gnubg/best-plays.py: cubeless money play at 2 plies, "world class"): does gnubg's best
 * play equal the bank's best answer? Target: at least 95% of the sample. Prints the share, the
 * problems where gnubg differs (its play, and whether it is another of the answers) and the time.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { positionToJSON } from '../src/engine/position.js';
import { loadBank, problemPosition } from '../src/puzzles/bank.js';
import { seededRandom } from '../src/sim/rng.js';
import { GNUBG, gnubgHome } from './gnubg.js';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1]! : fallback;
}
const SAMPLE = Number(arg('--sample', '200'));
const PLIES = Number(arg('--plies', '2'));
const SEED = Number(arg('--seed', '1'));
if (!Number.isSafeInteger(SAMPLE) || SAMPLE < 1 || ![0, 1, 2, 3].includes(PLIES) || !Number.isSafeInteger(SEED)) {
  console.error('usage: npm run -s bench:puzzles [-- --sample N --plies 0..3 --seed S]');
  process.exit(2);
}

const bank = loadBank('short');
const rand = seededRandom(SEED);
const pool = [...bank.problems];
for (let i = pool.length - 1; i > 0; i--) {
  const j = Math.floor(rand() * (i + 1));
  [pool[i], pool[j]] = [pool[j]!, pool[i]!];
}
const sample = pool.slice(0, Math.min(SAMPLE, pool.length));
const dir = mkdtempSync(join(tmpdir(), 'nardy-puzzles-'));
const input = join(dir, 'in.jsonl');
const output = join(dir, 'out.jsonl');
writeFileSync(input, sample.map((p) => JSON.stringify({ id: p.id, position: positionToJSON(problemPosition(p)), dice: p.dice, answers: p.answers.map((a) => a.play) })).join('\n') + '\n');
gnubgHome(dir);
const t0 = Date.now();
const r = spawnSync(GNUBG, ['-t', '-q', '-r', '-p', 'scripts/gnubg/best-plays.py'], { env: { ...process.env, HOME: dir, NARDY_IN: input, NARDY_OUT: output, NARDY_PLIES: String(PLIES) }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
if (r.status !== 0) {
  console.error(`gnubg failed (${r.status}): ${r.stderr.slice(-2000)}`);
  process.exit(1);
}
const rows = readFileSync(output, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { id: string; which: number; gnubg: string; equity: number });
const agree = rows.filter((x) => x.which === 0).length;
const differ = rows.filter((x) => x.which !== 0).map((x) => ({ id: x.id, gnubg: x.gnubg, answer: x.which }));
const share = agree / rows.length;
console.log(JSON.stringify({ problems: bank.problems.length, sample: rows.length, plies: PLIES, agree, share: Math.round(share * 1000) / 10, target: '>= 95%', met: share >= 0.95, seconds: Math.round((Date.now() - t0) / 1000), differ: differ.slice(0, 20) }, null, 1));
