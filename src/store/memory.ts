/** The in-process store: the same contract as Redis, kept in Maps; everything ends with the process. */
import type { BoardMessage, BoardStore, ChallengeStore, ClockStore, DialogueStore, DocStore, EventStore, SearchStore, GameFeed, GameStore, InvitationStore, PaceStore, SaveResult, StatsStore, Store, StoredGame, StoreTtl, TimerStore, UpdateStore, UserStore } from './types.js';

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

class MemoryEvents implements EventStore {
  private readonly log: Array<{ id: string; data: string }> = [];
  private seq = 0;
  /** Per group: the next index not taken, and the taken ones not acknowledged (id -> when taken). */
  private readonly groups = new Map<string, { next: number; pending: Map<string, number> }>();

  constructor(private readonly now: () => number) {}

  async add(events: ReadonlyArray<string>): Promise<void> {
    for (const data of events) this.log.push({ id: `${++this.seq}-0`, data });
    if (this.log.length > 100_000) this.log.splice(0, this.log.length - 100_000);
  }

  async join(group: string): Promise<void> {
    // A new group starts at the end: it hears what comes from now on.
    if (!this.groups.has(group)) this.groups.set(group, { next: this.log.length ? Number(this.log.at(-1)!.id.split('-')[0]) : 0, pending: new Map() });
  }

  async take(group: string, _consumer: string, n: number, idleMs: number): Promise<Array<{ id: string; data: string }>> {
    await this.join(group);
    const g = this.groups.get(group)!;
    const out: Array<{ id: string; data: string }> = [];
    const t = this.now();
    for (const [id, at] of g.pending) {
      if (out.length >= n) break;
      if (t - at < idleMs) continue;
      const e = this.log.find((x) => x.id === id);
      if (!e) {
        g.pending.delete(id);
        continue;
      }
      g.pending.set(id, t);
      out.push(e);
    }
    for (const e of this.log) {
      if (out.length >= n) break;
      const seq = Number(e.id.split('-')[0]);
      if (seq <= g.next) continue;
      g.next = seq;
      g.pending.set(e.id, t);
      out.push(e);
    }
    return out;
  }

