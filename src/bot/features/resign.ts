/**
 * Resigning. On a private board the board's own menu offers it; on a shared (group) board the
 * menu is a separate message for the one person who asked, so the other player's buttons stay
 * and nobody can resign for someone else. With several games, /resign asks which.
 */
import { Composer } from 'grammy';
import { sideOfUser } from '../../app/games.js';
import type { GameRecord } from '../../app/model.js';
import { opponentOf } from '../../app/table/view.js';
import type { Ctx } from '../context.js';
import { answerQuery, editPressed } from '../replies.js';
import type { Services } from '../services.js';
import { resignChooser, resignKeyboard } from '../view/keyboard.js';
import { playerName, type Translate } from '../../present/text.js';
import { onButton } from '../buttons.js';

function opponentName(t: Translate, g: GameRecord, userId: number): string {
  const side = sideOfUser(g, userId) ?? 'white';
  return playerName(g.players[opponentOf(side)], t);
}

function askText(t: Translate, g: GameRecord, userId: number): string {
  const side = sideOfUser(g, userId) ?? 'white';
  return t('resign-ask', { name: playerName(g.players[side], t), opponent: opponentName(t, g, userId), variant: t(`variant-${g.match.variant}`) });
}

/** The resign menu as its own message, for the person who asked. */
export async function sendResignMessage(ctx: Ctx, _s: Services, g: GameRecord): Promise<void> {
  const t = ctx.t.bind(ctx);
  await ctx.reply(askText(t, g, ctx.from!.id), { reply_markup: resignKeyboard(t, g, ctx.from!.id) });
}

export function resignCommand(s: Services) {
  return async (ctx: Ctx): Promise<void> => {
    const t = ctx.t.bind(ctx);
    const games = await s.app.games.userGamesInChat(ctx.chat!.id, ctx.from!.id);
    const open = games.filter((g) => g.match.game.phase !== 'over');
    if (open.length === 0) return void (await ctx.reply(t('no-game')));
    if (open.length > 1) {
      const choices = open.map((g) => ({ id: g.id, label: t('resign-game-label', { opponent: opponentName(t, g, ctx.from!.id), variant: t(`variant-${g.match.variant}`) }) }));
      return void (await ctx.reply(t('resign-which'), { reply_markup: resignChooser(t, choices, ctx.from!.id) }));
    }
    const g = open[0]!;
    if (g.kind === 'group') return sendResignMessage(ctx, s, g);
    void s.boards.show(g, { resignMenu: true });
  };
}

export function resignFeature(s: Services): Composer<Ctx> {
  const c = new Composer<Ctx>();
  onButton(c, 'resign', async (ctx, cb) => {
    const t = ctx.t.bind(ctx);
    if (cb.user !== ctx.from.id) return void (await answerQuery(ctx, t('toast-not-for-you')));
    const rec = await s.app.games.get(cb.id);
    if (!rec || rec.finished) {
      await answerQuery(ctx, t('toast-gone'));
      return void (await editPressed(ctx, t('resign-gone')));
    }
    if (!sideOfUser(rec, ctx.from.id)) return void (await answerQuery(ctx, t('toast-not-player')));
    if (cb.act === 'never-mind') {
      await answerQuery(ctx);
      return void (await editPressed(ctx, t('resign-kept')));
    }
    if (cb.act === 'menu') {
      await answerQuery(ctx);
      return void (await editPressed(ctx, askText(t, rec, ctx.from.id), { reply_markup: resignKeyboard(t, rec, ctx.from.id) }));
    }
    const r = await s.app.games.act(rec.id, ctx.from.id, { kind: 'resign', level: cb.act });
    if (r.kind === 'gone') return void (await answerQuery(ctx, t('toast-gone')));
    if (r.kind === 'not-player' || r.kind === 'not-your-turn') return void (await answerQuery(ctx, t('toast-not-player')));
    if (r.kind === 'refused' || r.kind === 'stale') return void (await answerQuery(ctx, t(r.kind === 'refused' ? `toast-refused-${r.code}` : 'toast-stale')));
    await answerQuery(ctx);
    const points = cb.act * rec.match.game.cube.value;
    await editPressed(ctx, t('resign-sent', { points, opponent: opponentName(t, rec, ctx.from.id) }));
  });
  return c;
}
