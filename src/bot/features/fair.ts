/** /fair: the seed hashes of the current games, or the check of a finished one. */
import type { Fairness } from '../../app/fair.js';
import type { Ctx } from '../context.js';

export function fairCommand(fair: Fairness) {
  return async (ctx: Ctx): Promise<void> => {
    const t = ctx.t.bind(ctx);
    const id = (typeof ctx.match === 'string' ? ctx.match : '').trim();
    if (id) {
      const r = await fair.check(id);
      if (r.kind === 'bad-id') return void (await ctx.reply(t('fair-bad-id')));
      if (r.kind === 'not-found') return void (await ctx.reply(t('fair-not-found')));
      const lines = r.games.map((g) =>
        g.seed === null ? t('fair-running', { key: g.key, hash: g.hash }) : t(g.ok ? 'fair-ok' : 'fair-bad', { key: g.key, hash: g.hash, seed: g.seed, rolls: g.rolls }),
      );
      return void (await ctx.reply([t('fair-title', { id }), ...lines, t('fair-how')].join('\n\n')));
    }
    const current = await fair.current(ctx.chat!.id, ctx.from!.id);
    if (current.length === 0) return void (await ctx.reply(t('fair-none')));
    await ctx.reply(current.map((g) => t('fair-current', { id: g.gameId, key: g.key, hash: g.hash })).join('\n\n'));
  };
}
