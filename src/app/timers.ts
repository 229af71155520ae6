/**
 * The shared timers, run by whichever instance is alive: a move clock's reminder or its end
 * (clocks.ts), and the retry of a finished match's statistics. Each due timer is taken by one
 * instance only (TimerStore.due); what it means is returned for the bot layer to show.
 */
import type { Side } from '../engine/types.js';
import type { Store } from '../store/types.js';
import { IDLE_TIMER, NOTICE_TIMER, type Clocks } from './clocks.js';
import { RATE_TIMER, type Games } from './games.js';
import { EVENTS_TIMER } from './table/events.js';
import type { GameRecord } from './model.js';

/** How long a taken timer waits before another try, should its instance not finish it. */
export const LEASE_MS = 60_000;

export type TimerEvent =
  /** The player of `side` has `left` ms to act. */
  | { readonly kind: 'remind'; readonly game: GameRecord; readonly side: Side; readonly left: number }
  /** Time is up for `side`: its opponent may claim the game. */
  | { readonly kind: 'claimable'; readonly game: GameRecord; readonly side: Side; readonly key: string }
  /** By link: the player of `side` has not acted a while after the turn passed to them. */
  | { readonly kind: 'notice'; readonly game: GameRecord; readonly side: Side; readonly key: string };

export class Ticker {
  private readonly handlers: Array<{ readonly prefix: string; readonly handle: (id: string) => Promise<void> }> = [];

  /** Timers of another use case (tournaments): `handle` gets the id after the prefix. */
  on(prefix: string, handle: (id: string) => Promise<void>): void {
    this.handlers.push({ prefix, handle });
  }

  constructor(
    private readonly store: Store,
    private readonly games: Games,
    private readonly clocks: Clocks,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Take the timers due now (up to `n`) and act on them. Each is leased for a minute: an
   * instance that dies half way leaves it to fire again, here or on another instance.
   */
  async tick(n = 50): Promise<TimerEvent[]> {
    const out: TimerEvent[] = [];
    const now = this.now();
    const leasedUntil = now + LEASE_MS;
    let failed: unknown;
    for (const id of await this.store.timers.due(now, n, LEASE_MS)) {
      try {
        const other = this.handlers.find((h) => id.startsWith(h.prefix));
        if (other) {
          await other.handle(id.slice(other.prefix.length));
        } else if (id.startsWith(EVENTS_TIMER)) {
          await this.games.tellGuarded(id);
        } else if (id.startsWith(RATE_TIMER)) {
          const rec = await this.games.get(id.slice(RATE_TIMER.length));
          if (rec?.finished) await this.games.recordMatch(rec);
        } else if (id.startsWith(NOTICE_TIMER)) {
          const rec = await this.games.get(id.slice(NOTICE_TIMER.length));
          const st = rec ? await this.clocks.noticeDue(rec) : null;
          if (rec && st) out.push({ kind: 'notice', game: rec, side: st.side, key: st.key });
        } else if (id.startsWith(IDLE_TIMER)) {
          const rec = await this.games.get(id.slice(IDLE_TIMER.length));
          if (!rec) continue;
          const fired = await this.clocks.fire(rec);
          if (fired?.kind === 'remind') out.push({ kind: 'remind', game: rec, side: fired.state.side, left: fired.left });
          if (fired?.kind === 'claimable') out.push({ kind: 'claimable', game: rec, side: fired.state.side, key: fired.state.key });
        }
      } catch (e) {
        // Not lost: its lease runs out and it is tried again in a minute; the others go on.
        failed ??= e;
        continue;
      }
      // Handled; unless it was set again (the next moment of the clock), it is gone.
      await this.store.timers.done(id, leasedUntil);
    }
    if (failed !== undefined && out.length === 0) throw failed;
    return out;
  }
}
