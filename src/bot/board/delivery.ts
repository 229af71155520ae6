/**
 * Puts game boards in their chats: one photo per seat, edited in place (picture, caption and
 * keyboard in one editMessageMedia call), or sent afresh when there is none or it is gone.
 * Updates of one board are coalesced: while one is being sent, only the newest state waits, and
 * an older version never replaces a newer one.
 */
import { randomBytes } from 'node:crypto';
import { InlineKeyboard, InputFile, type Api } from 'grammy';
import type { BoardPlaces } from '../../app/boards.js';
import { isBotToAct } from '../../app/games.js';
import { DEFAULT_SETTINGS, type GameEvent, type GameRecord, type Seat, type UserSettings } from '../../app/model.js';
import type { Players } from '../../app/players.js';
import type { Logger } from '../../logger.js';
import type { Side } from '../../engine/types.js';
import type { Metrics } from '../metrics.js';
import { OWED_GRACE_MS } from '../../app/boards.js';
import { attempt, type Outbox } from '../outbox.js';
import { sameButtons } from '../replies.js';
import { openBoardFor, type OpenBoard } from '../view/keyboard.js';
import { translator } from '../../present/text.js';
import { drawBoard, picture, turnOf } from './drawing.js';
import { TurnNotices, type NoticeStore } from './notices.js';

export interface ShowOptions {
  readonly resignMenu?: boolean;
  /** Send a new message even if one exists (the old one is left as it is). */
  readonly fresh?: boolean;
  /** What a pressed board message shows now: no edit when it would not change (a late press). */
  readonly seen?: { readonly messageId: number; readonly caption: string; readonly keyboard: unknown };
}

export interface BoardDeps {
  readonly api: Api;
  readonly outbox: Outbox;
  readonly i18n: { t(lang: string, key: string, args?: Record<string, string | number>): string };
  readonly places: BoardPlaces;
  /**
   * This instance's id on delivery locks, and whether an instance is alive: a lock held by one
   * that died is taken over at once by a sweep (catchUp), not after the lock's lifetime.
   */
  readonly owner?: string;
  readonly alive?: (owner: string) => Promise<boolean>;
  readonly players: Players;
  readonly log: Logger;
  readonly metrics?: Metrics;
  /** The game as stored now (another instance may have moved it on). */
  readonly latest: (gameId: string) => Promise<GameRecord | null>;
  /** A game whose mover ran out of time: the idle side and the clock's turn (null: none). */
  readonly claimOf?: (rec: GameRecord) => Promise<{ side: Side; key: string } | null>;
  /** Games by link: "your move" once per turn, in the chat of the player to act. */
  readonly notices?: NoticeStore;
  /** The first wait before a failed board is tried again, in ms (BOARD_RETRY_MS). */
  readonly retryMs?: number;
  /** The Mini App (WEBAPP_URL, WEBAPP_NAME) and the bot's username: boards get "Open board". */
  readonly webApp?: { readonly url: string; readonly name: string | null; readonly bot: () => string } | null;
}

/** Who holds a board's delivery by default (the bot passes its instance's id, whose heartbeat others can see). */
const DEFAULT_OWNER = `${process.pid}-${randomBytes(4).toString('hex')}`;
const LOCK_MS = 15_000;
/** A board that failed is tried again after this long, doubling each time up to the most. */
export const BOARD_RETRY_MS = 4000;
const BOARD_RETRY_MAX_MS = 60_000;
/** How many message ids below a new board a lost board is looked for. */
const LOST_BOARD_WINDOW = 4;
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

interface Job {
  readonly rec: GameRecord;
  readonly opts: ShowOptions;
  /** When the change was asked to be shown (performance.now()), for the board-time metric. */
  readonly since: number;
}

interface Slot {
  next: Job | null;
  running: Promise<void> | null;
}

type Sent = 'sent' | 'skipped' | 'flood' | 'resend' | 'failed';

export class Boards {
  private readonly slots = new Map<string, Slot>();
  /** The newest version on each board, what it looked like (to skip identical edits), and the roll and news it showed. */
  private readonly shown = new Map<string, { v: number; look: string; turn: string; events: readonly GameEvent[] }>();
  /** Lost boards being retired (see retireLost). */
  private readonly retiring = new Set<Promise<void>>();
  /** Turn notices of games by link (none without their store). */
  readonly notices: TurnNotices | null;

