/**
 * Checks bench/outside.ts against the outside network's own code: positions of random long
 * games, each valued by our reading of the network and by the LongNardi app's engine
 * (scripts/outside/parity.cpp, built by scripts/outside/build-parity.sh DIR).
 *   npx tsx bench/outside-parity.ts DIR [--bin /tmp/nardi-parity] [--positions 400] [--net mlp,vzg0,res2]
 *     [--choices N [--candidates 8]]
 * Prints the largest difference per network and fails above 1e-4. With --choices N, also how
 * often bench:strength's look-ahead over vzg0 (on the best `candidates` plays) chooses the play
 * the app's own look-ahead over every play chooses, on N positions with a random roll.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { legalPlays } from '../src/engine/plays.js';
import { startPosition } from '../src/engine/position.js';
import { DEFAULT_RULES } from '../src/engine/rules.js';
import { otherSide, sidesOf, type Die, type Position } from '../src/engine/types.js';
import { seededRandom } from '../src/sim/rng.js';
import { newGame } from '../src/engine/game.js';
import { AppPlayer, cells, features, OutsidePlayer, outsideValue, readNardiw } from './outside.js';

const argv = process.argv.slice(2);
const opt = (name: string, fallback: string): string => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1]! : fallback;
};
const DIR = argv[0];
if (!DIR || DIR.startsWith('--')) throw new Error('usage: outside-parity.ts LONGNARDI_CHECKOUT [--bin FILE] [--positions N] [--net mlp,vzg0]');
const BIN = opt('bin', '/tmp/nardi-parity');
const COUNT = Number(opt('positions', '400'));
const NETS = opt('net', 'mlp,vzg0,res2').split(',');

const rand = seededRandom(20261205);
const positions: Position[] = [];
while (positions.length < COUNT) {
  let p = startPosition('long', rand() < 0.5 ? 'white' : 'black');
  for (let ply = 0; ply < 400 && positions.length < COUNT; ply++) {
    const dice = [1 + Math.floor(rand() * 6), 1 + Math.floor(rand() * 6)] as [Die, Die];
    const plays = legalPlays(p, dice, DEFAULT_RULES);
    const next = plays.length ? plays[Math.floor(rand() * plays.length)]!.position : { ...p, turn: otherSide(p.turn) };
    if (next.white[0] === 15 || next.black[0] === 15) break;
    p = next;
    if (rand() < 0.25) positions.push(p);
  }
}
const input = positions.map((p) => `${p.turn === 'white' ? 0 : 1} ${cells(p).join(' ')}`).join('\n') + '\n';
const out: Record<string, unknown> = { positions: positions.length };
let failed = false;
for (const name of NETS) {
  const file = join(DIR, 'ios/Nardi/Resources', `${name}.nardiw`);
  const net = readNardiw(file);
  const run = spawnSync(BIN, [file], { input, encoding: 'utf8', maxBuffer: 1 << 26 });
  if (run.status !== 0) throw new Error(`${BIN}: ${run.stderr}`);
  const theirs = run.stdout.trim().split('\n').map(Number);
  let worst = 0;
  let at = -1;
  positions.forEach((p, i) => {
    const { me, opp } = sidesOf(p);
    const d = Math.abs(outsideValue(net, features(net.kind, me, opp)) - theirs[i]!);
    if (!(d <= worst)) [worst, at] = [d, i];
  });
  out[name] = { kind: net.kind, max_difference: worst, worst_position: at >= 0 ? positions[at] : null };
  if (!(worst <= 1e-4)) failed = true;
}
// The look-ahead as bench:strength plays it here (on the best `--candidates` plays by the
// network's own value) against the app's engine's look-ahead over every play, on positions of
// the same games with a random roll each: how often they choose the same play.
const CHOICES = Number(opt('choices', '0'));
if (CHOICES > 0) {
  const net = NETS.includes('vzg0') ? 'vzg0' : NETS[0]!;
  const blob = join(DIR, 'ios/Nardi/Resources', `${net}.nardiw`);
  const candidates = Number(opt('candidates', '8'));
  const ours = new OutsidePlayer(net, readNardiw(blob), true, candidates);
  const app = new AppPlayer(net, BIN, blob);
  let same = 0;
  let asked = 0;
  for (const p of positions) {
    if (asked >= CHOICES) break;
    const dice = [1 + Math.floor(rand() * 6), 1 + Math.floor(rand() * 6)] as [Die, Die];
    const game = { ...newGame('long', { rules: DEFAULT_RULES }), position: p, phase: 'move' as const, dice };
    if (legalPlays(p, dice, game.rules).length < 2) continue;
    asked++;
    // Both players return the steps of one of the same legalPlays list: one per final position.
    if (JSON.stringify(ours.choosePlay(game)) === JSON.stringify(app.choosePlay(game))) same++;
  }
  out.choices = { net, candidates, positions: asked, same_play: same, app_plays_not_legal_here: app.unmatched };
}
console.log(JSON.stringify(out));
process.exit(failed ? 1 : 0);
