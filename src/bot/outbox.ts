/**
 * The outbox: the one path out to Telegram. It is installed as an API transformer, so every
 * call (ctx.reply as much as the boards) passes through it. It
 *   - classifies failures: "not modified", "message gone", "blocked", "too many requests",
 *     transient (network, 5xx) and refused (any other 4xx), and throws them as OutboxError;
 *   - retries what may succeed later, within bounds (a 429 longer than the patience, or a storm
 *     of 5xx, ends in an error instead of holding the chat's queue);
 *   - logs each failure once with its context (never swallowed silently), a blocked chat at
 *     info level and only once per chat;
 *   - paces the calls per chat (a Pacer: the Telegram limits live there).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { GrammyError, HttpError, type Transformer } from 'grammy';
import type { Logger } from '../logger.js';

export type FailureKind = 'not-modified' | 'gone' | 'blocked' | 'flood' | 'transient' | 'refused';

export class OutboxError extends Error {
  constructor(
    readonly kind: FailureKind,
    readonly method: string,
    readonly description: string,
    readonly retryAfter: number | null = null,
  ) {
    super(`${method}: ${description}`);
  }
}

export function classify(e: unknown): { kind: FailureKind; retryAfter: number | null; description: string } {
  if (e instanceof GrammyError) {
    const d = e.description;
    if (e.error_code === 429) return { kind: 'flood', retryAfter: e.parameters.retry_after ?? 5, description: d };
    if (/message is not modified/i.test(d)) return { kind: 'not-modified', retryAfter: null, description: d };
    if (/message to edit not found|message_id_invalid|message can't be edited|there is no text in the message to edit|there is no caption in the message to edit|message to be replied not found|message to delete not found|message can't be deleted/i.test(d)) {
      return { kind: 'gone', retryAfter: null, description: d };
    }
    if (e.error_code === 403 || /chat not found|bot was kicked|bot was blocked|user is deactivated|have no rights|not enough rights|CHAT_WRITE_FORBIDDEN/i.test(d)) {
      return { kind: 'blocked', retryAfter: null, description: d };
    }
    if (e.error_code >= 500) return { kind: 'transient', retryAfter: null, description: d };
    return { kind: 'refused', retryAfter: null, description: d };
  }
  if (e instanceof HttpError) return { kind: 'transient', retryAfter: null, description: String((e.error as Error)?.message ?? e.message) };
  return { kind: 'transient', retryAfter: null, description: String((e as Error)?.message ?? e) };
}

/** Decides when a call to a chat may go (Telegram's limits). */
export interface Pacer {
  /** Wait until a call to this chat may be sent; resolves at once for calls outside any chat. */
  acquire(chatId: number | null, method: string): Promise<void>;
  /** The call to this chat has ended (the spacing to the next one counts from now). */
  release(chatId: number | null): void;
  /** Telegram said "retry after" for this chat: hold it back that long (true if the pacer will). */
  penalise(chatId: number | null, seconds: number): boolean;
  /** How long a call to this chat would wait now, in ms. */
  delay(chatId: number): number;
}

export const UNPACED: Pacer = {
  acquire: async () => undefined,
  release: () => undefined,
  penalise: () => false,
  delay: () => 0,
};

/** A chat's turn held by a caller (see Outbox.inTurn): its calls to that chat are not paced again. */
const held = new AsyncLocalStorage<{ chatId: number }>();

export interface OutboxOptions {
  readonly log: Logger;
  readonly pacer?: Pacer;
  /** The longest "retry after" to wait inside a call, in seconds; longer ones fail as "flood". */
  readonly patienceSeconds?: number;
  /** Attempts for transient failures (network, 5xx). */
  readonly attempts?: number;
  /** Called for every call and its outcome (metrics). */
  readonly observe?: (method: string, outcome: 'ok' | FailureKind, ms: number) => void;
  readonly sleep?: (ms: number) => Promise<void>;
}

