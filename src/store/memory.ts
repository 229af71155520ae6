/** The in-process store: the same contract as Redis, kept in Maps; everything ends with the process. */
import type { BoardMessage, BoardStore, ChallengeStore, DialogueStore, GameStore, PaceStore, SaveResult, Store, StoredGame, StoreTtl, UpdateStore, UserStore } from './types.js';

interface Entry<T> {
  value: T;
  expires: number;
}

class Timed<T> {
  private readonly map = new Map<string, Entry<T>>();

  constructor(private readonly now: () => number) {}

  get(key: string): T | null {
    const e = this.map.get(key);
    if (!e) return null;
    if (e.expires <= this.now()) {
      this.map.delete(key);
      return null;
    }
    return e.value;
  }

  set(key: string, value: T, seconds: number): void {
    this.map.set(key, { value, expires: this.now() + seconds * 1000 });
  }

  delete(key: string): boolean {
    return this.map.delete(key);
  }
}

class MemoryGames implements GameStore {
  readonly records: Timed<{ v: number; data: string }>;
  private readonly chats = new Map<number, Set<string>>();

  constructor(
    private readonly ttl: StoreTtl,
    now: () => number,
  ) {
    this.records = new Timed(now);
  }

  async get(id: string): Promise<string | null> {
    return this.records.get(id)?.data ?? null;
  }

  index(game: StoredGame): void {
    for (const chatId of game.chats) {
      let set = this.chats.get(chatId);
      if (!set) this.chats.set(chatId, (set = new Set()));
      if (game.finished) set.delete(game.id);
      else set.add(game.id);
    }
  }

  async create(game: StoredGame): Promise<boolean> {
    return this.createNow(game);
  }

  createNow(game: StoredGame): boolean {
    if (this.records.get(game.id) !== null) return false;
    this.records.set(game.id, { v: game.v, data: game.data }, this.ttl.idleSeconds);
    this.index(game);
    return true;
  }

  async save(game: StoredGame, expectedV: number): Promise<SaveResult> {
    const cur = this.records.get(game.id);
    if (cur === null) return 'gone';
    if (cur.v !== expectedV) return 'conflict';
    this.records.set(game.id, { v: game.v, data: game.data }, game.finished ? this.ttl.finishedSeconds : this.ttl.idleSeconds);
    this.index(game);
    return 'saved';
  }

  async inChat(chatId: number): Promise<string[]> {
    const set = this.chats.get(chatId);
    if (!set) return [];
    for (const id of set) if (this.records.get(id) === null) set.delete(id);
    return [...set];
  }

  async moveChat(fromChatId: number, toChatId: number): Promise<string[]> {
    const ids = await this.inChat(fromChatId);
    this.chats.delete(fromChatId);
    const set = this.chats.get(toChatId) ?? new Set<string>();
    for (const id of ids) set.add(id);
    this.chats.set(toChatId, set);
    return ids;
  }
}

class MemoryBoards implements BoardStore {
  private readonly boards: Timed<BoardMessage>;

  constructor(
    private readonly ttl: StoreTtl,
    private readonly now: () => number,
  ) {
    this.boards = new Timed(now);
  }

  async get(gameId: string, chatId: number): Promise<BoardMessage | null> {
    return this.boards.get(`${gameId}:${chatId}`);
  }

  async set(gameId: string, board: BoardMessage): Promise<void> {
    this.boards.set(`${gameId}:${board.chatId}`, board, this.ttl.idleSeconds);
  }

  async clear(gameId: string, chatId: number): Promise<void> {
    this.boards.delete(`${gameId}:${chatId}`);
  }

  private readonly waiting = new Set<string>();
  private readonly wants = new Map<string, number>();
  private readonly locks = new Map<string, { owner: string; until: number }>();

  async want(gameId: string, chatId: number, v: number): Promise<void> {
    const k = `${gameId}:${chatId}`;
    this.wants.set(k, Math.max(this.wants.get(k) ?? -1, v));
  }

  async wanted(gameId: string, chatId: number): Promise<number> {
    return this.wants.get(`${gameId}:${chatId}`) ?? -1;
  }

  async lock(gameId: string, chatId: number, owner: string, ms: number): Promise<boolean> {
    const k = `${gameId}:${chatId}`;
    const cur = this.locks.get(k);
    if (cur && cur.until > this.now() && cur.owner !== owner) return false;
    this.locks.set(k, { owner, until: this.now() + ms });
    return true;
  }

  async release(gameId: string, chatId: number, owner: string, shown: number): Promise<boolean> {
    const k = `${gameId}:${chatId}`;
    if ((this.wants.get(k) ?? -1) > shown) return false;
    if (this.locks.get(k)?.owner === owner) this.locks.delete(k);
    return true;
  }

