/** /resign: open the resign menu on the sender's games in this chat. */
import type { Ctx } from '../context.js';
import type { Services } from '../services.js';

export function resignCommand(s: Services) {
  return async (ctx: Ctx): Promise<void> => {
    const games = await s.app.games.userGamesInChat(ctx.chat!.id, ctx.from!.id);
    const open = games.filter((g) => g.match.game.phase !== 'over');
    if (open.length === 0) return void (await ctx.reply(ctx.t('no-game')));
    for (const g of open) void s.boards.show(g, { resignMenu: true });
  };
}
