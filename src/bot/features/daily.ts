/**
 * The daily position in a group: /daily on [HH[:MM]] [+N|-N] [long|short] [ru|en] (a group admin;
 * the hour of the group's time, N hours from UTC; the language, by default the admin's), /daily
 * off, /daily (how it stands). Its posts and
 * results come from the app's Daily, through the poster registered here; members answer by the
 * buttons, each once, told privately (a toast) until the result.
 */
import { Composer, InlineKeyboard, InputFile, type Api } from 'grammy';
import type { DailyConfig, DailyPoster, DayRecord, DayResult } from '../../app/puzzles/daily.js';
import type { Lang } from '../../app/model.js';
import type { Variant } from '../../engine/types.js';
import { boardLabels } from '../../present/board.js';
import { displayName, playersNotation, type Translate } from '../../present/text.js';
import { answerMoves, problemPosition, type Problem } from '../../puzzles/bank.js';
import { problemTable, puzzleDice } from '../../present/puzzle.js';
import { renderPosition } from '../../render/index.js';
import { onButton } from '../buttons.js';
import { encode } from '../codec.js';
import type { Ctx } from '../context.js';
import { answerQuery, isGroupAdmin } from '../replies.js';
import type { Services } from '../services.js';

const compact = (date: string): string => date.replace(/-/g, '');
const dashed = (date: string): string => `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}`;
const clock = (cfg: Pick<DailyConfig, 'hour' | 'minute' | 'offset'>): string => `${String(cfg.hour).padStart(2, '0')}:${String(cfg.minute).padStart(2, '0')} UTC${cfg.offset >= 0 ? '+' : '−'}${Math.abs(cfg.offset)}`;

async function picture(t: Translate, problem: Problem, best: boolean): Promise<Buffer> {
  const position = problemPosition(problem);
  const side = position.turn;
  return renderPosition(position, {
    viewer: side,
    ...problemTable(problem),
    labels: boardLabels(t),
    names: { white: t('side-white'), black: t('side-black') },
    ...(best ? { compare: { best: { side, moves: answerMoves(problem.answers[0]!) } } } : {}),
  });
}

/** The poster the app's Daily uses: the day's position and its result, in the group's language. */
export function dailyPoster(s: Services, api: Api): DailyPoster {
  return {
    async post(chatId: number, cfg: DailyConfig, day: DayRecord, problem: Problem): Promise<number> {
      const t = s.t(cfg.lang);
      const side = problemPosition(problem).turn;
      const kb = new InlineKeyboard();
      day.order.forEach((i, n) => kb.text(playersNotation(problem.answers[i]!.play), encode({ kind: 'daily', date: compact(day.date), n })).row());
      const caption = t('daily-post', { date: day.date, variant: t(`variant-${problem.variant}`), colour: t(`colour-${side}`), dice: puzzleDice(problem), time: clock(cfg) });
      const m = await api.sendPhoto(chatId, new InputFile(await picture(t, problem, false), 'daily.png'), { caption, reply_markup: kb });
      return m.message_id;
    },
    async result(chatId: number, cfg: DailyConfig, r: DayResult, messageId: number | null): Promise<void> {
      const t = s.t(cfg.lang);
      const lines = [
        t('daily-result', { date: r.date, answered: r.answered, share: r.answered ? Math.round((100 * r.right) / r.answered) : 0, best: playersNotation(r.problem.answers[0]!.play) }),
        ...(r.solvers.length ? [t('daily-solvers', { names: r.solvers.slice(0, 10).join(', '), more: Math.max(0, r.solvers.length - 10) })] : []),
        ...(r.week.length ? [t('daily-week', { table: r.week.map((w) => `${w.name} ${w.right}`).join(', ') })] : []),
      ];
      await api.sendPhoto(chatId, new InputFile(await picture(t, r.problem, true), 'daily-result.png'), {
        caption: lines.join('\n').slice(0, 1024),
        ...(messageId ? { reply_parameters: { message_id: messageId, allow_sending_without_reply: true } } : {}),
      });
    },
  };
}



