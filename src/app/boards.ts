/** Where the board messages of games are (the bot layer asks here, never the store). */
import type { Store } from '../store/types.js';

export interface BoardPlace {
  readonly chatId: number;
  readonly messageId: number;
}

export class BoardPlaces {
  constructor(private readonly store: Store) {}

  where(gameId: string, chatId: number): Promise<BoardPlace | null> {
    return this.store.boards.get(gameId, chatId);
  }

  remember(gameId: string, place: BoardPlace): Promise<void> {
    return this.store.boards.set(gameId, place);
  }

  forget(gameId: string, chatId: number): Promise<void> {
    return this.store.boards.clear(gameId, chatId);
  }
}
