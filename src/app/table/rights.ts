/**
 * Who may do what with a game, read from the stored record alone (never from ids in a button):
 * a seat is a player's when the record names them (what only players may have, export, review
 * and hints, is refused to anyone the record does not name); a rematch between people waits for
 * both.
 */
import { actor } from '../../engine/game.js';
import type { Side } from '../../engine/types.js';
import type { GameRecord } from '../model.js';

/** The side a user plays in a game, or null when they do not play in it. */
export function seatOf(rec: GameRecord, userId: number): Side | null {
  for (const side of ['white', 'black'] as const) {
    const p = rec.players[side];
    if (p.kind === 'human' && p.id === userId) return side;
  }
  return null;
}

/** Both sides are people (a rematch, a new match, needs both to agree). */
export function bothHuman(rec: GameRecord): boolean {
  return rec.players.white.kind === 'human' && rec.players.black.kind === 'human';
}

/** How long a rematch offer waits for the other player: in a group, while both are at the board. */
export const REMATCH_OFFER_GROUP_MS = 15 * 60_000;
/** By link the other player may be away: a day, like an invitation. */
export const REMATCH_OFFER_LINK_MS = 24 * 3_600_000;

/** The rematch offer of a finished game between people, while it lasts. */
export function liveRematchOffer(rec: GameRecord, now: number): { readonly by: Side; readonly expiresAt: number } | null {
  const o = rec.rematch;
  return o && o.expiresAt > now ? o : null;
}

/** Who acts now in the game (null: nobody, the game is over). */
export function toAct(g: GameRecord): Side | null {
  const game = g.match.game;
  if (g.match.winner || game.phase === 'over') return null;
  return actor(game) ?? game.position.turn;
}

/** The bot is to act (past the opening roll, which the table makes for both). */
export function isBotToAct(g: GameRecord): boolean {
  const side = toAct(g);
  return side !== null && g.players[side].kind === 'bot' && g.match.game.phase !== 'opening';
}

/** The human's side in a game against the bot (or White in a game between two people). */
export function humanSide(g: GameRecord): Side {
  return g.players.white.kind === 'human' ? 'white' : 'black';
}

/** The chats a game's boards are in. */
export function chatsOf(g: GameRecord): number[] {
  return g.seats.map((s) => s.chatId);
}
