/** /start (with its deep-link payloads), the main menu and /help. */
import { answerQuery } from '../replies.js';
import { Composer } from 'grammy';
import { parseCallback } from '../codec.js';
import type { Ctx } from '../context.js';
import type { Services } from '../services.js';
import { mainMenu, rulesChooser, variantMenu } from '../view/keyboard.js';
import { displayName } from '../view/text.js';
import { settingsMessage } from './settings.js';

export async function start(ctx: Ctx): Promise<void> {
  const t = ctx.t.bind(ctx);
  const payload = typeof ctx.match === 'string' ? ctx.match.trim() : '';
  if (ctx.chat?.type !== 'private') return void (await ctx.reply(t('start-group')));
  if (payload === 'rules') return void (await ctx.reply(t('rules-choose'), { reply_markup: rulesChooser(t) }));
  if (payload === 'bot') return void (await ctx.reply(t('play-bot-variant'), { reply_markup: variantMenu(t) }));
  if (payload !== '') await ctx.reply(t('start-unknown-link'));
  await ctx.reply(t('start-welcome', { name: displayName(ctx.from!) }), { reply_markup: mainMenu(t) });
}

export async function help(ctx: Ctx): Promise<void> {
  await ctx.reply(ctx.t('help'));
}

export function menuFeature(s: Services): Composer<Ctx> {
  const c = new Composer<Ctx>();
  c.callbackQuery(/^m\|/, async (ctx) => {
    const cb = parseCallback(ctx.callbackQuery.data);
    if (!cb || cb.kind !== 'menu') return void (await answerQuery(ctx, ctx.t('toast-bad-button')));
    await answerQuery(ctx);
    const t = ctx.t.bind(ctx);
    switch (cb.item) {
      case 'bot':
        if (ctx.chat?.type !== 'private') return void (await ctx.reply(t('play-bot-private-only')));
        return void (await ctx.reply(t('play-bot-variant'), { reply_markup: variantMenu(t) }));
      case 'friend':
        return void (await ctx.reply(t('play-friend-how')));
      case 'rules':
        return void (await ctx.reply(t('rules-choose'), { reply_markup: rulesChooser(t) }));
      case 'settings': {
        const m = await settingsMessage(ctx, s);
        return void (await ctx.reply(m.text, { reply_markup: m.keyboard }));
      }
      case 'help':
        return void (await ctx.reply(t('help')));
    }
  });
  return c;
}
