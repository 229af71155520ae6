/**
 * Events out of the table. Every committed change of a game is told:
 *
 *   - `changed` (every save), in this process, at once: live views and the games feed listen;
 *   - committed listeners (every save, awaited before the save's caller goes on, in this process):
 *     what must be in place before a person is answered (the boards wanted, the move clock);
 *   - `gameOver`, `matchOver`, `rematched` are durable: written to the store's event stream and
 *     heard by every listener once across all instances (a consumer group per listener). An event
 *     is handled at least once (a taker that dies, or a handler that throws, leaves it to be taken
 *     again) and its effect exactly once (each listener's effect is marked done per event, so a
 *     second delivery changes nothing).
 *
 * A durable event is guarded by a shared timer set before the save and cleared once the event is
 * in the stream: a process that dies between the two leaves the timer, and whichever instance runs
 * it publishes the event (see Ticker).
 */
import type { EventStore } from '../../store/types.js';
import type { Dialogues } from '../dialogues.js';
import type { GameRecord } from '../model.js';

export type DurableEvent =
  /** Game `gameNo` of the match ended (the match may go on). */
  | { readonly type: 'gameOver'; readonly game: string; readonly v: number; readonly gameNo: number }
  /** The match ended: the record is finished, its winner and rating change in it. */
  | { readonly type: 'matchOver'; readonly game: string; readonly v: number }
  /** A rematch of `game` started as `next`. */
  | { readonly type: 'rematched'; readonly game: string; readonly v: number; readonly next: string };

export type DurableType = DurableEvent['type'];

/** A change committed: the record before (null: created) and as saved. */
export interface Changed {
  readonly type: 'changed';
  readonly before: GameRecord | null;
  readonly game: GameRecord;
}

/** The durable events a save from `before` to `after` makes. */
export function durableEventsOf(before: GameRecord | null, after: GameRecord): DurableEvent[] {
  const out: DurableEvent[] = [];
  const g = after.match.game;
  const gameEnded = g.phase === 'over' && (!before || before.match.game.phase !== 'over' || before.match.gameNo !== after.match.gameNo);
  if (gameEnded) out.push({ type: 'gameOver', game: after.id, v: after.v, gameNo: after.match.gameNo });
  if (after.finished && !before?.finished) out.push({ type: 'matchOver', game: after.id, v: after.v });
  return out;
}

/** The key of an event: the same event told twice has the same key. */
export function eventKey(e: DurableEvent): string {
  return e.type === 'gameOver' ? `${e.game}:${e.type}:${e.gameNo}` : `${e.game}:${e.type}`;
}

/** Events as a timer id carries them (compact, to be told again by whichever instance runs it). */
export const EVENTS_TIMER = 'events:';

export function encodeEvents(events: ReadonlyArray<DurableEvent>): string {
  return JSON.stringify(events);
}

export function decodeEvents(text: string): DurableEvent[] {
  try {
    const raw = JSON.parse(text) as unknown;
    if (!Array.isArray(raw)) return [];
    return raw.filter((e): e is DurableEvent => {
      const x = e as Record<string, unknown>;
      if (typeof x?.game !== 'string' || !Number.isSafeInteger(x.v)) return false;
      if (x.type === 'gameOver') return Number.isSafeInteger(x.gameNo);
      if (x.type === 'rematched') return typeof x.next === 'string';
      return x.type === 'matchOver';
    });
  } catch {
    // Not events: nothing to tell.
    return [];
  }
}

export type DurableListener = (event: DurableEvent) => Promise<void>;

interface Registered {
  readonly name: string;
  readonly types: ReadonlySet<DurableType>;
  readonly handle: DurableListener;
}

/** How long an event taken and not acknowledged waits before another taker tries it. */
export const REDELIVER_MS = 10_000;
/** How long a listener may take over one event before another taker may run it again. */
const RUNNING_SECONDS = 60;
/** How long a listener's "done" mark for an event lives (longer than any redelivery). */
const DONE_SECONDS = 7 * 86_400;

