/** /stats (a picture of one's numbers and rating chart, the text in the caption) and /top. */
import { Composer, InlineKeyboard, InputFile } from 'grammy';
import { onButton } from '../buttons.js';
import { encode } from '../codec.js';
import { answerQuery, editPressed } from '../replies.js';
import { BOT_LEVELS } from '../../app/model.js';
import { chartHistory, MIN_PERIOD_GAMES, type UserStats, type VariantStats } from '../../app/stats.js';
import type { Variant } from '../../engine/types.js';
import { renderStats, type StatsBlock } from '../../render/stats.js';
import type { Ctx } from '../context.js';
import type { Services } from '../services.js';
import { decimal, displayName, type Translate } from '../../present/text.js';

const VARIANTS: readonly Variant[] = ['long', 'short'];

function played(v: VariantStats): boolean {
  return v.matches > 0;
}

function botLine(t: Translate, st: UserStats, variant: Variant): string | null {
  const levels = BOT_LEVELS.filter((l) => st.bot[variant][l]).map((l) => t('stats-bot-level', { level: t(`level-${l}`), wins: st.bot[variant][l]!.wins, losses: st.bot[variant][l]!.losses }));
  return levels.length ? t('stats-bot', { variant: t(`variant-${variant}`), levels: levels.join(', ') }) : null;
}

/** The caption: every number of the picture, in words. */
export function statsText(t: Translate, name: string, st: UserStats, places: Partial<Record<Variant, number | null>>): string {
  const lines = [t('stats-title', { name })];
  let any = false;
  for (const variant of VARIANTS) {
    const v = st[variant];
    if (played(v)) {
      any = true;
      const place = places[variant] ? t('stats-place', { place: places[variant]! }) : '';
      lines.push(t('stats-variant', { game: variant, variant: t(`variant-${variant}`), rating: String(Math.round(v.rating)), best: String(Math.round(v.best)), place, matches: v.matches, wins: v.wins, losses: v.losses, pointsWon: v.pointsWon, pointsLost: v.pointsLost, marsWon: v.marsWon, marsLost: v.marsLost, koksWon: v.koksWon, koksLost: v.koksLost }));
      if (v.last.length) lines.push(lastResults(t, v, 5));
    }
    const bot = botLine(t, st, variant);
    if (bot) {
      any = true;
      lines.push(bot);
    }
  }
  if (st.tournaments?.played) {
    any = true;
    lines.push(t('stats-tournaments', { played: st.tournaments.played, won: st.tournaments.won }));
  }
  if (!any) lines.push(t('stats-none'));
  return lines.join('\n').slice(0, 1024);
}

/** What the caption says besides the figures, for the picture too: games against the bot, the last results. */
function notesOf(t: Translate, st: UserStats, variant: Variant): string[] {
  const v = st[variant];
  const notes: string[] = [];
  const bot = botLine(t, st, variant);
  if (bot) notes.push(bot);
  if (v.last.length) notes.push(lastResults(t, v, 3));
  return notes;
}

/** The last `n` results in one line ("Last: won 3:1 vs Ann (+8.1); ..."). */
function lastResults(t: Translate, v: VariantStats, n: number): string {
  const results = v.last.slice(0, n).map((r) => t('stats-result', { won: r.won ? 'yes' : 'no', score: r.score, opponent: r.opponent, delta: `${r.delta >= 0 ? '+' : '−'}${decimal(t, Math.abs(r.delta), 1)}`, how: r.how ?? 'play' }));
  return t('stats-last', { results: results.join('; ') });
}

