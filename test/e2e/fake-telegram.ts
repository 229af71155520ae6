/**
 * A fake Telegram Bot API server over HTTP, enough for the bot: getMe, getUpdates (offset and
 * long-poll timeout), sendMessage, sendPhoto and editMessageMedia (multipart uploads),
 * editMessageCaption / ReplyMarkup / Text, answerCallbackQuery (its text recorded),
 * setMyCommands, deleteMessage, deleteWebhook, setWebhook. Messages are realistic objects with
 * ids and chats. Errors (400, 403, 429 with retry_after) can be injected per method.
 *
 * Telegram's limits are on by default, as Telegram answers them (429 with retry_after): one
 * message or edit a second in a private chat, twenty a minute in a group, thirty a second over
 * all chats. `tooMany` counts the 429s the bot caused this way.
 */
import { EventEmitter } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeUser {
  id: number;
  first_name: string;
  username?: string;
  language_code?: string;
  is_bot?: false;
}

export interface FakeChat {
  id: number;
  type: 'private' | 'group' | 'supergroup';
  title?: string;
  first_name?: string;
}

export interface InlineButton {
  text: string;
  callback_data?: string;
  url?: string;
  web_app?: { url: string };
}

export interface FakeMessage {
  message_id: number;
  date: number;
  chat: FakeChat;
  from: { id: number; is_bot: boolean; first_name: string; username?: string };
  text?: string;
  caption?: string;
  photo?: Array<{ file_id: string; file_unique_id: string; width: number; height: number; file_size: number }>;
  reply_markup?: { inline_keyboard: InlineButton[][] };
  /** The message it replies to (the Bot API gives the whole message; its id is enough here). */
  reply_to_message?: { message_id: number };
  /** A file sent (sendDocument): its size and its bytes (the bytes are not part of the Bot API object). */
  document?: { file_id: string; file_size: number };
  file?: Buffer;
  /** The uploaded picture (not part of the Bot API object). */
  png?: Buffer;
  edits: number;
}

export interface Call {
  method: string;
  params: Record<string, unknown>;
  at: number;
}

interface Injected {
  code: number;
  description: string;
  retryAfter?: number;
  /** Never answer the call (a Telegram that hangs; the caller is killed meanwhile, say). */
  hang?: boolean;
  /** Carry the call out, then never answer it (the answer is lost: the caller dies before it). */
  lost?: boolean;
  /** Only for a call with these parameters (the others pass by): one press's answer, say. */
  when?: (params: Record<string, unknown>) => boolean;
}

/** Split a multipart/form-data body into its parts. */
export function parseMultipart(body: Buffer, boundary: string): Array<{ name: string; filename: string | null; data: Buffer }> {
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: Array<{ name: string; filename: string | null; data: Buffer }> = [];
  let pos = body.indexOf(delimiter);
  while (pos >= 0) {
    let start = pos + delimiter.length;
    if (body.subarray(start, start + 2).toString() === '--') break;
    if (body.subarray(start, start + 2).toString() === '\r\n') start += 2;
    const next = body.indexOf(delimiter, start);
    if (next < 0) break;
    let chunk = body.subarray(start, next);
    if (chunk.subarray(chunk.length - 2).toString() === '\r\n') chunk = chunk.subarray(0, chunk.length - 2);
    const headerEnd = chunk.indexOf('\r\n\r\n');
    const headers = chunk.subarray(0, headerEnd).toString('utf8');
    const name = /(?:^|;|\s)name="?([^";\r\n]*)"?/i.exec(headers)?.[1];
    const filename = /filename="?([^";\r\n]*)"?/i.exec(headers)?.[1] ?? null;
    if (name !== undefined) parts.push({ name, filename, data: Buffer.from(chunk.subarray(headerEnd + 4)) });
    pos = next;
  }
  return parts;
}

const BOT = { id: 7000001, is_bot: true, first_name: 'Nardy', username: 'nardy_test_bot', can_join_groups: true, can_read_all_group_messages: false, supports_inline_queries: true };

/** A message sent "via @bot" from an inline result: Telegram knows it only by its inline_message_id. */
export interface InlineMessage {
  id: string;
  text: string;
  reply_markup?: { inline_keyboard: Array<Array<InlineButton & { url?: string }>> };
  edits: number;
}

