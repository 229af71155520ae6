/** A match to N points: games in sequence, the score, and the Crawford game. */
import { applyAction, newGame, type GameAction, type GameError, type GameState } from './game.js';
import { defaultRules, type Rules } from './rules.js';
import type { Position, Side, Variant } from './types.js';

export const MATCH_SCHEMA = 1;

export interface MatchState {
  readonly schema: typeof MATCH_SCHEMA;
  readonly variant: Variant;
  readonly rules: Rules;
  /** Points to win; 1 = a single game. */
  readonly length: number;
  readonly score: { readonly white: number; readonly black: number };
  /** The Crawford game has been played (or is being played). */
  readonly crawfordDone: boolean;
  /** 1-based number of the current game. */
  readonly gameNo: number;
  readonly game: GameState;
  readonly winner: Side | null;
}

export type MatchOutcome = { ok: true; state: MatchState } | { ok: false; error: GameError };

export function newMatch(variant: Variant, length: number, rules: Rules = defaultRules(variant)): MatchState {
  if (!Number.isInteger(length) || length < 1 || length > 99) throw new RangeError('match length must be 1..99');
  return {
    schema: MATCH_SCHEMA,
    variant,
    rules,
    length,
    score: { white: 0, black: 0 },
    crawfordDone: false,
    gameNo: 1,
    game: newGame(variant, { rules }),
    winner: null,
  };
}

/** Where a match stands, for a position taken out of any game (the command line, benches, puzzles). */
export interface MatchContext {
  readonly cube: { readonly value: number; readonly owner: Side | null };
  /** Points to win; 0: a money game. */
  readonly length: number;
  /** White's and Black's points. */
  readonly score: readonly [number, number];
  /** This game is the Crawford game. */
  readonly crawford: boolean;
}

/**
 * The match of a context with `position` in the given phase. Money play (length 0) is carried as
 * a long match at 0:0, and valued for money by the player (`cubeDecision`'s `money`, moves
 * without a score). A side one point away outside the Crawford game means the Crawford game has
 * been played.
 */
export function matchAt(position: Position, ctx: MatchContext, rules: Rules, phase: 'roll' | 'double' | 'move'): MatchState {
  const length = ctx.length === 0 ? 99 : ctx.length;
  const base = newMatch(position.variant, length, rules);
  const oneAway = ctx.length > 0 && ctx.score.some((x) => x === length - 1);
  const game = { ...base.game, position, phase, crawford: ctx.crawford, cube: ctx.cube, firstMover: position.turn };
  return { ...base, score: { white: ctx.score[0], black: ctx.score[1] }, crawfordDone: oneAway && !ctx.crawford, game };
}

/** Apply a game action; when the game ends, the score (and the match winner) follow. */
export function applyMatchAction(m: MatchState, action: GameAction, by: Side): MatchOutcome {
  if (m.winner) return applyAction({ ...m.game, phase: 'over' }, action, by) as MatchOutcome;
  const out = applyAction(m.game, action, by);
  if (!out.ok) return out;
  const game = out.state;
  if (game.phase !== 'over' || !game.result) return { ok: true, state: { ...m, game } };
  const score = { ...m.score };
  if (game.result.winner) score[game.result.winner] += game.result.points;
  // A forfeit scores nothing and gives the match to the opponent.
  const winner: Side | null = game.result.reason === 'forfeit' ? game.result.winner : score.white >= m.length ? 'white' : score.black >= m.length ? 'black' : null;
  return { ok: true, state: { ...m, game, score, winner } };
}

/** Start the next game of a match whose current game is over (and the match is not). */
export function nextGame(m: MatchState): MatchState {
  if (m.game.phase !== 'over') throw new Error('the current game is not over');
  if (m.winner) throw new Error('the match is over');
  const atMatchPoint = m.score.white === m.length - 1 || m.score.black === m.length - 1;
  const crawford = m.rules.crawford && m.rules.cube && !m.crawfordDone && atMatchPoint && m.length > 1;
  return {
    ...m,
    gameNo: m.gameNo + 1,
    crawfordDone: m.crawfordDone || crawford,
    game: newGame(m.variant, { rules: m.rules, crawford }),
  };
}

