/**
 * The first version's bot, frozen for benchmarks: one ply over the hand-written evaluation
 * (evaluate.ts) and its rough win-chance cube rules. Not offered to players.
 */
import type { GameState } from '../engine/game.js';
import type { MatchState } from '../engine/match.js';
import { Generator, generatePlays, poolSteps } from '../engine/fast.js';
import { otherSide, sidesOf, type Step } from '../engine/types.js';
import { evaluate, winChance } from './evaluate.js';
import type { BotPlayer } from './player.js';

const gen = new Generator();

/**
 * The legal play of `state` (phase 'move') whose resulting position `score` rates highest (the
 * first of equals); empty when nothing can move. `me` and `opp` after the play, each in its own
 * numbering. For greedy players over a hand-made evaluation (this one, and bench's pubeval).
 */
export function highestScoring(state: GameState, generator: Generator, score: (me: Int8Array, opp: Int8Array) => number): Step[] {
  if (state.phase !== 'move' || !state.dice) throw new Error('the bot can only play in the move phase');
  const n = generatePlays(state.position, state.dice, state.rules, generator);
  if (n === 1 && generator.pool.pathLen[generator.result[0]!] === 0) return [];
  let pick = generator.result[0]!;
  let best = -Infinity;
  for (let k = 0; k < n; k++) {
    const i = generator.result[k]!;
    const value = score(generator.pool.me.subarray(i * 26, i * 26 + 26), generator.pool.opp.subarray(i * 26, i * 26 + 26));
    if (value > best) {
      best = value;
      pick = i;
    }
  }
  return poolSteps(generator, pick);
}

export class BaselinePlayer implements BotPlayer {
  readonly level = 'baseline';

  choosePlay(state: GameState): Step[] {
    return highestScoring(state, gen, (me, opp) => (me[0] === 15 ? Infinity : evaluate(state.variant, me, opp)));
  }

  wantsToDouble(match: MatchState): boolean {
    const g = match.game;
    const { me, opp } = sidesOf(g.position);
    const p = winChance(g.variant, me, opp);
    return p > 0.7 && p < 0.93;
  }

  takes(match: MatchState): boolean {
    const g = match.game;
    const { me, opp } = sidesOf(g.position, otherSide(g.position.turn));
    return winChance(g.variant, me, opp) >= 0.25;
  }

  acceptsResignation(match: MatchState): boolean {
    const g = match.game;
    const resigner = g.pendingResign?.by ?? g.position.turn;
    const { me, opp } = sidesOf(g.position, otherSide(resigner));
    const p = winChance(g.variant, me, opp);
    if ((g.pendingResign?.level ?? 1) >= 2) return true;
    return p > 0.8 && !(opp[0] === 0 && p > 0.9);
  }
}
