/**
 * Reviews of finished games: the analysis (ai/analysis) of a game's file, run off the update
 * path. At most `atOnce` analyses run at a time on one instance, in worker threads in production
 * (ReviewThreads) or on this thread yielding to the event loop after every decision; the rest
 * wait in line, told their place as it changes. The right to a review is checked before
 * (app/table/rights); the bot posts the results.
 */
import type { Worker } from 'node:worker_threads';
import { analyse, type AnalyseOptions, type Analysis } from '../ai/analysis.js';
import { startWorker } from '../ai/threads.js';
import type { GameExport } from '../engine/gamefile.js';
import { exportGame } from './export.js';
import type { GameRecord } from './model.js';
import type { Side } from '../engine/types.js';
import { reviewProblems, type ProblemDraft } from '../puzzles/maker.js';

export { mistakesOf, type Analysis, type Decision } from '../ai/analysis.js';

/** Reviews analysed at once by one instance by default (REVIEWS_AT_ONCE); the others wait in line. */
export const REVIEWS_AT_ONCE = 1;
/** The least time between two edits of a progress message. */
const PROGRESS_EVERY_MS = 3000;
/** Reviews one person may have on their way at once (of different games). */
export const REVIEWS_PER_USER = 2;
const yieldNow = (): Promise<void> => new Promise((r) => setImmediate(r));

interface Job {
  readonly gameId: string;
  readonly run: () => Promise<void>;
  /** Told the job's new place in line (1 = next) whenever the line moves. */
  readonly place: ((position: number) => void) | undefined;
}

export interface ReviewHooks {
  /** The share done (0..1); 0 once, when the analysis starts. */
  readonly progress: (share: number) => Promise<void>;
  /** The place in line changed (the review waits behind `position` others). */
  readonly place?: (position: number) => void;
}

/**
 * A review: the analysis, and where its players agreed (/settings), the problems its clearest
 * mistakes make (src/puzzles/maker.ts: the mistake is the tempting answer).
 */
export interface Review extends Analysis {
  readonly problems?: readonly ProblemDraft[];
}

/** What else a review looks for: problems of the mistakes of these sides (their players agreed). */
export interface ReviewAsk {
  readonly problemsOf?: readonly Side[];
}

/** How a game's file is analysed: `progress` is told the share done (0..1) as it goes. */
export type Analyser = (game: GameExport, progress: (share: number) => Promise<void>, ask?: ReviewAsk) => Promise<Review>;

/** On this thread at the depth `options` give (default: the Review's), yielding to the event loop after every decision. */
export const analyserHere =
  (options: Omit<AnalyseOptions, 'progress'> = {}): Analyser =>
  async (game, progress, ask) => {
    const a = await analyse(game, {
      ...options,
      progress: async (share) => {
        await progress(share);
        await yieldNow();
      },
    });
    return ask?.problemsOf?.length ? { ...a, problems: await reviewProblems(a, ask.problemsOf, yieldNow) } : a;
  };

/** On this thread at the Review's depth (tests, no worker threads). */
export const analyseHere: Analyser = analyserHere();

/** The depth of an analysis (the Review's when empty): what a worker thread can be told. */
export type ReviewDepth = Pick<AnalyseOptions, 'plies' | 'zeroWeight' | 'secondLook' | 'uncertainty'>;

export interface ReviewRequest {
  readonly id: number;
  readonly game: GameExport;
  readonly depth: ReviewDepth;
  readonly ask?: ReviewAsk;
}

export type ReviewReply =
  | { readonly id: number; readonly progress: number }
  | { readonly id: number; readonly ok: true; readonly value: Review }
  | { readonly id: number; readonly ok: false; readonly error: string };

/** A worker thread's place: started at its first game, stopped after idling `idleMs`. */
interface Slot {
  w: Worker | null;
  busy: number;
  idle: NodeJS.Timeout | null;
}

interface Running {
  readonly slot: Slot;
  readonly progress: (share: number) => Promise<void>;
  resolve(a: Review): void;
  reject(e: Error): void;
}

