/**
 * The bot's handlers through bot.handleUpdate, with an API transformer standing in for
 * Telegram that keeps the messages it was asked to send or edit (per chat, with their captions
 * and buttons), so a test can read what a person sees and press the buttons of a real message.
 */
import type { Metrics } from '../../src/bot/metrics.js';
import type { Transformer } from 'grammy';
import type { Update } from 'grammy/types';
import { createPlayer, type Level } from '../../src/ai/player.js';
import { inProcess } from '../../src/ai/thinker.js';
import { createApp, type App } from '../../src/app/index.js';
import { createBot, type CreatedBot } from '../../src/bot/index.js';
import { Reviews } from '../../src/app/reviews.js';
import { UNPACED } from '../../src/bot/outbox.js';
import { loadConfig } from '../../src/config.js';
import { createLogger, type Logger } from '../../src/logger.js';
import { seededRandom } from '../../src/sim/rng.js';
import { MemoryStore } from '../../src/store/index.js';

export interface User {
  readonly id: number;
  readonly first_name: string;
  readonly language_code?: string;
  readonly username?: string;
}

export interface Button {
  readonly text: string;
  readonly callback_data?: string;
}

export interface Message {
  readonly chatId: number;
  readonly messageId: number;
  text: string;
  photo: boolean;
  buttons: Button[][];
  /** Every version of the message, oldest first (a send, then each edit). */
  readonly history: string[];
}

export interface Call {
  readonly method: string;
  readonly payload: Record<string, unknown>;
}

export const GROUP = { id: -100500, type: 'supergroup' as const, title: 'Nardy club' };
export const private_ = (u: User) => ({ id: u.id, type: 'private' as const, first_name: u.first_name });

export interface HarnessOptions {
  /** Move limits of games between people, in seconds. */
  readonly moveLimits?: { group: number; link: number; notice?: number };
  /** Make a call fail as Telegram would: return a description and code, or null to let it pass. */
  readonly fail?: (method: string, payload: Record<string, unknown>) => { code: number; description: string } | null;
  readonly log?: Logger;
  readonly defaultLanguage?: 'ru' | 'en';
  /** The bot's reviews (to watch the queue and its progress messages). */
  readonly reviews?: Reviews;
  /** Each update waits for the reviews it started to be posted (default); false: they run on. */
  readonly waitForReviews?: boolean;
  /** The bot's Prometheus metrics (none by default). */
  readonly metrics?: Metrics;
  /** Users who are admins of the groups (getChatMember says so). */
  readonly admins?: readonly number[];
  /** The app's clock (the daily position's hours). */
  readonly now?: () => number;
}

