/**
 * A button handler gets its callback already parsed and typed: the one opening of every button
 * (parse the data, check its kind, answer "bad button" to anything forged or broken) lives here.
 */
import type { CallbackQueryContext, Composer } from 'grammy';
import { parseCallback, route, type Callback } from './codec.js';
import type { Ctx } from './context.js';
import { answerQuery } from './replies.js';

type Kind = Callback['kind'];
export type ButtonCtx = CallbackQueryContext<Ctx>;

/** Handle the buttons of these kinds (one family: one prefix); any other data there is a bad button. */
export function onButton<K extends Kind>(c: Composer<Ctx>, kinds: K | readonly K[], handle: (ctx: ButtonCtx, cb: Extract<Callback, { kind: K }>) => Promise<void>): void {
  const list: readonly Kind[] = typeof kinds === 'string' ? [kinds] : kinds;
  c.callbackQuery(route(list[0]!), async (ctx) => {
    const cb = parseCallback(ctx.callbackQuery.data);
    if (!cb || !list.includes(cb.kind)) return void (await badButton(ctx));
    await handle(ctx, cb as Extract<Callback, { kind: K }>);
  });
}

/** The answer to a forged, broken or out-of-place button. */
export async function badButton(ctx: Ctx): Promise<void> {
  await answerQuery(ctx, ctx.t('toast-bad-button'));
}