export class TableEvents {
  private readonly listeners: Registered[] = [];
  private readonly local: Array<(c: Changed) => void> = [];
  private readonly committed: Array<{ readonly name: string; readonly handle: (c: Changed) => Promise<void> }> = [];
  private pumping: Promise<number> | null = null;
  private joined: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: EventStore,
    private readonly marks: Dialogues,
    /** This instance (the consumer's name in each group). */
    private readonly consumer: string,
    private readonly warn: (message: string, err: unknown) => void,
  ) {}

  /** Hear every committed change in this process (live views, the feed): told at once, never twice. */
  onChange(listener: (c: Changed) => void): void {
    this.local.push(listener);
  }

  /**
   * Hear every committed change before its caller goes on (awaited, in the order registered). A
   * listener that fails is told (a log line) and does not stop the others or the change, which is
   * saved already; the next change of the game tells it again.
   */
  onCommit(name: string, handle: (c: Changed) => Promise<void>): void {
    this.committed.push({ name, handle });
  }

  /** A change was saved: its committed listeners, then its change listeners. */
  async saved(c: Changed): Promise<void> {
    for (const l of this.committed) {
      await l.handle(c).catch((e: unknown) => this.warn(`the ${l.name} listener failed on a change of ${c.game.id} `, e));
    }
    this.changed(c);
  }

  /**
   * A durable listener: `name` is its group (one per kind of effect, the same on every instance).
   * Its group is made now, so it hears every event from here on.
   */
  on(name: string, types: ReadonlyArray<DurableType>, handle: DurableListener): void {
    this.listeners.push({ name, types: new Set(types), handle });
    const joining = this.store.join(name).catch((e: unknown) => this.warn(`could not make the ${name} listener's group (made at its first read)`, e));
    this.joined = Promise.all([this.joined, joining]).then(() => undefined);
  }

  /** Resolves once every listener's group exists (start-up waits for it). */
  ready(): Promise<void> {
    return this.joined;
  }

  /**
   * Durable events of a committed change: into the stream, then handled here at once by every
   * listener (so that the change's effects are there when its caller answers). What fails here,
   * or dies with this process, is taken from the stream by a pump, here or on another instance.
   */
  async commit(events: ReadonlyArray<DurableEvent>): Promise<void> {
    if (!events.length) return;
    await this.publish(events);
    for (const l of this.listeners) {
      for (const e of events) {
        if (!l.types.has(e.type)) continue;
        await this.runOnce(l, e).catch((err: unknown) => this.warn(`the ${l.name} listener failed on ${e.type} of ${e.game} (it is tried again)`, err));
      }
    }
  }

  /** Run a listener's effect of an event unless it ran already: 'done', or 'busy' (under way elsewhere). */
  private async runOnce(l: Registered, event: DurableEvent): Promise<'ran' | 'done' | 'busy'> {
    const mark = `heard:${l.name}:${eventKey(event)}`;
    // A handler under way holds its mark for a while; one that died leaves it to expire, and the
    // event, not acknowledged, is taken again then.
    if (!(await this.marks.setIfAbsent(mark, 'running', RUNNING_SECONDS))) return (await this.marks.read(mark)) === 'done' ? 'done' : 'busy';
    try {
      await l.handle(event);
    } catch (e) {
      await this.marks.delete(mark);
      throw e;
    }
    await this.marks.write(mark, 'done', DONE_SECONDS);
    return 'ran';
  }

  /** A change was committed (the write path calls this after its compare-and-set). */
  changed(c: Changed): void {
    for (const f of this.local) {
      try {
        f(c);
      } catch (e) {
        this.warn('a change listener failed', e);
      }
    }
  }

  /** Put durable events into the stream. */
  async publish(events: ReadonlyArray<DurableEvent>): Promise<void> {
    if (events.length) await this.store.add(events.map((e) => JSON.stringify(e)));
  }

  /**
   * Take the events waiting for each listener and handle them (every tick, and after a local
   * publish). A listener that throws leaves its event to be taken again; the others go on.
   * Returns how many effects ran.
   */
  pump(): Promise<number> {
    // One pump at a time in a process; a call meanwhile waits for the running one.
    this.pumping ??= this.pumpAll().finally(() => (this.pumping = null));
    return this.pumping;
  }

  private async pumpAll(): Promise<number> {
    await this.joined;
    let ran = 0;
    for (const l of this.listeners) {
      for (let round = 0; round < 20; round++) {
        const batch = await this.store.take(l.name, this.consumer, 50, REDELIVER_MS);
        if (!batch.length) break;
        const done: string[] = [];
        for (const { id, data } of batch) {
          const [event] = decodeEvents(`[${data}]`);
          if (!event || !l.types.has(event.type)) {
            done.push(id);
            continue;
          }
          try {
            // Exactly once per listener: an event told twice (a publish retried) runs once.
            const r = await this.runOnce(l, event);
            if (r === 'ran') ran++;
            if (r !== 'busy') done.push(id);
          } catch (e) {
            this.warn(`the ${l.name} listener failed on ${event.type} of ${event.game} (it is tried again)`, e);
          }
        }
        await this.store.ack(l.name, done);
        if (batch.length < 50) break;
      }
    }
    return ran;
  }
}
