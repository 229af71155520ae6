/**
 * Invitations from any chat (inline mode): typing @<bot> offers "Invite to long / short nardy"
 * (the query may name a game and a length, as /play does); the message sent carries Accept.
 * Whoever accepts is taken to their private chat with the bot (the press opens
 * t.me/<bot>?start=i_<id>), where the invitation is accepted as one made by link. The query
 * `i_<id>` (the "Send to a chat" button of an invitation by link) sends that invitation.
 * Needs inline mode on in @BotFather (/setinline); inline feedback is not needed.
 */
import { Composer, InlineKeyboard } from 'grammy';
import type { InlineQueryResult } from 'grammy/types';
import type { Variant } from '../../engine/types.js';
import { encode, parseCallback, route } from '../codec.js';
import type { Ctx } from '../context.js';
import { attempt } from '../outbox.js';
import { answerQuery } from '../replies.js';
import type { Services } from '../services.js';
import { displayName } from '../../present/text.js';
import { inviteGame, inviteLink } from './friend.js';
import { parsePlayArgs } from './play.js';

export function inlineFeature(s: Services): Composer<Ctx> {
  const c = new Composer<Ctx>();
  c.on('inline_query', async (ctx) => {
    const from = ctx.inlineQuery.from;
    const lang = await s.langOf(ctx);
    const t = s.t(lang);
    const name = displayName(from);
    const bot = ctx.me.username;
    const q = ctx.inlineQuery.query.trim();
    const results: InlineQueryResult[] = [];
    const link = /^i_([0-9a-z]{10})$/.exec(q);
    if (link) {
      const inv = await s.app.invitations.get(link[1]!);
      if (inv && inv.from.id === from.id) {
        const url = inviteLink(bot, inv.id);
        results.push({
          type: 'article',
          id: `link-${inv.id}`,
          title: t('inline-share-title'),
          description: inviteGame(t, inv),
          input_message_content: { message_text: t('inline-link', { from: inv.from.name, game: inviteGame(t, inv), link: url }), link_preview_options: { is_disabled: true } },
          reply_markup: new InlineKeyboard().url(t('btn-accept'), url),
        });
      }
    } else {
      // What they typed, as /play reads it; nothing understood: both games, one game each.
      const args = parsePlayArgs(q);
      const variants: Variant[] = 'error' in args || !args.variant ? ['long', 'short'] : [args.variant];
      const length = 'error' in args ? 1 : (args.length ?? 1);
      await s.app.players.rememberName(from.id, name, from.language_code);
      const commit = await s.app.players.nextCommit(from.id);
      const sender = { id: from.id, name, lang };
      for (const variant of variants) {
        // Matches of short nardy use the cube, as everywhere in this bot; long nardy goes without.
        const cube = length > 1 && variant === 'short';
        const game = inviteGame(t, { variant, length, cube });
        const offer = await s.app.invitations.offerInline(sender, variant, length, cube, commit);
        results.push({
          type: 'article',
          id: `${variant}-${length}`,
          title: t('inline-title', { variant: t(`variant-${variant}`) }),
          description: t('inline-description', { game }),
          input_message_content: { message_text: [t('inline-invite', { from: name, game, bot }), t('dice-challenge', { commit })].join('\n\n') },
          reply_markup: new InlineKeyboard().text(t('btn-accept'), encode({ kind: 'inline-accept', offer })),
        });
      }
    }
    // Personal (each carries its sender) and never cached: a commitment changes after each match.
    await attempt(() => ctx.answerInlineQuery(results, { cache_time: 0, is_personal: true }));
  });

  c.callbackQuery(route('inline-accept'), async (ctx) => {
    const cb = parseCallback(ctx.callbackQuery.data);
    const inlineId = ctx.callbackQuery.inline_message_id;
    if (cb?.kind === 'inline-outdated') return void (await answerQuery(ctx, { text: ctx.t('toast-inline-outdated'), show_alert: true }));
    if (!cb || cb.kind !== 'inline-accept' || !inlineId) return void (await answerQuery(ctx, ctx.t('toast-bad-button')));
    const inv = await s.app.invitations.fromInline(inlineId, cb.offer, ctx.from.id);
    if (inv === 'own') return void (await answerQuery(ctx, ctx.t('toast-own-invitation')));
    if (inv === 'gone') return void (await answerQuery(ctx, { text: ctx.t('toast-inline-outdated'), show_alert: true }));
    if (inv === 'used') return void (await answerQuery(ctx, ctx.t('invite-used')));
    // The private chat opens with the invitation; Accept there starts the game.
    await attempt(() => ctx.answerCallbackQuery({ url: inviteLink(ctx.me.username, inv.id) }));
  });
  return c;
}
