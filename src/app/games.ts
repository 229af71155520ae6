/**
 * The table: the one owner of a game's life. One entry, `act(gameId, userId, intent)`, answers one
 * `Outcome` (table/intent.ts); the decisions live in files by kind of change: a person's commands
 * (table/commands.ts), settling what nobody chooses (table/settle.ts), starting a match
 * (table/start.ts), the dice (table/dice.ts) and the bot's turn (table/bot-turn.ts), which the table
 * schedules itself after any change that leaves the bot to act. Every write goes through one path
 * (table/update.ts) and every committed change is told (table/events.ts): the boards wanted and the
 * move clock before the caller goes on, the live views at once, a game's and a match's end and a
 * rematch durably, to every instance.
 */
import type { Thinker } from '../ai/thinker.js';
import type { ResignLevel } from '../engine/game.js';
import type { Step } from '../engine/types.js';
import type { SaveResult, Store } from '../store/types.js';
import { DEFAULT_SETTINGS, type BotLevel, type GameRecord, type MatchDice, type TurnStamp, type UserSettings } from './model.js';
import { decodeGame, encodeGame, RecordError } from './records.js';
import type { Clocks } from './clocks.js';
import type { Stats } from './stats.js';
import { chatsOf, isBotToAct, seatOf } from './table/rights.js';
import { update, type Decision, type RecordAccess, type Updated } from './table/update.js';
import { decodeEvents, durableEventsOf, encodeEvents, EVENTS_TIMER, TableEvents } from './table/events.js';
import { dialoguesOf } from './dialogues.js';
import type { Intent, Outcome, Press } from './table/intent.js';
import { Settler } from './table/settle.js';
import { Commands, type RematchDecided } from './table/commands.js';
import { BotTurns, type BotTurnResult } from './table/bot-turn.js';
import { buildMatch, type StartOptions } from './table/start.js';

export type { Intent, Outcome, Press } from './table/intent.js';
export type { BotTurnResult } from './table/bot-turn.js';
export type { StartOptions } from './table/start.js';
export { freshDice, newId, verifyGame, type GameCheck } from './table/dice.js';
export { chatsOf, humanSide, isBotToAct, toAct } from './table/rights.js';
/** What a press comes to (the outcomes a press can have). */
export type PressResult = Outcome;
/** What a rematch comes to. */
export type RematchResult = Outcome;

export interface GamesDeps {
  readonly store: Store;
  readonly now?: () => number;
  /** The bot's thinkers by level (a worker pool in production; tests may pass seeded players). */
  readonly player?: (level: BotLevel) => Thinker;
  /** The settings of a user (auto-roll, confirm). */
  readonly settings?: (userId: number) => Promise<UserSettings>;
  /**
   * Where committed changes are told (see table/events.ts). Without it, a process-local table
   * whose only listener is the games feed.
   */
  readonly events?: TableEvents;
  /** Statistics and ratings: a finished match is rated in its last save (the record carries it). */
  readonly stats?: Stats;
  /** Move clocks of games between people (read for a claim; their turns follow the table's changes). */
  readonly clocks?: Pick<Clocks, 'state'>;
  /** Where a failure that does not stop the action is told (a log). */
  readonly warn?: (message: string, err: unknown, gameId: string) => void;
}

export const RATE_TIMER = 'rate:';
/** How long a save's durable events may take to be told before a guard timer tells them. */
const EVENTS_GUARD_MS = 30_000;

/** The side a user plays (see table/rights). */
export const sideOfUser = seatOf;

export class Games {
  private readonly now: () => number;
  private readonly settler: Settler;
  private readonly commands: Commands;
  private readonly botTurns: BotTurns;

  /** Where committed changes are told (a process-local table when none was given). */
  readonly events: TableEvents;

