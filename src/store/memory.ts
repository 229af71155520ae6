/** The in-process store: the same contract as Redis, kept in Maps; everything ends with the process. */
import type { BoardMessage, Challenge, GameRecord, Store, StoreTtl, UserSettings } from './types.js';

interface Entry<T> {
  value: T;
  expires: number;
}

export class MemoryStore implements Store {
  readonly kind = 'memory' as const;
  private readonly games = new Map<string, Entry<string>>();
  private readonly chats = new Map<number, Set<string>>();
  private readonly challenges = new Map<string, Entry<string>>();
  private readonly users = new Map<number, string>();
  private readonly boards = new Map<string, Entry<string>>();
  private readonly states = new Map<string, Entry<string>>();

  constructor(
    private readonly ttl: StoreTtl,
    private readonly now: () => number = Date.now,
  ) {}

  private live<T>(map: Map<string, Entry<T>>, id: string): T | null {
    const e = map.get(id);
    if (!e) return null;
    if (e.expires <= this.now()) {
      map.delete(id);
      return null;
    }
    return e.value;
  }

  async getGame(id: string): Promise<GameRecord | null> {
    const s = this.live(this.games, id);
    return s ? (JSON.parse(s) as GameRecord) : null;
  }

  async createGame(game: GameRecord): Promise<boolean> {
    if (this.live(this.games, game.id) !== null) return false;
    this.games.set(game.id, { value: JSON.stringify(game), expires: this.now() + this.ttl.idleSeconds * 1000 });
    this.index(game);
    return true;
  }

  private index(game: GameRecord): void {
    let set = this.chats.get(game.chatId);
    if (!set) this.chats.set(game.chatId, (set = new Set()));
    if (game.finished) set.delete(game.id);
    else set.add(game.id);
  }

  async saveGame(game: GameRecord, expectedV: number): Promise<boolean> {
    const cur = this.live(this.games, game.id);
    if (cur === null || (JSON.parse(cur) as GameRecord).v !== expectedV) return false;
    const ttl = game.finished ? this.ttl.finishedSeconds : this.ttl.idleSeconds;
    this.games.set(game.id, { value: JSON.stringify(game), expires: this.now() + ttl * 1000 });
    this.index(game);
    return true;
  }

  async activeGames(chatId: number): Promise<string[]> {
    const set = this.chats.get(chatId);
    if (!set) return [];
    for (const id of set) if (this.live(this.games, id) === null) set.delete(id);
    return [...set];
  }

  async moveChat(fromChatId: number, toChatId: number): Promise<string[]> {
    const ids = await this.activeGames(fromChatId);
    this.chats.delete(fromChatId);
    const set = this.chats.get(toChatId) ?? new Set<string>();
    for (const id of ids) set.add(id);
    this.chats.set(toChatId, set);
    return ids;
  }

  async getBoard(gameId: string): Promise<BoardMessage | null> {
    const s = this.live(this.boards, gameId);
    return s ? (JSON.parse(s) as BoardMessage) : null;
  }

  async setBoard(gameId: string, board: BoardMessage | null): Promise<void> {
    if (board) this.boards.set(gameId, { value: JSON.stringify(board), expires: this.now() + this.ttl.idleSeconds * 1000 });
    else this.boards.delete(gameId);
  }

  async putChallenge(c: Challenge): Promise<void> {
    this.challenges.set(c.id, { value: JSON.stringify(c), expires: this.now() + this.ttl.challengeSeconds * 1000 });
  }

  async getChallenge(id: string): Promise<Challenge | null> {
    const s = this.live(this.challenges, id);
    return s ? (JSON.parse(s) as Challenge) : null;
  }

  async takeChallenge(id: string): Promise<Challenge | null> {
    // Read and delete with no await between them: atomic within the process.
    const s = this.live(this.challenges, id);
    this.challenges.delete(id);
    return s ? (JSON.parse(s) as Challenge) : null;
  }

  async chatChallenges(chatId: number): Promise<Challenge[]> {
    const out: Challenge[] = [];
    for (const id of [...this.challenges.keys()]) {
      const c = await this.getChallenge(id);
      if (c && c.chatId === chatId) out.push(c);
    }
    return out;
  }

  async getState(key: string): Promise<unknown> {
    const s = this.live(this.states, key);
    return s === null ? undefined : JSON.parse(s);
  }

  async setState(key: string, value: unknown, ttlSeconds: number): Promise<void> {
    this.states.set(key, { value: JSON.stringify(value), expires: this.now() + ttlSeconds * 1000 });
  }

  async deleteState(key: string): Promise<void> {
    this.states.delete(key);
  }

  async getUser(id: number): Promise<UserSettings | null> {
    const s = this.users.get(id);
    return s ? (JSON.parse(s) as UserSettings) : null;
  }

  async putUser(id: number, settings: UserSettings): Promise<void> {
    this.users.set(id, JSON.stringify(settings));
  }

  async close(): Promise<void> {}
}
