/**
 * Who may do what with a game, read from the stored record alone (never from ids in a button):
 * a seat is a player's when the record names them (what only players may have, export, review
 * and hints, is refused to anyone the record does not name); a rematch between people waits for
 * both.
 */
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
