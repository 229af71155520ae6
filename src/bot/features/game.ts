/** Game buttons: every press answered at once, then the board redrawn. */
import { Composer } from 'grammy';
import type { PressResult } from '../../app/games.js';
import { sideOfUser } from '../../app/games.js';
import { actor } from '../../engine/game.js';
import type { GameRecord } from '../../store/types.js';
import { playerName, translator } from '../board.js';
import { parseCallback } from '../codec.js';
import type { Ctx } from '../context.js';
import type { Services } from '../services.js';

export function gameFeature(s: Services): Composer<Ctx> {
  const c = new Composer<Ctx>();

  c.callbackQuery(/^g\|/, async (ctx) => {
    const cb = parseCallback(ctx.callbackQuery.data);
    if (!cb || cb.kind !== 'game') return void (await ctx.answerCallbackQuery({ text: ctx.t('toast-bad-button'), show_alert: false }));
    const userId = ctx.from.id;
    const pressedMessage = ctx.callbackQuery.message?.message_id ?? null;
    const act = cb.act;

    if (act.type === 'resign-menu' || act.type === 'back' || act.type === 'rematch') {
      const rec = await s.store.getGame(cb.id);
      if (!rec) return void (await ctx.answerCallbackQuery(ctx.t('toast-gone')));
      if (rec.v !== cb.v) return void (await stale(ctx, s, rec, pressedMessage));
      if (!sideOfUser(rec, userId)) return void (await ctx.answerCallbackQuery(ctx.t('toast-not-player')));
      if (act.type === 'rematch') {
        const next = await s.games.rematch(rec, userId);
        if (!next) return void (await ctx.answerCallbackQuery(ctx.t('toast-stale')));
        await ctx.answerCallbackQuery(ctx.t('toast-rematch'));
        await s.boards.retire(rec.chatId, (await s.boards.messageOf(rec)) ?? pressedMessage ?? 0);
        await s.boards.show(next);
        return;
      }
      const who = actor(rec.match.game);
      const side = sideOfUser(rec, userId);
      if (act.type === 'resign-menu' && (rec.match.game.phase === 'over' || (who !== null && who !== side && rec.kind === 'bot'))) {
        return void (await ctx.answerCallbackQuery(ctx.t('toast-cannot-now')));
      }
      await ctx.answerCallbackQuery();
      await s.boards.show(rec, { resignMenu: act.type === 'resign-menu' });
      return;
    }

    const result = await s.games.press(cb.id, cb.v, userId, act);
    await answer(ctx, s, result);
    if (result.kind === 'applied') await s.boards.show(result.game);
    else if (result.kind === 'stale') await refresh(s, result.game, pressedMessage);
  });

  return c;
}

async function answer(ctx: Ctx, s: Services, r: PressResult): Promise<void> {
  const t = (key: string, args?: Record<string, string | number>): string => ctx.t(key, args);
  switch (r.kind) {
    case 'applied':
      return void (await ctx.answerCallbackQuery());
    case 'stale':
      return void (await ctx.answerCallbackQuery(t('toast-stale')));
    case 'gone':
      return void (await ctx.answerCallbackQuery(t('toast-gone')));
    case 'not-player':
    case 'not-your-turn': {
      const g = r.game.match.game;
      const who = actor(g) ?? g.position.turn;
      const name = playerName(r.game.players[who], translator(s.i18n, await s.langOf(ctx)));
      return void (await ctx.answerCallbackQuery(t(r.kind === 'not-player' ? 'toast-not-player-turn' : 'toast-not-your-turn', { name })));
    }
    case 'refused':
      return void (await ctx.answerCallbackQuery(t(`toast-refused-${r.code}`)));
  }
}

async function stale(ctx: Ctx, s: Services, rec: GameRecord, pressed: number | null): Promise<void> {
  await ctx.answerCallbackQuery(ctx.t('toast-stale'));
  await refresh(s, rec, pressed);
}

/** An old board was pressed: bring the current one up to date, or retire the old message. */
async function refresh(s: Services, rec: GameRecord, pressed: number | null): Promise<void> {
  const current = await s.boards.messageOf(rec);
  if (pressed !== null && current !== null && pressed !== current) await s.boards.retire(rec.chatId, pressed);
  else await s.boards.show(rec);
}
