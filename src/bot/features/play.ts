/** /play: in private the play-the-bot menu, in a group a challenge; and the play-the-bot buttons. */
import { Composer } from 'grammy';
import { OFFERED_LEVELS, type BotLevel, type GameRecord } from '../../app/model.js';
import type { Variant } from '../../engine/types.js';
import { MAX_MATCH } from '../codec.js';
import type { Ctx } from '../context.js';
import { answerQuery, editPressed } from '../replies.js';
import { showGame, type Services } from '../services.js';
import { challengeKeyboard, inProgressKeyboard, levelMenu, lengthMenu, variantMenu } from '../view/keyboard.js';
import { displayName, quote, type Translate } from '../../present/text.js';
import { gameLabel, startBotGame } from './bot-game.js';
import { challengeText } from './challenge.js';
import { LENGTH_DIALOGUE } from './length-dialogue.js';
import { badButton, onButton } from '../buttons.js';

export interface PlayArgs {
  /** null: not said (long nardy by default; in private the menu asks). */
  readonly variant: Variant | null;
  /** null: not said (one game). */
  readonly length: number | null;
  readonly username: string | null;
}

export type PlayArgsError =
  | { readonly error: 'play-bad-arg'; readonly arg: string }
  | { readonly error: 'play-bad-length'; readonly arg: string }
  | { readonly error: 'play-two-games' };

// Adjectives (any case and number) name the game; «нарды» alone is the long game in Russian.
const LONG = /^(long|длинн(ые|ая|ых|ую|ой|ыми?)|long-?nardy|nardy|нарды|нард|нардах?|длинные-нарды)$/;
const SHORT = /^(short|коротк(ие|ая|их|ую|ой|ими?)|backgammon|бэкгаммон|бэкгеммон|нардгаммон|short-?nardy)$/;
// Words that carry no choice: "a match to 5 points", «матч до 5 очков», «в нарды».
const FILLER = /^(до|to|на|в|во|of|a|an|the|game|games|игра|игру|партия|партию|партии|матч|матча|match|очко|очка|очков|points?|pts|up|first)$/;

/**
 * `/play [game] [length] [@user]` in any order, in either language: `/play длинные нарды`,
 * `/play нарды` (long), `/play short 5`, `/play backgammon to 7`, `/play матч до 5 очков @name`.
 */
export function parsePlayArgs(text: string): PlayArgs | PlayArgsError {
  let long = false;
  let short = false;
  let length: number | null = null;
  let username: string | null = null;
  for (const token of text.trim().split(/\s+/).filter(Boolean)) {
    const t = token.toLowerCase().replace(/[.,!?;:]+$/, '');
    if (t === '') continue;
    if (/^@[A-Za-z0-9_]{3,32}$/.test(token)) username = token.slice(1);
    else if (SHORT.test(t)) short = true;
    else if (LONG.test(t)) {
      // «короткие нарды»: the noun does not change the game the adjective named.
      if (t === 'нарды' || t === 'нард' || t === 'nardy' || /^нардах?$/.test(t)) continue;
      long = true;
    } else if (FILLER.test(t)) continue;
    else if (/^\d+$/.test(t)) {
      const n = Number(t);
      if (n < 1 || n > MAX_MATCH) return { error: 'play-bad-length', arg: quote(token, 12) };
      length = n;
    } else return { error: 'play-bad-arg', arg: quote(token, 30) };
  }
  if (long && short) return { error: 'play-two-games' };
  return { variant: short ? 'short' : long ? 'long' : /(^|\s)(нарды|nardy)(\s|$)/i.test(text) ? 'long' : null, length, username };
}

function argsError(t: Translate, e: PlayArgsError): string {
  return t(e.error, { ...('arg' in e ? { arg: e.arg } : {}), max: MAX_MATCH });
}

/** The player's games with the bot in progress in this private chat. */
async function liveBotGames(s: Services, chatId: number, userId: number): Promise<GameRecord[]> {
  return (await s.app.games.userGamesInChat(chatId, userId)).filter((g) => g.kind === 'bot');
}

