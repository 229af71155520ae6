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

/** How long a board's delivery may take before the sweeps of other instances look at it. */
export const OWED_GRACE_MS = 4000;

export class BoardPlaces {
  constructor(
    private readonly store: Store,
    private readonly now: () => number = Date.now,
  ) {}

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

  /**
   * A new board message with this caption is about to be sent. When an earlier send of this board
   * died before its answer (the process was killed meanwhile), Telegram may have posted a message
   * whose id the bot never heard, a lost board to retire: its caption is returned (else null).
   */
  sending(gameId: string, chatId: number, caption: string): Promise<string | null> {
    return this.store.boards.markSending(gameId, chatId, caption, 3600);
  }

  /** The new board message's answer came (its id is known, or Telegram refused it). */
  sendDone(gameId: string, chatId: number): Promise<void> {
    return this.store.boards.clearSending(gameId, chatId);
  }

  /** The message ids of the boards this chat has, of every game indexed under it. */
  async boardsIn(chatId: number): Promise<number[]> {
    const ids = await this.store.games.inChat(chatId);
    const places = await Promise.all(ids.map((id) => this.store.boards.get(id, chatId)));
    return places.filter((p): p is BoardPlace => p !== null).map((p) => p.messageId);
  }

  /**
   * Version v of the game is wanted on this board (seen by every instance). Noted as owed first:
   * should this instance die before the board shows it, another one's sweep brings it up to date.
   */
  async want(gameId: string, chatId: number, v: number): Promise<void> {
    await this.store.boards.owe(gameId, chatId, this.now() + OWED_GRACE_MS);
    await this.store.boards.want(gameId, chatId, v);
  }

  /** Boards whose delivery was noted and not finished in time (their instance died, or it keeps failing). */
  owed(n = 50): Promise<Array<{ readonly gameId: string; readonly chatId: number }>> {
    return this.store.boards.owed(this.now(), n);
  }

  /** Look at an owed board again no sooner than `ms` from now (its delivery keeps failing). */
  lookLater(gameId: string, chatId: number, ms: number): Promise<void> {
    return this.store.boards.owe(gameId, chatId, this.now() + ms);
  }

  /** Take the board for `ms` (false: another instance holds it). */
  hold(gameId: string, chatId: number, owner: string, ms: number): Promise<boolean> {
    return this.store.boards.lock(gameId, chatId, owner, ms);
  }

  /**
   * Take a board whose delivery lock is held by an instance that died (`alive` says it is not):
   * true when it is now this owner's.
   */
  async takeFromDead(gameId: string, chatId: number, owner: string, ms: number, alive: (owner: string) => Promise<boolean>): Promise<boolean> {
    const holder = await this.store.boards.lockHolder(gameId, chatId);
    if (holder === null) return this.hold(gameId, chatId, owner, ms);
    if (holder === owner || (await alive(holder))) return false;
    return this.store.boards.takeOver(gameId, chatId, holder, owner, ms);
  }

  /** Hand the board back after showing version `shown`; false while a newer version is wanted (keep going). */
  async handBack(gameId: string, chatId: number, owner: string, shown: number): Promise<boolean> {
    const done = await this.store.boards.release(gameId, chatId, owner, shown);
    if (done) await this.store.boards.paid(gameId, chatId);
    return done;
  }

  /** Hand the board back whatever is wanted (its game is gone). */
  async abandon(gameId: string, chatId: number, owner: string): Promise<void> {
    await this.store.boards.release(gameId, chatId, owner, Number.MAX_SAFE_INTEGER);
    await this.store.boards.paid(gameId, chatId);
  }
}
