/**
 * Finding an opponent in the chat: /find (and the menu's 🔎), the choices (game, length, rated),
 * the "looking" message kept up to date while the search lasts, the match found (both players'
 * ratings and records before the first roll; the boards follow by link), nobody found (the bot at
 * the level nearest the player's rating), and after a matched game "don't pair me with them again".
 */
import { Composer, InlineKeyboard } from 'grammy';
import type { SearchEvent, SearchPrefs, Searcher } from '../../app/matchmaking.js';
import { ABANDON_LIMIT } from '../../app/matchmaking.js';
import type { GameRecord, Human } from '../../app/model.js';
import type { Variant } from '../../engine/types.js';
import { displayName, type Translate } from '../../present/text.js';
import { onButton } from '../buttons.js';
import { encode, MATCH_LENGTHS } from '../codec.js';
import type { Ctx } from '../context.js';
import { answerQuery, editPressed } from '../replies.js';
import type { Services } from '../services.js';

const clock = (seconds: number): string => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

function prefsText(t: Translate, p: SearchPrefs): string {
  return t('find-prefs', { variant: t(`variant-${p.variant}`), length: p.length, rated: p.rated ? 'yes' : 'no' });
}

export function lookingText(t: Translate, s: Searcher, seconds: number, limitMs: number): string {
  const lines = [t('find-looking', { prefs: prefsText(t, s.prefs), waited: clock(seconds), limit: Math.max(1, Math.round(limitMs / 60_000)) })];
  if (s.abandons >= ABANDON_LIMIT) lines.push(t('find-abandons', { count: s.abandons }));
  return lines.join('\n\n');
}

const cancelKeyboard = (t: Translate): InlineKeyboard => new InlineKeyboard().text(t('btn-find-cancel'), encode({ kind: 'find', step: 'cancel' }));

/** /find's options in words (a game, a length, unrated), strictly. */
export function parseFind(words: readonly string[]): Partial<SearchPrefs> | null {
  const out: { variant?: Variant; length?: number; rated?: boolean } = {};
  for (const raw of words) {
    const w = raw.toLowerCase();
    if (w === 'long' || w === 'длинные') out.variant = 'long';
    else if (w === 'short' || w === 'короткие') out.variant = 'short';
    else if (/^\d{1,2}$/.test(w) && (MATCH_LENGTHS as readonly number[]).includes(Number(w))) out.length = Number(w);
    else if (w === 'unrated' || w === 'безрейтинга') out.rated = false;
    else if (w === 'rated') out.rated = true;
    else return null;
  }
  return out;
}

/** The next question of the search's choices, or the search itself once all are known. */
async function ask(ctx: Ctx, s: Services, p: Partial<SearchPrefs>, edit: boolean): Promise<void> {
  const t = ctx.t.bind(ctx);
  // Looking already: say so (with the way to stop) instead of asking again.
  if (await s.app.matchmaking.get(ctx.from!.id)) return void (await ctx.reply(t('find-already'), { reply_markup: cancelKeyboard(t) }));
  // In a game: finish it first (asked before the choices, not after them).
  const busy = (await s.app.games.userGamesInChat(ctx.from!.id, ctx.from!.id))[0];
  if (busy) return void (await ctx.reply(t('find-in-game'), { reply_markup: new InlineKeyboard().text(t('btn-continue'), encode({ kind: 'continue', id: busy.id })) }));
  const send = (text: string, kb: InlineKeyboard): Promise<unknown> => (edit ? editPressed(ctx, text, { reply_markup: kb }) : ctx.reply(text, { reply_markup: kb }));
  if (!p.variant) {
    const kb = new InlineKeyboard();
    for (const v of ['long', 'short'] as const) kb.text(t(`variant-${v}`), encode({ kind: 'find', step: 'choose', variant: v }));
    return void (await send(t('find-choose-variant'), kb));
  }
  if (!p.length) {
    const kb = new InlineKeyboard();
    for (const n of MATCH_LENGTHS) kb.text(n === 1 ? t('find-single') : String(n), encode({ kind: 'find', step: 'choose', variant: p.variant, length: n }));
    return void (await send(t('find-choose-length', { variant: t(`variant-${p.variant}`) }), kb));
  }
  if (p.rated === undefined) {
    const kb = new InlineKeyboard()
      .text(t('find-rated'), encode({ kind: 'find', step: 'choose', variant: p.variant, length: p.length, rated: true }))
      .text(t('find-unrated'), encode({ kind: 'find', step: 'choose', variant: p.variant, length: p.length, rated: false }));
    return void (await send(t('find-choose-rated'), kb));
  }
  await start(ctx, s, { variant: p.variant, length: p.length, rated: p.rated }, edit);
}

async function start(ctx: Ctx, s: Services, prefs: SearchPrefs, edit: boolean): Promise<void> {
  const t = ctx.t.bind(ctx);
  const lang = await s.langOf(ctx);
  const r = await s.app.matchmaking.search({ id: ctx.from!.id, name: displayName(ctx.from!), lang }, prefs);
  if (r.kind === 'in-game') return void (await ctx.reply(t('find-in-game'), { reply_markup: new InlineKeyboard().text(t('btn-continue'), encode({ kind: 'continue', id: r.game.id })) }));
  if (r.kind === 'already') return void (await ctx.reply(t('find-already'), { reply_markup: cancelKeyboard(t) }));
  const text = lookingText(t, r.searcher, 0, s.app.matchmaking.searchMs);
  let messageId: number | null = null;
  if (edit && ctx.callbackQuery?.message) {
    await editPressed(ctx, text, { reply_markup: cancelKeyboard(t) });
    messageId = ctx.callbackQuery.message.message_id;
  } else messageId = (await ctx.reply(text, { reply_markup: cancelKeyboard(t) })).message_id;
  await s.app.matchmaking.setMessage(ctx.from!.id, { chatId: ctx.chat!.id, messageId });
  // Someone may be waiting already: look at once, in the background (the chat's next update is not held up).
  void s.app.matchmaking
    .pass()
    .then((events) => showSearch(s, events))
    .catch((e: unknown) => s.log.warn({ err: e }, 'a search pass failed (the next tick tries again)'));
}

