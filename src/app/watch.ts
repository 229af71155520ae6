/**
 * Watching a game: who may see a game without playing it. A group's game is public to whoever
 * has its id (its group sees its buttons); a game by link or against the bot is seen with the
 * watch link a player shares, which carries a token only the bot can make (an HMAC of the game's
 * id under a secret derived from the bot's token). Watchers never act: the table refuses anyone
 * its record does not name.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { GameRecord } from './model.js';

export class Watch {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHash('sha256').update(`nardy-watch:${secret}`).digest();
  }

  /** The token of a game's watch link (12 characters). */
  token(gameId: string): string {
    return createHmac('sha256', this.key).update(gameId).digest('base64url').slice(0, 12).replace(/[-_]/g, 'x');
  }

  /** The start parameter of a watch link: w_<game>_<token>. */
  param(gameId: string): string {
    return `w_${gameId}_${this.token(gameId)}`;
  }

  /** A watch link's start parameter read back (null: not one, or forged). */
  parse(param: string | null | undefined): string | null {
    const m = /^w_([0-9a-z]{10})_([0-9A-Za-z]{12})$/.exec(param ?? '');
    return m && this.valid(m[1]!, m[2]!) ? m[1]! : null;
  }

  valid(gameId: string, token: string | null | undefined): boolean {
    if (!token) return false;
    const a = Buffer.from(this.token(gameId));
    const b = Buffer.from(token);
    return a.length === b.length && timingSafeEqual(a, b);
  }

  /** Whether a non-player may watch this game with this token (a group's game: always). */
  mayWatch(rec: GameRecord, token: string | null | undefined): boolean {
    return rec.kind === 'group' || this.valid(rec.id, token);
  }
}
