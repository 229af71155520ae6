/** /resign, /cancel, /fair and group migration. */
import { Composer } from 'grammy';
import { verifyGame } from '../../app/games.js';
import type { Ctx } from '../context.js';
import type { Services } from '../services.js';

export function miscFeature(s: Services): Composer<Ctx> {
  const c = new Composer<Ctx>();

  c.command('resign', async (ctx) => {
    const games = await s.games.userGamesInChat(ctx.chat.id, ctx.from!.id);
    const open = games.filter((g) => g.match.game.phase !== 'over');
    if (open.length === 0) return void (await ctx.reply(ctx.t('no-game')));
    for (const g of open) await s.boards.show(g, { resignMenu: true });
  });

  c.command('cancel', async (ctx) => {
    let done = 0;
    for (const ch of await s.store.chatChallenges(ctx.chat.id)) {
      if (ch.from.id !== ctx.from!.id) continue;
      if (await s.store.takeChallenge(ch.id)) {
        done++;
        if (ch.messageId) await ctx.api.editMessageText(ch.chatId, ch.messageId, ctx.t('challenge-cancelled', { from: ch.from.name })).catch(() => undefined);
      }
    }
    if (ctx.chat.type === 'private') {
      for (const g of await s.games.userGamesInChat(ctx.chat.id, ctx.from!.id)) {
        if (g.kind !== 'bot') continue;
        const over = await s.games.forfeit(g.id, ctx.from!.id);
        if (over) {
          done++;
          await s.boards.show(over);
        }
      }
    }
    await ctx.reply(ctx.t(done ? 'cancel-done' : 'cancel-nothing'));
  });

  c.command('fair', async (ctx) => {
    const id = ctx.match.trim();
    if (id) {
      if (!/^[0-9a-z]{10}$/.test(id)) return void (await ctx.reply(ctx.t('fair-bad-id')));
      const rec = await s.store.getGame(id);
      if (!rec) return void (await ctx.reply(ctx.t('fair-not-found')));
      const lines = verifyGame(rec).map((r) =>
        r.seed === null
          ? ctx.t('fair-running', { key: r.key, hash: r.hash })
          : ctx.t(r.ok ? 'fair-ok' : 'fair-bad', { key: r.key, hash: r.hash, seed: r.seed, rolls: r.rolls }),
      );
      return void (await ctx.reply([ctx.t('fair-title', { id }), ...lines, ctx.t('fair-how')].join('\n\n')));
    }
    const games = await s.games.userGamesInChat(ctx.chat.id, ctx.from!.id);
    if (games.length === 0) return void (await ctx.reply(ctx.t('fair-none')));
    await ctx.reply(games.map((g) => ctx.t('fair-current', { id: g.id, key: g.fair.key, hash: g.fair.hash })).join('\n\n'));
  });

  c.on('message:migrate_to_chat_id', async (ctx) => {
    const to = ctx.message.migrate_to_chat_id;
    const ids = await s.store.moveChat(ctx.chat.id, to);
    for (const id of ids) {
      const rec = await s.store.getGame(id);
      if (!rec) continue;
      const moved = await s.games.moveChat(rec, to);
      if (moved) await s.boards.show(moved);
    }
    s.log.info({ from: ctx.chat.id, to, games: ids.length }, 'chat migrated to a supergroup');
  });

  return c;
}
