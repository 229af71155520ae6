/**
 * Telegram's limits, designed for instead of retried into: about one message a second in a
 * private chat, about twenty a minute in a group (edits count), about thirty a second in all.
 * Calls to one chat go one at a time, each at least `interval` after the previous one ended
 * (so the spacing holds as Telegram sees it, whatever the network adds); a "retry after" from
 * Telegram holds the chat back for that long. Positive chat ids are people (private chats),
 * negative ones groups and channels.
 */
import type { Pacer } from './outbox.js';

export interface Limits {
  /** Least time between two calls to one private chat, in ms (Telegram's). */
  readonly privateMs: number;
  /** Least time between two calls to one group, in ms (60 000 / 20 = 3 000). */
  readonly groupMs: number;
  /** Calls per second over all chats. */
  readonly globalPerSecond: number;
  /** Added to every spacing: what an upload or the network may add between sending and arriving. */
  readonly marginMs: number;
}

export const TELEGRAM_LIMITS: Limits = { privateMs: 1000, groupMs: 3000, globalPerSecond: 25, marginMs: 150 };

/** Slots shared with the other instances (booked in the store); null: this process alone. */
export interface SharedSlots {
  reserve(key: string, intervalMs: number): Promise<number>;
  hold(key: string, ms: number): Promise<void>;
  /** Start a call, unless another holds the chat: then the ms until its end and spacing (see PaceStore). */
  claim(key: string, leaseMs: number): Promise<number>;
  /** A call ended: the next one (from any instance) starts `intervalMs` from now at the earliest. */
  ended(key: string, intervalMs: number): Promise<void>;
}

interface ChatState {
  /** Nobody may start a call before this time. */
  nextAt: number;
  busy: boolean;
  queue: Array<() => void>;
}

/** A call in progress holds its chat for at most this many spacings (should its process die). */
const LEASE_INTERVALS = 10;

export class ChatPacer implements Pacer {
  private readonly chats = new Map<number, ChatState>();
  private readonly recent: number[] = [];

  constructor(
    private readonly limits: Limits = TELEGRAM_LIMITS,
    private readonly now: () => number = Date.now,
    private readonly shared: SharedSlots | null = null,
    private readonly onSharedError: (e: unknown) => void = () => undefined,
  ) {}

  /** Book a slot with the other instances; if the store cannot be reached, this process paces alone. */
  private async sharedWait(key: string, interval: number): Promise<void> {
    if (!this.shared) return;
    const wait = await this.shared.reserve(key, interval).catch((e: unknown) => (this.onSharedError(e), 0));
    if (wait > 0) await sleep(wait);
  }

  /**
   * Slots are booked before a call starts, but a call (drawing its picture, uploading it) can run
   * past the next instance's slot: that one also waits while another instance's call to the chat
   * is in progress and for the spacing after it, as Telegram counts it. A call that never ends
   * (its process died) holds the chat for LEASE_INTERVALS spacings at most.
   */
  private async afterOtherCalls(key: string, interval: number): Promise<void> {
    if (!this.shared) return;
    const lease = LEASE_INTERVALS * interval;
    const until = this.now() + lease;
    for (;;) {
      const left = await this.shared.claim(key, lease).catch((e: unknown) => (this.onSharedError(e), 0));
      if (left <= 0 || this.now() >= until) return;
      await sleep(Math.min(left, interval / 4));
    }
  }

  private state(chatId: number): ChatState {
    let s = this.chats.get(chatId);
    if (!s) this.chats.set(chatId, (s = { nextAt: 0, busy: false, queue: [] }));
    return s;
  }

  private interval(chatId: number): number {
    return (chatId > 0 ? this.limits.privateMs : this.limits.groupMs) + this.limits.marginMs;
  }

  /** How long a call to this chat would wait now, in ms. */
  delay(chatId: number): number {
    const s = this.chats.get(chatId);
    if (!s) return 0;
    const queued = (s.queue.length + (s.busy ? 1 : 0)) * this.interval(chatId);
    return Math.max(0, s.nextAt - this.now()) + queued;
  }

  async acquire(chatId: number | null): Promise<void> {
    if (chatId !== null) {
      const s = this.state(chatId);
      if (s.busy) await new Promise<void>((resolve) => s.queue.push(resolve));
      s.busy = true;
      const wait = s.nextAt - this.now();
      if (wait > 0) await sleep(wait);
      await this.sharedWait(`c${chatId}`, this.interval(chatId));
      await this.afterOtherCalls(`c${chatId}`, this.interval(chatId));
    }
    if (this.shared) await this.sharedWait('all', 1000 / this.limits.globalPerSecond);
    else await this.globalSlot();
  }

  release(chatId: number | null): void {
    if (chatId === null) return;
    const s = this.state(chatId);
    s.nextAt = Math.max(s.nextAt, this.now() + this.interval(chatId));
    void this.shared?.ended(`c${chatId}`, this.interval(chatId)).catch((e: unknown) => this.onSharedError(e));
    s.busy = false;
    const next = s.queue.shift();
    if (next) next();
    else if (s.nextAt <= this.now()) this.chats.delete(chatId);
    else this.forgetLater(chatId, s);
  }

  penalise(chatId: number | null, seconds: number): boolean {
    if (chatId === null) return false;
    const s = this.state(chatId);
    s.nextAt = Math.max(s.nextAt, this.now() + seconds * 1000 + 100);
    void this.shared?.hold(`c${chatId}`, seconds * 1000 + 100).catch((e: unknown) => this.onSharedError(e));
    return true;
  }

  private forgetLater(chatId: number, s: ChatState): void {
    // Idle chats are dropped once their spacing has passed (the map stays small).
    setTimeout(() => {
      if (this.chats.get(chatId) === s && !s.busy && s.queue.length === 0 && s.nextAt <= this.now()) this.chats.delete(chatId);
    }, Math.max(0, s.nextAt - this.now()) + 10).unref();
  }

  private async globalSlot(): Promise<void> {
    for (;;) {
      const t = this.now();
      while (this.recent.length && this.recent[0]! <= t - 1000) this.recent.shift();
      if (this.recent.length < this.limits.globalPerSecond) {
        this.recent.push(t);
        return;
      }
      await sleep(this.recent[0]! + 1000 - t + 1);
    }
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