/** The message that says a game with the bot is already going on, with Continue. */
export async function sayInProgress(ctx: Ctx, s: Services, g: GameRecord, start: { variant: Variant; level: BotLevel; length: number } | null, edit: boolean): Promise<void> {
  const t = ctx.t.bind(ctx);
  const text = t(start ? 'play-bot-in-progress-start' : 'play-bot-in-progress', { game: gameLabel(t, g, ctx.from!.id) });
  const extra = { reply_markup: inProgressKeyboard(t, g.id, start) };
  if (edit) await editPressed(ctx, text, extra);
  else await ctx.reply(text, extra);
}

/** The question of the level for a game, with the commitment to the next dice. */
function levelPrompt(t: Translate, variant: Variant, commit: string): string {
  return `${t('play-bot-level', { variant: t(`variant-${variant}`) })}\n\n${t('dice-next', { commit })}`;
}

/** The private-chat menu: the game typed with /play (if any) goes straight to the levels. */
export async function privateMenu(ctx: Ctx, s: Services, args: PlayArgs): Promise<void> {
  const t = ctx.t.bind(ctx);
  const live = await liveBotGames(s, ctx.chat!.id, ctx.from!.id);
  if (live.length) await sayInProgress(ctx, s, live[0]!, null, false);
  const commit = await s.app.players.nextCommit(ctx.from!.id);
  if (args.variant) {
    return void (await ctx.reply(levelPrompt(t, args.variant, commit), { reply_markup: levelMenu(t, args.variant, args.length) }));
  }
  await ctx.reply(t('play-bot-variant'), { reply_markup: variantMenu(t) });
}

export function playCommand(s: Services) {
  return async (ctx: Ctx): Promise<void> => {
    const t = ctx.t.bind(ctx);
    const args = parsePlayArgs(typeof ctx.match === 'string' ? ctx.match : '');
    if ('error' in args) return void (await ctx.reply(argsError(t, args)));
    if (ctx.chat?.type === 'private') return privateMenu(ctx, s, args);
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
      variant: args.variant ?? 'long',
      length: args.length ?? 1,
    });
    const msg = await ctx.reply(challengeText(t, ch), { reply_markup: challengeKeyboard(t, ch) });
    await s.app.challenges.attachMessage(ch, msg.message_id);
  };
}

export function playFeature(s: Services): Composer<Ctx> {
  const c = new Composer<Ctx>();
  onButton(c, 'play-bot', async (ctx, cb) => {
    if (!cb.variant) return void (await badButton(ctx));
    if (ctx.chat?.type !== 'private') return void (await answerQuery(ctx, ctx.t('play-bot-private-only')));
    const t = ctx.t.bind(ctx);
    // No level yet, or one no longer offered (expert, from a menu of before): the levels.
    if (!cb.level || !OFFERED_LEVELS.includes(cb.level)) {
      await answerQuery(ctx, cb.level ? t('play-bot-expert-retired') : undefined);
      const commit = await s.app.players.nextCommit(ctx.from.id);
      return void (await editPressed(ctx, levelPrompt(t, cb.variant, commit), { reply_markup: levelMenu(t, cb.variant, typeof cb.length === 'number' ? cb.length : null) }));
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
    // One live game with the bot per chat, unless the person chooses to start another.
    if (!cb.another) {
      const live = await liveBotGames(s, ctx.chat.id, ctx.from.id);
      if (live.length) {
        await answerQuery(ctx);
        return void (await sayInProgress(ctx, s, live[0]!, { variant: cb.variant, level: cb.level, length: cb.length }, true));
      }
    }
    await answerQuery(ctx, t('toast-starting'));
    const { rec, text } = await startBotGame(s, { chatId: ctx.chat.id, from: ctx.from, pressId: ctx.callbackQuery.id, variant: cb.variant, level: cb.level, length: cb.length });
    await editPressed(ctx, text);
    await showGame(s, rec);
  });
  // Continue a game: its board again, at the bottom of the chat (the old message loses its buttons).
  onButton(c, 'continue', async (ctx, cb) => {
    const rec = await s.app.games.get(cb.id);
    if (!rec || rec.finished || !Object.values(rec.players).some((p) => p.kind === 'human' && p.id === ctx.from.id)) return void (await answerQuery(ctx, ctx.t('toast-gone')));
    await answerQuery(ctx);
    await s.boards.bringDown(rec, ctx.chat?.id ?? rec.seats[0]!.chatId);
  });
  return c;
}
