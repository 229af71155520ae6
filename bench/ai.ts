/**
 * Bot decision time: npm run -s bench:ai [-- --games N] (0: the second look alone)
 * The time each level takes to choose its play, over every position of N random games per
 * variant (so the busiest doubles are included), on one core: mean, p95 and worst, in ms; and
 * the same for the pre-roll cube decision of the levels that look ahead. The bear-off table
 * (src/ai/bearoff.ts), worked out once a process on first use, is built first and timed apart.
 * `--second-look N` (default 120; 0 skips it): the time of a full second look (expert's search
 * with no deadline, every roll of the 2-ply look on its best three candidates) on the first N
 * short-nardy positions of seeded random games, with the network evaluations it made and the
 * time per evaluation (encoding and search included): what hard's 40 ms buy depends on it.
 * The search is the bot's, with short nardy's pruning net (search.ts); NARDY_PRUNE=0 times it
 * without (every play of every inner roll valued by the full net).
 */
import { BaselinePlayer } from '../src/ai/baseline.js';
import { bearoffTable } from '../src/ai/bearoff.js';
import { Brains, createPlayer, DISTINCT_LEVELS, LEVELS, type BotPlayer } from '../src/ai/player.js';
import type { Evaluator } from '../src/ai/evaluator.js';
import { newGame, newMatch, parseRules, sidesOf, type GameState } from '../src/engine/index.js';
import { randomGame } from '../src/sim/selfplay.js';
import { seededRandom } from '../src/sim/rng.js';

const i = process.argv.indexOf('--games');
const GAMES = i >= 0 ? Number(process.argv[i + 1]) : 20;
const j = process.argv.indexOf('--second-look');
const LOOKS = j >= 0 ? Number(process.argv[j + 1]) : 120;

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
const players: Array<[string, BotPlayer]> = [...DISTINCT_LEVELS.map((l) => [l, createPlayer(l, seededRandom(1))] as [string, BotPlayer]), ['baseline', new BaselinePlayer()]];
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
        if (name === 'hard') {
          const m = newMatch(variant, 7, parseRules({ cube: true }));
          const match = { ...m, game: { ...m.game, position, phase: 'roll' as const, firstMover: 'white' as const } };
          const t1 = performance.now();
          player.wantsToDouble(match);
          cube.push(performance.now() - t1);
        }
      });
    }
    if (play.length) out[`${variant}_${name}_play`] = stats(play);
    if (cube.length) out[`${variant}_${name}_cube`] = stats(cube);
  }
}
if (LOOKS > 0) {
  const search = new Brains().search('short');
  const ev = search.ev as Evaluator;
  const cfg = { ...LEVELS.expert.search, budgetMs: Infinity, deepBudgetMs: Infinity };
  const looks: Array<{ position: GameState['position']; dice: NonNullable<GameState['dice']> }> = [];
  for (let seed = 1; looks.length < LOOKS; seed++) {
    randomGame('short', seed, undefined, undefined, ({ position, dice, count }) => {
      if (count > 0 && looks.length < LOOKS) looks.push({ position, dice });
    });
  }
  const evals = ev.count;
  const t0 = performance.now();
  for (const { position, dice } of looks) {
    const { me, opp } = sidesOf(position);
    search.rank(me, opp, dice, cfg, seededRandom(1));
  }
  const ms = performance.now() - t0;
  const n = ev.count - evals;
  out.short_full_second_look = { positions: looks.length, ms_per_position: +(ms / looks.length).toFixed(1), evaluations: n, us_per_evaluation: +((ms * 1000) / n).toFixed(2) };
}
console.log(JSON.stringify(out, null, 1));
