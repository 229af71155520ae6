/**
 * Learning from one's games: a review after a game (📊 Review), the game as a file (💾 Export,
 * /export), and hints during games against the gentle levels (💡 Hint).
 *
 * A review runs off the update path: queued (at most REVIEWS_AT_ONCE per instance, the queue's
 * position shown), analysed in slices that yield to the event loop after every decision, with a
 * progress message edited now and then; then each player's error rate, counts and luck, and the
 * presser's three biggest mistakes as pictures (the play made in red, the best in green), the last
 * with ◀ ▶ to browse them all. In a group each player reviews their own moves.
 */
import { Composer, InlineKeyboard, InputFile } from 'grammy';
import { mistakesOf, REVIEWS_PER_USER, type Analysis, type Decision, type Reviews } from '../../app/reviews.js';
import { exportFile, exportGame, toMat } from '../../app/export.js';
import { sideOfUser } from '../../app/games.js';
import type { GameRecord, Human } from '../../app/model.js';
import { playText } from '../../app/table/view.js';
import type { Side } from '../../engine/types.js';
import { renderPosition } from '../../render/index.js';
import { encode } from '../codec.js';
import type { Ctx } from '../context.js';
import { attempt } from '../outbox.js';
import { answerQuery } from '../replies.js';
import type { Services } from '../services.js';
import { playerName, playersNotation, type Translate, decimal } from '../../present/text.js';
import { boardLabels } from '../../present/board.js';
import { onButton } from '../buttons.js';
import { gameLabel } from './bot-game.js';

/** The progress message, once sent (or why it could not be). */
type Note = Awaited<ReturnType<typeof attempt<{ readonly message_id: number }>>>;



function summary(t: Translate, rec: GameRecord, a: Analysis): string {
  const lines = [t('review-title', { variant: t(`variant-${rec.match.variant}`) })];
  for (const side of ['white', 'black'] as const) {
    const p = a.players[side];
    lines.push(
      t('review-player', {
        name: playerName(rec.players[side], t),
        rate: decimal(t, p.errorRate, 1),
        unforced: p.unforced,
        doubtful: p.doubtful,
        bad: p.bad,
        verybad: p.veryBad,
        luck: decimal(t, p.luck, 2, true),
      }),
    );
  }
  lines.push(t('review-scale'));
  return lines.join('\n');
}

function mistakeCaption(t: Translate, d: Decision, n: number, total: number): string {
  const dice = d.dice ? `${Math.max(d.dice[0], d.dice[1])}-${Math.min(d.dice[0], d.dice[1])}` : '';
  const head = t('review-mistake', { n: String(n + 1), total: String(total), game: String(d.game), mark: t(`mark-${d.mark}`), loss: decimal(t, d.loss, 3) });
  const body =
    d.kind === 'play'
      ? t('review-mistake-play', { dice, played: playersNotation(d.played), best: playersNotation(d.best) })
      : t('review-mistake-cube', { played: t(`cube-${d.kind}`), best: d.best === 'double' ? t('cube-double') : d.best === 'take' ? t('cube-take') : d.best === 'pass' ? t('cube-pass') : t('cube-no-double') });
  return `${head}\n${body}`;
}

async function mistakePicture(rec: GameRecord, d: Decision, viewer: Side, theme: 'wood' | 'dark', t: Translate): Promise<Buffer> {
  const side = d.position.turn;
  return renderPosition(d.position, {
    viewer,
    theme,
    dice: d.dice,
    turn: side,
    names: { white: playerName(rec.players.white, t), black: playerName(rec.players.black, t) },
    compare: d.kind === 'play' ? { played: { side, moves: d.playedMoves ?? [] }, best: { side, moves: d.bestMoves ?? [] } } : null,
    labels: boardLabels(t),
  });
}

function browse(t: Translate, id: string, n: number, total: number): InlineKeyboard {
  const kb = new InlineKeyboard();
  if (n > 0) kb.text(t('btn-prev'), encode({ kind: 'review', id, act: n - 1 }));
  if (n + 1 < total) kb.text(t('btn-next'), encode({ kind: 'review', id, act: n + 1 }));
  return kb;
}

/** Send the game as files: the JSON export (and .mat for short nardy). */
export async function sendExport(ctx: Ctx, rec: GameRecord): Promise<void> {
  const t = ctx.t.bind(ctx);
  const names = { white: playerName(rec.players.white, t), black: playerName(rec.players.black, t) };
  const exp = exportGame(rec, names);
  const chatId = ctx.chat!.id;
  const name = `nardy-${rec.id}`;
  await ctx.api.sendDocument(chatId, new InputFile(Buffer.from(JSON.stringify(exportFile(rec, names), null, 1)), `${name}.json`), { caption: ctx.t('export-caption') });
  if (rec.match.variant === 'short') await ctx.api.sendDocument(chatId, new InputFile(Buffer.from(toMat(exp)), `${name}.mat`), { caption: `${ctx.t('export-mat')}\n${ctx.t(rec.match.length > 1 ? 'export-mat-match' : 'export-mat-single')}` });
}