  async ack(group: string, ids: ReadonlyArray<string>): Promise<void> {
    const g = this.groups.get(group);
    for (const id of ids) g?.pending.delete(id);
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

  private readonly sendingMarks = new Map<string, { caption: string; until: number }>();

  async markSending(gameId: string, chatId: number, caption: string, ttlSeconds: number): Promise<string | null> {
    const key = `${gameId}:${chatId}`;
    const before = this.sendingMarks.get(key);
    this.sendingMarks.set(key, { caption, until: this.now() + ttlSeconds * 1000 });
    return before && before.until > this.now() ? before.caption : null;
  }

  async clearSending(gameId: string, chatId: number): Promise<void> {
    this.sendingMarks.delete(`${gameId}:${chatId}`);
  }

  private readonly owing = new Map<string, number>();

  async lockHolder(gameId: string, chatId: number): Promise<string | null> {
    const cur = this.locks.get(`${gameId}:${chatId}`);
    return cur && cur.until > this.now() ? cur.owner : null;
  }

  async takeOver(gameId: string, chatId: number, from: string, to: string, ms: number): Promise<boolean> {
    const k = `${gameId}:${chatId}`;
    const cur = this.locks.get(k);
    if (cur && cur.until > this.now() && cur.owner !== from) return false;
    this.locks.set(k, { owner: to, until: this.now() + ms });
    return true;
  }

  async owe(gameId: string, chatId: number, lookAt: number): Promise<void> {
    this.owing.set(`${gameId}|${chatId}`, lookAt);
  }

  async paid(gameId: string, chatId: number): Promise<void> {
    this.owing.delete(`${gameId}|${chatId}`);
  }

  async owed(before: number, n: number): Promise<Array<{ gameId: string; chatId: number }>> {
    return [...this.owing]
      .filter(([, at]) => at <= before)
      .sort((a, b) => a[1] - b[1])
      .slice(0, n)
      .map(([k]) => ({ gameId: k.split('|')[0]!, chatId: Number(k.split('|')[1]) }));
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

  async setIfAbsent(key: string, value: unknown, ttlSeconds: number): Promise<boolean> {
    if (this.states.get(key) !== null) return false;
    this.states.set(key, JSON.stringify(value), ttlSeconds);
    return true;
  }

  async delete(key: string): Promise<void> {
    this.states.delete(key);
  }
}

class MemoryInvitations implements InvitationStore {
  private readonly invitations: Timed<string>;

  constructor(
    now: () => number,
    private readonly games: MemoryGames,
  ) {
    this.invitations = new Timed(now);
  }

  async put(id: string, data: string, ttlSeconds: number): Promise<void> {
    this.invitations.set(id, data, ttlSeconds);
  }

  async get(id: string): Promise<string | null> {
    return this.invitations.get(id);
  }

  async take(id: string): Promise<string | null> {
    const data = this.invitations.get(id);
    this.invitations.delete(id);
    return data;
  }

  async claim(id: string, game: StoredGame): Promise<boolean> {
    if (this.invitations.get(id) === null) return false;
    if (!this.games.createNow(game)) return false;
    this.invitations.delete(id);
    return true;
  }
}

class MemorySearch implements SearchStore {
  private readonly q = new Map<number, string>();
  private readonly pend = new Map<string, string>();

  async add(userId: number, data: string): Promise<boolean> {
    if (this.q.has(userId)) return false;
    this.q.set(userId, data);
    return true;
  }

  async update(userId: number, data: string): Promise<boolean> {
    if (!this.q.has(userId)) return false;
    this.q.set(userId, data);
    return true;
  }

  async remove(userId: number): Promise<boolean> {
    return this.q.delete(userId);
  }

  async get(userId: number): Promise<string | null> {
    return this.q.get(userId) ?? null;
  }

  async all(): Promise<Array<{ userId: number; data: string }>> {
    return [...this.q].map(([userId, data]) => ({ userId, data }));
  }

  async pair(a: number, b: number, pairId: string, data: string): Promise<boolean> {
    if (!this.q.has(a) || !this.q.has(b) || a === b) return false;
    this.q.delete(a);
    this.q.delete(b);
    this.pend.set(pairId, data);
    return true;
  }

  async pending(): Promise<Array<{ id: string; data: string }>> {
    return [...this.pend].map(([id, data]) => ({ id, data }));
  }

  async done(pairId: string): Promise<boolean> {
    return this.pend.delete(pairId);
  }
}

class MemoryDocs implements DocStore {
  private readonly docs = new Map<string, { v: number; data: string; until: number }>();
  private readonly sets = new Map<string, Set<string>>();

  async index(set: string, member: string, on: boolean): Promise<void> {
    let s = this.sets.get(set);
    if (!s) this.sets.set(set, (s = new Set()));
    if (on) s.add(member);
    else s.delete(member);
  }

  async members(set: string): Promise<string[]> {
    return [...(this.sets.get(set) ?? [])];
  }
  constructor(private readonly now: () => number) {}

  async get(key: string): Promise<{ v: number; data: string } | null> {
    const d = this.docs.get(key);
    if (!d || d.until <= this.now()) return null;
    return { v: d.v, data: d.data };
  }

  async save(key: string, expectedV: number, data: string, ttlSeconds: number): Promise<boolean> {
    // Checked and written in one step (no await between): two saves at once, one wins, as in Redis.
    const d = this.docs.get(key);
    const v = d && d.until > this.now() ? d.v : 0;
    if (v !== expectedV) return false;
    this.docs.set(key, { v: expectedV + 1, data, until: this.now() + ttlSeconds * 1000 });
    return true;
  }
}

class MemoryStats implements StatsStore {
  private readonly records = new Map<number, { v: number; data: string }>();
  private readonly boards = new Map<string, Map<number, number>>();
  private readonly periods = new Map<string, Map<number, { games: number; wins: number; gained: number }>>();
  private readonly marks = new Set<string>();

  async bumpPeriod(board: string, mark: string, userId: number, win: boolean, gained: number): Promise<boolean> {
    const key = `${board}|${mark}`;
    if (this.marks.has(key)) return false;
    this.marks.add(key);
    let b = this.periods.get(board);
    if (!b) this.periods.set(board, (b = new Map()));
    const cur = b.get(userId) ?? { games: 0, wins: 0, gained: 0 };
    b.set(userId, { games: cur.games + 1, wins: cur.wins + (win ? 1 : 0), gained: cur.gained + gained });
    return true;
  }

  async period(board: string): Promise<Array<{ userId: number; games: number; wins: number; gained: number }>> {
    return [...(this.periods.get(board) ?? new Map<number, { games: number; wins: number; gained: number }>())].map(([userId, c]) => ({ userId, ...c }));
  }

  async get(userId: number): Promise<{ v: number; data: string } | null> {
    return this.records.get(userId) ?? null;
  }

  async save(userId: number, expectedV: number, data: string): Promise<boolean> {
    if ((this.records.get(userId)?.v ?? 0) !== expectedV) return false;
    this.records.set(userId, { v: expectedV + 1, data });
    return true;
  }

  async rank(board: string, userId: number, score: number): Promise<void> {
    let b = this.boards.get(board);
    if (!b) this.boards.set(board, (b = new Map()));
    b.set(userId, score);
  }

  private sorted(board: string): Array<{ userId: number; score: number }> {
    // As Redis orders a sorted set read from the top: score, then member, both descending.
    return [...(this.boards.get(board) ?? new Map<number, number>())].map(([userId, score]) => ({ userId, score })).sort((a, b) => b.score - a.score || String(b.userId).localeCompare(String(a.userId)));
  }

  async top(board: string, n: number): Promise<Array<{ userId: number; score: number }>> {
    return this.sorted(board).slice(0, n);
  }

  async place(board: string, userId: number): Promise<number | null> {
    const i = this.sorted(board).findIndex((e) => e.userId === userId);
    return i < 0 ? null : i + 1;
  }
}

class MemoryTimers implements TimerStore {
  private readonly at = new Map<string, number>();

  async set(id: string, at: number): Promise<void> {
    this.at.set(id, at);
  }

  async clear(id: string): Promise<void> {
    this.at.delete(id);
  }

  async due(now: number, n: number, leaseMs: number): Promise<string[]> {
    const out = [...this.at].filter(([, t]) => t <= now).sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0])).slice(0, n).map(([id]) => id);
    for (const id of out) this.at.set(id, Math.round(now + leaseMs));
    return out;
  }

  async done(id: string, leasedUntil: number): Promise<void> {
    if (this.at.get(id) === Math.round(leasedUntil)) this.at.delete(id);
  }

  async when(id: string): Promise<number | null> {
    return this.at.get(id) ?? null;
  }
}

