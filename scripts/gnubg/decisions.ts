/**
 * Decisions for training data from the games the analysis sees: npx tsx scripts/gnubg/decisions.ts
 * --games N --seed S --out FILE [--levels easy,medium]
 *
 * Plays cubeless short-nardy games between our own levels (every pairing of --levels, seeded
 * players and dice; the bench's games use other seeds) and writes every unforced checker-play
 * decision as one line, "<mover's 26 slots> <opponent's 26 slots> <die> <die>" (slots in the
 * mover's numbering: 0 = borne off, 1..24 = points, 25 = bar, comma-separated). gnubg then labels
 * every legal play of each decision (scripts/gnubg/training-data.py with NARDY_DECISIONS, run by
 * scripts/gnubg/make-training-data.sh --decisions). Positions where weak players go (and the
 * plays our own evaluation overrates) are there as they come up in real games.
 */
import { writeFileSync } from 'node:fs';
import { createPlayer, type Level } from '../../src/ai/player.js';
import { apply, defaultRules, legalPlays, newGame, SeededDice, type GameState } from '../../src/engine/index.js';
import { seededRandom } from '../../src/sim/rng.js';

const argv = process.argv.slice(2);
const opt = (name: string, fallback?: string): string => {
  const i = argv.indexOf(`--${name}`);
  const v = i >= 0 ? argv[i + 1] : fallback;
  if (v === undefined) throw new Error(`--${name} is needed (usage: --games N --seed S --out FILE [--levels easy,medium])`);
  return v;
};
const GAMES = Number(opt('games'));
const SEED = Number(opt('seed'));
const OUT = opt('out');
const LEVELS = opt('levels', 'easy,medium').split(',') as Level[];
if (!Number.isInteger(GAMES) || GAMES < 1) throw new Error('--games must be a whole number above 0');
if (!Number.isInteger(SEED) || SEED < 0) throw new Error('--seed must be a whole number');
for (const l of LEVELS) if (!['easy', 'medium', 'hard', 'expert'].includes(l)) throw new Error(`--levels: unknown level "${l}"`);

const pairings = LEVELS.flatMap((w) => LEVELS.map((b) => [w, b] as const));
const rules = { ...defaultRules('short'), cube: false };
const lines: string[] = [];
for (let i = 0; i < GAMES; i++) {
  const seed = SEED * 1_000_000 + i;
  const [w, b] = pairings[i % pairings.length]!;
  const players = { white: createPlayer(w, seededRandom(seed)), black: createPlayer(b, seededRandom(seed + 7919)) };
  const dice = new SeededDice(seed);
  let g: GameState = newGame('short', { rules });
  for (let n = 0; n < 5000 && g.phase !== 'over'; n++) {
    if (g.phase !== 'move') {
      g = apply(g, { type: 'roll', dice: dice.roll(g.rolls) }, g.position.turn);
      continue;
    }
    const p = g.position;
    if (g.dice && legalPlays(p, g.dice, rules).length > 1) {
      const me = p.turn === 'white' ? p.white : p.black;
      const op = p.turn === 'white' ? p.black : p.white;
      lines.push(`${me.join(',')} ${op.join(',')} ${g.dice[0]} ${g.dice[1]}`);
    }
    g = apply(g, { type: 'play', moves: players[p.turn].choosePlay(g) }, p.turn);
  }
}
writeFileSync(OUT, lines.join('\n') + '\n');
console.log(`${GAMES} games, ${lines.length} decisions → ${OUT}`);
