/**
 * /fair: the commitments of the dice (running games, the next match), the person's own client
 * seed (`/fair seed <text>`, `/fair seed off`), the check of the last finished game or of any
 * game by id; and the "Check dice" button of a finished game.
 */
import { Composer } from 'grammy';
import type { FairCheck, Fairness } from '../../app/fair.js';
import type { Ctx } from '../context.js';
import { answerQuery } from '../replies.js';
import type { Services } from '../services.js';
import { quote, type Translate } from '../../present/text.js';
import { onButton } from '../buttons.js';

/** The check of a game in words: every game of its match, revealed or still running. */
export function checkText(t: Translate, r: Extract<FairCheck, { kind: 'checked' }>): string {
  const lines = r.games.map((g) => {
    if (g.scheme === 1) {
      return g.seed === null ? t('fair-running-v1', { key: g.key, hash: g.hash }) : t(g.ok ? 'fair-ok-v1' : 'fair-bad-v1', { key: g.key, hash: g.hash, seed: g.seed, rolls: g.rolls });
    }
    const args = { k: g.index ?? 0, commit: g.hash, client: g.client ?? '', key: g.key, rolls: g.rolls, digits: g.digits, id: r.gameId };
    return g.seed === null ? t('fair-running', args) : t(g.ok ? 'fair-ok' : 'fair-bad', { ...args, seed: g.seed });
  });
  const how = r.games.some((g) => g.scheme === 2) ? t('fair-how') : t('fair-how-v1');
  return [t('fair-title', { id: r.gameId }), ...lines, how].join('\n\n').slice(0, 4096);
}

export function fairCommand(fair: Fairness) {
  return async (ctx: Ctx): Promise<void> => {
    const t = ctx.t.bind(ctx);
    const arg = (typeof ctx.match === 'string' ? ctx.match : '').trim();
    const seedArg = /^(seed|зерно)(?:\s+(.*))?$/i.exec(arg);
    if (seedArg) {
      const value = (seedArg[2] ?? '').trim();
      if (value === '') {
        const o = await fair.overview(ctx.chat!.id, ctx.from!.id);
        return void (await ctx.reply(o.seed ? t('fair-seed-is', { seed: o.seed }) : t('fair-seed-none')));
      }
      const off = /^(off|none|выкл|нет)$/i.test(value);
      if (!(await fair.setSeed(ctx.from!.id, off ? null : value))) return void (await ctx.reply(t('fair-seed-bad', { seed: quote(value, 30) })));
      return void (await ctx.reply(off ? t('fair-seed-cleared') : t('fair-seed-set', { seed: value })));
    }
    if (arg) {
      const r = await fair.check(arg);
      if (r.kind === 'bad-id') return void (await ctx.reply(t('fair-bad-id')));
      if (r.kind === 'not-found') return void (await ctx.reply(t('fair-not-found')));
      return void (await ctx.reply(checkText(t, r)));
    }
    const o = await fair.overview(ctx.chat!.id, ctx.from!.id);
    const parts: string[] = [];
    for (const g of o.current) {
      parts.push(g.scheme === 2 ? t('fair-current', { id: g.gameId, commit: g.hash, client: g.client ?? '', k: g.index ?? 0 }) : t('fair-current-v1', { id: g.gameId, hash: g.hash }));
    }
    parts.push(t('fair-next', { commit: o.next }));
    parts.push(o.seed ? t('fair-seed-is', { seed: o.seed }) : t('fair-seed-none'));
    if (o.last && o.last.kind === 'checked') parts.push(checkText(t, o.last));
    else if (!o.current.length) parts.push(t('fair-none'));
    await ctx.reply(parts.join('\n\n').slice(0, 4096));
  };
}

export function fairFeature(s: Services): Composer<Ctx> {
  const c = new Composer<Ctx>();
  onButton(c, 'check', async (ctx, cb) => {
    const r = await s.app.fair.check(cb.id);
    if (r.kind !== 'checked') return void (await answerQuery(ctx, ctx.t('fair-not-found')));
    await answerQuery(ctx);
    await ctx.reply(checkText(ctx.t.bind(ctx), r));
  });
  return c;
}
