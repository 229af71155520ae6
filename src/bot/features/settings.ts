/** /settings: language, board orientation, auto-roll, confirm before Done, theme. */
import { Composer, type InlineKeyboard } from 'grammy';
import type { Ctx } from '../context.js';
import { answerQuery, editPressed } from '../replies.js';
import type { Services } from '../services.js';
import { settingsKeyboard } from '../view/keyboard.js';
import { onButton } from '../buttons.js';

export async function settingsMessage(ctx: Ctx, s: Services): Promise<{ text: string; keyboard: InlineKeyboard }> {
  const st = await s.app.players.settings(ctx.from!.id);
  const lang = await s.langOf(ctx);
  const t = ctx.t.bind(ctx);
  return { text: `${t('settings-title')}\n\n${t('settings-help')}`, keyboard: settingsKeyboard(t, st, lang) };
}

export function settingsCommand(s: Services) {
  return async (ctx: Ctx): Promise<void> => {
    const m = await settingsMessage(ctx, s);
    await ctx.reply(m.text, { reply_markup: m.keyboard });
  };
}

/** The settings a board is drawn with. */
const BOARD_SETTINGS: ReadonlySet<string> = new Set(['orientation', 'theme', 'lang', 'hints', 'confirm', 'autoRoll']);

export function settingsFeature(s: Services): Composer<Ctx> {
  const c = new Composer<Ctx>();
  onButton(c, 'settings', async (ctx, cb) => {
    await s.app.players.change(ctx.from.id, cb.change);
    if (cb.change.key === 'lang') ctx.i18n.useLocale(cb.change.value);
    await answerQuery(ctx, ctx.t('toast-saved'));
    const m = await settingsMessage(ctx, s);
    await editPressed(ctx, m.text, { reply_markup: m.keyboard });
    // What the boards show changed (their side, theme, language, hints, Done): the person's boards
    // in this chat are drawn again at once, not at the next move.
    if (BOARD_SETTINGS.has(cb.change.key) && ctx.chat?.type === 'private') {
      for (const rec of await s.app.games.userGamesInChat(ctx.from.id, ctx.from.id)) void s.boards.show(rec);
    }
  });
  return c;
}
