/**
 * Games: start, a person's press, the bot's turn, rematch, forfeit, moving to another chat.
 * Results are typed; what happened is recorded as domain events for the bot layer to word.
 * A press never waits for the bot: the bot's turn is its own call (botTurn), made after the
 * press has been saved and answered.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { createPlayer, playScore } from '../ai/player.js';
import { inProcess, type Thinker } from '../ai/thinker.js';
import { CHAIN_LENGTH, chainCommit, chainKey, chainSeed, fairRoll, newSeed, seedHash, verifyChainRolls, verifyRolls } from '../engine/dice.js';
import { actor, canDouble, currentTurn, type GameAction, type GameErrorCode, type ResignLevel } from '../engine/game.js';
import { applyMatchAction, newMatch, nextGame, type MatchState } from '../engine/match.js';
import { defaultRules } from '../engine/rules.js';
import { otherSide, type Dice, type Die, type Side, type Step, type Variant } from '../engine/types.js';
import type { SaveResult, Store } from '../store/types.js';
import { DEFAULT_SETTINGS, GAME_RECORD_SCHEMA, offeredLevel, type AutoRoll, type BotLevel, type FairRecord, type GameEvent, type GameKind, type GameRecord, type Human, type Lang, type MatchDice, type PlayerRef, type Seat, type TurnStamp, type UserSettings } from './model.js';
import { decodeGame, encodeGame, RecordError } from './records.js';
import { turnKey, type Clocks } from './clocks.js';
import type { Stats } from './stats.js';
import { bothHuman, liveRematchOffer, REMATCH_OFFER_GROUP_MS, REMATCH_OFFER_LINK_MS, seatOf } from './table/rights.js';
import { update, type Decision, type RecordAccess, type Updated } from './table/update.js';
import { decodeEvents, durableEventsOf, encodeEvents, EVENTS_TIMER, TableEvents } from './table/events.js';
import { dialoguesOf } from './dialogues.js';
/** What a person can press: the engine's actions, with dice left to the server, plus "next game". */
export type Press =
  | { readonly type: 'roll' }
  | Extract<GameAction, { type: 'step' | 'play' | 'undo' | 'done' | 'double' | 'take' | 'drop' | 'resign' | 'accept' | 'decline' }>
  | { readonly type: 'next' };

export type PressResult =
  | { readonly kind: 'applied'; readonly game: GameRecord; readonly botToAct: boolean }
  | { readonly kind: 'stale'; readonly game: GameRecord }
  | { readonly kind: 'gone' }
  | { readonly kind: 'not-player'; readonly game: GameRecord }
  | { readonly kind: 'not-your-turn'; readonly game: GameRecord; readonly waitingFor: Side | null }
  | { readonly kind: 'refused'; readonly game: GameRecord; readonly code: GameErrorCode };

export type RematchResult =
  | { readonly kind: 'started'; readonly game: GameRecord }
  /** Between people: the presser's offer is on the board, waiting for the other player. */
  | { readonly kind: 'offered'; readonly game: GameRecord }
  | { readonly kind: 'offered-already'; readonly game: GameRecord }
  | { readonly kind: 'stale'; readonly game: GameRecord }
  | { readonly kind: 'not-player' }
  | { readonly kind: 'gone' };

export type BotTurnResult = { readonly kind: 'moved'; readonly game: GameRecord } | { readonly kind: 'idle'; readonly game: GameRecord } | { readonly kind: 'gone' };

export interface GamesDeps {
  readonly store: Store;
  readonly now?: () => number;
  /** The bot's thinkers by level (a worker pool in production; tests may pass seeded players). */
  readonly player?: (level: BotLevel) => Thinker;
  /** The settings of a user (auto-roll, confirm). */
  readonly settings?: (userId: number) => Promise<UserSettings>;
  /**
   * Where committed changes are told (see table/events.ts): every save as `changed`, a game's and
   * a match's end and a rematch as durable events that listeners (the players' last game, the
   * statistics, tournaments) hear once across instances. Without it, a process-local table.
   */
  readonly events?: TableEvents;
  /** Statistics and ratings: a finished match is rated in its last save (the record carries it). */
  readonly stats?: Stats;
  /**
   * Note that every board of the game is wanted at the saved version (seen by every instance),
   * before the save's caller goes on: whatever dies after, the boards catch up (BoardPlaces).
   */
  readonly wanted?: (rec: GameRecord) => Promise<void>;
  /** Move clocks of games between people. */
  readonly clocks?: Clocks;
  /** Where a failure that does not stop the action is told (a log). */
  readonly warn?: (message: string, err: unknown, gameId: string) => void;
}

