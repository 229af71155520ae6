/**
 * Puzzles in the private chat: /puzzle (or the menu's 🧩) shows a problem from the bank as a board
 * with the roll and three or four plays as buttons; the answer shows the best play drawn on the
 * board, what each choice loses, one line of why, and the player's rating and streak.
 * /puzzle stats: the player's puzzle rating and record. /puzzle long, /puzzle short: one game only.
 */
import { Composer, InlineKeyboard, InputFile } from 'grammy';
import type { PuzzleProfile } from '../../app/puzzles/puzzles.js';
import type { Side, Variant } from '../../engine/types.js';
import { boardLabels } from '../../present/board.js';
import type { Translate } from '../../present/text.js';
import { answeredLines, answerLabels, answerToast, problemCaption, problemTable } from '../../present/puzzle.js';
import { answerMoves, problemPosition, type Problem } from '../../puzzles/bank.js';
import { renderPosition } from '../../render/index.js';
import { onButton } from '../buttons.js';
import { encode } from '../codec.js';
import type { Ctx } from '../context.js';
import { attempt } from '../outbox.js';
import { answerQuery } from '../replies.js';
import type { Services } from '../services.js';

const VARIANT_WORDS: ReadonlyArray<readonly [RegExp, Variant]> = [
  [/^(short|backgammon|коротк[а-яё]*( нарды)?)$/iu, 'short'],
  [/^(long|длинн[а-яё]*( нарды)?)$/iu, 'long'],
];


async function picture(s: Services, userId: number, t: Translate, problem: Problem, marks?: { best: number; chosen: number | null }): Promise<Buffer> {
  const settings = await s.app.players.settings(userId);
  const position = problemPosition(problem);
  const side: Side = position.turn;
  return renderPosition(position, {
    viewer: side,
    theme: settings.theme,
    ...problemTable(problem),
    labels: boardLabels(t),
    names: { white: t('side-white'), black: t('side-black') },
    ...(marks && problem.kind === 'play' ? { compare: { best: { side, moves: answerMoves(problem.answers[marks.best]!) }, played: marks.chosen !== null ? { side, moves: answerMoves(problem.answers[marks.chosen]!) } : null } } : {}),
  });
}

/** A new problem for the person, as a new message (the one before keeps its answer). */
export async function sendPuzzle(ctx: Ctx, s: Services, variant: Variant | null | 'as-before'): Promise<void> {
  const userId = ctx.from!.id;
  const t = ctx.t.bind(ctx);
  const { problem, order } = await s.app.puzzles.next(userId, variant);
  const record = await s.app.puzzles.problemRecord(problem);
  const kb = new InlineKeyboard();
  answerLabels(t, problem, order).forEach((label, shown) => kb.text(label, encode({ kind: 'puzzle', act: 'answer', id: problem.id, n: shown })).row());
  const png = await picture(s, userId, t, problem);
  await ctx.replyWithPhoto(new InputFile(png, 'puzzle.png'), { caption: problemCaption(t, problem, record.rating.rating), reply_markup: kb });
}

export function statsText(t: Translate, p: PuzzleProfile): string {
  if (p.attempts === 0) return t('puzzle-stats-none');
  return t('puzzle-stats', { rating: String(Math.round(p.rating.rating)), rd: String(Math.round(p.rating.rd)), solved: p.solved, attempts: p.attempts, streak: p.streak, best: p.bestStreak, share: Math.round((100 * p.solved) / p.attempts) });
}

export function puzzleCommand(s: Services) {
  return async (ctx: Ctx): Promise<void> => {
    const t = ctx.t.bind(ctx);
    if (ctx.chat?.type !== 'private') return void (await ctx.reply(t('private-only-command', { command: '/puzzle', bot: ctx.me.username })));
    const arg = (typeof ctx.match === 'string' ? ctx.match : '').trim();
    if (/^(stats|статистика|стат)$/i.test(arg)) return void (await ctx.reply(statsText(t, await s.app.puzzles.profile(ctx.from!.id))));
    const variant = VARIANT_WORDS.find(([re]) => re.test(arg))?.[1] ?? null;
    if (arg && !variant) return void (await ctx.reply(t('puzzle-usage')));
    await sendPuzzle(ctx, s, variant);
  };
}

export function puzzleFeature(s: Services): Composer<Ctx> {
  const c = new Composer<Ctx>();
  onButton(c, 'puzzle', async (ctx, cb) => {
    const t = ctx.t.bind(ctx);
    if (ctx.chat?.type !== 'private') return void (await answerQuery(ctx, t('private-only-command', { command: '/puzzle', bot: ctx.me.username })));
    if (cb.act === 'stats') {
      await answerQuery(ctx);
      return void (await ctx.reply(statsText(t, await s.app.puzzles.profile(ctx.from.id))));
    }
    if (cb.act === 'next') {
      await answerQuery(ctx);
      return sendPuzzle(ctx, s, cb.variant ?? 'as-before');
    }
    const r = await s.app.puzzles.answer(ctx.from.id, cb.id, cb.n);
    if (r.kind === 'stale') return void (await answerQuery(ctx, t('puzzle-stale')));
    await answerQuery(ctx, answerToast(t, r.problem, r.kind === 'solved'));
    const { problem, chosen } = r;
    const lines = answeredLines(t, r);
    const png = await picture(s, ctx.from.id, t, problem, { best: 0, chosen: chosen === 0 ? null : chosen });
    const kb = new InlineKeyboard().text(t('puzzle-next'), encode({ kind: 'puzzle', act: 'next', variant: null })).text(t('puzzle-stats-button'), encode({ kind: 'puzzle', act: 'stats' }));
    const msg = ctx.callbackQuery.message;
    if (!msg) return;
    await attempt(() => ctx.api.editMessageMedia(msg.chat.id, msg.message_id, { type: 'photo', media: new InputFile(png, 'answer.png'), caption: lines.join('\n').slice(0, 1024) }, { reply_markup: kb }));
  });
  return c;
}
