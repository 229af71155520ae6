/**
 * Watching a game in the chat: a watch link (`/start w_<game>_<token>`) gives its opener one
 * picture of the game, refreshed as it changes at a pace within Telegram's limits (at most one
 * edit every few seconds per picture), with the live board in the Mini App when it is configured.
 * `/watch` gives a player the links of their games to share; `/games` in a group lists the group's
 * live games with theirs. Watchers never act: their pictures have no game buttons, and the table
 * refuses anyone its record does not name.
 */
import { InlineKeyboard, InputFile } from 'grammy';
import { DEFAULT_SETTINGS, type GameRecord, type Lang, type Seat } from '../../app/model.js';
import { gameFacts } from '../../app/table/view.js';
import { renderOptions } from '../../present/board.js';
import { caption } from '../../present/caption.js';
import { playerName, type Translate } from '../../present/text.js';
import { renderPosition } from '../../render/index.js';
import type { Ctx } from '../context.js';
import type { Services } from '../services.js';

/** How often one watcher's picture may be edited. */
const EDIT_EVERY_MS = 4000;
/** Pictures kept up to date per game, and for how long. */
const MAX_WATCHERS = 30;
const WATCH_SECONDS = 6 * 3600;

interface Watcher {
  readonly chatId: number;
  readonly messageId: number;
  readonly lang: Lang;
  readonly v: number;
}

/** A game's watch links: the bot's (a picture in the chat), and the Mini App's (the live board) when configured. */
export function watchLinks(s: Services, bot: string, rec: GameRecord): { chat: string; app: string | null } {
  const param = s.app.watch.param(rec.id);
  const name = s.config.webApp?.name;
  return { chat: `https://t.me/${bot}?start=${param}`, app: name ? `https://t.me/${bot}/${name}?startapp=${rec.kind === 'group' ? rec.id : param}` : null };
}

function title(t: Translate, rec: GameRecord): string {
  return `${playerName(rec.players.white, t)} — ${playerName(rec.players.black, t)}, ${t(`variant-${rec.match.variant}`)}`;
}

async function drawFor(rec: GameRecord, t: Translate, lang: Lang): Promise<{ png: Buffer; text: string }> {
  const seat: Seat = { chatId: 0, viewer: 'white', lang, owner: null };
  const text = `${t('watch-head')}\n${caption(rec, seat, t, DEFAULT_SETTINGS)}`.slice(0, 1024);
  const png = await renderPosition(gameFacts(rec).position, renderOptions(rec, seat, t, DEFAULT_SETTINGS));
  return { png, text };
}

function liveButton(s: Services, rec: GameRecord, t: Translate): InlineKeyboard | undefined {
  const url = s.config.webApp?.url;
  if (!url) return undefined;
  const w = rec.kind === 'group' ? '' : `&w=${s.app.watch.token(rec.id)}`;
  return new InlineKeyboard().webApp(t('btn-watch-live'), `${url}/?g=${rec.id}${w}`);
}

/** /start w_<game>_<token>: the game's picture for this chat, kept up to date. */
export async function watchFromStart(ctx: Ctx, s: Services, param: string): Promise<void> {
  const t = ctx.t.bind(ctx);
  const id = s.app.watch.parse(param);
  const rec = id ? await s.app.games.get(id) : null;
  if (!rec) return void (await ctx.reply(t('watch-gone')));
  if (rec.finished) return void (await ctx.reply(t('watch-finished', { title: title(t, rec) })));
  const lang = await s.langOf(ctx);
  const { png, text } = await drawFor(rec, t, lang);
  const kb = liveButton(s, rec, t);
  const m = await ctx.replyWithPhoto(new InputFile(png, 'board.png'), { caption: text, ...(kb ? { reply_markup: kb } : {}) });
  const key = `watchers:${rec.id}`;
  const raw = await s.app.dialogues.read(key);
  const list = (Array.isArray(raw) ? (raw as Watcher[]) : []).filter((w) => w.chatId !== ctx.chat!.id);
  await s.app.dialogues.write(key, [...list, { chatId: ctx.chat!.id, messageId: m.message_id, lang, v: rec.v }].slice(-MAX_WATCHERS), WATCH_SECONDS);
}

