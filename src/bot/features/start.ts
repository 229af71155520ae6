/** /start (with its deep-link payloads), the main menu and /help. */
import { COMMAND_NAMES, nearestCommand } from '../command-names.js';
import { joinFromStart } from './tournament.js';
import { findMenu } from './find.js';
import { watchFromStart } from './watch.js';
import { afterFromStart } from './review.js';
import { sendPuzzle } from './puzzle.js';
import { answerQuery } from '../replies.js';
import { Composer } from 'grammy';
import type { Ctx } from '../context.js';
import type { Services } from '../services.js';
import { mainMenu, rulesChooser, variantMenu } from '../view/keyboard.js';
import { displayName, quote } from '../../present/text.js';
import { privateMenu } from './play.js';
import { friendMenu, openInvitation } from './friend.js';
import { settingsMessage } from './settings.js';
import { statsCommand } from './stats.js';
import { onButton } from '../buttons.js';

/** /start, with the deep-link payloads: i_<id> an invitation, tj_<id> joining a tournament, w_ watching, rv_/ex_<id> a finished game's review or export (the Mini App's end screen), rules, bot, friend. */
export function startCommand(s: Services) {
  return async (ctx: Ctx): Promise<void> => {
    const t = ctx.t.bind(ctx);
    const payload = typeof ctx.match === 'string' ? ctx.match.trim() : '';
    if (ctx.chat?.type !== 'private') return void (await ctx.reply(t('start-group')));
    const invite = /^i_([0-9a-z]{10})$/.exec(payload);
    if (invite) return openInvitation(ctx, s, invite[1]!);
    if (payload.startsWith('w_')) return watchFromStart(ctx, s, payload);
    const tournament = /^tj_([0-9a-z]{10})$/.exec(payload);
    if (tournament) return joinFromStart(ctx, s, tournament[1]!);
    const after = /^(rv|ex)_([0-9a-z]{10})$/.exec(payload);
    if (after) return afterFromStart(ctx, s, after[1] as 'rv' | 'ex', after[2]!);
    if (payload === 'rules') return void (await ctx.reply(t('rules-choose'), { reply_markup: rulesChooser(t) }));
    if (payload === 'bot') return void (await ctx.reply(t('play-bot-variant'), { reply_markup: variantMenu(t) }));
    if (payload === 'friend') return friendMenu(ctx);
    if (payload !== '') await ctx.reply(t('start-unknown-link'));
    await ctx.reply(t('start-welcome', { name: displayName(ctx.from!) }), { reply_markup: mainMenu(t, s.config.webApp?.url ?? null) });
  };
}

/** /start in a group: how to play there. */
export async function start(ctx: Ctx): Promise<void> {
  await ctx.reply(ctx.t('start-group'));
}

export async function help(ctx: Ctx): Promise<void> {
  await ctx.reply(ctx.t('help', { bot: ctx.me.username }));
}

/**
 * Anything in a private chat that nothing else answered (plain text, an unknown command, a
 * sticker): a short hint and the menu, never silence.
 */
export function privateFallback(webAppUrl: string | null = null): Composer<Ctx> {
  const c = new Composer<Ctx>();
  c.chatType('private').on('message', async (ctx) => {
    const t = (ctx as unknown as Ctx).t.bind(ctx);
    const text = ctx.message.text ?? '';
    const key = text.startsWith('/') ? 'private-unknown-command' : 'private-hint';
    const typed = text.split(/\s/)[0] ?? '';
    const near = text.startsWith('/') ? nearestCommand(typed, COMMAND_NAMES) : null;
    const lines = [t(key, { command: quote(typed, 30) }), ...(near ? [t('private-did-you-mean', { command: `/${near}` })] : [])];
    await ctx.reply(lines.join('\n'), { reply_markup: mainMenu(t, webAppUrl) });
  });
  return c;
}

export function menuFeature(s: Services): Composer<Ctx> {
  const c = new Composer<Ctx>();
  onButton(c, 'menu', async (ctx, cb) => {
    await answerQuery(ctx);
    const t = ctx.t.bind(ctx);
    switch (cb.item) {
      case 'bot':
        if (ctx.chat?.type !== 'private') return void (await ctx.reply(t('play-bot-private-only')));
        return privateMenu(ctx, s, { variant: null, length: null, username: null });
      case 'friend':
        return friendMenu(ctx);
      case 'find':
        if (ctx.chat?.type !== 'private') return void (await ctx.reply(t('private-only-command', { command: '/find', bot: ctx.me.username })));
        return findMenu(ctx, s);
      case 'rules':
        return void (await ctx.reply(t('rules-choose'), { reply_markup: rulesChooser(t) }));
      case 'settings': {
        const m = await settingsMessage(ctx, s);
        return void (await ctx.reply(m.text, { reply_markup: m.keyboard }));
      }
      case 'help':
        return help(ctx);
      case 'stats':
        return statsCommand(s)(ctx);
      case 'puzzle':
        if (ctx.chat?.type !== 'private') return void (await ctx.reply(t('private-only-command', { command: '/puzzle', bot: ctx.me.username })));
        return sendPuzzle(ctx, s, null);
    }
  });
  return c;
}
