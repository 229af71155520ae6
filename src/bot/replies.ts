/** Small helpers over the outbox for features: edits that may find nothing to change. */
import type { Ctx } from './context.js';
import { attempt } from './outbox.js';

type EditExtra = Parameters<Ctx['editMessageText']>[1];

/**
 * Edit the message whose button was pressed. "Not modified" is fine; when the message is gone
 * (or cannot be edited) the text is sent as a new message instead.
 */
export async function editPressed(ctx: Ctx, text: string, extra?: EditExtra): Promise<void> {
  // The same text and buttons again (a late second press): nothing to send.
  const shown = ctx.callbackQuery?.message as { text?: string; reply_markup?: { inline_keyboard?: unknown } } | undefined;
  if (shown && shown.text === text && sameButtons(shown.reply_markup?.inline_keyboard, (extra?.reply_markup as { inline_keyboard?: unknown } | undefined)?.inline_keyboard)) return;
  // A menu's buttons live on text messages: pressed on a picture (a board), the payload was
  // forged or is very old. Its text has no place there; in a private chat it comes as a message
  // of its own, in a group not at all.
  if (shown && typeof shown.text !== 'string') {
    if (ctx.chat?.type === 'private') await ctx.reply(text, extra as never);
    return;
  }
  const r = await attempt(() => ctx.editMessageText(text, extra), ['not-modified', 'gone']);
  if (!r.ok && r.kind === 'gone') await ctx.reply(text, extra as never);
}

/** Whether two inline keyboards have the same buttons (absent = none). */
export function sameButtons(a: unknown, b: unknown): boolean {
  const norm = (k: unknown): string => JSON.stringify(((k as Array<Array<{ text?: string; callback_data?: string; url?: string }>>) ?? []).map((row) => row.map((x) => [x.text, x.callback_data ?? null, x.url ?? null])).filter((row) => row.length));
  return norm(a) === norm(b);
}

/** Edit a message by id; "not modified", "gone" and "blocked" change nothing and are not errors. */
export async function editQuietly(ctx: Ctx, chatId: number, messageId: number, text: string): Promise<void> {
  await attempt(() => ctx.api.editMessageText(chatId, messageId, text), ['not-modified', 'gone', 'blocked']);
}

/**
 * Answer the pressed button. A refused answer (the query is too old after a backlog, say) is
 * logged by the outbox and changes nothing else: what the press did is still shown.
 */
export async function answerQuery(ctx: Ctx, text?: string | { text?: string; show_alert?: boolean }): Promise<void> {
  const opts = typeof text === 'string' ? { text } : text;
  const r = await attempt(() => ctx.answerCallbackQuery(opts));
  if (r.ok && ctx.receivedAt !== undefined) ctx.answered?.(performance.now() - ctx.receivedAt);
}

/** Whether the sender is an admin of the group (a member the bot cannot see is not). */
export async function isGroupAdmin(ctx: Ctx): Promise<boolean> {
  if (!ctx.chat || !ctx.from) return false;
  try {
    const m = await ctx.api.getChatMember(ctx.chat.id, ctx.from.id);
    return m.status === 'creator' || m.status === 'administrator';
  } catch {
    // Not known (the bot cannot see members): not an admin for this purpose.
    return false;
  }
}