/** /watch (private): the watch links of the player's games, to share. */
export function watchCommand(s: Services) {
  return async (ctx: Ctx): Promise<void> => {
    const t = ctx.t.bind(ctx);
    const mine = await s.app.games.userGamesInChat(ctx.from!.id, ctx.from!.id);
    if (!mine.length) return void (await ctx.reply(t('watch-none')));
    const lines = [t('watch-share')];
    for (const rec of mine) {
      const l = watchLinks(s, ctx.me.username, rec);
      lines.push('', title(t, rec), l.chat, ...(l.app ? [l.app] : []));
    }
    await ctx.reply(lines.join('\n'), { link_preview_options: { is_disabled: true } });
  };
}

/** /games (a group): the group's live games, each with its watch link. */
export function gamesCommand(s: Services) {
  return async (ctx: Ctx): Promise<void> => {
    const t = ctx.t.bind(ctx);
    if (!ctx.chat || ctx.chat.type === 'private') return void (await watchCommand(s)(ctx));
    const live = await s.app.games.inChat(ctx.chat.id);
    if (!live.length) return void (await ctx.reply(t('games-none')));
    const lines = [t('games-title', { count: live.length })];
    for (const rec of live.slice(0, 20)) {
      const l = watchLinks(s, ctx.me.username, rec);
      lines.push('', `👁 ${title(t, rec)}`, l.app ?? l.chat);
    }
    await ctx.reply(lines.join('\n').slice(0, 4000), { link_preview_options: { is_disabled: true } });
  };
}

/**
 * Keeps the watchers' pictures up to date: every instance hears every game's change (the games
 * feed); one at a time per game (a short lock) edits the pictures behind, each at most every few
 * seconds; a finished game's pictures get their last edit and are let go.
 */
export class WatchDesk {
  private readonly due = new Map<string, NodeJS.Timeout>();
  private unsubscribe: (() => Promise<void>) | null = null;

  constructor(private readonly s: Services) {}

  async start(): Promise<void> {
    this.unsubscribe = await this.s.app.feed.subscribe((id) => this.changed(id));
  }

  async stop(): Promise<void> {
    for (const t of this.due.values()) clearTimeout(t);
    this.due.clear();
    await this.unsubscribe?.();
  }

  private changed(id: string): void {
    if (this.due.has(id)) return;
    const timer = setTimeout(() => {
      this.due.delete(id);
      void this.refresh(id).catch((e: unknown) => this.s.log.warn({ err: e, game: id }, 'could not refresh a watched game'));
    }, 300);
    timer.unref();
    this.due.set(id, timer);
  }

  private async refresh(id: string): Promise<void> {
    const d = this.s.app.dialogues;
    const key = `watchers:${id}`;
    const raw = await d.read(key);
    if (!Array.isArray(raw) || raw.length === 0) return;
    if (!(await d.setIfAbsent(`watch-edit:${id}`, 1, Math.ceil(EDIT_EVERY_MS / 1000)))) {
      // Another edit ran a moment ago (here or elsewhere): look again when it may run.
      setTimeout(() => this.changed(id), EDIT_EVERY_MS).unref();
      return;
    }
    const rec = await this.s.app.games.get(id);
    const list = raw as Watcher[];
    if (!rec) return void (await d.delete(key));
    const next: Watcher[] = [];
    for (const w of list) {
      if (w.v >= rec.v) {
        next.push(w);
        continue;
      }
      const t = this.s.t(w.lang);
      const { png, text } = await drawFor(rec, t, w.lang);
      const kb = rec.finished ? undefined : liveButton(this.s, rec, t);
      try {
        await this.s.api.editMessageMedia(w.chatId, w.messageId, { type: 'photo', media: new InputFile(png, 'board.png'), caption: text }, kb ? { reply_markup: kb } : {});
        next.push({ ...w, v: rec.v });
      } catch (e) {
        // A picture deleted, or a chat that blocked the bot: that watcher is let go.
        if (!String(e).includes('not modified')) this.s.log.debug({ err: e, game: id }, 'a watcher\'s picture could not be edited');
        else next.push({ ...w, v: rec.v });
      }
    }
    if (rec.finished) await d.delete(key);
    else await d.write(key, next, WATCH_SECONDS);
    // Changes that came during the edits follow.
    if (next.some((w) => w.v < rec.v)) this.changed(id);
  }
}
