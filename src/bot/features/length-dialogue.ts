/**
 * "Other length…": a short @grammyjs/conversations dialogue that asks for a match length as
 * text. Its state lives in the store (see createBot), so it survives a restart. Anything that is
 * not a plain text answer (buttons of a running game, commands) goes on to the other handlers.
 */
import type { Conversation } from '@grammyjs/conversations';
import type { Context } from 'grammy';
import type { BotLevel, Lang } from '../../app/model.js';
import type { Variant } from '../../engine/types.js';
import type { Ctx } from '../context.js';
import { MAX_MATCH } from '../codec.js';
import { showGame, type Services } from '../services.js';
import { quote } from '../../present/text.js';
import { startBotGame } from './bot-game.js';

export const LENGTH_DIALOGUE = 'match-length';
export { MAX_MATCH };

/** A match length typed by a person: a whole number 1..25 ("7", " 7 ", "до 7", "to 7"). */
export function parseLength(text: string): number | null {
  const m = /^\s*(?:до|to)?\s*(\d{1,3})\s*$/i.exec(text);
  if (!m) return null;
  const n = Number(m[1]);
  return n >= 1 && n <= MAX_MATCH ? n : null;
}

export function lengthDialogue(s: Services) {
  return async function matchLength(conversation: Conversation<Ctx, Context>, ctx: Context, variant: Variant, level: BotLevel, lang: Lang): Promise<void> {
    const t = s.t(lang);
    // Messages go through the bot's own API (the outbox), once: a conversation's ctx.api is a
    // copy of its own, and what is inside external() is not done again when it replays.
    const say = (chatId: number, text: string): Promise<void> => conversation.external(() => s.api.sendMessage(chatId, text).then(() => undefined));
    for (let tries = 0; tries < 5; tries++) {
      const answer = await conversation.waitFor('message:text', { next: true, maxMilliseconds: 10 * 60_000 });
      const text = answer.message.text;
      if (text.startsWith('/')) {
        // A command ends the dialogue and still runs.
        await conversation.halt({ next: true });
      }
      const length = parseLength(text);
      if (length === null) {
        await say(answer.chat.id, t('play-bot-length-bad', { text: quote(text, 30), max: MAX_MATCH }));
        continue;
      }
      const from = answer.from!;
      const chatId = answer.chat.id;
      // The client seed of the dice: the person's own, else the typed message (fixed by their action).
      const pressId = `m${answer.message.message_id}.${answer.message.date}`;
      const id = await conversation.external(async () => {
        const { rec, text } = await startBotGame(s, { chatId, from, pressId, variant, level, length });
        await s.api.sendMessage(chatId, text);
        await showGame(s, rec);
        return rec.id;
      });
      void id;
      return;
    }
    await say(ctx.chat!.id, t('play-bot-length-gave-up'));
  };
}
