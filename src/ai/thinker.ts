/**
 * The bot's decisions as the use cases ask for them: asynchronously, so that they can be made
 * off the event loop. `inProcess` wraps a player of this thread (tests, scripts); ThinkerPool
 * runs the players in worker threads (the bot in production), one queue for all games.
 */
import type { Worker } from 'node:worker_threads';
import type { GameState } from '../engine/game.js';
import type { MatchState } from '../engine/match.js';
import type { Step } from '../engine/types.js';
import type { MatchScore } from './met.js';
import { createPlayer, isLevel, type BotPlayer, type Level } from './player.js';
import { startWorker } from './threads.js';

/** A play as a hint shows it: its steps and the mover's cubeless equity after it. */
export interface RankedPlay {
  readonly moves: Step[];
  readonly equity: number;
}

export interface Thinker {
  readonly level: string;
  /** With `score`, the mover's in a match (player.ts, playScore): plays compared at that score. */
  choosePlay(game: GameState, score?: MatchScore): Promise<Step[]>;
  /** The best plays of the game's roll (at most `count`), best first. */
  rank(game: GameState, count: number, score?: MatchScore): Promise<RankedPlay[]>;
  wantsToDouble(match: MatchState): Promise<boolean>;
  takes(match: MatchState): Promise<boolean>;
  acceptsResignation(match: MatchState): Promise<boolean>;
}

export function inProcess(p: BotPlayer): Thinker {
  return {
    level: p.level,
    choosePlay: async (g, score) => p.choosePlay(g, score),
    rank: async (g, count, score) => rankOf(p, g, count, score),
    wantsToDouble: async (m) => p.wantsToDouble(m),
    takes: async (m) => p.takes(m),
    acceptsResignation: async (m) => p.acceptsResignation(m),
  };
}

/** The best plays of a game's roll as a player of this thread ranks them. */
export function rankOf(p: BotPlayer, game: GameState, count: number, score?: MatchScore): RankedPlay[] {
  if (!game.dice || !p.rank) return [];
  return p.rank(game.position, game.dice, game.rules, score, game.cube).slice(0, count).map((c) => ({ moves: c.moves, equity: c.equity }));
}

export type ThinkQuestion =
  | { readonly level: Level; readonly kind: 'play'; readonly game: GameState; readonly score?: MatchScore }
  | { readonly level: Level; readonly kind: 'rank'; readonly game: GameState; readonly count: number; readonly score?: MatchScore }
  | { readonly level: Level; readonly kind: 'double' | 'take' | 'resign'; readonly match: MatchState };

export type ThinkRequest = ThinkQuestion & { readonly id: number };

type Answer = Step[] | boolean | RankedPlay[];

export type ThinkReply = { readonly id: number; readonly ok: true; readonly value: Answer } | { readonly id: number; readonly ok: false; readonly error: string };

interface Waiting {
  resolve(v: Answer): void;
  reject(e: Error): void;
}

/** Worker threads that think for the bot. A decision goes to the least busy worker. */
export class ThinkerPool {
  private readonly workers: Array<{ w: Worker; busy: number }> = [];
  private readonly waiting = new Map<number, Waiting>();
  private next = 1;
  private closed = false;

  constructor(size: number) {
    for (let i = 0; i < size; i++) {
      const w = startWorker(import.meta.url, 'thinker-worker');
      const slot = { w, busy: 0 };
      w.on('message', (r: ThinkReply) => {
        slot.busy--;
        const p = this.waiting.get(r.id);
        if (!p) return;
        this.waiting.delete(r.id);
        if (r.ok) p.resolve(r.value);
        else p.reject(new Error(r.error));
      });
      w.on('error', (e) => {
        for (const [id, p] of this.waiting) {
          this.waiting.delete(id);
          p.reject(e);
        }
      });
      w.unref();
      this.workers.push(slot);
    }
  }

  private ask(req: ThinkQuestion): Promise<Answer> {
    if (this.closed) return Promise.reject(new Error('the thinker pool is closed'));
    const id = this.next++;
    const slot = this.workers.reduce((a, b) => (b.busy < a.busy ? b : a));
    slot.busy++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      slot.w.postMessage({ ...req, id });
    });
  }

  /** The thinker of a level. */
  thinker(level: Level): Thinker {
    if (!isLevel(level)) throw new Error(`unknown level ${String(level)}`);
    return {
      level,
      choosePlay: (game, score) => this.ask({ level, kind: 'play', game, score }) as Promise<Step[]>,
      rank: (game, count, score) => this.ask({ level, kind: 'rank', game, count, score }) as Promise<RankedPlay[]>,
      wantsToDouble: (match) => this.ask({ level, kind: 'double', match }) as Promise<boolean>,
      takes: (match) => this.ask({ level, kind: 'take', match }) as Promise<boolean>,
      acceptsResignation: (match) => this.ask({ level, kind: 'resign', match }) as Promise<boolean>,
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.workers.map((s) => s.w.terminate()));
  }
}

/** Players of this thread, one per level (what a worker keeps). */
export function localPlayers(): (level: Level) => BotPlayer {
  const players = new Map<Level, BotPlayer>();
  return (level) => {
    let p = players.get(level);
    if (!p) players.set(level, (p = createPlayer(level)));
    return p;
  };
}
