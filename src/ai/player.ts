/**
 * Bot players. A level is a configuration of one search (one ply over the evaluation) with some
 * randomness: "easy" plays a random legal play and now and then the best one; "medium" always
 * plays the best play one ply deep.
 */
import type { GameState, ResignLevel } from '../engine/game.js';
import { Generator } from '../engine/movegen.js';
import { generatePlays, poolSteps } from '../engine/plays.js';
import type { Side, Step } from '../engine/types.js';
import type { BotLevel } from '../store/types.js';
import { evaluate, winChance } from './evaluate.js';

export interface Player {
  readonly level: BotLevel;
  /** The play for the side to move in phase 'move' (empty when no move is possible). */
  choosePlay(state: GameState): Step[];
  /** Before rolling: offer a double? */
  shouldDouble(state: GameState): boolean;
  /** Facing a double: take it? */
  shouldTake(state: GameState): boolean;
  /** Facing a resignation of `level` x cube: accept it? */
  acceptResign(state: GameState, level: ResignLevel): boolean;
}

export interface LevelConfig {
  /** Chance of playing the best play instead of a random one. */
  readonly bestChance: number;
  readonly doubles: boolean;
}

export const LEVELS: Readonly<Record<BotLevel, LevelConfig>> = {
  easy: { bestChance: 0.35, doubles: false },
  medium: { bestChance: 1, doubles: true },
};

const gen = new Generator();

function sides(state: GameState, side: Side): { me: readonly number[]; opp: readonly number[] } {
  const p = state.position;
  return side === 'white' ? { me: p.white, opp: p.black } : { me: p.black, opp: p.white };
}

export function createPlayer(level: BotLevel, random: () => number = Math.random): Player {
  const cfg = LEVELS[level];
  return {
    level,
    choosePlay(state) {
      if (state.phase !== 'move' || !state.dice) throw new Error('the bot can only play in the move phase');
      const n = generatePlays(state.position, state.dice, state.rules, gen);
      if (n === 1 && gen.pool.pathLen[gen.result[0]!] === 0) return [];
      let pick = gen.result[Math.floor(random() * n)]!;
      if (random() < cfg.bestChance) {
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
      }
      return poolSteps(gen, pick);
    },
    shouldDouble(state) {
      if (!cfg.doubles) return false;
      const { me, opp } = sides(state, state.position.turn);
      const p = winChance(state.variant, me, opp);
      return p > 0.7 && p < 0.93;
    },
    shouldTake(state) {
      // The taker is the side not on roll.
      const taker = state.position.turn === 'white' ? 'black' : 'white';
      const { me, opp } = sides(state, taker);
      return winChance(state.variant, me, opp) >= (cfg.doubles ? 0.25 : 0.2);
    },
    acceptResign(state, level) {
      const resigner = state.pendingResign?.by ?? state.position.turn;
      const me = resigner === 'white' ? state.position.black : state.position.white;
      const them = resigner === 'white' ? state.position.white : state.position.black;
      const p = winChance(state.variant, me, them);
      // A gammon (mars) is likely when the resigner has borne off nothing and is far behind.
      const gammonish = them[0] === 0 && p > 0.9;
      if (level >= 2) return true;
      return p > 0.8 && !gammonish;
    },
  };
}