  constructor(readonly deps: GamesDeps) {
    this.now = deps.now ?? Date.now;
    this.events = deps.events ?? new TableEvents(deps.store.events, dialoguesOf(deps.store), `local-${process.pid}`, (m, e) => this.log(m, e, ''));
    // The games feed (live pages on every instance) hears every change.
    if (!deps.events) this.events.onChange((c) => this.tell(c.game));
    this.settler = new Settler(this.now, deps.settings ?? (async () => DEFAULT_SETTINGS));
    this.commands = new Commands(this.settler, this.now);
    this.botTurns = new BotTurns(this.settler, (id, decide) => this.change(id, decide), (m, e, id) => this.log(m, e, id), deps.player);
  }

  /** The records as the write path reads and writes them. */
  private readonly records: RecordAccess = { get: (id) => this.get(id), save: (next, before) => this.save(next, before) };

  private log(message: string, err: unknown, gameId: string): void {
    if (this.deps.warn) this.deps.warn(message, err, gameId);
    else console.error(message, gameId, err);
  }

  private get store(): Store {
    return this.deps.store;
  }

  /** A game record by id (null when gone or unreadable). */
  async get(id: string): Promise<GameRecord | null> {
    const raw = await this.store.games.get(id);
    if (raw === null) return null;
    try {
      return decodeGame(JSON.parse(raw));
    } catch (e) {
      if (e instanceof RecordError || e instanceof SyntaxError) return null;
      throw e;
    }
  }

  /** A record as the store keeps it. */
  stored(rec: GameRecord): { id: string; v: number; chats: number[]; finished: boolean; data: string } {
    return { id: rec.id, v: rec.v, chats: chatsOf(rec), finished: rec.finished, data: encodeGame(rec) };
  }

  /** The record of a new match (not stored): the opening roll made, forced plays played. */
  build(opts: StartOptions): Promise<GameRecord> {
    return buildMatch(opts, this.now(), this.settler);
  }

  /** Start and store a new match (the bot's first turn, if it is to act, follows by itself). */
  async start(opts: StartOptions): Promise<GameRecord> {
    const rec = await this.build(opts);
    // Marked before it exists: if the process dies before its board is sent, start-up sends it.
    await this.store.boards.markPending(rec.id);
    if (!(await this.store.games.create(this.stored(rec)))) throw new Error('game id collision');
    await this.started(rec);
    return rec;
  }

  /** Store a record built for a challenge, taking the challenge in the same atomic step. */
  async startFromChallenge(challengeId: string, rec: GameRecord): Promise<boolean> {
    await this.store.boards.markPending(rec.id);
    const ok = await this.store.challenges.claim(challengeId, this.stored(rec));
    if (ok) await this.started(rec);
    return ok;
  }

  /** A new game was stored (by a challenge or an invitation): told as a change from nothing. */
  async started(rec: GameRecord): Promise<void> {
    await this.events.saved({ type: 'changed', before: null, game: rec });
    if (isBotToAct(rec)) this.botTurns.schedule(rec.id);
  }

  /** Whether a bot turn is under way in this process. */
  botTurnsRunning(): boolean {
    return this.botTurns.busy();
  }

  /** Resolves when the bot turns under way in this process are done (tests, shutdown). */
  botTurnsSettled(): Promise<void> {
    return this.botTurns.settled();
  }

  /** The bot's decisions and moves while it is to act (the table runs it by itself; the sweep calls it for a turn left undone). */
  botTurn(gameId: string): Promise<BotTurnResult> {
    return this.botTurns.take(gameId);
  }

  /** The game as its boards should show it: when the bot is still to act (a turn left undone), the bot's turn first. */
  async withBotTurn(rec: GameRecord): Promise<GameRecord> {
    if (!isBotToAct(rec)) return rec;
    const r = await this.botTurn(rec.id);
    return r.kind === 'gone' ? rec : r.game;
  }

  /** Decide on the stored record and write the decision (the one write path; see table/update). */
  private change<T>(id: string, decide: (rec: GameRecord) => Decision<T> | Promise<Decision<T>>): Promise<Updated<T>> {
    return update(this.records, id, decide);
  }

