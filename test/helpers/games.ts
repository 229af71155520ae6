/** Positions from the middle of seeded games, for tests of a player's choices. */
import { createPlayer } from '../../src/ai/player.js';
import { apply, legalPlays, newGame, SeededDice, type GameState } from '../../src/engine/index.js';
import { seededRandom } from '../../src/sim/rng.js';

export type MovingState = GameState & { dice: NonNullable<GameState['dice']> };

/**
 * A game `turns` rolls in (a medium player on both sides, its noise and the dice seeded by
 * `seed`), at its first play after that with at least `minPlays` legal plays.
 */
export function midGame(variant: 'long' | 'short', seed: number, turns: number, minPlays = 2): MovingState {
  const bot = createPlayer('medium', seededRandom(seed));
  const dice = new SeededDice(seed);
  let g = newGame(variant);
  for (let rolls = 0; ; ) {
    if (g.phase === 'over') throw new Error(`game ${seed} ended before ${turns} rolls`);
    if (g.phase === 'move') {
      if (rolls > turns && legalPlays(g.position, g.dice!, g.rules).length >= minPlays) return g as MovingState;
      g = apply(g, { type: 'play', moves: bot.choosePlay(g) }, g.position.turn);
    } else {
      g = apply(g, { type: 'roll', dice: dice.roll(g.rolls) }, g.position.turn);
      rolls++;
    }
  }
}