/** `/daily on 20:30 +3 long` → the settings (null: a word not understood). */
export function parseDaily(words: readonly string[], lang: Lang): { on: false } | { on: true; hour: number; minute: number; offset: number; variant: Variant; lang: Lang } | null {
  if (words[0] === 'off') return words.length === 1 ? { on: false } : null;
  if (words[0] !== 'on') return null;
  let hour = 20;
  let minute = 0;
  let offset = lang === 'ru' ? 3 : 0;
  let variant: Variant = 'long';
  let language: Lang = lang;
  for (const w of words.slice(1)) {
    const time = /^(\d{1,2})(?::(\d{2}))?$/.exec(w);
    const tz = /^(?:utc)?([+-−])(\d{1,2})$/i.exec(w);
    if (time && Number(time[1]) <= 23 && Number(time[2] ?? 0) <= 59) [hour, minute] = [Number(time[1]), Number(time[2] ?? 0)];
    else if (tz && Number(tz[2]) <= 14) offset = (tz[1] === '+' ? 1 : -1) * Number(tz[2]);
    else if (/^(long|длинн[а-яё]*)$/iu.test(w)) variant = 'long';
    else if (/^(short|коротк[а-яё]*)$/iu.test(w)) variant = 'short';
    else if (w === 'ru' || w === 'en') language = w;
    else return null;
  }
  return { on: true, hour, minute, offset, variant, lang: language };
}

export function dailyCommand(s: Services) {
  return async (ctx: Ctx): Promise<void> => {
    const t = ctx.t.bind(ctx);
    if (!ctx.chat || ctx.chat.type === 'private') return void (await ctx.reply(t('daily-groups-only')));
    const words = (typeof ctx.match === 'string' ? ctx.match : '').trim().toLowerCase().split(/\s+/).filter(Boolean);
    if (words.length === 0) {
      const cfg = await s.app.daily.config(ctx.chat.id);
      return void (await ctx.reply(cfg?.on ? t('daily-status-on', { time: clock(cfg), variant: t(`variant-${cfg.variant}`) }) : t('daily-status-off')));
    }
    const lang = await s.langOf(ctx);
    const parsed = parseDaily(words, lang);
    if (!parsed) return void (await ctx.reply(t('daily-usage')));
    if (!(await isGroupAdmin(ctx))) return void (await ctx.reply(t('daily-admins-only')));
    if (!parsed.on) {
      const old = await s.app.daily.config(ctx.chat.id);
      await s.app.daily.set(ctx.chat.id, { ...(old ?? { hour: 20, minute: 0, offset: 0, variant: 'long', lang }), on: false });
      return void (await ctx.reply(t('daily-off')));
    }
    await s.app.daily.set(ctx.chat.id, parsed);
    await ctx.reply(t('daily-on', { time: clock(parsed), variant: t(`variant-${parsed.variant}`) }));
  };
}

export function dailyFeature(s: Services): Composer<Ctx> {
  const c = new Composer<Ctx>();
  onButton(c, 'daily', async (ctx, cb) => {
    const t = ctx.t.bind(ctx);
    if (!ctx.chat || ctx.chat.type === 'private') return void (await answerQuery(ctx, t('toast-bad-button')));
    const r = await s.app.daily.answer(ctx.chat.id, dashed(cb.date), ctx.from.id, displayName(ctx.from), cb.n);
    if (r.kind === 'closed') return void (await answerQuery(ctx, { text: t('daily-closed'), show_alert: true }));
    const play = playersNotation(r.problem.answers[r.choice]!.play);
    await answerQuery(ctx, { text: t(r.kind === 'recorded' ? 'daily-recorded' : 'daily-already', { play }), show_alert: true });
  });
  return c;
}