  async markPending(gameId: string): Promise<void> {
    this.waiting.add(gameId);
  }

  async clearPending(gameId: string): Promise<void> {
    this.waiting.delete(gameId);
  }

  async pending(): Promise<string[]> {
    return [...this.waiting];
  }
}

class MemoryChallenges implements ChallengeStore {
  private readonly challenges: Timed<{ chatId: number; data: string }>;
  private readonly byChat = new Map<number, Set<string>>();

  constructor(
    private readonly ttl: StoreTtl,
    now: () => number,
    private readonly games: MemoryGames,
  ) {
    this.challenges = new Timed(now);
  }

  async put(id: string, chatId: number, data: string): Promise<void> {
    this.challenges.set(id, { chatId, data }, this.ttl.challengeSeconds);
    let set = this.byChat.get(chatId);
    if (!set) this.byChat.set(chatId, (set = new Set()));
    set.add(id);
  }

  async get(id: string): Promise<string | null> {
    return this.challenges.get(id)?.data ?? null;
  }

  private takeNow(id: string): string | null {
    const c = this.challenges.get(id);
    this.challenges.delete(id);
    if (c) this.byChat.get(c.chatId)?.delete(id);
    return c?.data ?? null;
  }

  async take(id: string): Promise<string | null> {
    // Read and delete with no await between them: atomic within the process.
    return this.takeNow(id);
  }

  async claim(id: string, game: StoredGame): Promise<boolean> {
    if (this.challenges.get(id) === null) return false;
    if (!this.games.createNow(game)) return false;
    this.takeNow(id);
    return true;
  }

  async inChat(chatId: number): Promise<string[]> {
    const out: string[] = [];
    for (const id of [...(this.byChat.get(chatId) ?? [])]) {
      const c = this.challenges.get(id);
      if (c) out.push(c.data);
      else this.byChat.get(chatId)!.delete(id);
    }
    return out;
  }
}

class MemoryUsers implements UserStore {
  private readonly users = new Map<number, string>();

  async get(id: number): Promise<string | null> {
    return this.users.get(id) ?? null;
  }

  async put(id: number, data: string): Promise<void> {
    this.users.set(id, data);
  }
}

class MemoryDialogues implements DialogueStore {
  private readonly states: Timed<string>;

  constructor(now: () => number) {
    this.states = new Timed(now);
  }

  async get(key: string): Promise<unknown> {
    const s = this.states.get(key);
    return s === null ? undefined : JSON.parse(s);
  }

  async set(key: string, value: unknown, ttlSeconds: number): Promise<void> {
    this.states.set(key, JSON.stringify(value), ttlSeconds);
  }

  async delete(key: string): Promise<void> {
    this.states.delete(key);
  }
}

class MemoryUpdates implements UpdateStore {
  private readonly seen = new Map<number, number>();

  constructor(private readonly now: () => number) {}

  async claim(updateId: number): Promise<boolean> {
    if (this.seen.has(updateId)) return false;
    this.seen.set(updateId, this.now());
    // Bounded: the oldest ids are forgotten first (a day's worth is plenty for re-deliveries).
    if (this.seen.size > 100_000) for (const [id] of this.seen) if (this.seen.size > 90_000) this.seen.delete(id);
    return true;
  }
}

class MemoryPacing implements PaceStore {
  private readonly next = new Map<string, number>();

  constructor(private readonly now: () => number) {}

  async reserve(key: string, intervalMs: number): Promise<number> {
    const now = this.now();
    const slot = Math.max(now, this.next.get(key) ?? 0);
    this.next.set(key, slot + intervalMs);
    if (this.next.size > 50_000) for (const [k, t] of this.next) if (t < now) this.next.delete(k);
    return slot - now;
  }

  async hold(key: string, ms: number): Promise<void> {
    const until = this.now() + ms;
    if (until > (this.next.get(key) ?? 0)) this.next.set(key, until);
  }
}

export class MemoryStore implements Store {
  readonly kind = 'memory' as const;
  readonly games: MemoryGames;
  readonly boards: BoardStore;
  readonly challenges: ChallengeStore;
  readonly users: UserStore = new MemoryUsers();
  readonly dialogues: DialogueStore;
  readonly updates: UpdateStore;
  readonly pacing: PaceStore;

  constructor(ttl: StoreTtl, now: () => number = Date.now) {
    this.games = new MemoryGames(ttl, now);
    this.boards = new MemoryBoards(ttl, now);
    this.challenges = new MemoryChallenges(ttl, now, this.games);
    this.dialogues = new MemoryDialogues(now);
    this.updates = new MemoryUpdates(now);
    this.pacing = new MemoryPacing(now);
  }

  async ping(): Promise<void> {}

  async close(): Promise<void> {}
}
