/** Challenge buttons in groups: Accept / Decline / Cancel; the first valid Accept wins. */
import { Composer } from 'grammy';
import type { Challenge } from '../../app/model.js';
import type { Ctx } from '../context.js';
import { answerQuery, editPressed } from '../replies.js';
import { showGame, type Services } from '../services.js';
import { displayName, type Translate } from '../../present/text.js';
import { onButton } from '../buttons.js';

/** The challenge in words, in the challenger's language, with the commitment of its dice. */
export function challengeText(t: Translate, c: Challenge): string {
  const game = t(c.length > 1 ? 'challenge-game-match' : 'challenge-game-single', { variant: c.variant, length: c.length });
  const line = c.target ? t('challenge-to', { from: c.from.name, to: c.target.name ?? `@${c.target.username}`, game }) : t('challenge-open', { from: c.from.name, game });
  return `${line}\n\n${t('dice-challenge', { commit: c.dice.commit })}`;
}

export function challengeFeature(s: Services): Composer<Ctx> {
  const c = new Composer<Ctx>();
  onButton(c, 'challenge', async (ctx, cb) => {
    const me = { id: ctx.from.id, name: displayName(ctx.from), username: ctx.from.username ?? null, lang: await s.langOf(ctx) };
    // Toasts speak to the presser; the message itself stays in the challenger's language.
    const t = ctx.t.bind(ctx);
    if (cb.act === 'cancel' || cb.act === 'decline') {
      const r = cb.act === 'cancel' ? await s.app.challenges.cancel(cb.id, me.id) : await s.app.challenges.decline(cb.id, me);
      if (r.kind === 'not-allowed') return void (await answerQuery(ctx, t(cb.act === 'cancel' ? 'toast-only-challenger' : 'toast-only-target')));
      if (r.kind === 'gone') return void (await answerQuery(ctx, t('toast-challenge-gone')));
      await answerQuery(ctx);
      const ct = s.t(r.challenge.from.lang);
      const text = cb.act === 'cancel' ? ct('challenge-cancelled', { from: r.challenge.from.name }) : ct('challenge-declined', { from: r.challenge.from.name, to: me.name });
      return void (await editPressed(ctx, text));
    }
    const r = await s.app.challenges.accept(cb.id, me, ctx.callbackQuery.id);
    switch (r.kind) {
      case 'own':
        return void (await answerQuery(ctx, t('toast-own-challenge')));
      case 'not-target':
        return void (await answerQuery(ctx, t('toast-only-target')));
      case 'gone':
        return void (await answerQuery(ctx, t('toast-challenge-gone')));
      case 'already-started': {
        // Accepted before (perhaps just before a restart): bring the board if it is missing,
        // and if the challenge message still offers Accept (the process stopped between the
        // answer and the edit), say there that it was accepted.
        await answerQuery(ctx, t('toast-challenge-gone'));
        const g = r.game;
        const seat = g.seats[0]!;
        const markup = JSON.stringify((ctx.callbackQuery.message as { reply_markup?: unknown } | undefined)?.reply_markup ?? null);
        const challenger = g.players[seat.viewer];
        const acceptor = g.players[seat.viewer === 'white' ? 'black' : 'white'];
        if (markup.includes(`"c|${cb.id}|`) && challenger.kind === 'human' && acceptor.kind === 'human') {
          const ct = s.t(seat.lang);
          await editPressed(ctx, [ct('challenge-accepted', { from: challenger.name, to: acceptor.name }), ct('dice-started', { commit: g.dice.commit, client: g.dice.client })].join('\n\n'));
        }
        if (!(await s.boards.messageOf(g, seat.chatId))) await showGame(s, g);
        return;
      }
      case 'started': {
        await answerQuery(ctx, t('toast-accepted'));
        const ct = s.t(r.challenge.from.lang);
        const text = [ct('challenge-accepted', { from: r.challenge.from.name, to: me.name }), ct('dice-started', { commit: r.game.dice.commit, client: r.game.dice.client })].join('\n\n');
        await editPressed(ctx, text);
        await showGame(s, r.game);
      }
    }
  });
  return c;
}
