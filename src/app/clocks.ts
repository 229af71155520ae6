/**
 * Move clocks of games between people: when it becomes a person's turn the clock starts; half
 * way through the limit the bot reminds them once; when the limit is up the waiting player may
 * claim the game. A clock's state lives in the store and its next moment in the shared timers
 * (TimerStore), so a restart or another instance picks it up: nothing waits in a process.
 */
import { actor } from '../engine/game.js';
import type { Side } from '../engine/types.js';
import type { Store } from '../store/types.js';
import type { GameRecord } from './model.js';

export interface MoveLimits {
  /** Seconds a player in a group has for a move. */
  readonly group: number;
  /** Seconds a player of a game by link has for a move. */
  readonly link: number;
  /** By link: seconds after the turn passes before the "your move" message (none if they moved). */
  readonly notice: number;
}

export const DEFAULT_LIMITS: MoveLimits = { group: 300, link: 86_400, notice: 20 };

export interface ClockState {
  /** The turn it times (see turnKey). */
  readonly key: string;
  /** Who is to act. */
  readonly side: Side;
  readonly since: number;
  readonly reminded: boolean;
  readonly claimable: boolean;
}

/** A turn key as turnKey writes it: game number, record length, what is awaited, who. */
export const TURN_KEY = /^\d{1,3}\.\d{1,4}\.(turn|double|resign)\.(white|black)$/;

/** A stored clock as it must be (anything else is no clock: a claim is never read from a broken one). */
export function decodeClock(raw: unknown): ClockState | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const c = raw as Record<string, unknown>;
  if (typeof c.key !== 'string' || !TURN_KEY.test(c.key)) return null;
  if ((c.side !== 'white' && c.side !== 'black') || typeof c.since !== 'number' || !Number.isFinite(c.since)) return null;
  if (typeof c.reminded !== 'boolean' || typeof c.claimable !== 'boolean') return null;
  return { key: c.key, side: c.side, since: c.since, reminded: c.reminded, claimable: c.claimable };
}

export const IDLE_TIMER = 'idle:';
export const NOTICE_TIMER = 'notice:';

/** The turn a person is to act in, or null when no person is (the game is over, or it is the bot's). */
export function turnKey(rec: GameRecord): string | null {
  const m = rec.match;
  const g = m.game;
  if (rec.finished || m.winner) return null;
  const side = g.phase === 'over' ? null : (actor(g) ?? g.position.turn);
  // Between games the one who presses "Next game" is either player: no clock then.
  if (side === null || rec.players[side].kind !== 'human') return null;
  return `${m.gameNo}.${g.record.length}.${g.phase === 'double' || g.phase === 'resign' ? g.phase : 'turn'}.${side}`;
}

export class Clocks {
  constructor(
    private readonly store: Store,
    readonly limits: MoveLimits = DEFAULT_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  /** The move limit of a game in seconds (null: no clock, as against the bot). */
  limitOf(rec: GameRecord): number | null {
    if (rec.kind !== 'bot' && rec.moveSeconds) return rec.moveSeconds;
    return rec.kind === 'group' ? this.limits.group : rec.kind === 'link' ? this.limits.link : null;
  }

  async state(gameId: string): Promise<ClockState | null> {
    const own = decodeClock(await this.store.clocks.get(gameId));
    if (own) return own;
    // A clock started before clocks had a store of their own (kept among dialogue states).
    return decodeClock(await this.store.dialogues.get(`clock:${gameId}`));
  }

  private ttl(limit: number): number {
    return Math.ceil(limit * 2 + 86_400);
  }

  /** After a save: start the clock of a new turn (the same turn keeps its clock). */
  async turn(rec: GameRecord): Promise<void> {
    const limit = this.limitOf(rec);
    if (limit === null) return;
    const key = turnKey(rec);
    if (key === null) {
      await this.store.timers.clear(IDLE_TIMER + rec.id);
      if (rec.kind === 'link') await this.store.timers.clear(NOTICE_TIMER + rec.id);
      await this.store.clocks.delete(rec.id);
      await this.store.dialogues.delete(`clock:${rec.id}`);
      return;
    }
    const cur = await this.state(rec.id);
    if (cur?.key === key) return;
    const side = key.split('.').at(-1) as Side;
    const state: ClockState = { key, side, since: this.now(), reminded: false, claimable: false };
    await this.store.clocks.set(rec.id, state, this.ttl(limit));
    await this.store.timers.set(IDLE_TIMER + rec.id, state.since + (limit * 1000) / 2);
    if (rec.kind === 'link') await this.store.timers.set(NOTICE_TIMER + rec.id, state.since + this.limits.notice * 1000);
  }

  /**
   * The notice timer is due: the turn it was set for, if it is still that turn and the player
   * has not acted in it yet (a roll or a step saved since the turn began means they are at the
   * board: no "your move" then).
   */
  async noticeDue(rec: GameRecord): Promise<ClockState | null> {
    const st = await this.state(rec.id);
    if (!st || rec.kind !== 'link' || st.key !== turnKey(rec)) return null;
    return rec.updatedAt > st.since ? null : st;
  }

  /**
   * The game's idle timer is due: 'remind' the player to act (once), or make the game
   * 'claimable' by the waiting player when the limit is up; null when the turn has passed.
   */
  async fire(rec: GameRecord): Promise<{ readonly kind: 'remind' | 'claimable'; readonly state: ClockState; readonly left: number } | null> {
    const limit = this.limitOf(rec);
    const st = await this.state(rec.id);
    if (limit === null || !st || st.key !== turnKey(rec) || st.claimable) return null;
    const end = st.since + limit * 1000;
    const now = this.now();
    if (now >= end) {
      const next: ClockState = { ...st, reminded: true, claimable: true };
      await this.store.clocks.set(rec.id, next, this.ttl(limit));
      return { kind: 'claimable', state: next, left: 0 };
    }
    if (!st.reminded) {
      const next: ClockState = { ...st, reminded: true };
      await this.store.clocks.set(rec.id, next, this.ttl(limit));
      await this.store.timers.set(IDLE_TIMER + rec.id, end);
      return { kind: 'remind', state: next, left: end - now };
    }
    await this.store.timers.set(IDLE_TIMER + rec.id, end);
    return null;
  }
}
