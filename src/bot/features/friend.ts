/**
 * Play a friend by link: the menu (game, length, the cube for matches) makes an invitation whose
 * link (t.me/<bot>?start=i_<id>) the friend opens; Accept starts a game with a board in each
 * private chat. Decline and Cancel end the invitation; a used, expired or own link says so.
 */
import { Composer, InlineKeyboard } from 'grammy';
import type { Invitation } from '../../app/model.js';
import type { Variant } from '../../engine/types.js';
import { encode, MATCH_LENGTHS } from '../codec.js';
import type { Ctx } from '../context.js';
import { attempt } from '../outbox.js';
import { answerQuery, editPressed } from '../replies.js';
import { showGame, type Services } from '../services.js';
import { displayName, type Translate } from '../../present/text.js';
import { onButton } from '../buttons.js';

/** "a game of long nardy", "a match to 5 of short nardy with the cube". */
export function inviteGame(t: Translate, v: { variant: Variant; length: number; cube: boolean }): string {
  const game = t(v.length > 1 ? 'challenge-game-match' : 'challenge-game-single', { variant: v.variant, length: v.length });
  return v.length > 1 && v.cube ? t('invite-game-cube', { game }) : game;
}

export function inviteLink(botUsername: string, id: string): string {
  return `https://t.me/${botUsername}?start=i_${id}`;
}

function variantMenu(t: Translate): InlineKeyboard {
  return new InlineKeyboard()
    .text(t('variant-long'), encode({ kind: 'friend', variant: 'long', length: null, cube: null }))
    .text(t('variant-short'), encode({ kind: 'friend', variant: 'short', length: null, cube: null }));
}

/** The invitation as its sender sees it: the link, Send to a chat, Cancel. */
function madeMessage(t: Translate, s: Services, inv: Invitation, botUsername: string): { text: string; keyboard: InlineKeyboard } {
  const hours = Math.max(1, Math.round((inv.expiresAt - inv.createdAt) / 3_600_000));
  const text = [t('invite-made', { game: inviteGame(t, inv), hours, link: inviteLink(botUsername, inv.id) }), t('dice-challenge', { commit: inv.dice.commit })].join('\n\n');
  const keyboard = new InlineKeyboard().switchInline(t('btn-share'), `i_${inv.id}`).row().text(t('btn-cancel-invite'), encode({ kind: 'invitation', id: inv.id, act: 'cancel' }));
  void s;
  return { text, keyboard };
}

/** "👥 Play a friend": in a private chat the invitation menu; in a group, how to challenge there. */
export async function friendMenu(ctx: Ctx): Promise<void> {
  const t = ctx.t.bind(ctx);
  if (ctx.chat?.type !== 'private') return void (await ctx.reply(t('friend-group-how')));
  await ctx.reply(`${t('friend-variant')}\n\n${t('friend-group-how')}`, { reply_markup: variantMenu(t) });
}

/** /start i_<id>: what the link's opener sees. */
export async function openInvitation(ctx: Ctx, s: Services, id: string): Promise<void> {
  const t = ctx.t.bind(ctx);
  const v = await s.app.invitations.view(id, ctx.from!.id);
  switch (v.kind) {
    case 'open': {
      const inv = v.invitation;
      const kb = new InlineKeyboard().text(t('btn-accept'), encode({ kind: 'invitation', id, act: 'accept' })).text(t('btn-decline'), encode({ kind: 'invitation', id, act: 'decline' }));
      return void (await ctx.reply([t('invite-open', { from: inv.from.name, game: inviteGame(t, inv) }), t('dice-challenge', { commit: inv.dice.commit })].join('\n\n'), { reply_markup: kb }));
    }
    case 'own':
      return void (await ctx.reply(t('invite-own'), { reply_markup: new InlineKeyboard().switchInline(t('btn-share'), `i_${id}`) }));
    case 'used':
      if (v.mine) return void (await ctx.reply(t('invite-used-mine'), { reply_markup: new InlineKeyboard().text(t('btn-continue'), encode({ kind: 'continue', id })) }));
      return void (await ctx.reply(t('invite-used')));
    case 'gone':
      return void (await ctx.reply(t('invite-gone')));
  }
}