const sleepMs = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Methods that are not messages to a chat: never paced (a button's answer must never wait). */
const UNPACED_METHODS = new Set(['answerCallbackQuery', 'answerInlineQuery', 'getMe', 'getUpdates', 'setWebhook', 'deleteWebhook', 'setMyCommands', 'deleteMyCommands', 'getChat', 'getChatMember', 'getFile']);

export class Outbox {
  private readonly log: Logger;
  private readonly pacer: Pacer;
  private readonly patience: number;
  private readonly attempts: number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly blockedLogged = new Set<number>();

  constructor(private readonly opts: OutboxOptions) {
    this.log = opts.log;
    this.pacer = opts.pacer ?? UNPACED;
    this.patience = opts.patienceSeconds ?? 30;
    this.attempts = opts.attempts ?? 3;
    this.sleep = opts.sleep ?? sleepMs;
  }

  get pacing(): Pacer {
    return this.pacer;
  }

  /**
   * Run `work` holding the chat's turn: it starts only when a call to the chat may go, and its
   * calls to that chat are not held back again. The board presenter waits for its turn this
   * way before it draws, so that what it sends is the newest state when the turn comes.
   */
  async inTurn<T>(chatId: number, work: () => Promise<T>): Promise<T> {
    if (held.getStore()?.chatId === chatId) return work();
    await this.pacer.acquire(chatId, 'turn');
    try {
      return await held.run({ chatId }, work);
    } finally {
      this.pacer.release(chatId);
    }
  }

  /**
   * Run `work` outside any held turn: its calls are paced as anyone's, so a message sent after a
   * board in the same chat waits for its own slot. Not to be awaited while holding that turn.
   */
  detached<T>(work: () => Promise<T>): Promise<T> {
    return held.exit(work);
  }

  /** The API transformer: every call to Telegram goes through here. */
  readonly transformer: Transformer = async (prev, method, payload, signal) => {
    const chatId = typeof (payload as { chat_id?: unknown })?.chat_id === 'number' ? ((payload as { chat_id: number }).chat_id as number) : null;
    const inTurn = chatId !== null && held.getStore()?.chatId === chatId;
    const paced = !UNPACED_METHODS.has(method) && !inTurn;
    let transientLeft = this.attempts;
    for (let round = 0; ; round++) {
      if (paced) await this.pacer.acquire(chatId, method);
      const t0 = performance.now();
      let failure: ReturnType<typeof classify>;
      let error: unknown;
      try {
        const res = await prev(method, payload, signal);
        if (res.ok) {
          this.opts.observe?.(method, 'ok', performance.now() - t0);
          return res;
        }
        error = new GrammyError(`Call to '${method}' failed!`, res, method, payload);
      } catch (e) {
        error = e;
      } finally {
        if (paced) this.pacer.release(chatId);
      }
      // Called off by its caller (a stop ends the long poll): nothing failed.
      if (signal?.aborted) {
        this.log.debug({ method, chat: chatId }, 'Telegram call called off');
        throw error;
      }
      failure = classify(error);
      this.opts.observe?.(method, failure.kind, performance.now() - t0);
      if (failure.kind === 'flood') {
        const waitsInPacer = paced && this.pacer.penalise(chatId, failure.retryAfter!);
        if (!paced && chatId !== null) this.pacer.penalise(chatId, failure.retryAfter!);
        if (failure.retryAfter! <= this.patience && round < 5) {
          this.log.warn({ method, chat: chatId, retryAfter: failure.retryAfter }, 'Telegram asked to slow down; retrying');
          if (!waitsInPacer) await this.sleep(failure.retryAfter! * 1000);
          continue;
        }
      } else if (failure.kind === 'transient' && --transientLeft > 0) {
        await this.sleep(300 * 2 ** (this.attempts - transientLeft - 1));
        continue;
      }
      this.report(method, chatId, failure);
      throw new OutboxError(failure.kind, method, failure.description, failure.retryAfter);
    }
  };

  private report(method: string, chatId: number | null, f: ReturnType<typeof classify>): void {
    switch (f.kind) {
      case 'not-modified':
      case 'gone':
        this.log.debug({ method, chat: chatId, why: f.description }, 'Telegram call changed nothing');
        return;
      case 'blocked':
        // A user who blocked the bot: say so once, not on every message.
        if (chatId !== null && this.blockedLogged.has(chatId)) return;
        if (chatId !== null) {
          this.blockedLogged.add(chatId);
          if (this.blockedLogged.size > 50_000) this.blockedLogged.clear();
        }
        this.log.info({ method, chat: chatId, why: f.description }, 'cannot write to this chat');
        return;
      case 'flood':
        this.log.warn({ method, chat: chatId, retryAfter: f.retryAfter }, 'Telegram flood limit longer than the patience: call given up');
        return;
      default:
        this.log.error({ method, chat: chatId, kind: f.kind, why: f.description }, 'Telegram call failed');
    }
  }
}

/** Run a call; OutboxErrors of the kinds listed come back as their kind instead of throwing. */
export async function attempt<T>(call: () => Promise<T>, accept: readonly FailureKind[] = ['not-modified', 'gone', 'blocked', 'flood', 'transient', 'refused']): Promise<{ ok: true; value: T } | { ok: false; kind: FailureKind }> {
  try {
    return { ok: true, value: await call() };
  } catch (e) {
    if (e instanceof OutboxError && accept.includes(e.kind)) return { ok: false, kind: e.kind };
    throw e;
  }
}
