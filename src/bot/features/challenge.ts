/** /play in groups: challenges with Accept / Decline / Cancel; the first valid Accept wins. */
import { Composer, InlineKeyboard } from 'grammy';
import { newId } from '../../app/games.js';
import type { Variant } from '../../engine/types.js';
import type { Challenge } from '../../store/types.js';
import { parseCallback } from '../codec.js';
import type { Ctx } from '../context.js';
import { displayName, type Services } from '../services.js';

export interface PlayArgs {
  readonly variant: Variant;
  readonly length: number;
  readonly username: string | null;
}

/** `/play [long|short] [N] [@user]` in any order. */
export function parsePlayArgs(text: string): PlayArgs | { error: string; arg: string } {
  let variant: Variant = 'long';
  let length = 1;
  let username: string | null = null;
  for (const token of text.trim().split(/\s+/).filter(Boolean)) {
    const t = token.toLowerCase();
    if (/^(long|длинные|длинная|длинная?)$/.test(t)) variant = 'long';
    else if (/^(short|короткие|короткая|backgammon|нарды)$/.test(t)) variant = 'short';
    else if (/^\d{1,2}$/.test(t) && Number(t) >= 1 && Number(t) <= 25) length = Number(t);
    else if (/^@[A-Za-z0-9_]{3,32}$/.test(token)) username = token.slice(1);
    else return { error: 'play-bad-arg', arg: token.slice(0, 40) };
  }
  return { variant, length, username };
}

function challengeKeyboard(ctx: Ctx, c: Challenge): InlineKeyboard {
  const kb = new InlineKeyboard().text(ctx.t('btn-accept'), `c|${c.id}|a`);
  if (c.target) kb.text(ctx.t('btn-decline'), `c|${c.id}|d`);
  return kb.text(ctx.t('btn-cancel'), `c|${c.id}|x`);
}

function challengeText(ctx: Ctx, c: Challenge): string {
  const game = c.length > 1 ? ctx.t('challenge-match', { variant: ctx.t(`variant-${c.variant}`), length: c.length }) : ctx.t(`variant-${c.variant}`);
  if (!c.target) return ctx.t('challenge-open', { from: c.from.name, game });
  return ctx.t('challenge-to', { from: c.from.name, to: c.target.name ?? `@${c.target.username}`, game });
}

export function challengeFeature(s: Services): Composer<Ctx> {
  const c = new Composer<Ctx>();

  c.command('play', async (ctx) => {
    if (ctx.chat.type === 'private') {
      const kb = new InlineKeyboard().text(ctx.t('variant-long'), 'pb|long').text(ctx.t('variant-short'), 'pb|short');
      return void (await ctx.reply(ctx.t('play-bot-variant'), { reply_markup: kb }));
    }
    const args = parsePlayArgs(ctx.match);
    if ('error' in args) return void (await ctx.reply(ctx.t(args.error, { arg: args.arg })));
    const from = ctx.from!;
    let target: Challenge['target'] = null;
    const reply = ctx.message?.reply_to_message?.from;
    if (reply && !reply.is_bot && reply.id !== from.id) target = { id: reply.id, username: reply.username ?? null, name: displayName(reply) };
    else if (args.username) {
      if (args.username.toLowerCase() === (from.username ?? '').toLowerCase()) return void (await ctx.reply(ctx.t('play-not-yourself')));
      target = { id: null, username: args.username, name: null };
    } else if (reply && reply.id === from.id) return void (await ctx.reply(ctx.t('play-not-yourself')));
    const lang = await s.langOf(ctx);
    const ch: Challenge = {
      id: newId(),
      chatId: ctx.chat.id,
      messageId: null,
      from: { id: from.id, name: displayName(from), username: from.username ?? null, lang },
      target,
      variant: args.variant,
      length: args.length,
      createdAt: Date.now(),
    };
    const msg = await ctx.reply(challengeText(ctx, ch), { reply_markup: challengeKeyboard(ctx, ch) });
    await s.store.putChallenge({ ...ch, messageId: msg.message_id });
  });

  c.callbackQuery(/^c\|/, async (ctx) => {
    const cb = parseCallback(ctx.callbackQuery.data);
    if (!cb || cb.kind !== 'challenge') return void (await ctx.answerCallbackQuery(ctx.t('toast-bad-button')));
    const ch = await s.store.getChallenge(cb.id);
    if (!ch) {
      await ctx.answerCallbackQuery(ctx.t('toast-challenge-gone'));
      return void (await ctx.editMessageReplyMarkup({ reply_markup: new InlineKeyboard() }).catch(() => undefined));
    }
    const me = ctx.from;
    const isTarget = !!ch.target && (ch.target.id === me.id || (!!ch.target.username && ch.target.username.toLowerCase() === (me.username ?? '').toLowerCase()));
    if (cb.act === 'cancel') {
      if (me.id !== ch.from.id) return void (await ctx.answerCallbackQuery(ctx.t('toast-only-challenger')));
      if (!(await s.store.takeChallenge(ch.id))) return void (await ctx.answerCallbackQuery(ctx.t('toast-challenge-gone')));
      await ctx.answerCallbackQuery();
      return void (await ctx.editMessageText(ctx.t('challenge-cancelled', { from: ch.from.name })).catch(() => undefined));
    }
    if (cb.act === 'decline') {
      if (!isTarget) return void (await ctx.answerCallbackQuery(ctx.t('toast-only-target')));
      if (!(await s.store.takeChallenge(ch.id))) return void (await ctx.answerCallbackQuery(ctx.t('toast-challenge-gone')));
      await ctx.answerCallbackQuery();
      return void (await ctx.editMessageText(ctx.t('challenge-declined', { from: ch.from.name, to: displayName(me) })).catch(() => undefined));
    }
    // Accept.
    if (me.id === ch.from.id) return void (await ctx.answerCallbackQuery(ctx.t('toast-own-challenge')));
    if (ch.target && !isTarget) return void (await ctx.answerCallbackQuery(ctx.t('toast-only-target')));
    if (!(await s.store.takeChallenge(ch.id))) return void (await ctx.answerCallbackQuery(ctx.t('toast-challenge-gone')));
    await ctx.answerCallbackQuery(ctx.t('toast-accepted'));
    const lang = ch.from.lang;
    const rec = await s.games.start({
      chatId: ch.chatId,
      kind: 'friend',
      lang,
      white: { kind: 'human', id: ch.from.id, name: ch.from.name, lang },
      black: { kind: 'human', id: me.id, name: displayName(me), lang: await s.langOf(ctx) },
      variant: ch.variant,
      length: ch.length,
    });
    await ctx.editMessageText(s.i18n.t(lang, 'challenge-accepted', { from: ch.from.name, to: displayName(me) })).catch(() => undefined);
    await s.boards.show(rec);
  });

  return c;
}