export class FakeTelegram extends EventEmitter {
  readonly token: string;
  private server: Server | null = null;
  private updates: Array<{ update_id: number } & Record<string, unknown>> = [];
  private nextUpdate = 1;
  private nextMessage = new Map<number, number>();
  readonly messages = new Map<string, FakeMessage>();
  /** Message keys per chat, in order of sending. */
  private readonly byChat = new Map<number, string[]>();
  readonly calls: Call[] = [];
  readonly answers = new Map<string, { text: string | undefined; url?: string; at: number }>();
  /** answerInlineQuery results per inline query id. */
  readonly inlineAnswers = new Map<string, Array<Record<string, unknown>>>();
  readonly inlineMessages = new Map<string, InlineMessage>();
  private nextInline = 1;
  private readonly injected = new Map<string, Injected[]>();
  private waiters: Array<() => void> = [];
  /** When each update was handed to the bot by getUpdates. */
  readonly delivered = new Map<number, number>();
  /** The update that carried each callback query. */
  readonly callbackUpdate = new Map<string, number>();
  private nextCallback = 1;
  url = '';
  /** 429 answers given because the bot went over a limit. */
  tooMany = 0;
  readonly tooManyLog: Array<{ method: string; chat: number; at: number }> = [];
  private readonly chatCalls = new Map<number, number[]>();
  private readonly allCalls: number[] = [];
  limits = { enabled: true, privateMs: 1000, groupWindowMs: 60_000, groupPerWindow: 20, globalPerSecond: 30 };

  /** Telegram's limits with every time scaled by `factor` (tests that play whole games). */
  /** Users who are admins of every group (getChatMember says so). */
  readonly admins = new Set<number>();

  scaleLimits(factor: number): this {
    this.limits = { ...this.limits, privateMs: 1000 * factor, groupWindowMs: 60_000 * factor, globalPerSecond: Math.round(30 / factor) };
    return this;
  }

