/**
 * Puts game boards in their chats: one photo per seat, edited in place (picture, caption and
 * keyboard in one editMessageMedia call), or sent afresh when there is none or it is gone.
 * Updates of one board are coalesced: while one is being sent, only the newest state waits, and
 * an older version never replaces a newer one.
 */
import { InlineKeyboard, InputFile, type Api } from 'grammy';
import type { BoardPlaces } from '../app/boards.js';
import { DEFAULT_SETTINGS, type GameRecord, type Seat, type UserSettings } from '../app/model.js';
import type { Players } from '../app/players.js';
import { displayPosition } from '../engine/game.js';
import type { Logger } from '../logger.js';
import { renderPosition } from '../render/index.js';
import { attempt } from './outbox.js';
import { caption } from './view/caption.js';
import { gameKeyboard } from './view/keyboard.js';
import { renderOptions } from './view/board.js';
import { translator } from './view/text.js';

export interface ShowOptions {
  readonly resignMenu?: boolean;
  /** Send a new message even if one exists (the old one is left as it is). */
  readonly fresh?: boolean;
}

export interface BoardDeps {
  readonly api: Api;
  readonly i18n: { t(lang: string, key: string, args?: Record<string, string | number>): string };
  readonly places: BoardPlaces;
  readonly players: Players;
  readonly log: Logger;
}

interface Slot {
  next: { rec: GameRecord; opts: ShowOptions } | null;
  running: Promise<void> | null;
}

export class Boards {
  private readonly slots = new Map<string, Slot>();
  private readonly shown = new Map<string, number>();

  constructor(private readonly deps: BoardDeps) {}

  /** The settings the board is drawn with: its person's (the first person's in a shared board). */
  private async settingsFor(rec: GameRecord): Promise<UserSettings> {
    const human = rec.players.white.kind === 'human' ? rec.players.white : rec.players.black.kind === 'human' ? rec.players.black : null;
    return human && human.kind === 'human' ? await this.deps.players.settings(human.id) : DEFAULT_SETTINGS;
  }

  /** Show the record's boards; resolves when they (or newer ones) are in their chats. */
  async show(rec: GameRecord, opts: ShowOptions = {}): Promise<void> {
    await Promise.all(rec.seats.map((seat) => this.showSeat(rec, seat, opts)));
  }

  private showSeat(rec: GameRecord, seat: Seat, opts: ShowOptions): Promise<void> {
    const key = `${rec.id}:${seat.chatId}`;
    let slot = this.slots.get(key);
    if (!slot) this.slots.set(key, (slot = { next: null, running: null }));
    if (!slot.next || slot.next.rec.v <= rec.v) slot.next = { rec, opts };
    if (!slot.running) {
      const s = slot;
      s.running = (async () => {
        try {
          while (s.next) {
            const job = s.next;
            s.next = null;
            await this.send(job.rec, seat.chatId, job.opts).catch((e: unknown) => this.deps.log.error({ err: e, game: job.rec.id, chat: seat.chatId }, 'could not show a board'));
          }
        } finally {
          s.running = null;
          if (this.slots.get(key) === s && !s.next) this.slots.delete(key);
        }
      })();
    }
    return slot.running!;
  }

  private async send(rec: GameRecord, chatId: number, opts: ShowOptions): Promise<void> {
    const key = `${rec.id}:${chatId}`;
    if (rec.v < (this.shown.get(key) ?? -1)) return; // a newer board is already there
    const seat = rec.seats.find((s) => s.chatId === chatId);
    if (!seat) return;
    const t = translator(this.deps.i18n, seat.lang);
    const settings = await this.settingsFor(rec);
    const png = await renderPosition(displayPosition(rec.match.game), renderOptions(rec, seat, t, settings));
    const text = caption(rec, seat, t);
    const markup = gameKeyboard(rec, t, opts);
    const api = this.deps.api;
    const where = await this.deps.places.where(rec.id, chatId);
    if (where && !opts.fresh) {
      const r = await attempt(() => api.editMessageMedia(where.chatId, where.messageId, { type: 'photo', media: new InputFile(png, 'board.png'), caption: text }, { reply_markup: markup }));
      if (r.ok || r.kind === 'not-modified') return this.markShown(key, rec);
      if (r.kind !== 'gone') return;
      this.deps.log.info({ game: rec.id, chat: chatId }, 'board message gone; sending a fresh one');
    }
    const sent = await attempt(() => api.sendPhoto(chatId, new InputFile(png, 'board.png'), { caption: text, reply_markup: markup }));
    if (!sent.ok) return;
    await this.deps.places.remember(rec.id, { chatId, messageId: sent.value.message_id });
    this.markShown(key, rec);
  }

  /** Remember the newest version shown (bounded: the oldest games are forgotten first). */
  private markShown(key: string, rec: GameRecord): void {
    this.shown.delete(key);
    if (!rec.finished) this.shown.set(key, rec.v);
    if (this.shown.size > 20_000) this.shown.delete(this.shown.keys().next().value!);
  }

  /** The board message of a game in a chat, if one was sent. */
  async messageOf(rec: GameRecord, chatId: number): Promise<number | null> {
    return (await this.deps.places.where(rec.id, chatId))?.messageId ?? null;
  }

  /** Take the keyboard off an old board message (pressed after a newer board was sent). */
  async retire(chatId: number, messageId: number): Promise<void> {
    await attempt(() => this.deps.api.editMessageReplyMarkup(chatId, messageId, { reply_markup: new InlineKeyboard() }), ['not-modified', 'gone', 'blocked', 'refused']);
  }
}
