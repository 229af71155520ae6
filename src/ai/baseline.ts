/**
 * The first version's bot, frozen for benchmarks: one ply over the hand-written evaluation
 * (evaluate.ts) and its rough win-chance cube rules. Not offered to players.
 */
import type { GameState } from '../engine/game.js';
import type { MatchState } from '../engine/match.js';
import { Generator, generatePlays, poolSteps } from '../engine/fast.js';
import { otherSide, type Side, type Step } from '../engine/types.js';
import { evaluate, winChance } from './evaluate.js';
import type { BotPlayer } from './player.js';

const gen = new Generator();

function sides(state: GameState, side: Side): { me: readonly number[]; opp: readonly number[] } {
  const p = state.position;
  return side === 'white' ? { me: p.white, opp: p.black } : { me: p.black, opp: p.white };
}

export class BaselinePlayer implements BotPlayer {
  readonly level = 'baseline';

  choosePlay(state: GameState): Step[] {
    if (state.phase !== 'move' || !state.dice) throw new Error('the bot can only play in the move phase');
    const n = generatePlays(state.position, state.dice, state.rules, gen);
    if (n === 1 && gen.pool.pathLen[gen.result[0]!] === 0) return [];
    let pick = gen.result[0]!;
    let best = -Infinity;
    for (let k = 0; k < n; k++) {
      const i = gen.result[k]!;
      const me = gen.pool.me.subarray(i * 26, i * 26 + 26);
      const opp = gen.pool.opp.subarray(i * 26, i * 26 + 26);
      const score = me[0] === 15 ? Infinity : evaluate(state.variant, me, opp);
      if (score > best) {
        best = score;
        pick = i;
      }
    }
    return poolSteps(gen, pick);
  }

  wantsToDouble(match: MatchState): boolean {
    const g = match.game;
    const { me, opp } = sides(g, g.position.turn);
    const p = winChance(g.variant, me, opp);
    return p > 0.7 && p < 0.93;
  }

  takes(match: MatchState): boolean {
    const g = match.game;
    const { me, opp } = sides(g, otherSide(g.position.turn));
    return winChance(g.variant, me, opp) >= 0.25;
  }

  acceptsResignation(match: MatchState): boolean {
    const g = match.game;
    const resigner = g.pendingResign?.by ?? g.position.turn;
    const { me, opp } = sides(g, otherSide(resigner));
    const p = winChance(g.variant, me, opp);
    if ((g.pendingResign?.level ?? 1) >= 2) return true;
    return p > 0.8 && !(opp[0] === 0 && p > 0.9);
  }
}
