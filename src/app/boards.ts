/**
 * Where the board messages of games are, and the delivery of a board shared by every instance:
 * the bot layer asks here, never the store. One instance at a time holds a board (a lock that
 * expires if its holder dies); it hands the board back only once no newer version is wanted, so
 * an older board never overwrites a newer one.
 */
import type { Store } from '../store/types.js';

export interface BoardPlace {
  readonly chatId: number;
  readonly messageId: number;
  /** The game version the message shows. */
  readonly v?: number;
}

export class BoardPlaces {
  constructor(private readonly store: Store) {}

  /** The board message of a game in a chat (null: none sent yet). */
  where(gameId: string, chatId: number): Promise<BoardPlace | null> {
    return this.store.boards.get(gameId, chatId);
  }

  /** A board message was sent or edited: where it is and what it shows. */
  async shown(gameId: string, place: BoardPlace): Promise<void> {
    await this.store.boards.set(gameId, place);
    await this.store.boards.clearPending(gameId);
  }

  /** Games created whose board was never sent (e.g. the process died in between). */
  unsent(): Promise<string[]> {
    return this.store.boards.pending();
  }

  /** A game created without a board no longer waits for one (it was sent, or it is gone). */
  sent(gameId: string): Promise<void> {
    return this.store.boards.clearPending(gameId);
  }

  /** Version v of the game is wanted on this board (seen by every instance). */
  want(gameId: string, chatId: number, v: number): Promise<void> {
    return this.store.boards.want(gameId, chatId, v);
  }

  /** Take the board for `ms` (false: another instance holds it). */
  hold(gameId: string, chatId: number, owner: string, ms: number): Promise<boolean> {
    return this.store.boards.lock(gameId, chatId, owner, ms);
  }

  /** Hand the board back after showing version `shown`; false while a newer version is wanted (keep going). */
  handBack(gameId: string, chatId: number, owner: string, shown: number): Promise<boolean> {
    return this.store.boards.release(gameId, chatId, owner, shown);
  }

  /** Hand the board back whatever is wanted (its game is gone). */
  async abandon(gameId: string, chatId: number, owner: string): Promise<void> {
    await this.store.boards.release(gameId, chatId, owner, Number.MAX_SAFE_INTEGER);
  }
}
