/**
 * Turn notices of games by link. Board edits are silent, so a player who has not acted a while
 * after the turn passed to them gets one short "your move" message (once a turn; the previous one
 * is deleted, so the chat keeps one); a fresh board notifies by itself, so its turn counts as told.
 */
import type { Api } from 'grammy';
import { turnKey } from '../../app/clocks.js';
import { sideOfUser } from '../../app/games.js';
import type { GameRecord, Seat } from '../../app/model.js';
import { opponentOf } from '../../app/table/view.js';
import type { Logger } from '../../logger.js';
import { attempt, type Outbox } from '../outbox.js';
import { eventText, playerName, playSide, theirNumbering, translator } from '../../present/text.js';

/** What notices need of the store: a key taken once, the last notice's message. */
export interface NoticeStore {
  once(key: string): Promise<boolean>;
  last(gameId: string, chatId: number): Promise<number | null>;
  remember(gameId: string, chatId: number, messageId: number): Promise<void>;
}

export interface TurnNoticesDeps {
  readonly api: Api;
  readonly outbox: Outbox;
  readonly i18n: { t(lang: string, key: string, args?: Record<string, string | number>): string };
  readonly log: Logger;
  readonly store: NoticeStore;
  /** A player's settings (notices may be turned off). */
  readonly settingsOf: (userId: number) => Promise<{ readonly notices: boolean }>;
}

export class TurnNotices {
  /** Notices on their way (sent after the board, in the chat's next slot). */
  private readonly notifying = new Set<Promise<void>>();
  private readonly lastNotice = new Map<number, Promise<void>>();

  constructor(private readonly deps: TurnNoticesDeps) {}

  /** Resolves when every notice queued so far has been dealt with. */
  async settled(): Promise<void> {
    while (this.notifying.size) await Promise.all([...this.notifying]);
  }

  /**
   * After a board of one's own (by link) is shown: a fresh message notifies by itself, so the
   * turn counts as told; when the match is over the last "your move" would only mislead, so it goes.
   */
  async afterBoard(rec: GameRecord, seat: Seat, edited: boolean): Promise<void> {
    const notices = this.deps.store;
    if (rec.kind !== 'link' || seat.owner === null) return;
    const chatId = seat.chatId;
    if (rec.finished) {
      return this.queueNotice(chatId, rec, async () => {
        const before = await notices.last(rec.id, chatId);
        if (before !== null) await attempt(() => this.deps.api.deleteMessage(chatId, before));
      });
    }
    const key = turnKey(rec);
    if (edited || !key || !key.endsWith(`.${sideOfUser(rec, seat.owner)}`)) return;
    await notices.once(`notice:${rec.id}:${chatId}:${key}`).catch((e: unknown) => this.deps.log.warn({ err: e, game: rec.id }, 'could not note a turn told'));
  }

  /**
   * Edits are silent: a player by link who has not acted a while after the turn passed to them
   * gets one short "your move" message (once a turn; the previous one is deleted, so the chat
   * keeps one). `key`: the turn (the clock's key).
   */
  async notice(rec: GameRecord, userId: number, key: string): Promise<void> {
    const notices = this.deps.store;
    const seat = rec.seats.find((x) => x.owner === userId);
    if (rec.kind !== 'link' || !seat || key !== turnKey(rec)) return;
    // The player turned "your move" notices off (/settings).
    if (!(await this.deps.settingsOf(userId)).notices) return;
    const chatId = seat.chatId;
    if (!(await notices.once(`notice:${rec.id}:${chatId}:${key}`))) return;
    const t = translator(this.deps.i18n, seat.lang);
    const mine = sideOfUser(rec, userId)!;
    const lines = [t('notice-your-move', { variant: t(`variant-${rec.match.variant}`), opponent: playerName(rec.players[opponentOf(mine)], t) })];
    const last = rec.events.at(-1);
    if (last) {
      lines.push(eventText(rec, last, t));
      const side = playSide(last);
      const note = side ? theirNumbering(rec, t, { viewer: seat.viewer, variant: rec.match.variant }, [side]) : null;
      if (note) lines.push(note);
    }
    this.queueNotice(chatId, rec, async () => {
      const sent = await attempt(() => this.deps.api.sendMessage(chatId, lines.join('\n')));
      if (!sent.ok) return;
      const before = await notices.last(rec.id, chatId);
      await notices.remember(rec.id, chatId, sent.value.message_id);
      if (before !== null) await attempt(() => this.deps.api.deleteMessage(chatId, before));
    });
  }

  /**
   * Notices go paced like any message, after a board that may hold this chat's slot (so not
   * awaited there), one at a time per chat so that each deletes the one before.
   */
  private queueNotice(chatId: number, rec: GameRecord, work: () => Promise<void>): void {
    const prev = this.lastNotice.get(chatId) ?? Promise.resolve();
    const run: Promise<void> = prev
      .then(() => this.deps.outbox.detached(work))
      .catch((e: unknown) => this.deps.log.warn({ err: e, game: rec.id }, 'could not send a turn notice'))
      .finally(() => {
        this.notifying.delete(run);
        if (this.lastNotice.get(chatId) === run) this.lastNotice.delete(chatId);
      });
    this.notifying.add(run);
    this.lastNotice.set(chatId, run);
  }
}