  private readonly retryMs: number;
  /** Boards being noted as wanted, not yet in a slot. */
  private readonly starting = new Set<Promise<unknown>>();
  /** This instance's id on the boards' delivery locks, and whether another instance is alive. */
  private readonly owner: string;
  private readonly alive: (owner: string) => Promise<boolean>;

  constructor(private readonly deps: BoardDeps) {
    this.retryMs = deps.retryMs ?? BOARD_RETRY_MS;
    this.owner = deps.owner ?? DEFAULT_OWNER;
    this.alive = deps.alive ?? (async () => true);
    this.notices = deps.notices ? new TurnNotices({ api: deps.api, outbox: deps.outbox, i18n: deps.i18n, log: deps.log, store: deps.notices, settingsOf: (id) => deps.players.settings(id) }) : null;
  }

  /** The settings a board is drawn with: its owner's (the person; in a group, the challenger). */
  private async settingsFor(seat: Seat): Promise<UserSettings> {
    return seat.owner !== null ? await this.deps.players.settings(seat.owner) : DEFAULT_SETTINGS;
  }

  /**
   * Show the record's boards. The returned promise settles when they (or newer ones) are in
   * their chats; callers need not wait for it: delivery is paced and coalesced here.
   */
  show(rec: GameRecord, opts: ShowOptions = {}): Promise<void> {
    return this.begin(rec, opts).then((b) => b.delivered);
  }

  /**
   * Start showing a game's boards: resolves once every seat's board is noted as wanted at this
   * version (in the store, seen by every instance), with the delivery itself inside (a promise
   * returned bare would be awaited with it). A
   * caller that awaits this before its update leaves the inbox leaves nothing to chance: if the
   * process dies before the boards are drawn, another instance's sweep draws them (catchUp).
   */
  async begin(rec: GameRecord, opts: ShowOptions = {}): Promise<{ readonly delivered: Promise<void> }> {
    // Counted among the boards in flight from the start (settled() waits for it).
    const noting: Promise<unknown> = Promise.all(rec.seats.map((seat) => this.note(rec, seat.chatId)));
    this.starting.add(noting);
    try {
      await noting;
    } finally {
      this.starting.delete(noting);
    }
    return { delivered: Promise.all(rec.seats.map((seat) => this.showSeat(rec, seat.chatId, opts, true))).then(() => undefined) };
  }

  /**
   * Boards whose delivery was noted and never finished (the instance that took it died, or its
   * calls keep failing): each one held by no delivery is brought up to date with its game. Run at
   * start-up and on every sweep; returns how many were redrawn.
   */
  async catchUp(settle: (rec: GameRecord) => Promise<GameRecord>): Promise<number> {
    const places = this.deps.places;
    let redrawn = 0;
    for (const { gameId, chatId } of await places.owed()) {
      // Delivered by this process right now, or by another instance (its lock): not ours; looked
      // at again after a while (a board waiting for a group's pace can take long).
      if (this.slots.has(`${gameId}:${chatId}`) || !(await places.takeFromDead(gameId, chatId, this.owner, LOCK_MS, this.alive))) {
        await places.lookLater(gameId, chatId, OWED_GRACE_MS);
        continue;
      }
      const rec = await this.deps.latest(gameId);
      if (!rec || !rec.seats.some((seat) => seat.chatId === chatId)) {
        await places.abandon(gameId, chatId, this.owner);
        continue;
      }
      const where = await places.where(gameId, chatId);
      if (where && (where.v ?? -1) >= rec.v && (await places.handBack(gameId, chatId, this.owner, where.v ?? -1))) continue;
      // Should this try fail too, the next look comes in a minute, not at every tick.
      await places.lookLater(gameId, chatId, 60_000);
      const now = await settle(rec);
      this.deps.log.info({ game: gameId, chat: chatId, shown: where?.v ?? null, v: now.v }, 'a board behind its game is brought up to date');
      void this.showSeat(now, chatId, {});
      redrawn++;
    }
    return redrawn;
  }

