/**
 * /cancel: the sender's open challenges here; in a private chat, leaving a game with the bot,
 * which is asked first (with what it costs) and done only by its button.
 */
import { Composer } from 'grammy';
import type { GameRecord } from '../../app/model.js';
import { sideOfUser } from '../../app/games.js';
import { opponentOf } from '../../app/table/view.js';
import type { Ctx } from '../context.js';
import { answerQuery, editPressed, editQuietly } from '../replies.js';
import type { Services } from '../services.js';
import { abandonKeyboard } from '../view/keyboard.js';
import { playerName, type Translate } from '../../present/text.js';
import { gameLabel } from './bot-game.js';
import { onButton } from '../buttons.js';

/** What leaving costs: the game (and match) go to the opponent; the score stays. */
function costText(t: Translate, g: GameRecord, userId: number): string {
  const me = sideOfUser(g, userId) ?? 'white';
  const opp = opponentOf(me);
  const m = g.match;
  const args = { game: gameLabel(t, g, userId), opponent: playerName(g.players[opp], t), me: m.score[me], opp: m.score[opp], length: m.length };
  return t(m.length > 1 ? 'abandon-ask-match' : 'abandon-ask', args);
}

export function cancelCommand(s: Services) {
  return async (ctx: Ctx): Promise<void> => {
    const t = ctx.t.bind(ctx);
    let done = 0;
    for (const ch of await s.app.challenges.cancelAllBy(ctx.chat!.id, ctx.from!.id)) {
      done++;
      if (ch.messageId) await editQuietly(ctx, ch.chatId, ch.messageId, s.t(ch.from.lang)('challenge-cancelled', { from: ch.from.name }));
    }
    if (ctx.chat!.type === 'private') {
      const games = (await s.app.games.userGamesInChat(ctx.chat!.id, ctx.from!.id)).filter((g) => g.kind === 'bot');
      if (games.length) {
        const text = games.map((g) => costText(t, g, ctx.from!.id)).join('\n\n');
        return void (await ctx.reply(done ? `${t('cancel-done')}\n\n${text}` : text, { reply_markup: abandonKeyboard(t, games) }));
      }
    }
    await ctx.reply(t(done ? 'cancel-done' : 'cancel-nothing'));
  };
}

export function abandonFeature(s: Services): Composer<Ctx> {
  const c = new Composer<Ctx>();
  onButton(c, ['abandon', 'keep'], async (ctx, cb) => {
    const t = ctx.t.bind(ctx);
    if (cb.kind === 'keep') {
      await answerQuery(ctx);
      return void (await editPressed(ctx, t('abandon-kept')));
    }
    const rec = await s.app.games.get(cb.id);
    if (!rec || rec.finished) {
      await answerQuery(ctx, t('toast-gone'));
      return void (await editPressed(ctx, t('abandon-gone')));
    }
    if (!sideOfUser(rec, ctx.from.id)) return void (await answerQuery(ctx, t('toast-not-player')));
    const over = await s.app.games.act(rec.id, ctx.from.id, { kind: 'forfeit' });
    if (over.kind !== 'applied') return void (await answerQuery(ctx, t('toast-stale')));
    await answerQuery(ctx);
    await editPressed(ctx, t('abandon-done', { game: gameLabel(t, rec, ctx.from.id) }));
  });
  return c;
}