/**
 * Worker threads that analyse games for the Reviews, so that no analysis holds up the bot's
 * event loop. A game goes to the least busy worker; a worker that dies fails its analyses and is
 * started again for the next.
 */
export class ReviewThreads {
  private readonly slots: Slot[];
  private readonly running = new Map<number, Running>();
  private next = 1;
  private closed = false;

  /**
   * `size` worker threads at most; each is stopped once idle for `idleMs` (its memory, about
   * 45 MB with the networks, is given back) and started again for the next game. Each game is
   * analysed at `depth` (default: the Review's).
   */
  constructor(
    size: number,
    private readonly idleMs = 60_000,
    private readonly depth: ReviewDepth = {},
  ) {
    this.slots = Array.from({ length: Math.max(1, size) }, () => ({ w: null, busy: 0, idle: null }));
  }

  private worker(slot: Slot): Worker {
    if (slot.w) return slot.w;
    const w = startWorker(import.meta.url, 'review-worker');
    w.on('message', (r: ReviewReply) => {
      const job = this.running.get(r.id);
      if (!job) return;
      // A progress message that cannot be shown changes nothing of the review: said, not thrown.
      if ('progress' in r) return void job.progress(r.progress).catch((e: unknown) => console.warn('review progress could not be shown', e));
      this.running.delete(r.id);
      // An idle worker does not keep the process alive; one with work does.
      if (--slot.busy === 0) {
        w.unref();
        slot.idle = setTimeout(() => {
          if (slot.w !== w || slot.busy) return;
          slot.w = null;
          void w.terminate();
        }, this.idleMs);
        slot.idle.unref();
      }
      if (r.ok) job.resolve(r.value);
      else job.reject(new Error(r.error));
    });
    const fail = (e: Error): void => {
      if (slot.w !== w) return;
      slot.w = null;
      for (const [id, job] of this.running) {
        if (job.slot !== slot) continue;
        this.running.delete(id);
        job.reject(e);
      }
      slot.busy = 0;
    };
    w.on('error', fail);
    w.on('exit', (code) => fail(new Error(`the review thread stopped (exit code ${code})`)));
    w.unref();
    return (slot.w = w);
  }

  /** The analyser that sends each game to a worker thread. */
  readonly analyse: Analyser = (game, progress, ask) => {
    if (this.closed) return Promise.reject(new Error('the review threads are closed'));
    const slot = this.slots.reduce((a, b) => (b.busy < a.busy ? b : a));
    if (slot.idle) clearTimeout(slot.idle);
    slot.idle = null;
    const w = this.worker(slot);
    const id = this.next++;
    slot.busy++;
    w.ref();
    return new Promise<Review>((resolve, reject) => {
      this.running.set(id, { slot, progress, resolve, reject });
      w.postMessage({ id, game, depth: this.depth, ...(ask ? { ask } : {}) } satisfies ReviewRequest);
    });
  };

  /** Worker threads running now (started and not yet stopped). */
  get started(): number {
    return this.slots.filter((s) => s.w).length;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const s of this.slots) if (s.idle) clearTimeout(s.idle);
    await Promise.all(this.slots.map((s) => s.w?.terminate()));
  }
}

export interface ReviewsOptions {
  /** Analyses run at once (the rest queue). */
  readonly atOnce?: number;
  /** How each game is analysed (default: on this thread, analyseHere). */
  readonly analyser?: Analyser;
  /** The least time between two edits of a progress message. */
  readonly progressEveryMs?: number;
  /** Told how long each analysis took (seconds) and whether it succeeded (metrics). */
  readonly analysed?: (seconds: number, ok: boolean) => void;
}

/**
 * The reviews of one instance: at most `atOnce` analyses run at a time, by the `analyser` (in
 * worker threads, or yielding to the event loop after every decision), so the bot keeps
 * answering; the rest wait in line, told their place
 * as it changes. A game asked for twice at once is analysed once; finished analyses are kept for
 * browsing (the last 200).
 */
