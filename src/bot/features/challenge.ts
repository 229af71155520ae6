/** Challenge buttons in groups: Accept / Decline / Cancel; the first valid Accept wins. */
import { Composer } from 'grammy';
import type { Challenge } from '../../app/model.js';
import { parseCallback } from '../codec.js';
import type { Ctx } from '../context.js';
import { answerQuery, editPressed } from '../replies.js';
import { showGame, type Services } from '../services.js';
import { displayName, type Translate } from '../view/text.js';

export function challengeText(t: Translate, c: Challenge): string {
  const game = c.length > 1 ? t('challenge-match', { variant: t(`variant-${c.variant}`), length: c.length }) : t(`variant-${c.variant}`);
  if (!c.target) return t('challenge-open', { from: c.from.name, game });
  return t('challenge-to', { from: c.from.name, to: c.target.name ?? `@${c.target.username}`, game });
}

export function challengeFeature(s: Services): Composer<Ctx> {
  const c = new Composer<Ctx>();
  c.callbackQuery(/^c\|/, async (ctx) => {
    const cb = parseCallback(ctx.callbackQuery.data);
    if (!cb || cb.kind !== 'challenge') return void (await answerQuery(ctx, ctx.t('toast-bad-button')));
    const me = { id: ctx.from.id, name: displayName(ctx.from), username: ctx.from.username ?? null, lang: await s.langOf(ctx) };
    const t = ctx.t.bind(ctx);
    if (cb.act === 'cancel' || cb.act === 'decline') {
      const r = cb.act === 'cancel' ? await s.app.challenges.cancel(cb.id, me.id) : await s.app.challenges.decline(cb.id, me);
      if (r.kind === 'not-allowed') return void (await answerQuery(ctx, t(cb.act === 'cancel' ? 'toast-only-challenger' : 'toast-only-target')));
      if (r.kind === 'gone') return void (await answerQuery(ctx, t('toast-challenge-gone')));
      await answerQuery(ctx);
      const text = cb.act === 'cancel' ? t('challenge-cancelled', { from: r.challenge.from.name }) : t('challenge-declined', { from: r.challenge.from.name, to: me.name });
      return void (await editPressed(ctx, text));
    }
    const r = await s.app.challenges.accept(cb.id, me);
    switch (r.kind) {
      case 'own':
        return void (await answerQuery(ctx, t('toast-own-challenge')));
      case 'not-target':
        return void (await answerQuery(ctx, t('toast-only-target')));
      case 'gone':
        return void (await answerQuery(ctx, t('toast-challenge-gone')));
      case 'already-started': {
        // Accepted before (perhaps just before a restart): bring the board if it is missing.
        await answerQuery(ctx, t('toast-challenge-gone'));
        if (!(await s.boards.messageOf(r.game, r.game.seats[0]!.chatId))) await showGame(s, r.game);
        return;
      }
      case 'started': {
        await answerQuery(ctx, t('toast-accepted'));
        await editPressed(ctx, s.t(r.challenge.from.lang)('challenge-accepted', { from: r.challenge.from.name, to: me.name }));
        await showGame(s, r.game);
      }
    }
  });
  return c;
}
