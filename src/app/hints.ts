/**
 * Hints: the best plays of the roll on a player's board, in games against the bot. Who may have
 * one is decided here from the stored record (their own move, a game that offers hints by their
 * setting); the thinking goes through the same thinkers as the bot's moves (worker threads in
 * production), never on the event loop.
 */
import { playScore } from '../ai/player.js';
import type { RankedPlay, Thinker } from '../ai/thinker.js';
import type { Side } from '../engine/types.js';
import type { Games } from './games.js';
import type { GameRecord, HintMode } from './model.js';
import type { Players } from './players.js';
import { seatOf } from './table/rights.js';

/** The level whose ranking a hint shows. */
export const HINT_LEVEL = 'hard';

export type HintCheck =
  | { readonly kind: 'hint'; readonly game: GameRecord; readonly side: Side }
  | { readonly kind: 'not-now' }
  | { readonly kind: 'stale' }
  | { readonly kind: 'gone' };

/**
 * Hints are offered only in games against the bot, to the person to move, as the person's
 * setting says: 'auto' (the default) against the gentle levels (easy, medium), 'on' against
 * every level, 'off' never. Never between people (rated games).
 */
export function hintsOffered(rec: GameRecord, mode: HintMode): boolean {
  if (rec.kind !== 'bot' || mode === 'off') return false;
  const g = rec.match.game;
  const mover = rec.players[g.position.turn];
  const bot = rec.players[g.position.turn === 'white' ? 'black' : 'white'];
  if (mover.kind !== 'human' || bot.kind !== 'bot') return false;
  return mode === 'on' || bot.level === 'easy' || bot.level === 'medium';
}

export class Hints {
  constructor(
    private readonly games: Games,
    private readonly players: Players,
    private readonly thinker: () => Thinker,
  ) {}

  /** May `userId` have a hint on the board of version `v`? (Decided before any thinking.) */
  async check(gameId: string, v: number, userId: number): Promise<HintCheck> {
    const rec = await this.games.get(gameId);
    if (!rec) return { kind: 'gone' };
    const g = rec.match.game;
    const side = seatOf(rec, userId);
    const settings = await this.players.settings(userId);
    if (!side || !hintsOffered(rec, settings.hints) || g.phase !== 'move' || !g.dice || g.position.turn !== side) return { kind: 'not-now' };
    if (rec.v !== v) return { kind: 'stale' };
    return { kind: 'hint', game: rec, side };
  }

  /** The best plays (three at most) of the roll on the board of a granted hint. */
  plays(granted: Extract<HintCheck, { kind: 'hint' }>): Promise<RankedPlay[]> {
    return this.thinker().rank(granted.game.match.game, 3, playScore(granted.game.match));
  }
}
