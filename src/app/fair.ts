/**
 * /fair: the commitments of a person's dice (their running games, their next match), their own
 * client seed, and the check of a finished game.
 */
import { verifyGame, type GameCheck, type Games } from './games.js';
import type { Players } from './players.js';

export type FairCheck = { readonly kind: 'checked'; readonly gameId: string; readonly games: readonly GameCheck[] } | { readonly kind: 'not-found' } | { readonly kind: 'bad-id' };

export interface FairCurrent {
  readonly gameId: string;
  readonly scheme: 1 | 2;
  readonly hash: string;
  readonly client: string | null;
  readonly index: number | null;
}

export interface FairOverview {
  readonly current: readonly FairCurrent[];
  /** The commitment of the dice chain of the person's next match (shown before it starts). */
  readonly next: string;
  /** The person's own client seed (null: the id of the start or accept press). */
  readonly seed: string | null;
  /** The check of the person's last game that ended, if any is still kept. */
  readonly last: FairCheck | null;
}

export class Fairness {
  constructor(
    private readonly games: Games,
    private readonly players: Players,
  ) {}

  /** Check a game by id: every revealed seed against its commitment, every roll recomputed. */
  async check(gameId: string): Promise<FairCheck> {
    if (!/^[0-9a-z]{10}$/.test(gameId)) return { kind: 'bad-id' };
    const rec = await this.games.get(gameId);
    if (!rec) return { kind: 'not-found' };
    return { kind: 'checked', gameId, games: verifyGame(rec) };
  }

  /** Everything /fair shows a person in a chat. */
  async overview(chatId: number, userId: number): Promise<FairOverview> {
    const current = (await this.games.userGamesInChat(chatId, userId)).map((g) => ({ gameId: g.id, scheme: g.fair.scheme, hash: g.fair.hash, client: g.fair.client ?? null, index: g.fair.index ?? null }));
    const next = await this.players.nextCommit(userId);
    const fair = await this.players.fair(userId);
    const lastId = await this.players.lastGame(userId);
    const last = lastId ? await this.check(lastId) : null;
    return { current, next, seed: fair.seed, last: last && last.kind === 'checked' ? last : null };
  }

  /** Set or clear the person's own client seed; false when it is not a valid seed. */
  setSeed(userId: number, seed: string | null): Promise<boolean> {
    return this.players.setClientSeed(userId, seed);
  }
}
