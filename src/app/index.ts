/** The use cases over one store: what the bot layer (and tests) build once. */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { StoreFull, StoreUnavailable, type GameFeed, type PaceStore, type Store } from '../store/types.js';
import type { Thinker } from '../ai/thinker.js';
import { BoardPlaces } from './boards.js';
import { Challenges } from './challenges.js';
import { Fairness } from './fair.js';
import { Games } from './games.js';
import type { BotLevel, GameRecord, Lang } from './model.js';
import { Players } from './players.js';
import { Clocks, DEFAULT_LIMITS, type MoveLimits } from './clocks.js';
import { Invitations } from './invitations.js';
import { HINT_LEVEL, Hints } from './hints.js';
import { createPlayer } from '../ai/player.js';
import { inProcess } from '../ai/thinker.js';
import { Stats } from './stats.js';
import { Ticker, type TimerEvent } from './timers.js';
import { TableEvents } from './table/events.js';
import { Once } from './once.js';
import { TOURNAMENT_TIMER, Tournaments } from './tournament/tournaments.js';
import { Puzzles } from './puzzles/puzzles.js';
import { Daily, DAILY_TIMER } from './puzzles/daily.js';
import { Matchmaking } from './matchmaking.js';
import { Watch } from './watch.js';
import { dialoguesOf, type Dialogues } from './dialogues.js';

export type { Dialogues } from './dialogues.js';