  /** A change the table committed (its boards already noted as wanted): shown as every board is. */
  follow(rec: GameRecord): void {
    for (const seat of rec.seats) void this.showSeat(rec, seat.chatId, {}, true);
  }

  private async note(rec: GameRecord, chatId: number): Promise<void> {
    await this.deps.places.want(rec.id, chatId, rec.v).catch((e: unknown) => this.deps.log.warn({ err: e, game: rec.id }, 'could not note the board wanted'));
  }

  /** Resolves when every board queued so far has been dealt with (tests, shutdown). */
  async settled(): Promise<void> {
    for (;;) {
      if (this.starting.size) {
        await Promise.allSettled([...this.starting]);
        continue;
      }
      const running = [...[...this.slots.values()].map((s) => s.running), ...this.retiring].filter((p): p is Promise<void> => !!p);
      if (!running.length) {
        await this.notices?.settled();
        if ([...this.slots.values()].some((s) => s.running)) continue;
        return;
      }
      await Promise.all(running);
    }
  }

  private async showSeat(rec: GameRecord, chatId: number, opts: ShowOptions, noted = false): Promise<void> {
    const key = `${rec.id}:${chatId}`;
    // Every instance sees that this version is wanted on this board.
    if (!noted) await this.note(rec, chatId);
    // The bot to act: the table is taking its turn, whose move comes as a change of its own. Not
    // queued at all (a state skipped in the chat's turn would spend a turn of Telegram's pace).
    if (isBotToAct(rec)) return this.slots.get(key)?.running ?? undefined;
    let slot = this.slots.get(key);
    if (!slot) this.slots.set(key, (slot = { next: null, running: null }));
    if (!slot.next || slot.next.rec.v <= rec.v) slot.next = { rec, opts, since: slot.next?.since ?? performance.now() };
    if (!slot.running) slot.running = this.drain(key, slot, rec.id, chatId);
    return slot.running;
  }

  private async drain(key: string, s: Slot, gameId: string, chatId: number): Promise<void> {
    const places = this.deps.places;
    try {
      for (let tries = 0; s.next; ) {
        // One instance at a time delivers a board; a holder that died frees it at once (its
        // heartbeat stopped), else after LOCK_MS.
        if (!(await places.hold(gameId, chatId, this.owner, LOCK_MS)) && !(await places.takeFromDead(gameId, chatId, this.owner, LOCK_MS, this.alive))) {
          if (++tries > 80) break;
          await sleep(250);
          continue;
        }
        tries = 0;
        let shown = -1;
        let fresh = false;
        let failures = 0;
        let lost = false;
        for (;;) {
          // The newest state is taken only once the chat's turn has come.
          const done = await this.deps.outbox.inTurn(chatId, () => this.deliver(s, chatId, fresh));
          fresh = done.result === 'resend';
          shown = Math.max(shown, done.v);
          if (done.result === 'failed') {
            // Telegram kept failing (5xx, a network error): the board the player waits for is
            // tried again, ever more slowly, for as long as the game lives.
            failures++;
            if (!(await this.deps.latest(gameId))) {
              // The game is gone: nothing is waiting for this board any more.
              s.next = null;
              await places.abandon(gameId, chatId, this.owner);
              break;
            }
            await sleep(Math.min(BOARD_RETRY_MAX_MS, this.retryMs * 2 ** (failures - 1)));
            if (!(await places.hold(gameId, chatId, this.owner, LOCK_MS))) {
              lost = true;
              break;
            }
            continue;
          }
          failures = 0;
          if (s.next) continue;
          // Released only if no newer version is wanted (by any instance): else show that one.
          if (await places.handBack(gameId, chatId, this.owner, shown)) break;
          const newer = await this.deps.latest(gameId);
          if (!newer) {
            await places.abandon(gameId, chatId, this.owner);
            break;
          }
          if (isBotToAct(newer)) {
            // The table is taking the bot's turn: its move comes as a change of its own (and a
            // show of its own); this state is not drawn.
            shown = Math.max(shown, newer.v);
            if (await places.handBack(gameId, chatId, this.owner, shown)) break;
            continue;
          }
          s.next = { rec: newer, opts: {}, since: performance.now() };
        }
        // Another instance took the board over while this one waited to try again.
        if (lost) continue;
      }
    } catch (e) {
      this.deps.log.error({ err: e, game: gameId, chat: chatId }, 'could not deliver a board');
    } finally {
      s.running = null;
      if (this.slots.get(key) === s) this.slots.delete(key);
    }
  }