export function exportCommand(s: Services) {
  return async (ctx: Ctx): Promise<void> => {
    const id = await s.app.players.lastGame(ctx.from!.id);
    const rec = id ? await s.app.games.get(id) : null;
    if (!rec) return void (await ctx.reply(ctx.t('export-none')));
    await sendExport(ctx, rec);
  };
}

/**
 * The Mini App's end screen links here (/start rv_<id>, ex_<id>): the export is sent at once;
 * the review is offered as its button (a review is posted where it is asked for, once).
 */
export async function afterFromStart(ctx: Ctx, s: Services, what: 'rv' | 'ex', id: string): Promise<void> {
  const t = ctx.t.bind(ctx);
  const rec = await s.app.games.get(id);
  if (!rec || !rec.finished) return void (await ctx.reply(t('toast-gone')));
  if (!sideOfUser(rec, ctx.from!.id)) return void (await ctx.reply(t(what === 'ex' ? 'export-not-player' : 'review-not-player')));
  if (what === 'ex') return sendExport(ctx, rec);
  const kb = new InlineKeyboard().text(t('btn-review'), encode({ kind: 'review', id: rec.id, act: 'review' })).text(t('btn-export'), encode({ kind: 'review', id: rec.id, act: 'export' }));
  await ctx.reply(t('review-offer', { game: gameLabel(t, rec, ctx.from!.id) }), { reply_markup: kb });
}

