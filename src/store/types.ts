/**
 * Storage only: small interfaces per concern over raw records (JSON text with the little
 * metadata the store needs for indexing and compare-and-set). What the records mean, and their
 * schema versions, is the use cases' business (src/app/records.ts). Two implementations pass
 * the same contract tests: Redis (one server or a cluster) and in-process memory.
 */

/** The storage cannot be reached now (a Redis outage): nothing was read or written. */
export class StoreUnavailable extends Error {
  constructor(override readonly cause: unknown) {
    super(`storage unavailable: ${(cause as Error)?.message ?? String(cause)}`);
  }
}

/** The storage answers but refuses writes: it is out of memory (Redis maxmemory with noeviction). */
export class StoreFull extends StoreUnavailable {}

/** A game as stored: its JSON and what the store indexes it by. */
export interface StoredGame {
  readonly id: string;
  readonly v: number;
  /** The chats whose index lists it while it is not finished. */
  readonly chats: readonly number[];
  readonly finished: boolean;
  readonly data: string;
}

export type SaveResult = 'saved' | 'conflict' | 'gone';

export interface GameStore {
  get(id: string): Promise<string | null>;
  /** Store a new game (v 0) and index it under its chats. False if the id exists. */
  create(game: StoredGame): Promise<boolean>;
  /**
   * Compare-and-set: write `game` (v = expectedV + 1) only if the stored version is still
   * expectedV. Finished games leave the chat indexes and expire later; active ones expire after
   * a long idle time.
   */
  save(game: StoredGame, expectedV: number): Promise<SaveResult>;
  /** Ids of the games indexed under a chat (finished or expired ones are dropped on the way). */
  inChat(chatId: number): Promise<string[]>;
  /** A group became a supergroup: move the chat's index (the records are updated by the caller). */
  moveChat(fromChatId: number, toChatId: number): Promise<string[]>;
}

/** Where a board message of a game is, per chat (kept apart so it never bumps the version). */
export interface BoardMessage {
  readonly chatId: number;
  readonly messageId: number;
  /** The game version it shows (absent: unknown). */
  readonly v?: number;
}

/**
 * Delivery of one board shared by every instance: the newest version wanted, and a lock so that
 * only one instance sends at a time. Releasing the lock fails while a newer version is wanted
 * than was shown, so the holder goes on; that is how an older board never overwrites a newer one.
 */
export interface BoardDelivery {
  want(gameId: string, chatId: number, v: number): Promise<void>;
  lock(gameId: string, chatId: number, owner: string, ms: number): Promise<boolean>;
  /** Release unless a version newer than `shown` is wanted (then the lock is kept: false). */
  release(gameId: string, chatId: number, owner: string, shown: number): Promise<boolean>;
  /** The newest version wanted (-1: none). */
  wanted(gameId: string, chatId: number): Promise<number>;
}

export interface BoardStore extends BoardDelivery {
  get(gameId: string, chatId: number): Promise<BoardMessage | null>;
  set(gameId: string, board: BoardMessage): Promise<void>;
  clear(gameId: string, chatId: number): Promise<void>;
  /** Games whose board has not been sent yet (a crash between the two must not strand them). */
  markPending(gameId: string): Promise<void>;
  clearPending(gameId: string): Promise<void>;
  pending(): Promise<string[]>;
  /**
   * A new board message is being sent to a chat: marked before the call, cleared once its id is
   * known. A mark left behind means Telegram may have posted a message the bot never heard of.
   */
  /** Mark a send with the board's caption; the caption of a mark left behind comes back (else null). */
  markSending(gameId: string, chatId: number, caption: string, ttlSeconds: number): Promise<string | null>;
  clearSending(gameId: string, chatId: number): Promise<void>;
  /**
   * Boards owed a newer state: noted (with when to look at it) before a board's delivery starts,
   * dropped once it is delivered. An instance killed in between leaves the note; every instance's
   * sweep looks at notes due by `before` and brings those boards up to date.
   */
  owe(gameId: string, chatId: number, lookAt: number): Promise<void>;
  /** Who holds a board's delivery lock (null: nobody). */
  lockHolder(gameId: string, chatId: number): Promise<string | null>;
  /** Take the lock from `from` (a holder that died) for `ms`: false if someone else holds it now. */
  takeOver(gameId: string, chatId: number, from: string, to: string, ms: number): Promise<boolean>;
  paid(gameId: string, chatId: number): Promise<void>;
  owed(before: number, n: number): Promise<Array<{ readonly gameId: string; readonly chatId: number }>>;
}

export interface ChallengeStore {
  put(id: string, chatId: number, data: string): Promise<void>;
  get(id: string): Promise<string | null>;
  /** Atomically take (get and delete) a challenge: of two takers, one gets it, the other null. */
  take(id: string): Promise<string | null>;
  /**
   * Take the challenge and create the game it becomes in one atomic step (the game's id is the
   * challenge's, so both share a cluster slot). False when the challenge is gone.
   */
  claim(id: string, game: StoredGame): Promise<boolean>;
  /** Open challenges of a chat, as stored. */
  inChat(chatId: number): Promise<string[]>;
}

