/**
 * Every input is bounded before any work is done on it: Telegram's own limits (a message of 4096
 * characters, a caption of 1024, an inline query of 256, a name of 64) are cut to, so a hostile
 * or broken update of any size costs no more than a real one.
 */
import type { Update } from 'grammy/types';

export const MAX_TEXT = 4096;
export const MAX_CAPTION = 1024;
export const MAX_QUERY = 256;
export const MAX_NAME = 64;

type Loose = Record<string, unknown>;

function cut(o: Loose | undefined, key: string, max: number): void {
  const v = o?.[key];
  if (typeof v === 'string' && v.length > max) o![key] = v.slice(0, max);
}

function boundUser(u: unknown): void {
  if (typeof u !== 'object' || u === null) return;
  for (const k of ['first_name', 'last_name', 'username']) cut(u as Loose, k, MAX_NAME);
}

function boundMessage(m: unknown): void {
  if (typeof m !== 'object' || m === null) return;
  const msg = m as Loose;
  cut(msg, 'text', MAX_TEXT);
  cut(msg, 'caption', MAX_CAPTION);
  boundUser(msg.from);
  if (Array.isArray(msg.entities) && msg.entities.length > 100) msg.entities = msg.entities.slice(0, 100);
  if (typeof msg.reply_to_message === 'object' && msg.reply_to_message !== null) {
    const r = msg.reply_to_message as Loose;
    cut(r, 'text', MAX_TEXT);
    cut(r, 'caption', MAX_CAPTION);
    boundUser(r.from);
  }
}

/** Cut an update's texts to Telegram's limits, in place. */
export function boundUpdate(update: Update): void {
  const u = update as unknown as Loose;
  for (const k of ['message', 'edited_message', 'channel_post', 'edited_channel_post']) boundMessage(u[k]);
  const q = u.inline_query as Loose | undefined;
  cut(q, 'query', MAX_QUERY);
  boundUser(q?.from);
  const c = u.callback_query as Loose | undefined;
  // Callback data over 64 bytes cannot come from a real button; the codec refuses it.
  cut(c, 'data', 65);
  boundUser(c?.from);
  if (c) boundMessage(c.message);
  const r = u.chosen_inline_result as Loose | undefined;
  cut(r, 'query', MAX_QUERY);
}
