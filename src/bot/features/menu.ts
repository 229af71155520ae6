/** /start, the main menu, play-the-bot choices and /help. */
import { Composer, InlineKeyboard } from 'grammy';
import { parseCallback, MATCH_LENGTHS } from '../codec.js';
import type { Ctx } from '../context.js';
import { displayName, type Services } from '../services.js';
import { LENGTH_DIALOGUE, MAX_MATCH } from './length-dialogue.js';
import { rulesChooser } from './rules.js';
import { settingsMessage } from './settings.js';

export function mainMenu(ctx: Ctx): InlineKeyboard {
  return new InlineKeyboard()
    .text(ctx.t('menu-play-bot'), 'm|bot')
    .text(ctx.t('menu-play-friend'), 'm|friend')
    .row()
    .text(ctx.t('menu-rules'), 'm|rules')
    .text(ctx.t('menu-settings'), 'm|settings');
}

function variantMenu(ctx: Ctx): InlineKeyboard {
  return new InlineKeyboard().text(ctx.t('variant-long'), 'pb|long').text(ctx.t('variant-short'), 'pb|short');
}

export function menuFeature(s: Services): Composer<Ctx> {
  const c = new Composer<Ctx>();

  c.command('start', async (ctx) => {
    const payload = ctx.match.trim();
    if (ctx.chat.type !== 'private') return void (await ctx.reply(ctx.t('start-group')));
    if (payload === 'rules') return void (await ctx.reply(ctx.t('rules-choose'), { reply_markup: rulesChooser(ctx) }));
    if (payload === 'bot') return void (await ctx.reply(ctx.t('play-bot-variant'), { reply_markup: variantMenu(ctx) }));
    if (payload !== '') await ctx.reply(ctx.t('start-unknown-link'));
    await ctx.reply(ctx.t('start-welcome', { name: displayName(ctx.from!) }), { reply_markup: mainMenu(ctx) });
  });

  c.command('help', async (ctx) => {
    await ctx.reply(ctx.t('help'));
  });

  c.callbackQuery(/^m\|/, async (ctx) => {
    const cb = parseCallback(ctx.callbackQuery.data);
    if (!cb || cb.kind !== 'menu') return void (await ctx.answerCallbackQuery(ctx.t('toast-bad-button')));
    await ctx.answerCallbackQuery();
    switch (cb.item) {
      case 'bot':
        if (ctx.chat?.type !== 'private') return void (await ctx.reply(ctx.t('play-bot-private-only')));
        return void (await ctx.reply(ctx.t('play-bot-variant'), { reply_markup: variantMenu(ctx) }));
      case 'friend':
        return void (await ctx.reply(ctx.t('play-friend-how')));
      case 'rules':
        return void (await ctx.reply(ctx.t('rules-choose'), { reply_markup: rulesChooser(ctx) }));
      case 'settings': {
        const m = await settingsMessage(ctx, s);
        return void (await ctx.reply(m.text, { reply_markup: m.keyboard }));
      }
      case 'help':
        return void (await ctx.reply(ctx.t('help')));
    }
  });

  c.callbackQuery(/^pb\|/, async (ctx) => {
    const cb = parseCallback(ctx.callbackQuery.data);
    if (!cb || cb.kind !== 'play-bot' || !cb.variant) return void (await ctx.answerCallbackQuery(ctx.t('toast-bad-button')));
    if (ctx.chat?.type !== 'private') return void (await ctx.answerCallbackQuery(ctx.t('play-bot-private-only')));
    if (!cb.level) {
      await ctx.answerCallbackQuery();
      const kb = new InlineKeyboard().text(ctx.t('level-easy'), `pb|${cb.variant}|easy`).text(ctx.t('level-medium'), `pb|${cb.variant}|medium`);
      return void (await ctx.editMessageText(ctx.t('play-bot-level', { variant: ctx.t(`variant-${cb.variant}`) }), { reply_markup: kb }));
    }
    if (!cb.length) {
      await ctx.answerCallbackQuery();
      const kb = new InlineKeyboard();
      for (const n of MATCH_LENGTHS) kb.text(n === 1 ? ctx.t('length-single') : ctx.t('length-match', { n }), `pb|${cb.variant}|${cb.level}|${n}`);
      kb.row().text(ctx.t('length-other'), `pb|${cb.variant}|${cb.level}|other`);
      return void (await ctx.editMessageText(ctx.t('play-bot-length'), { reply_markup: kb }));
    }
    if (cb.length === 'other') {
      await ctx.answerCallbackQuery();
      await ctx.editMessageText(ctx.t('play-bot-ask-length', { max: MAX_MATCH })).catch(() => undefined);
      await ctx.conversation.exitAll();
      await ctx.conversation.enter(LENGTH_DIALOGUE, cb.variant, cb.level, await s.langOf(ctx));
      return;
    }
    await ctx.answerCallbackQuery(ctx.t('toast-starting'));
    const lang = await s.langOf(ctx);
    const human = { kind: 'human' as const, id: ctx.from.id, name: displayName(ctx.from), lang };
    const rec = await s.games.start({ chatId: ctx.chat.id, kind: 'bot', lang, white: human, black: { kind: 'bot', level: cb.level }, variant: cb.variant, length: cb.length });
    await ctx.editMessageText(ctx.t('play-bot-started', { variant: ctx.t(`variant-${cb.variant}`), level: ctx.t(`level-${cb.level}`) })).catch(() => undefined);
    await s.boards.show(rec);
  });

  return c;
}