export interface UserStore {
  get(id: number): Promise<string | null>;
  put(id: number, data: string): Promise<void>;
}

/** Small JSON values with a lifetime (the state of dialogues, notices sent). */
export interface DialogueStore {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown, ttlSeconds: number): Promise<void>;
  /** Set only if absent: true for the one caller that set it (across instances). */
  setIfAbsent(key: string, value: unknown, ttlSeconds: number): Promise<boolean>;
  delete(key: string): Promise<void>;
}

/**
 * The move clock of each game between people: one small JSON record per game, with a lifetime,
 * kept apart from the game's record (a clock's ticking never bumps the game's version).
 */
export interface ClockStore {
  get(gameId: string): Promise<unknown>;
  set(gameId: string, clock: unknown, ttlSeconds: number): Promise<void>;
  delete(gameId: string): Promise<void>;
}

/** Invitations to play by link: a record with a lifetime that becomes a game of the same id. */
export interface InvitationStore {
  put(id: string, data: string, ttlSeconds: number): Promise<void>;
  get(id: string): Promise<string | null>;
  /** Atomically take (delete) an invitation: of two takers, one gets it. */
  take(id: string): Promise<string | null>;
  /** Take the invitation and create its game (same id, same cluster slot) in one atomic step. */
  claim(id: string, game: StoredGame): Promise<boolean>;
}

/** A versioned record per user (statistics), and leaderboards of absolute scores. */
export interface StatsStore {
  get(userId: number): Promise<{ readonly v: number; readonly data: string } | null>;
  /** Compare-and-set: write version expectedV + 1 if the stored one is expectedV (0: none yet). */
  save(userId: number, expectedV: number, data: string): Promise<boolean>;
  /** Put a user on a leaderboard with this score (setting it again is harmless). */
  rank(board: string, userId: number, score: number): Promise<void>;
  /** The best n of a leaderboard, best first. */
  top(board: string, n: number): Promise<Array<{ readonly userId: number; readonly score: number }>>;
  /** A user's place on a leaderboard (1 = first), null when not on it. */
  place(board: string, userId: number): Promise<number | null>;
  /**
   * Add to a period's counters of a user, once per `mark` (a match and a user): games, wins and
   * rating gained (sorted sets `board:games`, `board:wins`, `board:gained`); false when done before.
   */
  bumpPeriod(board: string, mark: string, userId: number, win: boolean, gained: number, ttlSeconds: number): Promise<boolean>;
  /** A period's counters of every user in it. */
  period(board: string): Promise<Array<{ readonly userId: number; readonly games: number; readonly wins: number; readonly gained: number }>>;
}

/**
 * Timers shared by every instance: an id due at a time. Whichever instance asks first takes a
 * due timer (it is removed as it is returned), so each fires once; nothing depends on a process
 * being alive at the moment a timer ends.
 */
/**
 * The table's durable events (a game over, a match over, a rematch), for listeners on every
 * instance: each listener is a group that takes each event once; an event taken and not
 * acknowledged (its taker died, or its handler failed) is taken again after `idleMs`.
 */
/** Records kept whole with a version (tournaments): read, and write over the version read (compare-and-set). */
export interface DocStore {
  get(key: string): Promise<{ readonly v: number; readonly data: string } | null>;
  /** Write version expectedV + 1 (expectedV 0: create); false when the stored version is not expectedV. */
  save(key: string, expectedV: number, data: string, ttlSeconds: number): Promise<boolean>;
  /** Keep `member` in the named set (on) or take it out (off): an index of live records. */
  index(set: string, member: string, on: boolean): Promise<void>;
  members(set: string): Promise<string[]>;
}

/**
 * The queue of players looking for an opponent, shared by every instance: one entry per user;
 * a pairing takes both out and records the pair as pending in one atomic step (so a pair is made
 * once, and a pair whose game a kill left unmade is found and made).
 */
export interface SearchStore {
  /** Add a searcher; false when they are searching already. */
  add(userId: number, data: string): Promise<boolean>;
  /** Replace a searcher's entry if present (its message id, its window). */
  update(userId: number, data: string): Promise<boolean>;
  /** Take a searcher out; false when they were not in the queue. */
  remove(userId: number): Promise<boolean>;
  get(userId: number): Promise<string | null>;
  all(): Promise<Array<{ readonly userId: number; readonly data: string }>>;
  /** Take a and b out and record the pair as pending under `pairId`, if both are still in; else nothing. */
  pair(a: number, b: number, pairId: string, data: string): Promise<boolean>;
  pending(): Promise<Array<{ readonly id: string; readonly data: string }>>;
  /** The pair's match is made: true for the one caller that took it off the pending list. */
  done(pairId: string): Promise<boolean>;
}

