/** Where the board messages of games are (the bot layer asks here, never the store). */
import type { Store } from '../store/types.js';

export interface BoardPlace {
  readonly chatId: number;
  readonly messageId: number;
  /** The game version the message shows. */
  readonly v?: number;
}

export class BoardPlaces {
  constructor(private readonly store: Store) {}

  where(gameId: string, chatId: number): Promise<BoardPlace | null> {
    return this.store.boards.get(gameId, chatId);
  }

  async remember(gameId: string, place: BoardPlace): Promise<void> {
    await this.store.boards.set(gameId, place);
    await this.store.boards.clearPending(gameId);
  }

  /** Games created whose board was never sent (e.g. the process died in between). */
  pending(): Promise<string[]> {
    return this.store.boards.pending();
  }

  forgetPending(gameId: string): Promise<void> {
    return this.store.boards.clearPending(gameId);
  }

  /** Delivery shared by every instance (see BoardDelivery in the store). */
  want(gameId: string, chatId: number, v: number): Promise<void> {
    return this.store.boards.want(gameId, chatId, v);
  }

  wanted(gameId: string, chatId: number): Promise<number> {
    return this.store.boards.wanted(gameId, chatId);
  }

  lock(gameId: string, chatId: number, owner: string, ms: number): Promise<boolean> {
    return this.store.boards.lock(gameId, chatId, owner, ms);
  }

  release(gameId: string, chatId: number, owner: string, shown: number): Promise<boolean> {
    return this.store.boards.release(gameId, chatId, owner, shown);
  }

  forget(gameId: string, chatId: number): Promise<void> {
    return this.store.boards.clear(gameId, chatId);
  }
}
