/**
 * The short-nardy problem bank against GNU Backgammon:
 *   npm run -s bench:puzzles [-- --sample 200 --plies 2 --seed 1 --kind play|cube --bank FILE]
 *
 * A sample of the bundled bank's problems (assets/puzzles/short.json.gz, or --bank), each asked of
 * gnubg at 2 plies ("world class"). Play problems (scripts/gnubg/best-plays.py, cubeless money
 * play): does gnubg's best play equal the bank's best answer? Cube problems
 * (scripts/gnubg/cube-verdicts.py, cubeful money, no Jacoby): does gnubg's cube action, as the
 * quiz's four answers read it, equal the bank's? Target: at least 95% of the sample. Prints the
 * share, the problems where gnubg differs and the time.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { positionToJSON } from '../src/engine/position.js';
import { CUBE_ANSWERS, cubeAnswerErrors, loadBank, parseBank, problemPosition } from '../src/puzzles/bank.js';
import { gunzipSync } from 'node:zlib';
import { seededRandom } from '../src/sim/rng.js';
import { GNUBG, gnubgHome } from './gnubg.js';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1]! : fallback;
}
const SAMPLE = Number(arg('--sample', '200'));
const PLIES = Number(arg('--plies', '2'));
const SEED = Number(arg('--seed', '1'));
const KIND = arg('--kind', 'play');
const BANK = arg('--bank', '');
if (!Number.isSafeInteger(SAMPLE) || SAMPLE < 1 || ![0, 1, 2, 3].includes(PLIES) || !Number.isSafeInteger(SEED) || (KIND !== 'play' && KIND !== 'cube')) {
  console.error('usage: npm run -s bench:puzzles [-- --sample N --plies 0..3 --seed S --kind play|cube --bank FILE]');
  process.exit(2);
}

const bank = BANK ? parseBank(JSON.parse(gunzipSync(readFileSync(BANK)).toString('utf8'))) : loadBank('short');
const rand = seededRandom(SEED);
const pool = bank.problems.filter((p) => p.kind === KIND);
for (let i = pool.length - 1; i > 0; i--) {
  const j = Math.floor(rand() * (i + 1));
  [pool[i], pool[j]] = [pool[j]!, pool[i]!];
}
const sample = pool.slice(0, Math.min(SAMPLE, pool.length));
const dir = mkdtempSync(join(tmpdir(), 'nardy-puzzles-'));
const input = join(dir, 'in.jsonl');
const output = join(dir, 'out.jsonl');
writeFileSync(input, sample.map((p) => JSON.stringify({ id: p.id, position: positionToJSON(problemPosition(p)), dice: p.dice, cube: p.cube ? { value: p.cube.value, owner: p.cube.owner } : undefined, answers: p.answers.map((a) => a.play) })).join('\n') + '\n');
gnubgHome(dir);
const t0 = Date.now();
const script = KIND === 'cube' ? 'scripts/gnubg/cube-verdicts.py' : 'scripts/gnubg/best-plays.py';
const r = spawnSync(GNUBG, ['-t', '-q', '-r', '-p', script], { env: { ...process.env, HOME: dir, NARDY_IN: input, NARDY_OUT: output, NARDY_PLIES: String(PLIES) }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
if (r.status !== 0) {
  console.error(`gnubg failed (${r.status}): ${r.stderr.slice(-2000)}`);
  process.exit(1);
}
const lines = readFileSync(output, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
const byId = new Map(sample.map((p) => [p.id, p]));
const rows = lines.map((x) => {
  if (KIND === 'play') return { id: x.id as string, which: x.which as number, gnubg: x.gnubg as string };
  // gnubg's cubeful equities, the quiz's four answers ranked as the bank ranks them.
  const errors = cubeAnswerErrors({ noDouble: x.nd as number, doubleTake: x.dt as number, doublePass: x.dp as number });
  const best = CUBE_ANSWERS.reduce((a, b) => (errors[b] < errors[a] ? b : a));
  const answers = byId.get(x.id as string)!.answers.map((a) => a.play);
  return { id: x.id as string, which: answers.indexOf(best), gnubg: `${x.gnubg as string} (${best}; nd ${(x.nd as number).toFixed(3)}, dt ${(x.dt as number).toFixed(3)})` };
});
const agree = rows.filter((x) => x.which === 0).length;
const differ = rows.filter((x) => x.which !== 0).map((x) => ({ id: x.id, gnubg: x.gnubg, answer: x.which, bank: byId.get(x.id)!.answers[0]!.play }));
const share = agree / rows.length;
console.log(JSON.stringify({ kind: KIND, problems: pool.length, sample: rows.length, plies: PLIES, agree, share: Math.round(share * 1000) / 10, target: '>= 95%', met: share >= 0.95, seconds: Math.round((Date.now() - t0) / 1000), differ: differ.slice(0, 20) }, null, 1));
