/**
 * Group challenges: create, accept, decline, cancel. Accepting takes the challenge and creates
 * its game in one atomic step of the store, so a crash can never leave a taken challenge without
 * its game (or a game for a challenge still open).
 */
import type { Store } from '../store/types.js';
import { newId, sideOfUser, type Games } from './games.js';
import type { Players } from './players.js';
import type { Challenge, GameRecord, Human, Lang } from './model.js';
import { decodeChallenge, encodeChallenge, RecordError } from './records.js';

export interface ChallengeUser {
  readonly id: number;
  readonly name: string;
  readonly username: string | null;
  readonly lang: Lang;
}

export type AcceptResult =
  | { readonly kind: 'started'; readonly challenge: Challenge; readonly game: GameRecord }
  /** Accepted before (the game exists): pressing again only brings its board. */
  | { readonly kind: 'already-started'; readonly game: GameRecord }
  | { readonly kind: 'gone' }
  | { readonly kind: 'own' }
  | { readonly kind: 'not-target'; readonly challenge: Challenge };

export type EndResult = { readonly kind: 'done'; readonly challenge: Challenge } | { readonly kind: 'gone' } | { readonly kind: 'not-allowed'; readonly challenge: Challenge };

function isTarget(c: Challenge, u: ChallengeUser): boolean {
  return !!c.target && (c.target.id === u.id || (!!c.target.username && !!u.username && c.target.username.toLowerCase() === u.username.toLowerCase()));
}

export class Challenges {
  constructor(
    private readonly store: Store,
    private readonly games: Games,
    private readonly players: Players,
    private readonly now: () => number = Date.now,
  ) {}

  async get(id: string): Promise<Challenge | null> {
    const raw = await this.store.challenges.get(id);
    if (raw === null) return null;
    try {
      return decodeChallenge(JSON.parse(raw));
    } catch (e) {
      if (e instanceof RecordError || e instanceof SyntaxError) return null;
      throw e;
    }
  }

  /** Post a challenge: the match's dice chain is the challenger's, committed in its message. */
  async create(opts: Omit<Challenge, 'id' | 'createdAt' | 'messageId' | 'dice'>): Promise<Challenge> {
    const dice = await this.players.takeChain(opts.from.id);
    const c: Challenge = { ...opts, id: newId(), messageId: null, createdAt: this.now(), dice };
    await this.store.challenges.put(c.id, c.chatId, encodeChallenge(c));
    return c;
  }

  /** Remember the message that shows the challenge (to edit it later). */
  async attachMessage(c: Challenge, messageId: number): Promise<Challenge> {
    const withMessage = { ...c, messageId };
    if ((await this.store.challenges.get(c.id)) !== null) await this.store.challenges.put(c.id, c.chatId, encodeChallenge(withMessage));
    return withMessage;
  }

  /**
   * Accept: the first valid acceptor starts the game. Colours are drawn; the client seed of the
   * dice is the acceptor's own seed, else the id of the accepting press (`pressId`).
   */
  async accept(id: string, user: ChallengeUser, pressId: string): Promise<AcceptResult> {
    const c = await this.get(id);
    if (!c) {
      // The game of an accepted challenge has the challenge's id.
      const game = await this.games.get(id);
      return game && !game.finished && Object.values(game.players).some((p) => p.kind === 'human' && p.id === user.id) ? { kind: 'already-started', game } : { kind: 'gone' };
    }
    if (user.id === c.from.id) return { kind: 'own' };
    if (c.target && !isTarget(c, user)) return { kind: 'not-target', challenge: c };
    const white: Human = { kind: 'human', id: c.from.id, name: c.from.name, lang: c.from.lang };
    const black: Human = { kind: 'human', id: user.id, name: user.name, lang: user.lang };
    const dice = { ...c.dice, client: await this.players.clientSeed(user.id, pressId), base: 1 };
    const rec = await this.games.build({ id: c.id, kind: 'group', chatId: c.chatId, lang: c.from.lang, white, black, variant: c.variant, length: c.length, colours: 'random', dice });
    if (!(await this.games.startFromChallenge(c.id, rec))) {
      const game = await this.games.get(c.id);
      return game && sideOfUser(game, user.id) !== null ? { kind: 'already-started', game } : { kind: 'gone' };
    }
    return { kind: 'started', challenge: c, game: rec };
  }

  async decline(id: string, user: ChallengeUser): Promise<EndResult> {
    const c = await this.get(id);
    if (!c) return { kind: 'gone' };
    if (!isTarget(c, user)) return { kind: 'not-allowed', challenge: c };
    return (await this.store.challenges.take(id)) ? { kind: 'done', challenge: c } : { kind: 'gone' };
  }

  async cancel(id: string, userId: number): Promise<EndResult> {
    const c = await this.get(id);
    if (!c) return { kind: 'gone' };
    if (c.from.id !== userId) return { kind: 'not-allowed', challenge: c };
    return (await this.store.challenges.take(id)) ? { kind: 'done', challenge: c } : { kind: 'gone' };
  }

  /** Cancel every open challenge of a user in a chat; returns those cancelled. */
  async cancelAllBy(chatId: number, userId: number): Promise<Challenge[]> {
    const out: Challenge[] = [];
    for (const raw of await this.store.challenges.inChat(chatId)) {
      let c: Challenge;
      try {
        c = decodeChallenge(JSON.parse(raw));
      } catch {
        continue;
      }
      if (c.from.id !== userId) continue;
      if (await this.store.challenges.take(c.id)) out.push(c);
    }
    return out;
  }

  /** The open challenges of a chat. */
  async inChat(chatId: number): Promise<Challenge[]> {
    const out: Challenge[] = [];
    for (const raw of await this.store.challenges.inChat(chatId)) {
      try {
        out.push(decodeChallenge(JSON.parse(raw)));
      } catch {
        // an unreadable record is skipped
      }
    }
    return out;
  }
}