export class Reviews {
  readonly atOnce: number;
  readonly progressEveryMs: number;
  private readonly analyser: Analyser;
  private readonly analysed: ((seconds: number, ok: boolean) => void) | undefined;
  private running = 0;
  private readonly queue: Job[] = [];
  private readonly cache = new Map<string, Review>();
  private readonly inFlight = new Map<string, Promise<Review>>();
  /** What runs after a press returned: the analyses and the posting of their results. */
  private readonly background = new Set<Promise<void>>();
  /** The reviews being posted, by game, chat and person: a second press waits for the first. */
  private readonly posting = new Set<string>();
  /** The reviews on their way, by person. */
  private readonly byUser = new Map<number, number>();

  constructor(opts: ReviewsOptions = {}) {
    this.atOnce = Math.max(1, opts.atOnce ?? REVIEWS_AT_ONCE);
    this.progressEveryMs = opts.progressEveryMs ?? PROGRESS_EVERY_MS;
    this.analyser = opts.analyser ?? analyseHere;
    this.analysed = opts.analysed;
  }

  /** Reviews waiting in line on this instance. */
  get waiting(): number {
    return this.queue.length;
  }

  /** Reviews being analysed on this instance now. */
  get analysing(): number {
    return this.running;
  }

  cached(gameId: string): Review | undefined {
    return this.cache.get(gameId);
  }

  /**
   * Analyse a game (once, however many ask at the same moment), reporting progress. Enqueued at
   * once: `place` is how many wait ahead of it (0: it starts now, or it is known already).
   */
  analysis(rec: GameRecord, hooks: ReviewHooks, ask?: ReviewAsk): { readonly place: number; readonly result: Promise<Review> } {
    const hit = this.cache.get(rec.id);
    if (hit) return { place: 0, result: Promise.resolve(hit) };
    const running = this.inFlight.get(rec.id);
    if (running) return { place: 0, result: running };
    let place = 0;
    const p = new Promise<Review>((resolve, reject) => {
      this.queue.push({
        gameId: rec.id,
        place: hooks.place,
        run: async () => {
          try {
            await hooks.progress(0);
            const t0 = performance.now();
            const a = await this.analyser(exportGame(rec), hooks.progress, ask).catch((e: unknown) => {
              this.analysed?.((performance.now() - t0) / 1000, false);
              throw e;
            });
            this.analysed?.((performance.now() - t0) / 1000, true);
            this.cache.set(rec.id, a);
            if (this.cache.size > 200) this.cache.delete(this.cache.keys().next().value!);
            resolve(a);
          } catch (e) {
            reject(e as Error);
          }
        },
      });
      this.pump();
      place = this.queue.findIndex((j) => j.gameId === rec.id) + 1;
    }).finally(() => this.inFlight.delete(rec.id));
    this.inFlight.set(rec.id, p);
    return { place, result: p };
  }

  /** Keep a piece of work that runs after its update was handled (see settled). */
  track(work: Promise<void>, key?: string, userId?: number): void {
    this.background.add(work);
    if (key !== undefined) this.posting.add(key);
    if (userId !== undefined) this.byUser.set(userId, (this.byUser.get(userId) ?? 0) + 1);
    void work.finally(() => {
      this.background.delete(work);
      if (key !== undefined) this.posting.delete(key);
      if (userId !== undefined) {
        const n = (this.byUser.get(userId) ?? 1) - 1;
        if (n > 0) this.byUser.set(userId, n);
        else this.byUser.delete(userId);
      }
    });
  }

  /** How many of a person's reviews this instance has on their way. */
  runningFor(userId: number): number {
    return this.byUser.get(userId) ?? 0;
  }

  /** Whether the review with this key (see track) is still on its way. */
  busy(key: string): boolean {
    return this.posting.has(key);
  }

  /** Resolves when every review asked for so far is posted (shutdown, tests). */
  async settled(): Promise<void> {
    while (this.background.size) await Promise.allSettled([...this.background]);
  }

  private pump(): void {
    let moved = false;
    while (this.running < this.atOnce && this.queue.length) {
      const job = this.queue.shift()!;
      this.running++;
      moved = true;
      void job.run().finally(() => {
        this.running--;
        this.pump();
      });
    }
    if (moved) this.queue.forEach((j, i) => j.place?.(i + 1));
  }
}