  /**
   * What a person asks of a game, and what came of it: the one entry of the table. Rights are
   * read from the stored record; a decision lost to a concurrent change is made again on the newer
   * record; the bot's turn, if it is to act after, follows by itself.
   */
  async act(gameId: string, userId: number, intent: Intent): Promise<Outcome> {
    if (intent.kind === 'rematch') return this.rematchAct(gameId, userId, intent);
    const clock = intent.kind === 'claim' ? ((await this.deps.clocks?.state(gameId)) ?? null) : null;
    const r = await this.change<Outcome>(gameId, (rec) => {
      switch (intent.kind) {
        case 'press': return this.commands.press(rec, userId, intent);
        case 'resign': return this.commands.resign(rec, userId, intent);
        case 'claim': return this.commands.claim(rec, userId, intent, clock);
        case 'forfeit': return this.commands.forfeit(rec, userId);
      }
    });
    if (r.kind === 'done') return r.out;
    return r.kind === 'gone' ? { kind: 'gone' } : { kind: 'stale', game: r.game };
  }

  /** A press on a board of version v (see act). */
  press(gameId: string, v: number, userId: number, press: Press, turn?: TurnStamp): Promise<Outcome> {
    return this.act(gameId, userId, { kind: 'press', v, press, ...(turn ? { turn } : {}) });
  }

  /** A resignation offered from its own message (see act). */
  resign(gameId: string, userId: number, level: ResignLevel): Promise<Outcome> {
    return this.act(gameId, userId, { kind: 'resign', level });
  }

  /** The waiting player claims the match of an idle mover (see act). */
  claim(gameId: string, userId: number, key: string): Promise<Outcome> {
    return this.act(gameId, userId, { kind: 'claim', key });
  }

  /** Give up the match (see act). */
  forfeit(gameId: string, userId: number): Promise<Outcome> {
    return this.act(gameId, userId, { kind: 'forfeit' });
  }

  /** A rematch pressed on the finished board of version v (see act). */
  rematch(gameId: string, v: number, userId: number, dice?: MatchDice): Promise<Outcome> {
    return this.act(gameId, userId, { kind: 'rematch', v, ...(dice ? { dice } : {}) });
  }

  /**
   * Rematch: a new match with the same players, colours swapped, its boards drawn as the old ones
   * were. Agreed (table/commands.ts), the old record is marked and the new one stored; the
   * `rematched` event retires the old boards.
   */
  private async rematchAct(gameId: string, userId: number, intent: Extract<Intent, { kind: 'rematch' }>): Promise<Outcome> {
    const r = await this.change<RematchDecided>(gameId, (rec) => this.commands.rematch(rec, userId, intent));
    if (r.kind !== 'done') return r.kind === 'gone' ? { kind: 'gone' } : { kind: 'stale', game: r.game };
    if (r.out.kind !== 'agreed') return r.out;
    const rec = r.out.game;
    const seat = rec.seats[0]!;
    const built = await this.build({
      kind: rec.kind,
      chatId: seat.chatId,
      lang: seat.lang,
      white: rec.players.black,
      black: rec.players.white,
      variant: rec.match.variant,
      length: rec.match.length,
      cube: rec.match.rules.cube,
      ...(intent.dice ? { dice: intent.dice } : {}),
    });
    // The same people's boards, each from their (new) side.
    const seats = rec.seats.map((st) => ({ ...st, viewer: st.owner === null ? st.viewer : (seatOf(built, st.owner) ?? st.viewer) }));
    const next: GameRecord = { ...built, seats };
    await this.store.boards.markPending(next.id);
    if (!(await this.store.games.create(this.stored(next)))) throw new Error('game id collision');
    await this.started(next);
    await this.events.commit([{ type: 'rematched', game: rec.id, v: rec.v, next: next.id }]);
    return { kind: 'started', game: next };
  }