  /** Send the newest state waiting (or stored, if newer): what was sent, and its version. */
  private async deliver(s: Slot, chatId: number, fresh: boolean): Promise<{ result: Sent; v: number }> {
    const job = s.next;
    s.next = null;
    if (!job) return { result: 'skipped', v: -1 };
    const stored = await this.deps.latest(job.rec.id);
    // A newer stored state is shown in place of the job's, unless the bot is to act in it: the
    // table is taking the bot's turn on it now, and the caller shows the state after that turn
    // (a board with no buttons in between would be an edit of the chat's paced turns lost).
    const rec = stored && stored.v > job.rec.v && !isBotToAct(stored) ? stored : job.rec;
    // The bot to act in it: the table is taking its turn, whose move is shown when it comes.
    if (isBotToAct(rec)) return { result: 'skipped', v: rec.v };
    const opts = rec === job.rec ? job.opts : {};
    const r = await this.send(rec, chatId, fresh ? { ...opts, fresh: true } : opts).catch((e: unknown) => {
      this.deps.log.error({ err: e, game: rec.id, chat: chatId }, 'could not show a board');
      return 'failed' as const;
    });
    // Held back by Telegram for long, sent afresh, or failed: it goes again (unless a newer one waits).
    if ((r === 'flood' || r === 'resend' || r === 'failed') && !s.next) s.next = { ...job, rec, opts };
    if (r === 'sent') {
      this.deps.metrics?.board.observe((performance.now() - job.since) / 1000);
      this.deps.metrics?.gameSeen(rec.id);
    }
    return { result: r, v: r === 'flood' || r === 'resend' || r === 'failed' ? -1 : rec.v };
  }

  private openBoard(rec: GameRecord, chatId: number): OpenBoard | null {
    const w = this.deps.webApp;
    return w ? openBoardFor(w, w.bot(), rec.id, chatId) : null;
  }

  private async send(rec: GameRecord, chatId: number, opts: ShowOptions): Promise<Sent> {
    const key = `${rec.id}:${chatId}`;
    const before = this.shown.get(key);
    if (before && rec.v < before.v) return 'skipped'; // a newer board is already there
    const seat = rec.seats.find((x) => x.chatId === chatId);
    if (!seat) return 'skipped';
    const t = translator(this.deps.i18n, seat.lang);
    const settings = await this.settingsFor(seat);
    const claim = (await this.deps.claimOf?.(rec)) ?? null;
    const board = drawBoard(rec, seat, t, settings, { ...opts, seatOwner: seat.owner, claim, hints: settings.hints, openBoard: this.openBoard(rec, chatId) }, before?.turn === turnOf(rec) ? before.events : undefined);
    const { shown, text, markup, look } = board;
    const api = this.deps.api;
    const where = await this.deps.places.where(rec.id, chatId);
    if (where && !opts.fresh && before?.look === look) return 'skipped'; // nothing would change
    if (where && !opts.fresh && opts.seen && opts.seen.messageId === where.messageId && opts.seen.caption === text && sameButtons(opts.seen.keyboard, markup.inline_keyboard)) {
      this.markShown(key, rec, look, shown);
      return 'skipped'; // the pressed message already shows this
    }
    if (where?.v !== undefined && where.v > rec.v) return 'skipped'; // another instance showed a newer one
    const r0 = performance.now();
    const png = await picture(board);
    this.deps.metrics?.render.observe((performance.now() - r0) / 1000);
    if (where && !opts.fresh) {
      const r = await attempt(() => api.editMessageMedia(where.chatId, where.messageId, { type: 'photo', media: new InputFile(png, 'board.png'), caption: text }, { reply_markup: markup }));
      if (r.ok || r.kind === 'not-modified') {
        await this.deps.places.shown(rec.id, { chatId, messageId: where.messageId, v: rec.v });
        await this.notices?.afterBoard(rec, seat, true);
        return this.markShown(key, rec, look, shown);
      }
      if (r.kind === 'flood') return 'flood';
      if (r.kind !== 'gone') return 'failed';
      this.deps.log.info({ game: rec.id, chat: chatId }, 'board message gone; sending a fresh one');
      return 'resend';
    }
    const lost = await this.deps.places.sending(rec.id, chatId, text);
    const sent = await attempt(() => api.sendPhoto(chatId, new InputFile(png, 'board.png'), { caption: text, reply_markup: markup }));
    if (!sent.ok) {
      // Telegram answered: nothing was posted (a refusal), or it failed and the mark stays.
      if (sent.kind !== 'transient') await this.deps.places.sendDone(rec.id, chatId);
      return sent.kind === 'flood' ? 'flood' : 'failed';
    }
    await this.deps.places.shown(rec.id, { chatId, messageId: sent.value.message_id, v: rec.v });
    await this.deps.places.sendDone(rec.id, chatId);
    if (lost !== null) {
      // Paced like any message, after this board's turn in the chat.
      const newId = sent.value.message_id;
      const retiring: Promise<void> = this.deps.outbox
        .detached(() => this.retireLost(chatId, newId, where?.messageId ?? null, lost))
        .catch((e: unknown) => this.deps.log.warn({ err: e, game: rec.id, chat: chatId }, 'could not retire a lost board'))
        .finally(() => this.retiring.delete(retiring));
      this.retiring.add(retiring);
    }
    await this.notices?.afterBoard(rec, seat, false);
    return this.markShown(key, rec, look, shown);
  }