export function statsCommand(s: Services) {
  return async (ctx: Ctx): Promise<void> => {
    const t = ctx.t.bind(ctx);
    const st = await s.app.stats.of(ctx.from!.id);
    const name = displayName(ctx.from!);
    const places: Partial<Record<Variant, number | null>> = {};
    for (const v of VARIANTS) places[v] = played(st[v]) ? await s.app.stats.place(null, v, ctx.from!.id) : null;
    const caption = statsText(t, name, st, places);
    const blocks: StatsBlock[] = VARIANTS.filter((v) => played(st[v])).map((v) => ({
      title: t(`variant-${v}`),
      rating: st[v].rating,
      best: st[v].best,
      history: chartHistory(st[v]),
      figures: [
        [t('label-matches'), String(st[v].matches)],
        [t('label-won'), `${st[v].wins}`],
        [t('label-lost'), `${st[v].losses}`],
        [t('label-points'), `${st[v].pointsWon}:${st[v].pointsLost}`],
        [t('label-mars', { game: v }), `${st[v].marsWon}:${st[v].marsLost}`],
        ...(v === 'short' ? [[t('label-koks', { game: v }), `${st[v].koksWon}:${st[v].koksLost}`] as const] : []),
      ],
      notes: notesOf(t, st, v),
    }));
    if (!blocks.length) return void (await ctx.reply(caption));
    const settings = await s.app.players.settings(ctx.from!.id);
    const png = await renderStats({ name, blocks, labels: { rating: t('label-rating'), best: t('label-best'), chart: t('label-chart') }, theme: settings.theme });
    await ctx.replyWithPhoto(new InputFile(png, 'stats.png'), { caption });
  };
}

export type TopPeriod = 'week' | 'month' | 'all';

/** The leaderboard of a period (this week, this month, all time), per game; in a group, its own players. */
export async function topText(s: Services, t: Translate, group: number | null, period: TopPeriod): Promise<string> {
  const lines = [t(group === null ? 'top-title-global' : 'top-title-group'), t(`top-period-${period}`)];
  for (const variant of VARIANTS) {
    lines.push('', t('top-variant', { variant: t(`variant-${variant}`) }));
    if (period === 'all') {
      const rows = await s.app.stats.top(group, variant, 10);
      if (!rows.length) lines.push(t('top-empty'));
      rows.forEach((r, i) => lines.push(t('top-row', { place: i + 1, name: r.name, rating: String(Math.round(r.rating)), matches: r.matches })));
    } else {
      const rows = await s.app.stats.topOfPeriod(period, variant, group);
      if (!rows.length) lines.push(t('top-period-empty', { min: MIN_PERIOD_GAMES }));
      rows.forEach((r, i) => lines.push(t('top-period-row', { place: i + 1, name: r.name, wins: r.wins, games: r.games, gained: `${r.gained >= 0 ? '+' : '−'}${Math.abs(r.gained).toFixed(1)}`, rating: String(Math.round(r.rating)) })));
    }
  }
  return lines.join('\n').slice(0, 4000);
}

export function topKeyboard(t: Translate, current: TopPeriod): InlineKeyboard {
  const kb = new InlineKeyboard();
  for (const p of ['week', 'month', 'all'] as const) kb.text(`${p === current ? '• ' : ''}${t(`btn-top-${p}`)}`, encode({ kind: 'top', period: p }));
  return kb;
}

export function parsePeriod(word: string): TopPeriod | null {
  const w = word.trim().toLowerCase();
  if (w === '' || w === 'all' || w === 'всё' || w === 'все') return 'all';
  if (w === 'week' || w === 'неделя' || w === 'неделю') return 'week';
  if (w === 'month' || w === 'месяц') return 'month';
  return null;
}

export function topCommand(s: Services) {
  return async (ctx: Ctx): Promise<void> => {
    const t = ctx.t.bind(ctx);
    const group = ctx.chat && ctx.chat.type !== 'private' ? ctx.chat.id : null;
    const period = parsePeriod(typeof ctx.match === 'string' ? ctx.match : '');
    if (!period) return void (await ctx.reply(t('top-bad-period')));
    await ctx.reply(await topText(s, t, group, period), { reply_markup: topKeyboard(t, period) });
  };
}

export function topFeature(s: Services): Composer<Ctx> {
  const c = new Composer<Ctx>();
  onButton(c, 'top', async (ctx, cb) => {
    const t = ctx.t.bind(ctx);
    const group = ctx.chat && ctx.chat.type !== 'private' ? ctx.chat.id : null;
    await answerQuery(ctx);
    await editPressed(ctx, await topText(s, t, group, cb.period), { reply_markup: topKeyboard(t, cb.period) });
  });
  return c;
}
