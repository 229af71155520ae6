/**
 * Fairness between chats. Telegram hands the bot updates of many chats at once; one chat's are
 * handled in order, each after the one before (grammY's sequentialize), and each reply waits for
 * that chat's pace (about one message a second in a private chat, twenty a minute in a group).
 * A chat that floods (one user sending hundreds of commands, a busy group) must not take the
 * update slots of the others, nor grow memory without bound:
 *
 *   - a chat's first update in hand runs in its runner slot as before; the chat's later ones,
 *     which could only wait behind it, are handed on to run after it and free their slot at once
 *     (so a chat holds at most one slot, whatever it sends);
 *   - a chat has at most PER_CHAT updates in hand, the process at most TOTAL: past that an update
 *     is refused (a press is answered "slow down" at once; a message gets one "slow down" reply a
 *     minute per chat; the rest are dropped, as Telegram's own limits would).
 *
 * Messages and presses are also rate-limited per person by grammY's rate limiter (see index.ts).
 */
export const PER_CHAT = 10;
export const TOTAL = 5000;

export type Admission = 'run' | 'queue' | 'refuse';

export class ChatGate {
  private readonly inHand = new Map<string, number>();
  private total = 0;
  private readonly queued = new Set<Promise<void>>();

  constructor(
    private readonly perChat = PER_CHAT,
    private readonly totalCap = TOTAL,
  ) {}

  /** An update of this chat arrives: run it in its slot, hand it on behind the chat's others, or refuse it. */
  enter(chat: string): Admission {
    const n = this.inHand.get(chat) ?? 0;
    if (n >= this.perChat || this.total >= this.totalCap) return 'refuse';
    this.inHand.set(chat, n + 1);
    this.total++;
    return n === 0 ? 'run' : 'queue';
  }

  /** An entered update is done (handled, failed or dropped). */
  leave(chat: string): void {
    const n = (this.inHand.get(chat) ?? 1) - 1;
    if (n > 0) this.inHand.set(chat, n);
    else this.inHand.delete(chat);
    this.total = Math.max(0, this.total - 1);
  }

  /** Keep track of a handed-on update's work (settled() waits for it). */
  track(work: Promise<void>): void {
    this.queued.add(work);
    void work.finally(() => this.queued.delete(work));
  }

  /** Updates in hand now: of one chat, or in all. */
  count(chat?: string): number {
    return chat === undefined ? this.total : (this.inHand.get(chat) ?? 0);
  }

  /** Resolves when every handed-on update has been handled. */
  async settled(): Promise<void> {
    while (this.queued.size) await Promise.allSettled([...this.queued]);
  }
}

/** Remembers what was said to a chat recently, so that "slow down" is said once a minute at most. */
export class OncePer {
  private readonly last = new Map<string, number>();

  constructor(
    private readonly ms: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** True the first time for `key` within the window. */
  take(key: string): boolean {
    const t = this.now();
    const prev = this.last.get(key);
    if (prev !== undefined && t - prev < this.ms) return false;
    this.last.set(key, t);
    if (this.last.size > 10_000) for (const [k, at] of this.last) if (t - at >= this.ms) this.last.delete(k);
    return true;
  }
}
