/**
 * Bot move time: npm run -s bench:ai
 * The time each level takes to choose its play, over every position of random games of both
 * variants (so the busiest doubles are included): mean, p99 and worst, in milliseconds.
 */
import { createPlayer } from '../src/ai/player.js';
import { newGame, type GameState } from '../src/engine/index.js';
import { randomGame } from '../src/sim/selfplay.js';

const out: Record<string, number> = {};
for (const level of ['easy', 'medium'] as const) {
  for (const variant of ['long', 'short'] as const) {
    const player = createPlayer(level);
    const times: number[] = [];
    for (let seed = 1; seed <= 30; seed++) {
      randomGame(variant, seed, undefined, undefined, ({ position, dice, count }) => {
        if (count === 0) return;
        const g: GameState = { ...newGame(variant), position, phase: 'move', dice, firstMover: 'white' };
        const t0 = performance.now();
        player.choosePlay(g);
        times.push(performance.now() - t0);
      });
    }
    times.sort((a, b) => a - b);
    out[`${level}_${variant}_mean_ms`] = +(times.reduce((a, b) => a + b, 0) / times.length).toFixed(3);
    out[`${level}_${variant}_p99_ms`] = +times[Math.floor(times.length * 0.99)]!.toFixed(3);
    out[`${level}_${variant}_max_ms`] = +times.at(-1)!.toFixed(3);
  }
}
console.log(JSON.stringify(out));