export interface StartOptions {
  readonly kind: GameKind;
  readonly chatId: number;
  readonly lang: Lang;
  readonly white: PlayerRef;
  readonly black: PlayerRef;
  readonly variant: Variant;
  readonly length: number;
  /** The game's id (a challenge's id when the game comes from it); a new one by default. */
  readonly id?: string;
  /**
   * 'random': colours are drawn (White and Black may swap); 'given' (the default): as passed.
   * Either way the board is drawn from the side of `white` as passed (the person against the
   * bot, the challenger in a group) and with their settings.
   */
  readonly colours?: 'random' | 'given';
  /** The match's dice (a chain committed before its client seed); a fresh chain by default. */
  readonly dice?: MatchDice;
  /** Play a match with the doubling cube (default: as the game's default rules); never in a single game. */
  readonly cube?: boolean;
}

export const RATE_TIMER = 'rate:';
/** How long a save's durable events may take to be told before a guard timer tells them. */
const EVENTS_GUARD_MS = 30_000;

/** Events kept on a record: what happened since a person last acted (several bot turns at most). */
const MAX_EVENTS = 16;

export function newId(): string {
  // 10 characters of base36 from 8 random bytes.
  return BigInt('0x' + randomBytes(8).toString('hex')).toString(36).padStart(10, '0').slice(-10);
}

/** A fresh chain for a match whose starter committed none (tests, the command line). */
export function freshDice(client = ''): MatchDice {
  const master = randomBytes(32).toString('hex');
  return { master, commit: chainCommit(master), client, base: 1 };
}

/**
 * The dice of game `gameNo` of a match: x_k of the match's chain (k = gameNo - base + 1). A match
 * of the first version (no chain) keeps a seed per game; a match that outlives its chain (only
 * possible with many draws) goes on with a new chain, its commitment shown with that game.
 */
function fairFor(dice: MatchDice, id: string, gameNo: number): { fair: FairRecord; dice: MatchDice } {
  if (!dice.master) {
    const seed = newSeed();
    return { fair: { scheme: 1, key: `${id}:${gameNo}`, seed, hash: seedHash(seed), rolls: '' }, dice };
  }
  let d = dice;
  if (gameNo - d.base + 1 > CHAIN_LENGTH) d = { ...freshDice(d.client), base: gameNo };
  const k = gameNo - d.base + 1;
  return { fair: { scheme: 2, key: chainKey(d.client, id, k), seed: chainSeed(d.master, k), hash: d.commit, index: k, client: d.client, rolls: '' }, dice: d };
}

/** The next game of a match whose current game is over: its dice drawn, the last game's archived. */
function nextGameOf(rec: GameRecord): Pick<GameRecord, 'match' | 'fair' | 'archive' | 'dice'> {
  const match = nextGame(rec.match);
  const { fair, dice } = fairFor(rec.dice, rec.id, match.gameNo);
  return { match, fair, dice, archive: [...rec.archive, rec.fair] };
}

/** The side a user plays (see table/rights). */
export const sideOfUser = seatOf;

/** The human's side in a game against the bot (or White in a game between two people). */
export function humanSide(g: GameRecord): Side {
  return g.players.white.kind === 'human' ? 'white' : 'black';
}

/** The chats a game's boards are in. */
export function chatsOf(g: GameRecord): number[] {
  return g.seats.map((s) => s.chatId);
}

/** Who acts now in the game (null: nobody, the game is over). */
export function toAct(g: GameRecord): Side | null {
  const game = g.match.game;
  if (g.match.winner || game.phase === 'over') return null;
  return actor(game) ?? game.position.turn;
}