export interface App {
  readonly games: Games;
  /** Tournaments in groups (their matches are the table's games by link). */
  readonly tournaments: Tournaments;
  /** Puzzles: problems from the bank, answers, the players' and the problems' ratings. */
  readonly puzzles: Puzzles;
  /** The daily position in groups (posted by the front end it is given). */
  readonly daily: Daily;
  /** Finding an opponent: the shared search queue and its pairing passes. */
  readonly matchmaking: Matchmaking;
  /** Who may watch a game, and its watch links. */
  readonly watch: Watch;
  readonly invitations: Invitations;
  readonly stats: Stats;
  readonly clocks: Clocks;
  /** Run the table's periodic work: the events waiting for their listeners, then the shared timers that are due (move clocks). */
  tick(): Promise<TimerEvent[]>;
  readonly challenges: Challenges;
  readonly players: Players;
  /** Hints in games against the bot (thought out by the same thinkers as the bot's moves). */
  readonly hints: Hints;
  readonly places: BoardPlaces;
  readonly fair: Fairness;
  readonly dialogues: Dialogues;
  /** The "once only" rules of reviews and hints (across instances). */
  readonly once: Once;
  /** Now, by the clock every instance shares (the storage's; see clock.ts). */
  readonly now: () => number;
  /** The table's events: listeners register here; pump() takes what the stream holds for them. */
  readonly events: TableEvents;
  /** Pacing of Telegram calls shared by every instance (see PaceStore). */
  readonly pacing: Pick<PaceStore, 'reserve' | 'hold' | 'claim' | 'ended'>;
  /** True the first time an update id is seen (re-delivered updates are skipped). */
  firstDelivery(updateId: number): Promise<boolean>;
  /** Updates taken at least once: recorded before Telegram is told, finished once handled. */
  readonly inbox: Inbox;
  /** Games' changes, heard by every instance (live views wait for them). */
  readonly feed: GameFeed;
  /** Throws when the storage cannot be reached. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The inbox of updates (at least once): every update is recorded before Telegram is told it was
 * received, and finished once handled; the updates of an instance that died before finishing
 * them are handled again by a live one (sweep). De-duplication keeps them once.
 */
export interface Inbox {
  /** Who this instance is. */
  readonly owner: string;
  record(updates: ReadonlyArray<{ readonly update_id: number }>): Promise<void>;
  finish(updateId: number): Promise<void>;
  /**
   * A delivery of an update that another delivery claimed first (a restart before the polling
   * offset was confirmed, a webhook retried): out of the inbox only where this instance's entry
   * is the one there. The first taker's entry stays, for it to finish, or for a sweep to hand
   * on once it is dead: a duplicate must not erase an update its first taker never finished.
   */
  finishDuplicate(updateId: number): Promise<void>;
  /**
   * Say this instance is alive for `ttlSeconds` (every tick; ALIVE_SECONDS by default), and
   * record the updates in hand that the storage could not record when they came.
   */
  beat(ttlSeconds?: number): Promise<void>;
  /** How many updates in hand are not recorded yet (the storage was full or down when they came). */
  unrecorded(): number;
  /** Whether an instance (by its owner id) is alive: its heartbeat is fresh. */
  alive(owner: string): Promise<boolean>;
  /** Hand the updates of dead instances, older than `minAgeMs`, to `handle`, each to one sweeper. */
  sweep(handle: (update: { readonly update_id: number }) => Promise<void>, minAgeMs?: number): Promise<number>;
}

/** How long an instance counts as alive after its last heartbeat. */
export const ALIVE_SECONDS = 6;

export interface AppOptions {
  readonly defaultLanguage: Lang;
  readonly player?: (level: BotLevel) => Thinker;
  readonly now?: () => number;
  /** Move limits of games between people, in seconds. */
  readonly moveLimits?: MoveLimits;
  /** How long an invitation by link stays open, in seconds. */
  readonly invitationSeconds?: number;
  /** How long a search for an opponent lasts, in seconds. */
  readonly searchSeconds?: number;
  /** The secret watch links are signed with (the bot's token; a watch link works only with it). */
  readonly secret?: string;
  /** Where failures that do not stop an action are told (the bot's log; stderr by default). */
  readonly warn?: (message: string, err: unknown, gameId: string) => void;
  /** White's match-winning chance on a position, for a tournament's adjudication (the hard bot's by default). */
  readonly chanceOfWhite?: (rec: GameRecord) => Promise<number>;
}

export function createApp(store: Store, opts: AppOptions): App {
  const players = new Players(store, opts.defaultLanguage);
  const stats = new Stats(store, opts.now);
  const clocks = new Clocks(store, opts.moveLimits ?? DEFAULT_LIMITS, opts.now);
  const dialogues = dialoguesOf(store);
  const owner = `${hostname()}-${process.pid}-${randomBytes(4).toString('hex')}`;
  const warn = opts.warn ?? ((message: string, err: unknown, gameId: string) => console.error(message, gameId, err));
  const events = new TableEvents(store.events, dialogues, owner, (message, err) => warn(message, err, ''));
  const places = new BoardPlaces(store, opts.now);
  const games = new Games({ store, settings: (id) => players.settings(id), player: opts.player, now: opts.now, events, stats, clocks, warn });
  // The listeners of the table's events: every effect of a change outside its record.
  // Every board of the game is wanted at the saved version (seen by every instance) before the
  // change's caller goes on: whatever dies after, the boards catch up (BoardPlaces).
  events.onCommit('boards-wanted', async (c) => {
    await Promise.all(c.game.seats.map((seat) => places.want(c.game.id, seat.chatId, c.game.v)));
  });
  // A change that starts someone's turn starts their move clock (games between people).
  events.onCommit('clocks', (c) => clocks.turn(c.game));
  // Every instance's live views hear of it (the games feed).
  events.onChange((c) => games.tell(c.game));
  // Each person's last game (for /fair), once a game of a match is over.
  events.on('last-game', ['gameOver'], async (e) => {
    const rec = await games.get(e.game);
    if (rec) for (const p of [rec.players.white, rec.players.black]) if (p.kind === 'human') await players.noteGameOver(p.id, rec.id);
  });
  // A finished match into the statistics (counted once whatever is told twice).
  events.on('stats', ['matchOver'], async (e) => {
    const rec = await games.get(e.game);
    if (rec) await games.recordMatch(rec);
  });
  const tournaments = new Tournaments({ store, games, stats, dialogues, now: opts.now ?? Date.now, warn, ...(opts.chanceOfWhite ? { chanceOfWhite: opts.chanceOfWhite } : {}) });
  // A tournament's match ended: its result into the tournament (once; the next round follows).
  events.on('tournaments', ['matchOver'], async (e) => {
    const rec = await games.get(e.game);
    if (rec?.tournament) await tournaments.matchOver(rec);
  });
  const matchmaking = new Matchmaking({ store, games, stats, dialogues, now: opts.now ?? Date.now, owner, alive: (who) => store.updates.alive(who), ...(opts.searchSeconds ? { searchMs: opts.searchSeconds * 1000 } : {}) });
  // A matched game lost by the clock or by leaving counts against its loser's next searches.
  events.on('search', ['matchOver'], async (e) => {
    const rec = await games.get(e.game);
    if (rec?.matched) await matchmaking.matchOver(rec);
  });
  // Starting any game takes its players out of the search queue.
  events.onCommit('search-leave', async (c) => {
    if (c.before !== null) return;
    for (const p of [c.game.players.white, c.game.players.black]) if (p.kind === 'human') await matchmaking.cancel(p.id);
  });
  const ticker = new Ticker(store, games, clocks, opts.now);
  ticker.on(TOURNAMENT_TIMER, (id) => tournaments.due(id));
  const daily = new Daily({ docs: store.docs, timers: store.timers, now: opts.now ?? Date.now, warn: (message, err) => warn(message, err, '') });
  ticker.on(DAILY_TIMER, (id) => daily.due(Number(id)));
  let hinter: Thinker | null = null;
  const hints = new Hints(games, players, () => (hinter ??= opts.player ? opts.player(HINT_LEVEL) : inProcess(createPlayer(HINT_LEVEL))));
  return {
    games,
    tournaments,
    puzzles: new Puzzles(store.docs),
    daily,
    matchmaking,
    watch: new Watch(opts.secret ?? 'local'),
    invitations: new Invitations(store, games, players, opts.invitationSeconds ?? 86_400, opts.now),
    stats,
    clocks,
    // The periodic work of the table: what its event stream holds for the listeners (a failed
    // effect tried again, an event a dead instance left), then the shared timers.
    tick: async () => {
      await events.pump();
      return ticker.tick();
    },
    challenges: new Challenges(store, games, players, opts.now),
    players,
    hints,
    places,
    fair: new Fairness(games, players),
    dialogues,
    once: new Once(dialogues),
    events,
    now: opts.now ?? Date.now,
    firstDelivery: (id) => store.updates.claim(id),
    inbox: inboxOf(store, opts.now ?? Date.now, owner),
    pacing: store.pacing,
    feed: store.feed,
    ping: () => store.ping(),
    close: () => store.close(),
  };
}

/** True when an error means the storage is unreachable for now (the person may try again). */
export function isStorageDown(e: unknown): boolean {
  return e instanceof StoreUnavailable;
}

/** True when the storage is reachable but out of memory (nothing can be written until the operator acts). */
export function isStorageFull(e: unknown): boolean {
  return e instanceof StoreFull;
}

function inboxOf(store: Store, now: () => number, owner: string): Inbox {
  // Updates the storage could not record (full, or down): handled all the same, and recorded
  // as soon as it takes writes again, should their handling still be under way then.
  const unrecorded = new Map<number, { readonly update_id: number }>();
  const record = async (updates: ReadonlyArray<{ readonly update_id: number }>): Promise<void> => {
    try {
      await store.updates.record(owner, updates);
    } catch (e) {
      if (!(e instanceof StoreUnavailable)) throw e;
      for (const u of updates) if (unrecorded.size < MAX_UNRECORDED) unrecorded.set(u.update_id, u);
      throw e;
    }
    for (const u of updates) unrecorded.delete(u.update_id);
  };
  return {
    owner,
    record,
    finish: async (id) => {
      unrecorded.delete(id);
      await store.updates.finish(id);
    },
    finishDuplicate: async (id) => {
      unrecorded.delete(id);
      await store.updates.finish(id, owner);
    },
    beat: async (ttl = ALIVE_SECONDS) => {
      await store.updates.beat(owner, ttl);
      if (unrecorded.size) await record([...unrecorded.values()]).catch((e: unknown) => {
        if (!(e instanceof StoreUnavailable)) throw e;
      });
    },
    unrecorded: () => unrecorded.size,
    alive: (who) => store.updates.alive(who),
    async sweep(handle, minAgeMs = 3000) {
      let n = 0;
      const deadness = new Map<string, boolean>();
      for (const e of await store.updates.unfinished()) {
        if (e.owner === owner || now() - e.at < minAgeMs) continue;
        let dead = deadness.get(e.owner);
        if (dead === undefined) deadness.set(e.owner, (dead = !(await store.updates.alive(e.owner))));
        if (!dead || !(await store.updates.take(e.update.update_id))) continue;
        n++;
        await handle(e.update);
      }
      return n;
    },
  };
}

/** At most this many unrecorded updates are kept in memory (a flood during an outage stays bounded). */
const MAX_UNRECORDED = 10_000;
