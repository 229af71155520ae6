/** /fair: the published seed hashes of a person's games, and the check of a finished game. */
import { verifyGame, type GameCheck, type Games } from './games.js';

export type FairCheck = { readonly kind: 'checked'; readonly gameId: string; readonly games: readonly GameCheck[] } | { readonly kind: 'not-found' } | { readonly kind: 'bad-id' };

export interface FairCurrent {
  readonly gameId: string;
  readonly key: string;
  readonly hash: string;
}

export class Fairness {
  constructor(private readonly games: Games) {}

  /** Check a game by id: every revealed seed against its hash, every roll recomputed. */
  async check(gameId: string): Promise<FairCheck> {
    if (!/^[0-9a-z]{10}$/.test(gameId)) return { kind: 'bad-id' };
    const rec = await this.games.get(gameId);
    if (!rec) return { kind: 'not-found' };
    return { kind: 'checked', gameId, games: verifyGame(rec) };
  }

  /** The current games of a user in a chat, with the hash of each one's secret seed. */
  async current(chatId: number, userId: number): Promise<FairCurrent[]> {
    return (await this.games.userGamesInChat(chatId, userId)).map((g) => ({ gameId: g.id, key: g.fair.key, hash: g.fair.hash }));
  }
}