  constructor(token = '123456:TEST-token-for-the-fake-api-abcdef') {
    super();
    this.token = token;
    this.setMaxListeners(1000);
  }

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    this.server.keepAliveTimeout = 60_000;
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.url;
  }

  async stop(): Promise<void> {
    for (const w of this.waiters) w();
    this.waiters = [];
    await new Promise<void>((resolve) => {
      this.server?.closeAllConnections();
      this.server?.close(() => resolve());
    });
  }

  /** The next `count` calls of `method` fail with this error. */
  inject(method: string, error: Injected, count = 1): void {
    const list = this.injected.get(method) ?? [];
    for (let i = 0; i < count; i++) list.push(error);
    this.injected.set(method, list);
  }

  // ---- updates from users -------------------------------------------------------------------

  /** Set by setWebhook: updates are then POSTed there, as Telegram does, instead of polled. */
  webhook: { url: string; secret: string | undefined } | null = null;
  /** The chats' menu button as last set (setChatMenuButton). */
  menuButton: unknown = null;
  private deliveries = 0;
  private readonly outgoing: Array<{ update_id: number } & Record<string, unknown>> = [];

  private push(update: Record<string, unknown>): number {
    const id = this.nextUpdate++;
    if (this.webhook) {
      this.outgoing.push({ update_id: id, ...update });
      this.pump();
      return id;
    }
    this.updates.push({ update_id: id, ...update });
    const ws = this.waiters;
    this.waiters = [];
    for (const w of ws) w();
    return id;
  }

  /** Deliver waiting updates to the webhook, a few at a time, each retried until it gets a 200. */
  private pump(): void {
    while (this.webhook && this.deliveries < 8 && this.outgoing.length) {
      const update = this.outgoing.shift()!;
      this.deliveries++;
      void this.deliver(update).finally(() => {
        this.deliveries--;
        this.pump();
      });
    }
  }

  private async deliver(update: { update_id: number }): Promise<void> {
    for (let attempt = 0; attempt < 20 && this.webhook; attempt++) {
      if (!this.delivered.has(update.update_id)) this.delivered.set(update.update_id, Date.now());
      try {
        const r = await fetch(this.webhook.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(this.webhook.secret ? { 'x-telegram-bot-api-secret-token': this.webhook.secret } : {}) },
          body: JSON.stringify(update),
        });
        await r.arrayBuffer();
        if (r.ok) return;
      } catch {
        // not reachable: tried again
      }
      await new Promise((res) => setTimeout(res, 500));
    }
  }

  /** A user sends a message (commands get their bot_command entity). */
  sendText(chat: FakeChat, from: FakeUser, text: string, replyTo?: FakeMessage | { message_id: number; from: FakeUser; chat: FakeChat; date: number; text: string }): void {
    const id = this.newMessageId(chat.id);
    const m = /^\/[A-Za-z0-9_]+(@[A-Za-z0-9_]+)?/.exec(text);
    const message: Record<string, unknown> = { message_id: id, date: Math.floor(Date.now() / 1000), chat, from: { is_bot: false, ...from }, text };
    if (m) message.entities = [{ type: 'bot_command', offset: 0, length: m[0].length }];
    if (replyTo) message.reply_to_message = replyTo;
    this.push({ message });
  }

  /** A user presses an inline button; returns the callback query id to await its answer. */
  press(message: FakeMessage, from: FakeUser, data: string): string {
    const id = `cb${this.nextCallback++}`;
    const { png: _png, edits: _edits, ...msg } = message;
    this.callbackUpdate.set(id, this.nextUpdate);
    this.push({ callback_query: { id, from: { is_bot: false, ...from }, message: msg, chat_instance: `ci${message.chat.id}`, data } });
    return id;
  }

  /** A user types "@bot <query>" in some chat; returns the inline query id to await the results. */
  inlineQuery(from: FakeUser, query: string): string {
    const id = `iq${this.nextCallback++}`;
    this.push({ inline_query: { id, from: { is_bot: false, ...from }, query, offset: '' } });
    return id;
  }

  inlineResults(queryId: string, ms = 10_000): Promise<Array<Record<string, unknown>>> {
    return this.waitFor(() => this.inlineAnswers.get(queryId), ms, `the results of ${queryId}`);
  }

  /** The user picks a result: it is sent as a message "via @bot" (no update, as with inline feedback off). */
  sendInlineResult(result: Record<string, unknown>): InlineMessage {
    const id = `IM${this.nextInline++}AAAA${Math.random().toString(36).slice(2, 10)}`;
    const content = result.input_message_content as { message_text: string };
    const msg: InlineMessage = { id, text: content.message_text, reply_markup: result.reply_markup as InlineMessage['reply_markup'], edits: 0 };
    this.inlineMessages.set(id, msg);
    return msg;
  }

  /** A user presses a callback button of an inline message (the update has no message, only its id). */
  pressInline(msg: InlineMessage, from: FakeUser, data: string): string {
    const id = `cb${this.nextCallback++}`;
    this.callbackUpdate.set(id, this.nextUpdate);
    this.push({ callback_query: { id, from: { is_bot: false, ...from }, inline_message_id: msg.id, chat_instance: `ci-${msg.id}`, data } });
    return id;
  }

  pushRaw(update: Record<string, unknown>): void {
    this.push(update);
  }

  // ---- waiting --------------------------------------------------------------------------------

  /** Resolve when `check` returns a value (checked after every API call), or fail after ms. */
  waitFor<T>(check: () => T | undefined | null | false, ms = 10_000, what = 'condition'): Promise<T> {
    return new Promise((resolve, reject) => {
      const first = check();
      if (first) return resolve(first);
      const onCall = (): void => {
        const v = check();
        if (v) {
          clearTimeout(timer);
          this.off('call', onCall);
          resolve(v);
        }
      };
      const timer = setTimeout(() => {
        this.off('call', onCall);
        reject(new Error(`timed out waiting for ${what}`));
      }, ms);
      this.on('call', onCall);
    });
  }

  answerOf(callbackId: string, ms = 10_000): Promise<{ text: string | undefined; url?: string; at: number }> {
    return this.waitFor(() => this.answers.get(callbackId), ms, `the answer to ${callbackId}`);
  }

  chatMessages(chatId: number): FakeMessage[] {
    const out: FakeMessage[] = [];
    for (const key of this.byChat.get(chatId) ?? []) {
      const m = this.messages.get(key);
      if (m) out.push(m);
    }
    return out;
  }

  /** How many messages the bot has sent to a chat (deleted ones included). */
  /** Messages sent to the chat so far, deleted ones included (a mark for {@link chatMessagesSince}). */
  messageCount(chatId: number): number {
    return this.byChat.get(chatId)?.length ?? 0;
  }

  /** The chat's live messages sent after the mark that {@link messageCount} gave. */
  chatMessagesSince(chatId: number, mark: number): FakeMessage[] {
    const out: FakeMessage[] = [];
    for (const key of (this.byChat.get(chatId) ?? []).slice(mark)) {
      const m = this.messages.get(key);
      if (m) out.push(m);
    }
    return out;
  }

  lastPhoto(chatId: number): FakeMessage | undefined {
    return this.chatMessages(chatId).filter((m) => m.photo).at(-1);
  }

  // ---- the API ------------------------------------------------------------------------------

  private newMessageId(chatId: number): number {
    const n = (this.nextMessage.get(chatId) ?? 100) + 1;
    this.nextMessage.set(chatId, n);
    return n;
  }

  private async params(req: IncomingMessage, url: URL): Promise<Record<string, unknown>> {
    const out: Record<string, unknown> = Object.fromEntries(url.searchParams);
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const type = req.headers['content-type'] ?? '';
    if (body.length === 0) return out;
    if (type.includes('application/json')) return { ...out, ...(JSON.parse(body.toString('utf8')) as object) };
    if (type.includes('multipart/form-data')) {
      const boundary = /boundary=("?)([^";]+)\1/.exec(type)?.[2];
      if (!boundary) throw new Error('multipart without a boundary');
      for (const part of parseMultipart(body, boundary)) {
        if (part.filename !== null) out[part.name] = part.data;
        else {
          const v = part.data.toString('utf8');
          out[part.name] = /^[[{]/.test(v) ? JSON.parse(v) : v;
        }
      }
      return out;
    }
    if (type.includes('application/x-www-form-urlencoded')) return { ...out, ...Object.fromEntries(new URLSearchParams(body.toString('utf8'))) };
    return out;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://x');
    const m = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(url.pathname);
    const reply = (status: number, body: unknown): void => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (!m) return reply(404, { ok: false, error_code: 404, description: 'Not Found' });
    if (m[1] !== this.token) return reply(401, { ok: false, error_code: 401, description: 'Unauthorized' });
    const method = m[2]!;
    let params: Record<string, unknown>;
    try {
      params = await this.params(req, url);
    } catch (e) {
      return reply(400, { ok: false, error_code: 400, description: `Bad Request: ${(e as Error).message}` });
    }
    if (method !== 'getUpdates') {
      this.calls.push({ method, params, at: Date.now() });
    }
    const limited = this.overLimit(method, params);
    if (limited !== null) {
      this.tooMany++;
      this.tooManyLog.push({ method, chat: Number(params.chat_id), at: Date.now() });
      reply(429, { ok: false, error_code: 429, description: `Too Many Requests: retry after ${limited}`, parameters: { retry_after: limited } });
      this.emit('call', method);
      return;
    }
    const queue = this.injected.get(method);
    const at = queue?.findIndex((e) => !e.when || e.when(params)) ?? -1;
    if (queue && at >= 0) {
      const err = queue.splice(at, 1)[0]!;
      if (err.hang) {
        this.emit('call', method);
        return;
      }
      if (err.lost) {
        await this.method(method, params).catch(() => undefined);
        this.emit('call', method);
        return;
      }
      reply(err.code, { ok: false, error_code: err.code, description: err.description, ...(err.retryAfter ? { parameters: { retry_after: err.retryAfter } } : {}) });
      this.emit('call', method);
      return;
    }
    try {
      const result = await this.method(method, params);
      reply(200, { ok: true, result });
    } catch (e) {
      const err = e as { code?: number; message: string };
      reply(err.code ?? 400, { ok: false, error_code: err.code ?? 400, description: err.message });
    }
    this.emit('call', method);
  }

  /** Messages and edits count against the chat's limit and the global one. */
  private static readonly LIMITED = new Set(['sendMessage', 'sendPhoto', 'editMessageMedia', 'editMessageCaption', 'editMessageReplyMarkup', 'editMessageText', 'sendDocument']);

  /** The retry_after to answer when this call goes over a limit, else null (and the call counts). */
  private overLimit(method: string, params: Record<string, unknown>): number | null {
    if (!this.limits.enabled || !FakeTelegram.LIMITED.has(method) || params.chat_id === undefined) return null;
    const now = Date.now();
    const chat = Number(params.chat_id);
    while (this.allCalls.length && this.allCalls[0]! <= now - 1000) this.allCalls.shift();
    if (this.allCalls.length >= this.limits.globalPerSecond) return 1;
    const list = this.chatCalls.get(chat) ?? [];
    if (chat > 0) {
      const last = list.at(-1);
      if (last !== undefined && now - last < this.limits.privateMs) return Math.max(1, Math.ceil((this.limits.privateMs - (now - last)) / 1000));
    } else {
      while (list.length && list[0]! <= now - this.limits.groupWindowMs) list.shift();
      if (list.length >= this.limits.groupPerWindow) return Math.max(1, Math.ceil((list[0]! + this.limits.groupWindowMs - now) / 1000));
    }
    list.push(now);
    if (list.length > 100) list.splice(0, list.length - 100);
    this.chatCalls.set(chat, list);
    this.allCalls.push(now);
    return null;
  }

  private fail(code: number, description: string): never {
    throw Object.assign(new Error(description), { code });
  }

  private findMessage(params: Record<string, unknown>): FakeMessage {
    const msg = this.messages.get(`${Number(params.chat_id)}:${Number(params.message_id)}`);
    if (!msg) this.fail(400, 'Bad Request: message to edit not found');
    // As Telegram: a bot edits only its own messages.
    if ((msg as { from?: { id?: number } }).from?.id !== undefined && (msg as { from: { id: number } }).from.id !== BOT.id) this.fail(400, "Bad Request: message can't be edited");
    return msg;
  }

  private chatOf(id: number): FakeChat {
    return id > 0 ? { id, type: 'private', first_name: 'User' } : { id, type: id < -1_000_000_000_000 ? 'supergroup' : 'group', title: 'Group' };
  }

  private store(msg: FakeMessage): Omit<FakeMessage, 'png' | 'edits'> {
    const key = `${msg.chat.id}:${msg.message_id}`;
    if (!this.messages.has(key)) {
      const list = this.byChat.get(msg.chat.id) ?? [];
      list.push(key);
      this.byChat.set(msg.chat.id, list);
    }
    this.messages.set(key, msg);
    const { png: _p, edits: _e, ...pub } = msg;
    return pub;
  }

  /** The file uploaded as `field` (attached, or the field itself), or a 400 as Telegram gives. */
  private upload(params: Record<string, unknown>, field: 'photo' | 'document'): Buffer {
    const ref = typeof params[field] === 'string' ? /^attach:\/\/(.+)$/.exec(params[field] as string) : null;
    const file = ref ? params[ref[1]!] : params[field];
    if (!Buffer.isBuffer(file)) this.fail(400, `Bad Request: ${field} must be uploaded`);
    return file;
  }

  /** A new message of the bot's with a caption (a photo's, a document's). */
  private captioned(params: Record<string, unknown>): FakeMessage {
    const chatId = Number(params.chat_id);
    return { message_id: this.newMessageId(chatId), date: Math.floor(Date.now() / 1000), chat: this.chatOf(chatId), from: BOT, caption: params.caption as string | undefined, reply_markup: this.markup(params), ...this.replyTo(params), edits: 0 };
  }

  /** reply_parameters: the message replied to, when it is in the chat (or a 400 unless allowed without). */
  private replyTo(params: Record<string, unknown>): Pick<FakeMessage, 'reply_to_message'> {
    const rp = params.reply_parameters as { message_id?: unknown; allow_sending_without_reply?: boolean } | undefined;
    if (!rp) return {};
    const id = Number(rp.message_id);
    if (this.messages.has(`${Number(params.chat_id)}:${id}`)) return { reply_to_message: { message_id: id } };
    if (!rp.allow_sending_without_reply) this.fail(400, 'Bad Request: message to be replied not found');
    return {};
  }

  private photoOf(png: Buffer): FakeMessage['photo'] {
    const w = png.readUInt32BE(16);
    const h = png.readUInt32BE(20);
    const id = `photo${png.length}x${Date.now()}${Math.random().toString(36).slice(2, 8)}`;
    return [{ file_id: id, file_unique_id: id.slice(0, 16), width: w, height: h, file_size: png.length }];
  }

  /** A Mini App's address: HTTPS (Telegram's rule), or this machine's loopback in tests. */
  private webAppUrl(url: unknown): void {
    const ok = typeof url === 'string' && (/^https:\/\/[^\s]+$/.test(url) || /^http:\/\/127\.0\.0\.1:\d+\/[^\s]*$/.test(url));
    if (!ok) this.fail(400, 'Bad Request: BUTTON_URL_INVALID');
  }

  private markup(params: Record<string, unknown>): FakeMessage['reply_markup'] {
    const rm = params.reply_markup as FakeMessage['reply_markup'] | undefined;
    for (const b of (rm?.inline_keyboard ?? []).flat() as Array<{ web_app?: { url?: unknown } }>) {
      if (b.web_app === undefined) continue;
      // web_app buttons are for private chats only.
      if (Number(params.chat_id) < 0 || params.inline_message_id !== undefined) this.fail(400, 'Bad Request: BUTTON_TYPE_INVALID');
      this.webAppUrl(b.web_app.url);
    }
    return rm && rm.inline_keyboard && rm.inline_keyboard.flat().length > 0 ? rm : undefined;
  }

  private async method(method: string, params: Record<string, unknown>): Promise<unknown> {
    switch (method) {
      case 'getMe':
        return BOT;
      case 'getChat':
        return this.chatOf(Number(params.chat_id));
      case 'getChatMember': {
        const user = Number(params.user_id);
        return { status: this.admins.has(user) ? 'administrator' : 'member', user: { id: user, is_bot: false, first_name: 'User' } };
      }
      case 'setWebhook':
        this.webhook = { url: String(params.url), secret: params.secret_token as string | undefined };
        this.pump();
        return true;
      case 'deleteWebhook':
        this.webhook = null;
        return true;
      case 'setChatMenuButton': {
        const mb = params.menu_button as { type?: string; text?: string; web_app?: { url?: unknown } } | undefined;
        if (mb?.type === 'web_app') {
          if (!mb.text) this.fail(400, 'Bad Request: BUTTON_TEXT_EMPTY');
          this.webAppUrl(mb.web_app?.url);
        }
        this.menuButton = mb ?? null;
        return true;
      }
      case 'setMyCommands':
      case 'deleteMyCommands':
        return true;
      case 'getUpdates': {
        if (this.webhook) this.fail(409, "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first");
        const offset = Number(params.offset ?? 0);
        const timeout = Math.min(Number(params.timeout ?? 0), 30);
        this.updates = this.updates.filter((u) => u.update_id >= offset);
        if (this.updates.length === 0 && timeout > 0) {
          await new Promise<void>((resolve) => {
            const t = setTimeout(resolve, timeout * 1000);
            this.waiters.push(() => {
              clearTimeout(t);
              resolve();
            });
          });
        }
        const limit = Number(params.limit ?? 100);
        const batch = this.updates.filter((u) => u.update_id >= offset).slice(0, limit);
        const now = Date.now();
        for (const u of batch) if (!this.delivered.has(u.update_id)) this.delivered.set(u.update_id, now);
        return batch;
      }
      case 'sendMessage': {
        const chatId = Number(params.chat_id);
        if (typeof params.text !== 'string' || params.text === '') this.fail(400, 'Bad Request: message text is empty');
        return this.store({ message_id: this.newMessageId(chatId), date: Math.floor(Date.now() / 1000), chat: this.chatOf(chatId), from: BOT, text: params.text, reply_markup: this.markup(params), ...this.replyTo(params), edits: 0 });
      }
      case 'sendPhoto': {
        const png = this.upload(params, 'photo');
        return this.store({ ...this.captioned(params), photo: this.photoOf(png), png });
      }
      case 'sendDocument': {
        const file = this.upload(params, 'document');
        return this.store({ ...this.captioned(params), document: { file_id: `doc${this.calls.length}`, file_size: file.length }, file });
      }
      case 'editMessageMedia': {
        const msg = this.findMessage(params);
        const media = params.media as { type: string; media: string; caption?: string };
        const attach = /^attach:\/\/(.+)$/.exec(media.media);
        const png = attach ? params[attach[1]!] : undefined;
        if (!Buffer.isBuffer(png)) this.fail(400, 'Bad Request: media must be uploaded');
        const markup = this.markup(params);
        if (msg.png?.equals(png) && msg.caption === media.caption && JSON.stringify(msg.reply_markup) === JSON.stringify(markup)) {
          this.fail(400, 'Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message');
        }
        return this.store({ ...msg, png, photo: this.photoOf(png), caption: media.caption, reply_markup: markup, edits: msg.edits + 1 });
      }
      case 'editMessageCaption': {
        const msg = this.findMessage(params);
        if (!msg.photo) this.fail(400, 'Bad Request: there is no caption in the message to edit');
        return this.store({ ...msg, caption: params.caption as string, reply_markup: this.markup(params), edits: msg.edits + 1 });
      }
      case 'editMessageReplyMarkup': {
        const msg = this.findMessage(params);
        const markup = this.markup(params);
        if (JSON.stringify(msg.reply_markup) === JSON.stringify(markup)) this.fail(400, 'Bad Request: message is not modified');
        return this.store({ ...msg, reply_markup: markup, edits: msg.edits + 1 });
      }
      case 'editMessageText': {
        if (params.inline_message_id !== undefined) {
          const im = this.inlineMessages.get(String(params.inline_message_id));
          if (!im) this.fail(400, 'Bad Request: MESSAGE_ID_INVALID');
          if (im.text === params.text && JSON.stringify(im.reply_markup) === JSON.stringify(this.markup(params))) this.fail(400, 'Bad Request: message is not modified');
          this.inlineMessages.set(im.id, { ...im, text: String(params.text), reply_markup: this.markup(params), edits: im.edits + 1 });
          return true;
        }
        const msg = this.findMessage(params);
        if (msg.text === params.text && JSON.stringify(msg.reply_markup) === JSON.stringify(this.markup(params))) this.fail(400, 'Bad Request: message is not modified');
        return this.store({ ...msg, text: params.text as string, reply_markup: this.markup(params), edits: msg.edits + 1 });
      }
      case 'deleteMessage': {
        const key = `${Number(params.chat_id)}:${Number(params.message_id)}`;
        if (!this.messages.delete(key)) this.fail(400, 'Bad Request: message to delete not found');
        return true;
      }
      case 'answerCallbackQuery': {
        if (params.url !== undefined && !/^https:\/\/t\.me\/nardy_test_bot\?start=[A-Za-z0-9_-]{1,64}$/.test(String(params.url))) this.fail(400, 'Bad Request: URL_INVALID');
        this.answers.set(String(params.callback_query_id), { text: params.text as string | undefined, ...(params.url !== undefined ? { url: String(params.url) } : {}), at: Date.now() });
        return true;
      }
      case 'answerInlineQuery': {
        const results = params.results as Array<Record<string, unknown>>;
        if (!Array.isArray(results) || results.length > 50) this.fail(400, 'Bad Request: RESULTS_TOO_MUCH');
        const ids = new Set<string>();
        for (const r of results) {
          const rid = String(r.id ?? '');
          if (rid === '' || Buffer.byteLength(rid) > 64 || ids.has(rid)) this.fail(400, 'Bad Request: RESULT_ID_INVALID');
          ids.add(rid);
          for (const b of ((r.reply_markup as InlineMessage['reply_markup'])?.inline_keyboard ?? []).flat()) {
            if (b.callback_data !== undefined && Buffer.byteLength(b.callback_data) > 64) this.fail(400, 'Bad Request: BUTTON_DATA_INVALID');
          }
        }
        this.inlineAnswers.set(String(params.inline_query_id), results);
        return true;
      }
      default:
        this.fail(404, `Not Found: method ${method} is not in the fake`);
    }
  }
}