export function isBotToAct(g: GameRecord): boolean {
  const side = toAct(g);
  return side !== null && g.players[side].kind === 'bot' && g.match.game.phase !== 'opening';
}

export class Games {
  private readonly now: () => number;
  private readonly players = new Map<BotLevel, Thinker>();
  private readonly makePlayer: (level: BotLevel) => Thinker;
  private readonly settingsOf: (userId: number) => Promise<UserSettings>;

  /** Where committed changes are told (a process-local table when none was given). */
  readonly events: TableEvents;

  constructor(readonly deps: GamesDeps) {
    this.now = deps.now ?? Date.now;
    this.events = deps.events ?? new TableEvents(deps.store.events, dialoguesOf(deps.store), `local-${process.pid}`, (m, e) => this.log(m, e, ''));
    // The games feed (live pages on every instance) hears every change.
    if (!deps.events) this.events.onChange((c) => this.tell(c.game));
    this.makePlayer = deps.player ?? ((level) => inProcess(createPlayer(level)));
    this.settingsOf = deps.settings ?? (async () => DEFAULT_SETTINGS);
  }

  private player(level: BotLevel): Thinker {
    let p = this.players.get(level);
    if (!p) this.players.set(level, (p = this.makePlayer(level)));
    return p;
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
  async build(asked: StartOptions): Promise<GameRecord> {
    // A level no longer offered (a rematch of an expert game of before) plays at the one below.
    const offer = (p: PlayerRef): PlayerRef => (p.kind === 'bot' ? { kind: 'bot', level: offeredLevel(p.level) } : p);
    const opts: StartOptions = { ...asked, white: offer(asked.white), black: offer(asked.black) };
    const id = opts.id ?? newId();
    // A single game has nothing to double for: the cube is only for matches.
    const base = defaultRules(opts.variant);
    const cube = opts.length > 1 && (opts.cube ?? base.cube);
    const rules = cube === base.cube ? base : { ...base, cube };
    const swap = opts.colours === 'random' && randomInt(2) === 1;
    const white = swap ? opts.black : opts.white;
    const black = swap ? opts.white : opts.black;
    // The board is drawn for the first player as passed (the person; in a group, the challenger).
    const firstIsWhite = opts.white.kind === 'human' || opts.black.kind !== 'human';
    const first = firstIsWhite ? opts.white : opts.black;
    const firstSide: Side = firstIsWhite !== swap ? 'white' : 'black';
    const owner = first.kind === 'human' ? first.id : null;
    // By link each person has a board of their own, in their private chat, from their side.
    const seats: Seat[] =
      opts.kind === 'link'
        ? (['white', 'black'] as const).map((side) => {
            const p = (side === 'white' ? white : black) as Human;
            return { chatId: p.id, viewer: side, lang: p.lang, owner: p.id };
          })
        : [{ chatId: opts.chatId, viewer: firstSide, lang: opts.lang, owner }];
    const { fair, dice } = fairFor(opts.dice ?? freshDice(), id, 1);
    const rec: GameRecord = {
      schema: GAME_RECORD_SCHEMA,
      id,
      v: 0,
      kind: opts.kind,
      seats,
      players: { white, black },
      match: newMatch(opts.variant, opts.length, rules),
      dice,
      fair,
      archive: [],
      events: [],
      createdAt: this.now(),
      updatedAt: this.now(),
      finished: false,
    };
    return this.settle(rec, []);
  }

  /** Start and store a new match. If the bot is to act first, call botTurn. */
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

  /** A new game was stored (by a challenge or an invitation): its first clock starts. */
  async started(rec: GameRecord): Promise<void> {
    await this.deps.clocks?.turn(rec);
    await this.noteWanted(rec);
    this.events.changed({ type: 'changed', before: null, game: rec });
    if (isBotToAct(rec)) this.scheduleBotTurn(rec.id);
  }

  private async noteWanted(rec: GameRecord): Promise<void> {
    await this.deps.wanted?.(rec).catch((e: unknown) => this.log('noting the boards wanted failed (the board follows the next change)', e, rec.id));
  }

  /** Bot turns running in this process, by game; and games whose turn is asked for again meanwhile. */
  private readonly botTurns = new Map<string, Promise<void>>();
  private readonly botAgain = new Set<string>();

  /**
   * The bot is to act: the table takes its turn now, in the background, one at a time per game
   * (no front end asks for it). Its move is a change of its own, told as every change is. A turn
   * that fails (the thinker, the store) is left: the game's boards stay owed, and the sweep that
   * brings them up to date takes the bot's turn again.
   */
  private scheduleBotTurn(id: string): void {
    if (this.botTurns.has(id)) {
      this.botAgain.add(id);
      return;
    }
    const run = (async (): Promise<void> => {
      do {
        this.botAgain.delete(id);
        await this.botTurn(id).catch((e: unknown) => this.log('the bot\'s turn failed (the sweep tries it again)', e, id));
      } while (this.botAgain.has(id));
    })().finally(() => this.botTurns.delete(id));
    this.botTurns.set(id, run);
  }

  /** Whether a bot turn is under way in this process. */
  botTurnsRunning(): boolean {
    return this.botTurns.size > 0;
  }

  /** Resolves when the bot turns under way in this process are done (tests, shutdown). */
  async botTurnsSettled(): Promise<void> {
    while (this.botTurns.size) await Promise.allSettled([...this.botTurns.values()]);
  }

  private roll(rec: GameRecord, match: MatchState): Dice {
    return fairRoll(rec.fair.seed, rec.fair.key, match.game.rolls);
  }

  /** A roll by `who` that could not be played is noted for the caption. */
  private notePass(before: MatchState, after: MatchState, events: GameEvent[]): void {
    const last = after.game.last;
    if (last && last !== before.game.last && last.moves.length === 0) events.push({ type: 'no-move', side: last.side, dice: last.dice });
  }

  private must(out: ReturnType<typeof applyMatchAction>): MatchState {
    if (!out.ok) throw out.error;
    return out.state;
  }

  /**
   * Everything that happens for a person without a choice: the opening roll, forced plays and
   * passes, auto-roll. Stops where a person must choose or the bot is to act.
   */
  private async settle(rec: GameRecord, events: GameEvent[]): Promise<GameRecord> {
    let match = rec.match;
    for (let guard = 0; guard < 500; guard++) {
      const g = match.game;
      if (match.winner || g.phase === 'over') break;
      if (g.phase === 'opening') {
        const dice = this.roll(rec, match);
        const before = match;
        match = this.must(applyMatchAction(match, { type: 'roll', dice }, 'white'));
        events.push({ type: 'opening', white: dice[0], black: dice[1] });
        this.notePass(before, match, events);
        continue;
      }
      const who = actor(g)!;
      const p = rec.players[who];
      if (p.kind === 'bot') break;
      if (g.phase === 'roll') {
        const style = await this.playStyle(rec, p.id);
        if (style.autoRoll === 'always' || (style.autoRoll === 'no-double' && !canDouble(g, who))) {
          const before = match;
          match = this.must(applyMatchAction(match, { type: 'roll', dice: this.roll(rec, match) }, who));
          this.notePass(before, match, events);
          continue;
        }
        break;
      }
      if (g.phase === 'move') {
        const view = currentTurn(g);
        if (g.steps.length === 0 && view.plays.length === 1) {
          // A forced play is played for the player.
          const dice = g.dice!;
          match = this.must(applyMatchAction(match, { type: 'play', moves: view.plays[0]!.moves }, who));
          events.push({ type: 'forced', side: who, dice, play: match.game.last?.text ?? '' });
          continue;
        }
        break;
      }
      break;
    }
    return this.finishSettle(rec, match, events);
  }

  /** Reveal a finished game's seed; keep the newest events (a caption shows what fits). */
  private finishSettle(rec: GameRecord, match: MatchState, events: GameEvent[]): GameRecord {
    if (events.length > MAX_EVENTS) events.splice(0, events.length - MAX_EVENTS);
    let fair = rec.fair;
    let finished = rec.finished;
    let results = rec.results ?? [];
    const r = match.game.result;
    if (match.game.phase === 'over') {
      fair = { ...fair, rolls: match.game.rollLog };
      finished = match.winner !== null;
      if (r && results.at(-1)?.gameNo !== match.gameNo) {
        // The score this game began with (the match state here already counts its result).
        const score = r.winner ? { ...match.score, [r.winner]: match.score[r.winner] - r.points } : match.score;
        results = [
          ...results,
          {
            gameNo: match.gameNo,
            winner: r.winner,
            kind: r.kind,
            points: r.points,
            reason: r.reason,
            record: match.game.record,
            score,
            crawford: match.game.crawford,
            postCrawford: match.crawfordDone && !match.game.crawford,
          },
        ];
      }
    }
    return { ...rec, match, fair, finished, events, results, updatedAt: this.now() };
  }

  /**
   * How a person plays this game: in a group, rolls are made for the players (when doubling is
   * not possible) and a complete play is sent at once, to keep the board edits few (Telegram
   * allows about twenty a minute in a group).
   */
  private async playStyle(rec: GameRecord, userId: number): Promise<{ autoRoll: AutoRoll; confirm: boolean }> {
    if (rec.kind === 'group') return { autoRoll: 'no-double', confirm: false };
    const s = await this.settingsOf(userId);
    return { autoRoll: s.autoRoll, confirm: s.confirm };
  }

  /**
   * A press from a board a little behind (its version older than the game's): a step or a whole
   * play of the same turn still applies when it is legal now; pressing again the step that was
   * already taken from that board is a repeat and changes nothing.
   */
  private lagging(rec: GameRecord, press: Press, turn: TurnStamp | undefined): 'apply' | 'repeat' | null {
    if (!turn || (press.type !== 'step' && press.type !== 'play')) return null;
    const g = rec.match.game;
    if (g.phase !== 'move' || rec.match.gameNo !== turn.gameNo || g.rolls !== turn.roll) return null;
    const taken = g.steps.length;
    if (press.type === 'play') return taken === 0 && turn.steps === 0 ? 'apply' : null;
    if (turn.steps > taken) return null;
    if (turn.steps === taken) return 'apply';
    const done = g.steps[turn.steps]!;
    return done[0] === press.step[0] && done[1] === press.step[1] ? 'repeat' : 'apply';
  }

  /** Decide on the stored record and write the decision (the one write path; see table/update). */
  private change<T>(id: string, decide: (rec: GameRecord) => Decision<T> | Promise<Decision<T>>): Promise<Updated<T>> {
    return update(this.records, id, decide);
  }

  /** A press's outcome when the write path could not settle it. */
  private pressOutcome(r: Updated<PressResult>): PressResult {
    if (r.kind === 'done') return r.out;
    return r.kind === 'gone' ? { kind: 'gone' } : { kind: 'stale', game: r.game };
  }

  /** Apply a press by a user on a board of version v. The bot does not move here. */
  async press(gameId: string, v: number, userId: number, press: Press, turn?: TurnStamp): Promise<PressResult> {
    const r = await this.change<PressResult>(gameId, async (rec) => {
      const lag = rec.v === v ? null : this.lagging(rec, press, turn);
      if (rec.v !== v && lag !== 'apply') return { keep: { kind: 'stale', game: rec } };
      const side = seatOf(rec, userId);
      if (!side) return { keep: { kind: 'not-player', game: rec } };
      const g = rec.match.game;
      let match: MatchState;
      const events: GameEvent[] = [];
      let fair = rec.fair;
      let archive = rec.archive;
      let dice = rec.dice;
      if (press.type === 'next') {
        if (g.phase !== 'over' || rec.match.winner) return { keep: { kind: 'refused', game: rec, code: 'wrong-phase' } };
        ({ match, fair, archive, dice } = nextGameOf(rec));
      } else {
        const action = this.toAction(press, rec);
        if (press.type !== 'resign') {
          const who = actor(g);
          if (who !== null && who !== side) return { keep: { kind: 'not-your-turn', game: rec, waitingFor: who } };
        }
        const out = applyMatchAction(rec.match, action, side);
        // From a lagging board, what is no longer legal is simply out of date.
        if (!out.ok) return { keep: lag === 'apply' ? { kind: 'stale', game: rec } : { kind: 'refused', game: rec, code: out.error.code } };
        match = out.state;
        if (press.type === 'roll') this.notePass(rec.match, match, events);
        // Without "confirm", a complete play is sent at once.
        if (press.type === 'step' && match.game.phase === 'move') {
          const style = await this.playStyle(rec, userId);
          if (!style.confirm && currentTurn(match.game).complete) match = this.must(applyMatchAction(match, { type: 'done' }, side));
        }
        if (press.type === 'drop') events.push({ type: 'dropped', side });
        if (press.type === 'resign') events.push({ type: 'resign-offered', side, level: press.level });
        if (press.type === 'decline') events.push({ type: 'resign-declined', side });
      }
      const next = await this.settle({ ...rec, match, fair, archive, dice }, events);
      return { write: next, out: (saved) => ({ kind: 'applied', game: saved, botToAct: isBotToAct(saved) }) };
    });
    return this.pressOutcome(r);
  }

  /**
   * Compare-and-set over `before`. A save that ends the match carries its rating change and is
   * preceded by a retry timer (rate:<id>), so the statistics take it even if this process dies
   * right after; a save that starts someone's turn starts its clock.
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
    await this.noteWanted(saved);
    this.events.changed({ type: 'changed', before, game: saved });
    await this.deps.clocks?.turn(saved);
    if (isBotToAct(saved)) this.scheduleBotTurn(saved.id);
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

  /**
   * The waiting player claims a game whose mover let the clock run out. The idle side loses the
   * whole match: a single game ends as its resignation at the current cube (a pass, when a
   * double was waiting); a longer match is forfeited by the idle side (a match loss, rated once).
   */
  async claim(gameId: string, userId: number, key: string): Promise<PressResult> {
    const st = await this.deps.clocks?.state(gameId);
    const r = await this.change<PressResult>(gameId, (rec) => {
      const side = seatOf(rec, userId);
      if (!side) return { keep: { kind: 'not-player', game: rec } };
      if (!st || !st.claimable || st.key !== key || st.key !== turnKey(rec) || st.side === side || rec.finished) return { keep: { kind: 'stale', game: rec } };
      const idle = st.side;
      const g = rec.match.game;
      let base = rec;
      let match = rec.match;
      if (match.length > 1) {
        if (g.phase === 'over') {
          base = { ...rec, ...nextGameOf(rec) };
          match = base.match;
        }
        match = this.must(applyMatchAction(match, { type: 'forfeit' }, idle));
      } else if (g.phase === 'double') match = this.must(applyMatchAction(match, { type: 'drop' }, idle));
      else {
        if (g.phase === 'resign') match = this.must(applyMatchAction(match, { type: 'decline' }, idle));
        match = this.must(applyMatchAction(match, { type: 'resign', level: 1 }, idle));
        match = this.must(applyMatchAction(match, { type: 'accept' }, side));
      }
      const next = this.finishSettle(base, match, [{ type: 'claimed', side, idle }]);
      return { write: next, out: (saved) => ({ kind: 'applied', game: saved, botToAct: false }) };
    });
    return this.pressOutcome(r);
  }

  /**
   * A resignation offered by a player, whoever is on move (no board version: it comes from its
   * own message). The opponent answers it on the board.
   */
  async resign(gameId: string, userId: number, level: ResignLevel): Promise<PressResult> {
    const r = await this.change<PressResult>(gameId, async (rec) => {
      const side = seatOf(rec, userId);
      if (!side) return { keep: { kind: 'not-player', game: rec } };
      const out = applyMatchAction(rec.match, { type: 'resign', level }, side);
      if (!out.ok) return { keep: { kind: 'refused', game: rec, code: out.error.code } };
      const next = await this.settle({ ...rec, match: out.state }, [{ type: 'resign-offered', side, level }]);
      return { write: next, out: (saved) => ({ kind: 'applied', game: saved, botToAct: isBotToAct(saved) }) };
    });
    return this.pressOutcome(r);
  }

  private toAction(press: Press, rec: GameRecord): GameAction {
    switch (press.type) {
      case 'roll':
        return { type: 'roll', dice: this.roll(rec, rec.match) };
      case 'step':
        return { type: 'step', step: press.step };
      case 'play':
        return { type: 'play', moves: press.moves };
      case 'resign':
        return { type: 'resign', level: press.level };
      case 'next':
        throw new Error('unreachable');
      default:
        return { type: press.type };
    }
  }

  /**
   * The game as its boards should show it after an action: when the bot is to act, the table
   * takes the bot's own turn first (its decisions, its moves, and the person's forced plays after).
   */
  async withBotTurn(rec: GameRecord): Promise<GameRecord> {
    if (!isBotToAct(rec)) return rec;
    const r = await this.botTurn(rec.id);
    return r.kind === 'gone' ? rec : r.game;
  }

  /** The bot's decisions and moves while it is to act (and what follows for the person without a choice). */
  async botTurn(gameId: string): Promise<BotTurnResult> {
    const r = await this.change<BotTurnResult>(gameId, async (rec) => {
      if (!isBotToAct(rec)) return { keep: { kind: 'idle', game: rec } };
      const events = [...rec.events];
      let match = rec.match;
      let current = rec;
      for (let guard = 0; guard < 200; guard++) {
        const g = match.game;
        if (match.winner || g.phase === 'over') break;
        const who = actor(g) ?? g.position.turn;
        const p = rec.players[who];
        if (p.kind !== 'bot') {
          // The person's forced plays and auto-roll; then perhaps the bot again.
          current = await this.settle({ ...current, match }, events);
          match = current.match;
          if (!isBotToAct(current)) break;
          continue;
        }
        const bot = this.player(p.level);
        let action: GameAction;
        if (g.phase === 'roll') action = canDouble(g, who) && (await bot.wantsToDouble(match)) ? { type: 'double' } : { type: 'roll', dice: this.roll(rec, match) };
        else if (g.phase === 'double') action = (await bot.takes(match)) ? { type: 'take' } : { type: 'drop' };
        else if (g.phase === 'resign') action = (await bot.acceptsResignation(match)) ? { type: 'accept' } : { type: 'decline' };
        else action = { type: 'play', moves: await bot.choosePlay(g, playScore(match)) };
        const before = match;
        match = this.must(applyMatchAction(match, action, who));
        if (action.type === 'roll') this.notePass(before, match, events);
        if (action.type === 'play') events.push({ type: 'played', side: who, dice: g.dice!, play: match.game.last?.text ?? '' });
        if (action.type === 'double') events.push({ type: 'doubled', side: who, value: g.cube.value * 2 });
        else if (action.type === 'take') events.push({ type: 'took', side: who, value: g.cube.value * 2 });
        else if (action.type === 'drop') events.push({ type: 'dropped', side: who });
        else if (action.type === 'decline') events.push({ type: 'resign-declined', side: who });
        else if (action.type === 'accept') events.push({ type: 'resign-accepted', side: who });
        current = { ...current, match };
      }
      return { write: this.finishSettle(current, match, events), out: (saved) => ({ kind: 'moved', game: saved }) };
    });
    if (r.kind === 'done') return r.out;
    return r.kind === 'gone' ? { kind: 'gone' } : { kind: 'idle', game: r.game };
  }

  /**
   * Rematch: a new match with the same players, colours swapped, its board drawn as the old one
   * was. Against the bot it starts at once. Between people the first press is an offer (with its
   * own expiry, shown on the board); the match starts only when the other player presses too.
   * Of two presses on one board, one wins. `dice`: the presser's committed chain and seed.
   */
  async rematch(gameId: string, v: number, userId: number, dice?: MatchDice): Promise<RematchResult> {
    type Agreed = RematchResult | { readonly kind: 'agreed'; readonly game: GameRecord };
    const r = await this.change<Agreed>(gameId, (rec): Decision<Agreed> => {
      const side = seatOf(rec, userId);
      if (!side) return { keep: { kind: 'not-player' } };
      if (!rec.finished || rec.events.some((e) => e.type === 'rematched')) return { keep: { kind: 'stale', game: rec } };
      const offer = liveRematchOffer(rec, this.now());
      // A press from the finished board accepts the other's offer even if it came after the board was drawn.
      const accepting = offer?.by === otherSide(side);
      if (rec.v !== v && !accepting) return { keep: { kind: 'stale', game: rec } };
      if (bothHuman(rec) && !accepting) {
        if (offer?.by === side) return { keep: { kind: 'offered-already', game: rec } };
        const expiresAt = this.now() + (rec.kind === 'link' ? REMATCH_OFFER_LINK_MS : REMATCH_OFFER_GROUP_MS);
        const events: GameEvent[] = [...rec.events.filter((e) => e.type !== 'rematch-offered'), { type: 'rematch-offered', side, expiresAt }];
        return { write: { ...rec, rematch: { by: side, expiresAt }, events, updatedAt: this.now() }, out: (saved) => ({ kind: 'offered', game: saved }) };
      }
      return { write: { ...rec, rematch: undefined, events: [{ type: 'rematched' }] }, out: (saved) => ({ kind: 'agreed', game: saved }) };
    });
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
      ...(dice ? { dice } : {}),
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

  /** Give up a game (the /cancel of a game against the bot): the opponent wins the game and match. */
  async forfeit(gameId: string, userId: number): Promise<GameRecord | null> {
    const r = await this.change<GameRecord | null>(gameId, (rec) => {
      const side = seatOf(rec, userId);
      if (rec.finished || !side) return { keep: null };
      // Between two games of a match, the next one is begun and left.
      const base = rec.match.game.phase === 'over' ? { ...rec, ...nextGameOf(rec) } : rec;
      const match = this.must(applyMatchAction(base.match, { type: 'forfeit' }, side));
      return { write: this.finishSettle(base, match, [{ type: 'forfeit', side }]), out: (saved) => saved };
    });
    return r.kind === 'done' ? r.out : null;
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

/** Check a game's revealed seeds against their published hashes and recompute every roll. */
export interface GameCheck {
  readonly scheme: 1 | 2;
  readonly key: string;
  /** scheme 1: SHA-256 of the seed; scheme 2: the match's chain commitment. */
  readonly hash: string;
  /** null while the game is being played. */
  readonly seed: string | null;
  /** scheme 2: the game's place k in the chain, and the client seed. */
  readonly index: number | null;
  readonly client: string | null;
  readonly ok: boolean | null;
  readonly rolls: number;
  /** The rolls as digits, two per roll (empty while the game is being played). */
  readonly digits: string;
}

export function verifyGame(rec: GameRecord): GameCheck[] {
  const games = [...rec.archive, ...(rec.match.game.phase === 'over' ? [rec.fair] : [])];
  const out: GameCheck[] = games.map((f) => {
    const rolls: Dice[] = [];
    for (let i = 0; i + 1 < f.rolls.length; i += 2) rolls.push([Number(f.rolls[i]) as Die, Number(f.rolls[i + 1]) as Die]);
    const ok = f.scheme === 2 ? verifyChainRolls(f.seed, f.index ?? 0, f.hash, f.key, rolls).ok : verifyRolls(f.seed, f.hash, f.key, rolls).ok;
    return { scheme: f.scheme, key: f.key, hash: f.hash, seed: f.seed, index: f.index ?? null, client: f.client ?? null, ok, rolls: rolls.length, digits: f.rolls };
  });
  if (rec.match.game.phase !== 'over') {
    const f = rec.fair;
    out.push({ scheme: f.scheme, key: f.key, hash: f.hash, seed: null, index: f.index ?? null, client: f.client ?? null, ok: null, rolls: rec.match.game.rolls, digits: '' });
  }
  return out;
}

export type { Step };