export function friendFeature(s: Services): Composer<Ctx> {
  const c = new Composer<Ctx>();
  onButton(c, 'friend', async (ctx, cb) => {
    if (ctx.chat?.type !== 'private') return void (await answerQuery(ctx, ctx.t('play-bot-private-only')));
    const t = ctx.t.bind(ctx);
    await answerQuery(ctx);
    if (!cb.variant) return void (await editPressed(ctx, t('friend-variant'), { reply_markup: variantMenu(t) }));
    if (cb.length === null) {
      const kb = new InlineKeyboard();
      for (const n of MATCH_LENGTHS) kb.text(n === 1 ? t('length-single') : t('length-match', { n }), encode({ kind: 'friend', variant: cb.variant, length: n, cube: null }));
      return void (await editPressed(ctx, t('friend-length', { variant: t(`variant-${cb.variant}`) }), { reply_markup: kb }));
    }
    if (cb.length > 1 && cb.cube === null) {
      const kb = new InlineKeyboard()
        .text(t('btn-cube-on'), encode({ kind: 'friend', variant: cb.variant, length: cb.length, cube: true }))
        .text(t('btn-cube-off'), encode({ kind: 'friend', variant: cb.variant, length: cb.length, cube: false }));
      return void (await editPressed(ctx, t('friend-cube', { length: cb.length }), { reply_markup: kb }));
    }
    const lang = await s.langOf(ctx);
    const inv = await s.app.invitations.create({ id: ctx.from.id, name: displayName(ctx.from), lang }, cb.variant, cb.length, cb.cube ?? false);
    const m = madeMessage(t, s, inv, ctx.me.username);
    await editPressed(ctx, m.text, { reply_markup: m.keyboard, link_preview_options: { is_disabled: true } });
  });

  onButton(c, 'invitation', async (ctx, cb) => {
    const t = ctx.t.bind(ctx);
    const me = { id: ctx.from.id, name: displayName(ctx.from), lang: await s.langOf(ctx) };
    if (cb.act === 'cancel' || cb.act === 'decline') {
      const r = await s.app.invitations.end(cb.id, me.id, cb.act);
      if (r.kind === 'not-allowed') return void (await answerQuery(ctx, t(cb.act === 'cancel' ? 'toast-not-for-you' : 'toast-own-invitation')));
      if (r.kind === 'gone') {
        await answerQuery(ctx, t('toast-invitation-gone'));
        return void (await editPressed(ctx, t('invite-gone')));
      }
      await answerQuery(ctx);
      await editPressed(ctx, t(cb.act === 'cancel' ? 'invite-cancelled' : 'invite-declined-you'));
      if (cb.act === 'decline') {
        const inv = r.invitation;
        const it = s.t(inv.from.lang);
        await attempt(() => s.api.sendMessage(inv.from.id, it('invite-declined', { name: me.name, game: inviteGame(it, inv) })));
      }
      return;
    }
    const r = await s.app.invitations.accept(cb.id, me, ctx.callbackQuery.id);
    switch (r.kind) {
      case 'own':
        return void (await answerQuery(ctx, t('toast-own-invitation')));
      case 'gone':
        await answerQuery(ctx, t('toast-invitation-gone'));
        return void (await editPressed(ctx, t('invite-gone')));
      case 'used':
        await answerQuery(ctx, t(r.mine ? 'invite-used-mine' : 'invite-used'));
        if (r.mine && !(await s.boards.messageOf(r.game, ctx.chat?.id ?? me.id))) await showGame(s, r.game);
        return;
      case 'started': {
        await answerQuery(ctx, t('toast-accepted'));
        const inv = r.invitation;
        await editPressed(ctx, [t('invite-accepted-you', { from: inv.from.name, game: inviteGame(t, inv) }), t('dice-started', { commit: r.game.dice.commit, client: r.game.dice.client })].join('\n\n'));
        const it = s.t(inv.from.lang);
        // The inviter has the commitment in the invitation made in this chat (said once); an
        // invitation sent inline put it in another chat, so it comes here with the seed.
        const dice = inv.inlineMessageId ? it('dice-started', { commit: r.game.dice.commit, client: r.game.dice.client }) : it('dice-seeded', { client: r.game.dice.client });
        await attempt(() => s.api.sendMessage(inv.from.id, [it('invite-accepted', { name: me.name, game: inviteGame(it, inv) }), dice].join('\n\n')));
        if (inv.inlineMessageId) {
          const bot = ctx.me.username;
          await attempt(() => s.api.editMessageTextInline(inv.inlineMessageId!, it('invite-inline-done', { name: me.name, bot })), ['not-modified', 'gone', 'refused', 'blocked']);
        }
        await showGame(s, r.game);
      }
    }
  });
  return c;
}