export function findCommand(s: Services) {
  return async (ctx: Ctx): Promise<void> => {
    const t = ctx.t.bind(ctx);
    if (ctx.chat?.type !== 'private') return void (await ctx.reply(t('private-only-command', { command: '/find', bot: ctx.me.username })));
    const p = parseFind((typeof ctx.match === 'string' ? ctx.match : '').trim().split(/\s+/).filter(Boolean));
    if (!p) return void (await ctx.reply(t('find-bad-option')));
    await ask(ctx, s, p, false);
  };
}

/** Open the search from the main menu. */
export async function findMenu(ctx: Ctx, s: Services): Promise<void> {
  await ask(ctx, s, {}, false);
}

export function findFeature(s: Services): Composer<Ctx> {
  const c = new Composer<Ctx>();
  onButton(c, 'find', async (ctx, cb) => {
    const t = ctx.t.bind(ctx);
    if (ctx.chat?.type !== 'private') return void (await answerQuery(ctx, t('toast-bad-button')));
    if (cb.step === 'cancel') {
      const gone = await s.app.matchmaking.cancel(ctx.from.id);
      await answerQuery(ctx, gone ? t('toast-find-cancelled') : t('toast-find-not-searching'));
      if (gone) await editPressed(ctx, t('find-cancelled'), { reply_markup: new InlineKeyboard().text(t('btn-find-again'), encode({ kind: 'find', step: 'choose' })) });
      return;
    }
    if (cb.step === 'block') {
      const r = await s.app.matchmaking.block(ctx.from.id, cb.game);
      if (r.kind === 'not-allowed') return void (await answerQuery(ctx, t('toast-bad-button')));
      await answerQuery(ctx, t('toast-find-blocked'));
      return void (await editPressed(ctx, t('find-blocked', { name: r.other })));
    }
    await answerQuery(ctx);
    await ask(ctx, s, { ...(cb.variant ? { variant: cb.variant } : {}), ...(cb.length ? { length: cb.length } : {}), ...(cb.rated !== undefined ? { rated: cb.rated } : {}) }, true);
  });
  return c;
}

/** Show what a search pass came to: the searchers' messages edited, matches announced. */
export async function showSearch(s: Services, events: readonly SearchEvent[]): Promise<void> {
  for (const e of events) {
    try {
      if (e.kind === 'waiting') {
        const m = e.searcher.message;
        if (!m) continue;
        const t = s.t(e.searcher.lang);
        await s.api.editMessageText(m.chatId, m.messageId, lookingText(t, e.searcher, e.seconds, s.app.matchmaking.searchMs), { reply_markup: cancelKeyboard(t) });
      } else if (e.kind === 'expired') {
        const t = s.t(e.searcher.lang);
        const p = e.searcher.prefs;
        const kb = new InlineKeyboard()
          .text(t('btn-find-bot', { level: t(`level-${e.level}`) }), encode({ kind: 'play-bot', variant: p.variant, level: e.level, length: p.length }))
          .row()
          .text(t('btn-find-again'), encode({ kind: 'find', step: 'choose', variant: p.variant, length: p.length, rated: p.rated }));
        const text = t('find-expired', { minutes: Math.max(1, Math.round(s.app.matchmaking.searchMs / 60_000)), level: t(`level-${e.level}`) });
        if (e.searcher.message) await s.api.editMessageText(e.searcher.message.chatId, e.searcher.message.messageId, text, { reply_markup: kb });
        else await s.api.sendMessage(e.searcher.userId, text, { reply_markup: kb });
      } else {
        for (const [me, other] of [[e.a, e.b], [e.b, e.a]] as const) {
          const t = s.t(me.lang);
          const text = t('find-found', { name: other.name, rating: String(Math.round(other.rating)), wins: other.wins, losses: other.losses, mine: String(Math.round(me.rating)), prefs: prefsText(t, me.prefs) });
          if (me.message) await s.api.editMessageText(me.message.chatId, me.message.messageId, text, { reply_markup: { inline_keyboard: [] } }).catch(() => s.api.sendMessage(me.userId, text));
          else await s.api.sendMessage(me.userId, text);
        }
      }
    } catch (err) {
      if (!String(err).includes('message is not modified')) s.log.warn({ err }, 'could not show a search\'s state');
    }
  }
}

/** After a matched game: each player may block the other from their next searches. */
export async function offerBlock(s: Services, rec: GameRecord): Promise<void> {
  for (const side of ['white', 'black'] as const) {
    const me = rec.players[side];
    const other = rec.players[side === 'white' ? 'black' : 'white'];
    if (me.kind !== 'human' || other.kind !== 'human') continue;
    const t = s.t(me.lang);
    await s.api.sendMessage(me.id, t('find-after', { name: (other as Human).name }), {
      reply_markup: new InlineKeyboard().text(t('btn-find-block', { name: (other as Human).name }), encode({ kind: 'find', step: 'block', game: rec.id })).row().text(t('btn-find-again'), encode({ kind: 'find', step: 'choose' })),
    });
  }
}
