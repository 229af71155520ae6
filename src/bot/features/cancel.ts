/** /cancel: the sender's open challenges here; in a private chat, the games against the bot. */
import type { Ctx } from '../context.js';
import { editQuietly } from '../replies.js';
import type { Services } from '../services.js';

export function cancelCommand(s: Services) {
  return async (ctx: Ctx): Promise<void> => {
    let done = 0;
    for (const ch of await s.app.challenges.cancelAllBy(ctx.chat!.id, ctx.from!.id)) {
      done++;
      if (ch.messageId) await editQuietly(ctx, ch.chatId, ch.messageId, ctx.t('challenge-cancelled', { from: ch.from.name }));
    }
    if (ctx.chat!.type === 'private') {
      for (const g of await s.app.games.userGamesInChat(ctx.chat!.id, ctx.from!.id)) {
        if (g.kind !== 'bot') continue;
        const over = await s.app.games.forfeit(g.id, ctx.from!.id);
        if (over) {
          done++;
          void s.boards.show(over);
        }
      }
    }
    await ctx.reply(ctx.t(done ? 'cancel-done' : 'cancel-nothing'));
  };
}