export interface EventStore {
  add(events: ReadonlyArray<string>): Promise<void>;
  /** Make the group if it is new: it hears the events added from now on. */
  join(group: string): Promise<void>;
  /** Up to n events for `group` not yet taken by it, then those taken and idle for `idleMs`. */
  take(group: string, consumer: string, n: number, idleMs: number): Promise<Array<{ readonly id: string; readonly data: string }>>;
  ack(group: string, ids: ReadonlyArray<string>): Promise<void>;
}

export interface TimerStore {
  /** Set (or move) the timer `id` to `at` (ms since the epoch). */
  set(id: string, at: number): Promise<void>;
  clear(id: string): Promise<void>;
  /**
   * Take up to n timers due by `now`, each leased: moved to `now + leaseMs`, so that if the
   * instance that took it dies before it is done, the timer fires again (on any instance).
   */
  due(now: number, n: number, leaseMs: number): Promise<string[]>;
  /** A taken timer is handled: removed unless it was set again meanwhile (its lease is `leasedUntil`). */
  done(id: string, leasedUntil: number): Promise<void>;
  /** When `id` is due (null: not set). */
  when(id: string): Promise<number | null>;
}

/** Updates already taken (Telegram re-delivers a webhook update until it gets a 200). */
export interface UpdateStore {
  /** True the first time an update id is claimed (within a day). */
  claim(updateId: number): Promise<boolean>;
  /**
   * The inbox: updates taken from Telegram and not yet handled to the end, each with the
   * instance that took it. Recorded before Telegram is told they were received (the polling
   * offset, the webhook's 200), so an instance that dies in between loses none.
   */
  record(owner: string, updates: ReadonlyArray<{ readonly update_id: number }>): Promise<void>;
  /**
   * The update is handled (or need not be): out of the inbox. With `owner`, only where its entry
   * is that instance's (or unreadable), in one step: a duplicate delivery leaves the first taker's.
   */
  finish(updateId: number, owner?: string): Promise<void>;
  /** Every update in the inbox, with who took it and when. */
  unfinished(): Promise<Array<{ readonly owner: string; readonly at: number; readonly update: { readonly update_id: number } }>>;
  /** Take an update out of the inbox to handle it again: true for the one caller that took it. */
  take(updateId: number): Promise<boolean>;
  /** This instance is alive (for `ttlSeconds`); another instance's updates are taken over only once it is not. */
  beat(owner: string, ttlSeconds: number): Promise<void>;
  alive(owner: string): Promise<boolean>;
}

/**
 * Pacing shared by every instance: a "next free slot" per key (a chat, or all calls), taken
 * atomically. reserve() books the next slot `intervalMs` after the one before and says how long
 * to wait for it; hold() keeps a key closed for a while (Telegram said "retry after").
 */
export interface PaceStore {
  reserve(key: string, intervalMs: number): Promise<number>;
  hold(key: string, ms: number): Promise<void>;
  /**
   * Start a call under `key`, in one step: when another call holds it (or the spacing after the
   * last one runs) nothing changes and the ms left are returned; else the call holds it (for
   * `leaseMs` at most, should it never end) and 0 is returned.
   */
  claim(key: string, leaseMs: number): Promise<number>;
  /** The call under `key` ended: the next may start `intervalMs` from now at the earliest. */
  ended(key: string, intervalMs: number): Promise<void>;
}

/**
 * Changes of games, told to every instance (Redis pub/sub): what a live view (the Mini App) waits
 * for. Best effort: a listener also looks at the stored version now and then, so a message lost
 * in a failover only delays a view.
 */
export interface GameFeed {
  /** Tell every instance that game `id` is now at version `v`. */
  publish(id: string, v: number): Promise<void>;
  /** Hear every game's changes (this instance's too); returns the way to stop. */
  subscribe(listener: (id: string, v: number) => void): Promise<() => Promise<void>>;
}

export interface StoreTtl {
  readonly challengeSeconds: number;
  readonly finishedSeconds: number;
  readonly idleSeconds: number;
}

export interface Store {
  readonly kind: 'redis' | 'memory';
  readonly games: GameStore;
  readonly boards: BoardStore;
  readonly challenges: ChallengeStore;
  readonly users: UserStore;
  readonly dialogues: DialogueStore;
  readonly clocks: ClockStore;
  readonly updates: UpdateStore;
  readonly pacing: PaceStore;
  readonly invitations: InvitationStore;
  readonly stats: StatsStore;
  readonly docs: DocStore;
  readonly search: SearchStore;
  readonly timers: TimerStore;
  readonly events: EventStore;
  readonly feed: GameFeed;
  /** Throws when the storage cannot be reached. */
  ping(): Promise<void>;
  /** The storage's own clock in ms (Redis's TIME): every instance stamps and compares deadlines by it. */
  time(): Promise<number>;
  close(): Promise<void>;
}
