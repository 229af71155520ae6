/**
 * Bot decision time: npm run -s bench:ai [-- --games N]
 * The time each level takes to choose its play, over every position of N random games per
 * variant (so the busiest doubles are included), on one core: mean, p95 and worst, in ms; and
 * the same for the pre-roll cube decision of the levels that look ahead. The bear-off table
 * (src/ai/bearoff.ts), worked out once a process on first use, is built first and timed apart.
 */
import { BaselinePlayer } from '../src/ai/baseline.js';
import { bearoffTable } from '../src/ai/bearoff.js';
import { createPlayer, LEVELS_IN_ORDER, type BotPlayer } from '../src/ai/player.js';
import { newGame, newMatch, parseRules, type GameState } from '../src/engine/index.js';
import { randomGame } from '../src/sim/selfplay.js';
import { seededRandom } from '../src/sim/rng.js';

const i = process.argv.indexOf('--games');
const GAMES = i >= 0 ? Number(process.argv[i + 1]) : 20;

function stats(times: number[]): { mean_ms: number; p95_ms: number; max_ms: number; decisions: number } {
  times.sort((a, b) => a - b);
  return {
    mean_ms: +(times.reduce((a, b) => a + b, 0) / times.length).toFixed(2),
    p95_ms: +times[Math.floor(times.length * 0.95)]!.toFixed(2),
    max_ms: +times.at(-1)!.toFixed(2),
    decisions: times.length,
  };
}

const out: Record<string, unknown> = {};
const t = performance.now();
bearoffTable();
out.bearoff_table_ms = Math.round(performance.now() - t);
const players: Array<[string, BotPlayer]> = [...LEVELS_IN_ORDER.map((l) => [l, createPlayer(l, seededRandom(1))] as [string, BotPlayer]), ['baseline', new BaselinePlayer()]];
for (const variant of ['long', 'short'] as const) {
  for (const [name, player] of players) {
    const play: number[] = [];
    const cube: number[] = [];
    for (let seed = 1; seed <= GAMES; seed++) {
      randomGame(variant, seed, undefined, undefined, ({ position, dice, count }) => {
        if (count === 0) return;
        const g: GameState = { ...newGame(variant), position, phase: 'move', dice, firstMover: 'white' };
        const t0 = performance.now();
        player.choosePlay(g);
        play.push(performance.now() - t0);
        if (name === 'hard' || name === 'expert') {
          const m = newMatch(variant, 7, parseRules({ cube: true }));
          const match = { ...m, game: { ...m.game, position, phase: 'roll' as const, firstMover: 'white' as const } };
          const t1 = performance.now();
          player.wantsToDouble(match);
          cube.push(performance.now() - t1);
        }
      });
    }
    out[`${variant}_${name}_play`] = stats(play);
    if (cube.length) out[`${variant}_${name}_cube`] = stats(cube);
  }
}
console.log(JSON.stringify(out, null, 1));
