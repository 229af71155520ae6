/** Game buttons: every press is answered first; then the board (and the bot's turn) follows. */
import { answerQuery } from '../replies.js';
import { Composer } from 'grammy';
import { sideOfUser, toAct, type Outcome } from '../../app/games.js';
import type { GameRecord } from '../../app/model.js';
import { seatChoices } from '../../app/table/seat.js';
import { parseCallback } from '../codec.js';
import type { Ctx } from '../context.js';
import { showGame, type Services } from '../services.js';
import { outcomeText } from '../../present/text.js';
import { sendResignMessage } from './resign.js';
import { onButton } from '../buttons.js';

export function gameFeature(s: Services): Composer<Ctx> {
  const c = new Composer<Ctx>();

  onButton(c, 'game', async (ctx, cb) => {
    const userId = ctx.from.id;
    const pressed = ctx.callbackQuery.message;
    // The pressed message counts as this game's board only if its own buttons say so (a forged
    // payload naming another game must not touch it).
    const pressedAt =
      pressed && boardOf(pressed, cb.id)
        ? { chatId: pressed.chat.id, messageId: pressed.message_id, caption: (pressed as { caption?: string }).caption ?? '', keyboard: (pressed as { reply_markup?: { inline_keyboard?: unknown } }).reply_markup?.inline_keyboard }
        : null;
    const act = cb.act;

    if (act.type === 'resign-menu' || act.type === 'back' || act.type === 'rematch') {
      const rec = await s.app.games.get(cb.id);
      if (!rec) return void (await gone(ctx, s, pressedAt));
      if (rec.v !== cb.v) {
        // Opening or closing the resign menu changes nothing, so a board a version behind will
        // do when it is the chat's current board (by link the waiting player's board is not
        // edited for each of the mover's steps). A rematch, or an old message, is stale.
        const current = pressedAt && act.type !== 'rematch' ? await s.boards.messageOf(rec, pressedAt.chatId) : null;
        if (current === null || current !== pressedAt?.messageId) return void (await stale(ctx, s, rec, pressedAt));
      }
      if (!sideOfUser(rec, userId)) return void (await answerQuery(ctx, ctx.t('toast-not-player')));
      if (act.type === 'rematch') {
        const r = await playRematch(s, rec, rec.v, userId, ctx.callbackQuery.id, pressedAt);
        return void (await answer(ctx, s, r));
      }
      // The resign menu opens when the seat's choices have resign levels (one rule, app/table/seat.ts).
      if (act.type === 'resign-menu' && seatChoices(rec, userId, s.app.now()).resign.length === 0) {
        return void (await answerQuery(ctx, ctx.t('toast-cannot-now')));
      }
      await answerQuery(ctx);
      // On a shared board the menu is the presser's own message: the board's buttons stay.
      if (act.type === 'resign-menu' && rec.kind === 'group') return void (await sendResignMessage(ctx, s, rec));
      void s.boards.show(rec, { resignMenu: act.type === 'resign-menu' });
      return;
    }

    const result = await s.app.games.act(cb.id, userId, { kind: 'press', v: cb.v, press: act, ...(cb.turn ? { turn: cb.turn } : {}) });
    if (result.kind === 'gone') return void (await gone(ctx, s, pressedAt));
    await answer(ctx, s, result);
    // An applied press is a change the boards follow; a stale one brings the pressed board up to date.
    if (result.kind === 'stale') await refresh(s, result.game, pressedAt);
  });

  // The waiting player claims a game whose opponent ran out of time.
  onButton(c, 'claim', async (ctx, cb) => {
    const r = await s.app.games.act(cb.id, ctx.from.id, { kind: 'claim', key: cb.key });
    if (r.kind === 'applied') return void (await answerQuery(ctx, ctx.t('toast-claimed')));
    if (r.kind === 'stale' && r.game && sideOfUser(r.game, ctx.from.id)) {
      // The idle player pressed it: it is their move, not a claim of theirs.
      const mine = toAct(r.game) === sideOfUser(r.game, ctx.from.id);
      await answerQuery(ctx, ctx.t(mine ? 'toast-claim-your-move' : 'toast-cannot-now'));
      return void s.boards.show(r.game);
    }
    await answer(ctx, s, r);
  });

  return c;
}