export function botHarness(opts: HarnessOptions = {}) {
  const config = loadConfig({ BOT_TOKEN: '123:abcdefghijklmnopqrstuvwxyz', DEFAULT_LANGUAGE: opts.defaultLanguage ?? 'ru' });
  const store = new MemoryStore({ challengeSeconds: 600, finishedSeconds: 600, idleSeconds: 600 });
  const app: App = createApp(store, { defaultLanguage: opts.defaultLanguage ?? 'ru', ...(opts.now ? { now: opts.now } : {}), player: (level: Level) => inProcess(createPlayer(level, seededRandom(11))), ...(opts.moveLimits ? { moveLimits: { notice: 0, ...opts.moveLimits } } : {}) });
  const calls: Call[] = [];
  const messages = new Map<string, Message>();
  let nextId = 1000;
  const keyOf = (chatId: number, messageId: number): string => `${chatId}:${messageId}`;
  // Telegram, beneath the outbox: its failures reach the outbox as they would over HTTP.
  const transport: Transformer = async (_prev, method, payload) => {

    const p = payload as Record<string, unknown>;
    calls.push({ method, payload: p });
    const failure = opts.fail?.(method, p);
    if (failure) return { ok: false, error_code: failure.code, description: failure.description } as never;
    const chatId = Number(p.chat_id ?? 0);
    const markup = (p.reply_markup as { inline_keyboard?: Button[][] } | undefined)?.inline_keyboard?.filter((row) => row.length > 0);
    if (method === 'sendMessage' || method === 'sendPhoto' || method === 'sendDocument') {
      const m: Message = { chatId, messageId: nextId++, text: String(p.text ?? p.caption ?? ''), photo: method === 'sendPhoto', buttons: markup ?? [], history: [] };
      m.history.push(m.text);
      messages.set(keyOf(chatId, m.messageId), m);
      return { ok: true, result: { message_id: m.messageId, date: 0, chat: { id: chatId, type: chatId < 0 ? 'supergroup' : 'private' } } } as never;
    }
    if (method === 'editMessageText' || method === 'editMessageMedia' || method === 'editMessageReplyMarkup' || method === 'editMessageCaption') {
      const m = messages.get(keyOf(chatId, Number(p.message_id)));
      if (!m) return { ok: false, error_code: 400, description: 'Bad Request: message to edit not found' } as never;
      // As Telegram: a picture has no text to edit, a text message no caption or media.
      if (method === 'editMessageText' && m.photo) return { ok: false, error_code: 400, description: 'Bad Request: there is no text in the message to edit' } as never;
      const text = method === 'editMessageText' ? String(p.text) : method === 'editMessageMedia' ? String((p.media as { caption?: string }).caption ?? '') : method === 'editMessageCaption' ? String(p.caption ?? '') : m.text;
      const buttons = markup ?? (method === 'editMessageReplyMarkup' ? [] : []);
      if (text === m.text && JSON.stringify(buttons) === JSON.stringify(m.buttons) && method !== 'editMessageMedia') {
        return { ok: false, error_code: 400, description: 'Bad Request: message is not modified: specified new message content and reply markup are exactly the same' } as never;
      }
      m.text = text;
      m.buttons = buttons;
      m.history.push(text);
      return { ok: true, result: true } as never;
    }
    if (method === 'getChatMember') {
      // Group admins are those the options name.
      const admin = (opts.admins ?? []).includes(Number(p.user_id));
      return { ok: true, result: { status: admin ? 'administrator' : 'member', user: { id: Number(p.user_id), is_bot: false, first_name: 'x' } } } as never;
    }
    return { ok: true, result: true } as never;
  };
  const reviews = opts.reviews ?? new Reviews();
  const created: CreatedBot = createBot(config, app, opts.log ?? createLogger('silent'), { outbox: { pacer: UNPACED, sleep: async () => undefined }, transport, reviews, ...(opts.metrics ? { metrics: opts.metrics } : {}) });
  const { bot } = created;
  bot.botInfo = { id: 1, is_bot: true, first_name: 'Nardy', username: 'nardy_bot', can_join_groups: true, can_read_all_group_messages: false, supports_inline_queries: true, can_connect_to_business: false, has_main_web_app: false } as typeof bot.botInfo;

  let updateId = 1;
  const handle = async (u: Update): Promise<void> => {
    await bot.handleUpdate(u);
    await created.settled({ reviews: opts.waitForReviews ?? true });
  };
  const chatOf = (chat: { id: number; type: string }) => (chat.type === 'private' ? chat : { ...chat, title: 'Nardy club' });

  return {
    app,
    store,
    created,
    reviews,
    calls,
    messages,
    /** A message sent by a user (commands get their entity). */
    async say(from: User, text: string, chat: { id: number; type: string } = private_(from), replyTo?: { from: User }): Promise<void> {
      const entities = text.startsWith('/') ? [{ type: 'bot_command' as const, offset: 0, length: text.split(/\s/)[0]!.length }] : [];
      const reply_to_message = replyTo ? { message_id: 1, date: 0, chat: chatOf(chat), from: { ...replyTo.from, is_bot: false }, text: 'hi' } : undefined;
      await handle({ update_id: updateId++, message: { message_id: updateId, date: 0, chat: chatOf(chat), from: { ...from, is_bot: false }, text, entities, ...(reply_to_message ? { reply_to_message } : {}) } } as unknown as Update);
    },
    /** Press a button of a message by its data (as Telegram delivers it: with the message). */
    async press(from: User, m: Message, data: string): Promise<string | undefined> {
      const before = calls.length;
      const chat = m.chatId < 0 ? { id: m.chatId, type: 'supergroup', title: 'Nardy club' } : { id: m.chatId, type: 'private', first_name: from.first_name };
      const message = { message_id: m.messageId, date: 0, chat, ...(m.photo ? { photo: [{ file_id: 'x', file_unique_id: 'x', width: 1, height: 1 }], caption: m.text } : { text: m.text }), reply_markup: { inline_keyboard: m.buttons } };
      await handle({ update_id: updateId++, callback_query: { id: `cbq${updateId}`, from: { ...from, is_bot: false }, chat_instance: 'x', data, message } } as unknown as Update);
      const answer = calls.slice(before).find((c) => c.method === 'answerCallbackQuery');
      return answer ? String(answer.payload.text ?? '') : undefined;
    },
    /** Type @bot <query> in some chat: the results the bot answered with. */
    async inline(from: User, query: string): Promise<Array<Record<string, unknown>>> {
      const before = calls.length;
      await handle({ update_id: updateId++, inline_query: { id: `iq${updateId}`, from: { ...from, is_bot: false }, query, offset: '' } } as unknown as Update);
      const answer = calls.slice(before).find((c) => c.method === 'answerInlineQuery');
      return (answer?.payload.results as Array<Record<string, unknown>>) ?? [];
    },
    /** Press a button of a message sent inline (no chat, only its inline message id): the answer. */
    async pressInline(from: User, inlineMessageId: string, data: string): Promise<Record<string, unknown> | undefined> {
      const before = calls.length;
      await handle({ update_id: updateId++, callback_query: { id: `cbq${updateId}`, from: { ...from, is_bot: false }, chat_instance: 'y', inline_message_id: inlineMessageId, data } } as unknown as Update);
      return calls.slice(before).find((c) => c.method === 'answerCallbackQuery')?.payload;
    },
    /** Press the button whose label matches. */
    async pressLabel(from: User, m: Message, label: RegExp): Promise<string | undefined> {
      const b = m.buttons.flat().find((x) => label.test(x.text));
      if (!b?.callback_data) throw new Error(`no button ${label} on: ${JSON.stringify(m.buttons.flat().map((x) => x.text))}`);
      return this.press(from, m, b.callback_data);
    },
    /** Messages of a chat, oldest first. */
    in(chatId: number): Message[] {
      return [...messages.values()].filter((m) => m.chatId === chatId);
    },
    last(chatId: number): Message {
      const all = this.in(chatId);
      if (!all.length) throw new Error(`no message in ${chatId}`);
      return all.at(-1)!;
    },
    /** The board photo of a chat (the newest). */
    board(chatId: number): Message {
      const b = this.in(chatId).filter((m) => m.photo && m.buttons.flat().some((x) => x.callback_data?.startsWith('g|'))).at(-1) ?? this.in(chatId).filter((m) => m.photo).at(-1);
      if (!b) throw new Error(`no board in ${chatId}`);
      return b;
    },
    labels(m: Message): string[] {
      return m.buttons.flat().map((b) => b.text);
    },
  };
}

export type BotHarness = ReturnType<typeof botHarness>;
