/** /play: in private the play-the-bot menu, in a group a challenge; and the play-the-bot buttons. */
import { Composer } from 'grammy';
import type { Human } from '../../app/model.js';
import type { Variant } from '../../engine/types.js';
import { parseCallback } from '../codec.js';
import type { Ctx } from '../context.js';
import { showGame, type Services } from '../services.js';
import { challengeKeyboard, lengthMenu, levelMenu, variantMenu } from '../view/keyboard.js';
import { displayName, quote } from '../view/text.js';
import { challengeText } from './challenge.js';
import { LENGTH_DIALOGUE, MAX_MATCH } from './length-dialogue.js';
import { answerQuery, editPressed } from '../replies.js';

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
    else return { error: 'play-bad-arg', arg: quote(token, 30) };
  }
  return { variant, length, username };
}

export function playCommand(s: Services) {
  return async (ctx: Ctx): Promise<void> => {
    const t = ctx.t.bind(ctx);
    if (ctx.chat?.type === 'private') return void (await ctx.reply(t('play-bot-variant'), { reply_markup: variantMenu(t) }));
    const args = parsePlayArgs(typeof ctx.match === 'string' ? ctx.match : '');
    if ('error' in args) return void (await ctx.reply(t(args.error, { arg: args.arg })));
    const from = ctx.from!;
    let target: { id: number | null; username: string | null; name: string | null } | null = null;
    const reply = ctx.message?.reply_to_message?.from;
    if (reply && !reply.is_bot && reply.id !== from.id) target = { id: reply.id, username: reply.username ?? null, name: displayName(reply) };
    else if (args.username) {
      if (args.username.toLowerCase() === (from.username ?? '').toLowerCase()) return void (await ctx.reply(t('play-not-yourself')));
      target = { id: null, username: args.username, name: null };
    } else if (reply && reply.id === from.id) return void (await ctx.reply(t('play-not-yourself')));
    const lang = await s.langOf(ctx);
    const ch = await s.app.challenges.create({
      chatId: ctx.chat!.id,
      from: { id: from.id, name: displayName(from), username: from.username ?? null, lang },
      target,
      variant: args.variant,
      length: args.length,
    });
    const msg = await ctx.reply(challengeText(t, ch), { reply_markup: challengeKeyboard(t, ch) });
    await s.app.challenges.attachMessage(ch, msg.message_id);
  };
}

export function playFeature(s: Services): Composer<Ctx> {
  const c = new Composer<Ctx>();
  c.callbackQuery(/^pb\|/, async (ctx) => {
    const cb = parseCallback(ctx.callbackQuery.data);
    if (!cb || cb.kind !== 'play-bot' || !cb.variant) return void (await answerQuery(ctx, ctx.t('toast-bad-button')));
    if (ctx.chat?.type !== 'private') return void (await answerQuery(ctx, ctx.t('play-bot-private-only')));
    const t = ctx.t.bind(ctx);
    if (!cb.level) {
      await answerQuery(ctx);
      return void (await editPressed(ctx, t('play-bot-level', { variant: t(`variant-${cb.variant}`) }), { reply_markup: levelMenu(t, cb.variant) }));
    }
    if (cb.length === null) {
      await answerQuery(ctx);
      return void (await editPressed(ctx, t('play-bot-length'), { reply_markup: lengthMenu(t, cb.variant, cb.level) }));
    }
    if (cb.length === 'other') {
      await answerQuery(ctx);
      await editPressed(ctx, t('play-bot-ask-length', { max: MAX_MATCH }));
      await ctx.conversation.exitAll();
      await ctx.conversation.enter(LENGTH_DIALOGUE, cb.variant, cb.level, await s.langOf(ctx));
      return;
    }
    await answerQuery(ctx, t('toast-starting'));
    const lang = await s.langOf(ctx);
    const human: Human = { kind: 'human', id: ctx.from.id, name: displayName(ctx.from), lang };
    const rec = await s.app.games.start({ kind: 'bot', chatId: ctx.chat.id, lang, white: human, black: { kind: 'bot', level: cb.level }, variant: cb.variant, length: cb.length });
    await editPressed(ctx, t('play-bot-started', { variant: t(`variant-${cb.variant}`), level: t(`level-${cb.level}`) }));
    await showGame(s, rec);
  });
  return c;
}