/**
 * A rematch pressed (on a board or in the Mini App): between people an offer on the boards until
 * the other accepts; when it starts, the old boards are retired and the new match's shown.
 */
export async function playRematch(s: Services, rec: GameRecord, v: number, userId: number, pressId: string, pressedAt: { chatId: number; messageId: number } | null = null): Promise<Outcome> {
  // The offer and the new match are changes the boards follow; the old boards are retired when
  // the table tells the rematch (see createBot). A pressed board the bot had no record of (a lost
  // send) is retired here.
  const r = await s.app.games.act(rec.id, userId, { kind: 'rematch', v, dice: await s.app.players.matchDice(userId, pressId) });
  if (r.kind === 'started' && pressedAt && (await s.boards.messageOf(rec, pressedAt.chatId)) === null) await s.boards.retire(pressedAt.chatId, pressedAt.messageId);
  return r;
}

/** True when every game button of the message belongs to the game `id`. */
function boardOf(message: object, id: string): boolean {
  const markup = (message as { reply_markup?: { inline_keyboard?: Array<Array<{ callback_data?: string }>> } }).reply_markup;
  const games = (markup?.inline_keyboard ?? []).flat().map((b) => parseCallback(b.callback_data)).filter((cb) => cb?.kind === 'game');
  return games.length > 0 && games.every((cb) => cb!.kind === 'game' && cb!.id === id);
}

/** A press answered: its outcome in words (present/text.ts, as the Mini App says it). */
async function answer(ctx: Ctx, s: Services, r: Outcome): Promise<void> {
  if (r.kind === 'applied') {
    // Telegram is holding this chat back (its limits): the move is saved, the board follows.
    const wait = ctx.chat ? s.chatDelay(ctx.chat.id) : 0;
    return void (await answerQuery(ctx, wait > 3000 ? ctx.t('toast-busy', { seconds: Math.ceil(wait / 1000) }) : undefined));
  }
  await answerQuery(ctx, outcomeText(r, ctx.t.bind(ctx), s.t(await s.langOf(ctx))));
}

type Pressed = { chatId: number; messageId: number; caption: string; keyboard: unknown };

/** The game of a pressed board no longer exists (expired, or the storage lost it): its board loses its buttons. */
async function gone(ctx: Ctx, s: Services, pressed: Pressed | null): Promise<void> {
  await answerQuery(ctx, ctx.t('toast-gone'));
  if (pressed) await s.boards.retire(pressed.chatId, pressed.messageId);
}

async function stale(ctx: Ctx, s: Services, rec: GameRecord, pressed: Pressed | null): Promise<void> {
  await answerQuery(ctx, ctx.t('toast-stale'));
  await refresh(s, rec, pressed);
}

/** An old board was pressed: bring the current one up to date (if it is not), or retire the old message. */
async function refresh(s: Services, rec: GameRecord, pressed: Pressed | null): Promise<void> {
  // Only a message of this game in one of its chats is ever touched.
  const seat = pressed ? rec.seats.find((x) => x.chatId === pressed.chatId) : undefined;
  if (!pressed || !seat) return;
  const current = await s.boards.messageOf(rec, seat.chatId);
  if (current !== null && pressed.messageId !== current) return void (await s.boards.retire(seat.chatId, pressed.messageId));
  // As every board is shown: a game left with the bot to act (its turn cut short) moves on first.
  await showGame(s, rec, { seen: { messageId: pressed.messageId, caption: pressed.caption, keyboard: pressed.keyboard } });
}
