import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createPlayer, LEVELS, loadBrains } from '../../src/ai/player.js';
import { parseSetting } from '../../bench/settings.js';
import { evaluate } from '../../src/ai/evaluate.js';
import { apply, legalPlays, newGame, SeededDice, sidesOf, turnView, type GameState } from '../../src/engine/index.js';
import { randomGame } from '../../src/sim/selfplay.js';
import { seededRandom } from '../../src/sim/rng.js';
import { arena, netPicker, randomPicker } from '../../src/ai/train/arena.js';
import { Evaluator } from '../../src/ai/evaluator.js';
import { ENCODINGS } from '../../src/ai/encode.js';
import { loadBundled } from '../../src/ai/weights.js';
import { short } from '../helpers/board.js';
import { midGame } from '../helpers/games.js';

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

  it('even the easiest level beats random play clearly, in both games', () => {
    for (const variant of ['long', 'short'] as const) {
      const easy = netPicker(new Evaluator(loadBundled(variant).net, ENCODINGS[variant]));
      const r = arena(variant, easy, randomPicker(seededRandom(3)), 30, 500);
      expect(r.winRate).toBeGreaterThan(0.85);
    }
  });

  it('with 6-1 from the start the noise-free level makes the bar point; the noisy ones do so more than any other play', () => {
    // White to play 6-1 from the start: making the bar point (13/7 8/7) is best. Medium and easy
    // add noise on purpose (tuned to gnubg's intermediate and beginner), so they are judged over
    // 100 seeded choices each: the best play must still be their most frequent one.
    const g: GameState = { ...newGame('short'), phase: 'move', dice: [6, 1], firstMover: 'white' };
    const bar = JSON.stringify([[13, 7], [8, 7]]);
    expect(JSON.stringify(createPlayer('hard', seededRandom(1)).choosePlay(g))).toBe(bar);
    for (const level of ['medium', 'easy'] as const) {
      const counts = new Map<string, number>();
      for (let seed = 1; seed <= 100; seed++) {
        const k = JSON.stringify(createPlayer(level, seededRandom(seed)).choosePlay(g));
        counts.set(k, (counts.get(k) ?? 0) + 1);
      }
      const [top] = [...counts.entries()].sort((a, b) => b[1] - a[1]);
      expect(top![0]).toBe(bar);
    }
  });

  it('easy and medium play long nardy with a noise of their own, short nardy with theirs', () => {
    // The same draws of the noise in each pair: the level's ranking must be the search's with
    // its noise for that game, and (over a few positions and seeds) not the other game's noise.
    expect(LEVELS.easy.longNoise).toBe(0.15);
    expect(LEVELS.medium.longNoise).toBe(0.095);
    expect(LEVELS.hard.longNoise).toBeUndefined();
    const order = (c: readonly { moves: unknown }[]): string => JSON.stringify(c.map((x) => x.moves));
    for (const variant of ['long', 'short'] as const) {
      const search = loadBrains().search(variant);
      for (const level of ['easy', 'medium'] as const) {
        const own = variant === 'long' ? LEVELS[level].longNoise! : LEVELS[level].search.noise;
        const other = variant === 'long' ? LEVELS[level].search.noise : LEVELS[level].longNoise!;
        let differs = 0;
        for (let seed = 1; seed <= 12; seed++) {
          const g = midGame(variant, seed, 4 + seed);
          const { me, opp } = sidesOf(g.position);
          const ranked = order(createPlayer(level, seededRandom(seed)).rank(g.position, g.dice, g.rules));
          const withNoise = (noise: number): string => order(search.rank(me, opp, g.dice, { ...LEVELS[level].search, noise }, seededRandom(seed), g.rules));
          expect(ranked).toBe(withNoise(own));
          if (ranked !== withNoise(other)) differs++;
        }
        expect(differs).toBeGreaterThan(0);
      }
    }
  });

  it("a bench's noise override is the noise in both games", () => {
    expect(parseSetting('easy').config.longNoise).toBe(LEVELS.easy.longNoise);
    expect(parseSetting('easy/noise=0').config.longNoise).toBeUndefined();
    expect(parseSetting('medium', true).config.longNoise).toBeUndefined();
    expect(parseSetting('medium/candidates=2').config.longNoise).toBe(LEVELS.medium.longNoise);
  });

  it('evaluation prefers a pip lead', () => {
    const ahead = short('white', { 1: 15 }, { 20: 15 });
    expect(evaluate('short', ahead.white, ahead.black)).toBeGreaterThan(evaluate('short', ahead.black, ahead.white));
  });

});

describe('every level plays only legal plays', () => {
  it.each(['easy', 'medium', 'hard', 'expert'] as const)('%s, over random positions of both games', (level) => {
    const player = createPlayer(level, seededRandom(9));
    fc.assert(
      fc.property(fc.constantFrom('long' as const, 'short' as const), fc.integer({ min: 1, max: 2 ** 30 }), (variant, seed) => {
        let i = 0;
        randomGame(variant, seed, undefined, undefined, ({ position, dice, count }) => {
          if (i++ % 13 !== 0 || count === 0) return;
          const g: GameState = { ...newGame(variant), position, phase: 'move', dice, firstMover: 'white' };
          const moves = player.choosePlay(g);
          const view = turnView(position, dice, moves);
          expect(view.complete).toBe(true);
        });
      }),
      { numRuns: level === 'hard' || level === 'expert' ? 3 : 8 },
    );
  });
});
