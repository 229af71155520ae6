/**
 * Decisions for training data from the games the analysis sees: npx tsx scripts/gnubg/decisions.ts
 * --games N --seed S --out FILE [--levels easy,medium] [--match L]
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
import { createPlayer, playScore, type Level } from '../../src/ai/player.js';
import { actor, apply, applyMatchAction, canDouble, defaultRules, legalPlays, newGame, newMatch, nextGame, parseRules, SeededDice, type GameAction, type GameState, type MatchState } from '../../src/engine/index.js';
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
const MATCH = Number(opt('match', '0'));
if (!Number.isInteger(MATCH) || MATCH < 0 || MATCH > 25) throw new Error('--match must be a match length from 1 to 25 (0: cubeless games)');
/**
 * With --match L: matches to L with the cube (the levels double, take and pass as in play, and
 * play their checkers at the score), and each decision line also carries its match context:
 * "... <mover away> <opponent away> <crawford 0|1> <post-Crawford 0|1> <cube> <owner 0 centred|1 mover|2 opponent>".
 */
function matches(): void {
  const matchRules = parseRules({ cube: true });
  for (let i = 0; i < GAMES; i++) {
    const seed = SEED * 1_000_000 + i;
    const [w, b] = pairings[i % pairings.length]!;
    const players = { white: createPlayer(w, seededRandom(seed)), black: createPlayer(b, seededRandom(seed + 7919)) };
    const dice = new SeededDice(seed);
    let m: MatchState = newMatch('short', MATCH, matchRules);
    for (let n = 0; n < 20000 && !m.winner; n++) {
      const g = m.game;
      if (g.phase === 'over') {
        m = nextGame(m);
        continue;
      }
      const side = actor(g) ?? g.position.turn;
      const bot = players[side];
      let action: GameAction;
      if (g.phase === 'opening') action = { type: 'roll', dice: dice.roll(g.rolls) };
      else if (g.phase === 'roll') action = canDouble(g, side) && bot.wantsToDouble(m) ? { type: 'double' } : { type: 'roll', dice: dice.roll(g.rolls) };
      else if (g.phase === 'double') action = bot.takes(m) ? { type: 'take' } : { type: 'drop' };
      else {
        const p = g.position;
        const score = playScore(m);
        if (g.dice && score && legalPlays(p, g.dice, g.rules).length > 1) {
          const me = p.turn === 'white' ? p.white : p.black;
          const op = p.turn === 'white' ? p.black : p.white;
          const owner = g.cube.owner === null ? 0 : g.cube.owner === p.turn ? 1 : 2;
          lines.push(`${me.join(',')} ${op.join(',')} ${g.dice[0]} ${g.dice[1]} ${score.awayMe} ${score.awayOpp} ${score.crawford ? 1 : 0} ${score.postCrawford ? 1 : 0} ${g.cube.value} ${owner}`);
        }
        action = { type: 'play', moves: bot.choosePlay(g, score) };
      }
      const out = applyMatchAction(m, action, side);
      if (!out.ok) throw out.error;
      m = out.state;
    }
  }
  writeFileSync(OUT, lines.join('\n') + '\n');
  console.log(`${GAMES} matches to ${MATCH}, ${lines.length} decisions → ${OUT}`);
}
if (MATCH > 0) {
  matches();
  process.exit(0);
}
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