  /** Remember the newest version shown (bounded: the oldest games are forgotten first). */
  private markShown(key: string, rec: GameRecord, look: string, shown: GameRecord = rec): Sent {
    this.shown.delete(key);
    if (!rec.finished) this.shown.set(key, { v: rec.v, look, turn: turnOf(rec), events: shown.events });
    if (this.shown.size > 20_000) this.shown.delete(this.shown.keys().next().value!);
    return 'sent';
  }

  /** The board message of a game in a chat, if one was sent. */
  async messageOf(rec: GameRecord, chatId: number): Promise<number | null> {
    return (await this.deps.places.where(rec.id, chatId))?.messageId ?? null;
  }

  /** The board sent afresh at the bottom of the chat; the old message loses its buttons. */
  async bringDown(rec: GameRecord, chatId: number): Promise<void> {
    const old = await this.messageOf(rec, chatId);
    await this.showSeat(rec, chatId, { fresh: true });
    const now = await this.messageOf(rec, chatId);
    if (old !== null && now !== old) await this.retire(chatId, old);
  }

  /**
   * An earlier send of this board died before its answer, so Telegram may have posted a board the
   * bot never heard of, with live buttons. Message ids in a chat grow one by one: it is among the
   * few just below the new board's (above the board this one replaces). They are tried newest
   * first, leaving out every board the bot knows in this chat, by setting the lost board's own
   * caption again with no buttons: only a picture takes a caption (a person's message cannot be
   * edited, a text has no caption), and the first that takes it was the lost board.
   */
  private async retireLost(chatId: number, newId: number, replaced: number | null, caption: string): Promise<void> {
    const known = new Set(await this.deps.places.boardsIn(chatId).catch(() => [] as number[]));
    const floor = Math.max(replaced ?? 0, newId - 1 - LOST_BOARD_WINDOW);
    for (let id = newId - 1; id > floor; id--) {
      if (known.has(id)) continue;
      const r = await attempt(() => this.deps.api.editMessageCaption(chatId, id, { caption, reply_markup: new InlineKeyboard() }), ['not-modified', 'gone', 'blocked', 'refused', 'flood', 'transient']);
      if (r.ok || r.kind === 'not-modified') {
        this.deps.log.info({ chat: chatId, message: id }, 'a board posted by a send that died was found and retired');
        return;
      }
    }
  }

  /** Take the keyboard off an old board message (pressed after a newer board was sent). */
  async retire(chatId: number, messageId: number): Promise<void> {
    await attempt(() => this.deps.api.editMessageReplyMarkup(chatId, messageId, { reply_markup: new InlineKeyboard() }), ['not-modified', 'gone', 'blocked', 'refused', 'flood']);
  }
}