export function reviewFeature(s: Services, reviews: Reviews): Composer<Ctx> {
  const c = new Composer<Ctx>();

  onButton(c, 'review', async (ctx, cb) => {
    const t = ctx.t.bind(ctx);
    const rec = await s.app.games.get(cb.id);
    if (!rec) return void (await answerQuery(ctx, t('toast-gone')));
    const side = sideOfUser(rec, ctx.from.id);
    // Every move and both names: the players' own (a clear refusal to anyone else).
    if (!side) return void (await answerQuery(ctx, { text: t(cb.act === 'export' ? 'export-not-player' : 'review-not-player'), show_alert: true }));
    if (cb.act === 'export') {
      await answerQuery(ctx);
      return void (await sendExport(ctx, rec));
    }
    const settings = await s.app.players.settings(ctx.from.id);
    const viewer = settings.orientation === 'white' ? 'white' : side;
    if (typeof cb.act === 'number') {
      const a = reviews.cached(rec.id);
      if (!a) {
        // The analysis is gone from memory: Review may post it afresh.
        await s.app.once.reviewPosted(rec.id, ctx.chat!.id, ctx.from.id).giveBack();
        return void (await answerQuery(ctx, t('review-again')));
      }
      const list = mistakesOf(a, side);
      const d = list[cb.act];
      if (!d) return void (await answerQuery(ctx, t('toast-stale')));
      await answerQuery(ctx);
      const png = await mistakePicture(rec, d, viewer, settings.theme, t);
      const msg = ctx.callbackQuery.message;
      if (!msg) return;
      await attempt(() => ctx.api.editMessageMedia(msg.chat.id, msg.message_id, { type: 'photo', media: new InputFile(png, 'mistake.png'), caption: mistakeCaption(t, d, cb.act as number, list.length) }, { reply_markup: browse(t, rec.id, cb.act as number, list.length) }));
      return;
    }
    const chatId = ctx.chat!.id;
    // A second press while this person's review of the game is on its way would post it twice.
    // (A chat's updates are handled one after the other, so the first has been tracked by now.)
    const key = `${rec.id}:${chatId}:${ctx.from.id}`;
    if (reviews.busy(key)) return void (await answerQuery(ctx, t('toast-review-running')));
    // One review per game, chat and person (across instances): a repeated press points up to it.
    if (reviews.runningFor(ctx.from.id) >= REVIEWS_PER_USER) return void (await answerQuery(ctx, { text: t('toast-review-limit'), show_alert: true }));
    // Posted once in a chat for a person (a repeated press is told so): the use case's rule.
    if (!(await s.app.once.reviewPosted(rec.id, chatId, ctx.from.id).take())) return void (await answerQuery(ctx, t('toast-review-posted')));
    // Into the line first (the place is known at the press), then the message that shows it.
    let noteSent!: (n: Note) => void;
    const noteReady = new Promise<Note>((r) => (noteSent = r));
    const edit = async (text: string): Promise<void> => {
      const note = await noteReady;
      if (note.ok) void attempt(() => ctx.api.editMessageText(chatId, note.value.message_id, text));
    };
    let last = Date.now();
    let queued = false;
    // Where every person in the game agreed (/settings), their clearest mistakes may become puzzles.
    const humans = (['white', 'black'] as const).filter((sd) => rec.players[sd].kind === 'human');
    const agreed = (await Promise.all(humans.map(async (sd) => (await s.app.players.settings((rec.players[sd] as Human).id)).sharePuzzles))).every(Boolean);
    const ticket = reviews.analysis(rec, {
      progress: async (share) => {
        if (share === 0) {
          await noteReady;
          // Out of the line: say so at once.
          if (queued) await edit(t('review-progress', { percent: '0' }));
          queued = false;
          last = Date.now();
          return;
        }
        if (Date.now() - last < reviews.progressEveryMs || share >= 1) return;
        last = Date.now();
        await edit(t('review-progress', { percent: String(Math.round(share * 100)) }));
      },
      place: (position) => void edit(t('review-queued', { position: String(position) })),
    }, agreed && humans.length > 0 ? { problemsOf: humans } : undefined);
    queued = ticket.place > 0;
    await answerQuery(ctx, t('toast-review'));
    const note = await attempt(() => ctx.api.sendMessage(chatId, queued ? t('review-queued', { position: String(ticket.place) }) : t('review-progress', { percent: '0' })));
    noteSent(note);
    // The rest runs off the update path: this chat's next updates need not wait for the analysis.
    reviews.track(
      (async () => {
        const a = await ticket.result.catch((e: unknown) => {
          s.log.error({ err: e, game: rec.id }, 'review failed');
          return null;
        });
        if (!a) {
          // Not deleted: the mark expires on its own, and until then a second press is told it was posted.
          await s.app.once.reviewPosted(rec.id, chatId, ctx.from.id).giveBack().catch((e: unknown) => s.log.warn({ err: e, game: rec.id }, 'could not clear the review mark after a failed review'));
          if (note.ok) await attempt(() => ctx.api.editMessageText(chatId, note.value.message_id, t('review-failed')));
          return;
        }
        let gave = 0;
        if (a.problems?.length) {
          const added = await s.app.puzzles.addFromGame(a.problems).catch((e: unknown) => {
            s.log.warn({ err: e, game: rec.id }, 'could not keep the problems of a reviewed game');
            return [];
          });
          if (added.length) s.log.info({ game: rec.id, problems: added }, 'problems made of a reviewed game');
          gave = a.problems.length;
        }
        const text = gave ? `${summary(t, rec, a)}\n\n${t('review-gave-puzzles', { n: gave })}` : summary(t, rec, a);
        if (note.ok) await attempt(() => ctx.api.editMessageText(chatId, note.value.message_id, text));
        else await attempt(() => ctx.api.sendMessage(chatId, text));
        const list = mistakesOf(a, side);
        if (list.length === 0) return void (await attempt(() => ctx.api.sendMessage(chatId, t('review-no-mistakes', { name: playerName(rec.players[side], t) }))));
        const shown = Math.min(3, list.length);
        for (let i = 0; i < shown; i++) {
          const png = await mistakePicture(rec, list[i]!, viewer, settings.theme, t);
          const kb = i === shown - 1 && list.length > shown ? browse(t, rec.id, i, list.length) : undefined;
          await attempt(() => ctx.api.sendPhoto(chatId, new InputFile(png, 'mistake.png'), { caption: mistakeCaption(t, list[i]!, i, list.length), ...(kb ? { reply_markup: kb } : {}) }));
        }
      })().catch((e: unknown) => s.log.error({ err: e, game: rec.id }, 'posting a review failed')),
      key,
      ctx.from.id,
    );
  });

  onButton(c, 'hint', async (ctx, cb) => {
    const t = ctx.t.bind(ctx);
    const r = await s.app.hints.check(cb.id, cb.v, ctx.from.id);
    if (r.kind === 'gone') return void (await answerQuery(ctx, t('toast-gone')));
    if (r.kind === 'not-now') return void (await answerQuery(ctx, t('hint-not-now')));
    if (r.kind === 'stale') return void (await answerQuery(ctx, t('toast-stale')));
    const { game: rec, side } = r;
    // One hint per board version and person: pressing again points to the one above.
    const shown = s.app.once.hintShown(rec.id, rec.v, ctx.from.id);
    if (!(await shown.take())) return void (await answerQuery(ctx, t('toast-hint-shown')));
    // Answered before the thinking; a hint that could not be thought out may be asked again.
    await answerQuery(ctx);
    const plays = await s.app.hints.plays(r).catch(async (e: unknown) => {
      await shown.giveBack().catch((err: unknown) => s.log.warn({ err, game: rec.id }, 'could not clear the hint mark after a failed hint'));
      throw e;
    });
    const g = rec.match.game;
    if (plays.length === 0) return void (await attempt(() => ctx.reply(t('hint-none'))));
    const settings = await s.app.players.settings(ctx.from.id);
    const viewer = settings.orientation === 'white' ? 'white' : side;
    const lines = plays.map((c, i) => t('hint-line', { n: String(i + 1), play: playText(c.moves, g.position), equity: decimal(t, c.equity, 3, true) }));
    const png = await renderPosition(g.position, {
      viewer,
      theme: settings.theme,
      dice: g.dice,
      names: { white: playerName(rec.players.white, t), black: playerName(rec.players.black, t) },
      compare: { best: { side, moves: plays[0]!.moves } },
      labels: boardLabels(t),
    });
    await attempt(() => ctx.replyWithPhoto(new InputFile(png, 'hint.png'), { caption: `${t('hint-title')}\n${lines.join('\n')}` }));
  });
  return c;
}
