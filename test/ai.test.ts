import { describe, expect, it } from 'vitest';
import { createPlayer } from '../src/ai/player.js';
import { evaluate } from '../src/ai/evaluate.js';
import { apply, legalPlays, newGame, SeededDice, type GameState } from '../src/engine/index.js';
import { seededRandom } from '../src/sim/rng.js';
import { short } from './helpers/board.js';

function playGame(variant: 'long' | 'short', white: 'easy' | 'medium', black: 'easy' | 'medium', seed: number): GameState {
  const players = { white: createPlayer(white, seededRandom(seed)), black: createPlayer(black, seededRandom(seed + 1)) };
  const dice = new SeededDice(seed);
  let g = newGame(variant);
  for (let i = 0; i < 2000 && g.phase !== 'over'; i++) {
    if (g.phase === 'move') {
      const moves = players[g.position.turn].choosePlay(g);
      const legal = legalPlays(g.position, g.dice!, g.rules);
      expect(legal.some((p) => p.moves.length === moves.length)).toBe(true);
      g = apply(g, { type: 'play', moves }, g.position.turn);
    } else {
      g = apply(g, { type: 'roll', dice: dice.roll(g.rolls) }, g.position.turn);
    }
  }
  return g;
}

describe('bot players', () => {
  it.each(['long', 'short'] as const)('%s: every level plays only legal plays, games finish', (variant) => {
    for (const [w, b] of [['easy', 'medium'], ['medium', 'easy']] as const) {
      const g = playGame(variant, w, b, 17);
      expect(g.phase).toBe('over');
    }
  });

  it('medium beats easy clearly over many games', () => {
    let medium = 0;
    const games = 40;
    for (let s = 0; s < games; s++) {
      for (const variant of ['long', 'short'] as const) {
        const mediumWhite = s % 2 === 0;
        const g = playGame(variant, mediumWhite ? 'medium' : 'easy', mediumWhite ? 'easy' : 'medium', 100 + s);
        if ((g.result!.winner === 'white') === mediumWhite) medium++;
      }
    }
    expect(medium / (games * 2)).toBeGreaterThan(0.6);
  });

  it('medium hits a blot and makes points when it can', () => {
    // White to play 6-1 from the start: making the bar point (13/7 8/7) is best.
    const g: GameState = { ...newGame('short'), phase: 'move', dice: [6, 1], firstMover: 'white' };
    const moves = createPlayer('medium').choosePlay(g);
    const after = legalPlays(g.position, [6, 1]).find((p) => JSON.stringify(p.moves) === JSON.stringify(moves))!;
    expect(after.position.white[7]).toBe(2);
  });

  it('evaluation prefers a pip lead', () => {
    const ahead = short('white', { 1: 15 }, { 20: 15 });
    expect(evaluate('short', ahead.white, ahead.black)).toBeGreaterThan(evaluate('short', ahead.black, ahead.white));
  });

});