class MemoryUpdates implements UpdateStore {
  private readonly seen = new Map<number, number>();
  private readonly inbox = new Map<number, { owner: string; at: number; update: { readonly update_id: number } }>();
  private readonly beats = new Map<string, number>();

  constructor(private readonly now: () => number) {}

  async record(owner: string, updates: ReadonlyArray<{ readonly update_id: number }>): Promise<void> {
    for (const u of updates) if (!this.inbox.has(u.update_id)) this.inbox.set(u.update_id, { owner, at: this.now(), update: structuredClone(u) });
  }

  async finish(updateId: number, owner?: string): Promise<void> {
    if (owner === undefined || (this.inbox.get(updateId)?.owner ?? owner) === owner) this.inbox.delete(updateId);
  }

  async unfinished(): Promise<Array<{ owner: string; at: number; update: { readonly update_id: number } }>> {
    return [...this.inbox.values()];
  }

  async take(updateId: number): Promise<boolean> {
    return this.inbox.delete(updateId);
  }

  async beat(owner: string, ttlSeconds: number): Promise<void> {
    this.beats.set(owner, this.now() + ttlSeconds * 1000);
  }

  async alive(owner: string): Promise<boolean> {
    return (this.beats.get(owner) ?? 0) > this.now();
  }

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

  async claim(key: string, leaseMs: number): Promise<number> {
    const now = this.now();
    const left = (this.next.get(`${key}:end`) ?? 0) - now;
    if (left > 0) return left;
    this.next.set(`${key}:end`, now + leaseMs);
    return 0;
  }

  async ended(key: string, intervalMs: number): Promise<void> {
    this.next.set(`${key}:end`, this.now() + intervalMs);
  }
}

/** One process's feed: listeners are called after the publisher's turn. */
export class MemoryFeed implements GameFeed {
  private readonly listeners = new Set<(id: string, v: number) => void>();
  async publish(id: string, v: number): Promise<void> {
    for (const l of [...this.listeners]) queueMicrotask(() => l(id, v));
  }
  async subscribe(listener: (id: string, v: number) => void): Promise<() => Promise<void>> {
    this.listeners.add(listener);
    return async () => void this.listeners.delete(listener);
  }
}

export class MemoryStore implements Store {
  readonly kind = 'memory' as const;
  readonly games: MemoryGames;
  readonly boards: BoardStore;
  readonly challenges: ChallengeStore;
  readonly users: UserStore = new MemoryUsers();
  readonly dialogues: DialogueStore;
  readonly clocks: ClockStore;
  readonly updates: UpdateStore;
  readonly pacing: PaceStore;
  readonly invitations: InvitationStore;
  readonly stats: StatsStore = new MemoryStats();
  readonly docs: DocStore;
  readonly search: SearchStore = new MemorySearch();
  readonly timers: TimerStore = new MemoryTimers();
  readonly events: EventStore;
  readonly feed: GameFeed = new MemoryFeed();

  constructor(ttl: StoreTtl, private readonly now: () => number = Date.now) {
    this.games = new MemoryGames(ttl, now);
    this.boards = new MemoryBoards(ttl, now);
    this.challenges = new MemoryChallenges(ttl, now, this.games);
    this.dialogues = new MemoryDialogues(now);
    // A clock is a small JSON value with a lifetime, kept apart from the dialogues.
    this.clocks = new MemoryDialogues(now);
    this.updates = new MemoryUpdates(now);
    this.pacing = new MemoryPacing(now);
    this.events = new MemoryEvents(now);
    this.invitations = new MemoryInvitations(now, this.games);
    this.docs = new MemoryDocs(now);
  }

  async ping(): Promise<void> {}

  async time(): Promise<number> {
    return this.now();
  }

  async close(): Promise<void> {}
}