  /**
   * Compare-and-set over `before`. A save that ends the match carries its rating change (applied
   * once, by the statistics' listener of `matchOver`). The change is told: its committed listeners
   * before the caller goes on, its durable events guarded by a timer set before the save.
   */
  private async save(next: GameRecord, before: GameRecord): Promise<{ result: SaveResult; rec: GameRecord }> {
    let saved = next;
    const ending = saved.finished && !before.finished;
    if (ending && this.deps.stats) saved = { ...saved, rating: await this.deps.stats.rate(saved) };
    // The change's durable events are guarded by a timer set before the save: should this process
    // die between the save and their publication, whichever instance runs the timer tells them.
    const durable = durableEventsOf(before, saved);
    const guard = durable.length ? `${EVENTS_TIMER}${saved.id}|${saved.v}|${encodeEvents(durable)}` : null;
    if (guard) await this.store.timers.set(guard, this.now() + EVENTS_GUARD_MS);
    const result = await this.store.games.save(this.stored(saved), before.v);
    if (result !== 'saved') {
      if (guard) await this.store.timers.clear(guard);
      return { result, rec: saved };
    }
    await this.events.saved({ type: 'changed', before, game: saved });
    if (isBotToAct(saved)) this.botTurns.schedule(saved.id);
    if (guard) {
      // Told, then the guard goes; if telling fails, the guard's timer tells them later.
      await this.events.commit(durable).then(
        () => this.store.timers.clear(guard),
        (e: unknown) => this.log('telling a change\'s events failed (its guard timer tells them later)', e, saved.id),
      );
    }
    return { result, rec: saved };
  }

  /**
   * A guard timer of durable events came due: the save it guarded may have happened (its process
   * died before telling them). Told when the stored record bears them out, else dropped.
   */
  async tellGuarded(timerId: string): Promise<void> {
    const [id, v, text] = timerId.slice(EVENTS_TIMER.length).split('|', 3) as [string, string, string];
    const rec = id ? await this.get(id) : null;
    if (!rec || rec.v < Number(v)) return;
    const borne = decodeEvents(text ?? '').filter((e) => (e.type === 'matchOver' ? rec.finished : e.type === 'gameOver' ? (rec.results ?? []).some((r) => r.gameNo === e.gameNo) : true));
    await this.events.commit(borne);
  }

  /** Every instance hears of the change (live views wait for it); a lost word only delays them. */
  tell(rec: GameRecord): void {
    this.store.feed.publish(rec.id, rec.v).catch((e: unknown) => this.log('telling a change failed', e, rec.id));
  }

  /**
   * Take a finished match into the statistics (idempotent: a match is counted once). The
   * statistics listen to `matchOver`; a rate timer left by an older version lands here too.
   */
  async recordMatch(rec: GameRecord): Promise<void> {
    if (!this.deps.stats || !rec.finished) return;
    await this.deps.stats.record(rec);
    await this.store.timers.clear(RATE_TIMER + rec.id);
  }

  /** Move the games of a chat to another (a group that became a supergroup); their boards are sent afresh. */
  async moveChat(fromChatId: number, toChatId: number): Promise<GameRecord[]> {
    const ids = await this.store.games.moveChat(fromChatId, toChatId);
    const moved: GameRecord[] = [];
    for (const id of ids) {
      const r = await this.change<GameRecord>(id, (cur) => ({ write: { ...cur, seats: cur.seats.map((s) => (s.chatId === fromChatId ? { ...s, chatId: toChatId } : s)) }, out: (saved) => saved }));
      if (r.kind !== 'done') continue;
      await this.store.boards.clear(id, fromChatId);
      moved.push(r.out);
    }
    return moved;
  }


  /** The unfinished games of a chat. */
  async inChat(chatId: number): Promise<GameRecord[]> {
    const ids = await this.store.games.inChat(chatId);
    const games = await Promise.all(ids.map((id) => this.get(id)));
    return games.filter((g): g is GameRecord => !!g && !g.finished);
  }

  /** The user's unfinished games in a chat. */
  async userGamesInChat(chatId: number, userId: number): Promise<GameRecord[]> {
    return (await this.inChat(chatId)).filter((g) => sideOfUser(g, userId) !== null);
  }
}

export type { Step };
