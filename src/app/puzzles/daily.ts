/**
 * The daily position in a group: a group admin turns it on at an hour of the group's time; every
 * day at that hour the bot posts one problem (the same for every group that day: chosen by the
 * date, stored), members answer by its buttons (one answer each, private until the end), and at
 * the next day's hour the result is posted before the next position: how many answered, the
 * share right, the best answer, the day's and the week's best solvers.
 *
 * Exactly once across instances and kills: one shared timer per group (leased: an instance that
 * dies half way leaves it to fire again); the day's record is created by compare-and-set, and
 * its post and its result are each marked done in it, so a timer that fires again finishes what
 * is left and repeats nothing that was marked. (A kill between Telegram's taking a post and its
 * mark can post it twice: at least once, as every message.)
 */
import { createHash } from 'node:crypto';
import type { Lang } from '../model.js';
import type { Variant } from '../../engine/types.js';
import { loadBank, problemById, type Problem } from '../../puzzles/bank.js';
import type { DocStore, TimerStore } from '../../store/index.js';
import { changeDoc, hashedOrder } from './docs.js';

export const DAILY_TIMER = 'daily:';
const KEEP_SECONDS = 60 * 86_400;
/** A claim to post older than this is an instance that died: another may take it. */
const CLAIM_MS = 45_000;

export interface DailyConfig {
  readonly on: boolean;
  /** The hour and minute of the group's day when the position is posted. */
  readonly hour: number;
  readonly minute: number;
  /** The group's time: hours from UTC. */
  readonly offset: number;
  readonly variant: Variant;
  readonly lang: Lang;
}

export interface DayRecord {
  /** The group's date, YYYY-MM-DD. */
  readonly date: string;
  readonly problem: string;
  /** The order of the answers on the buttons (bank indices), the same for every member. */
  readonly order: readonly number[];
  readonly messageId: number | null;
  /** Each member's answer: the bank index of the play chosen, and their name. */
  readonly answers: Readonly<Record<string, { readonly choice: number; readonly name: string; readonly at: number }>>;
  readonly resultPosted: boolean;
  /** An instance posting the position, or its result, since then (ms): the others leave it to it. */
  readonly posting?: number;
  readonly resulting?: number;
}

export interface DayResult {
  readonly date: string;
  readonly problem: Problem;
  readonly answered: number;
  readonly right: number;
  /** The members who found the best play, first answers first. */
  readonly solvers: readonly string[];
  /** The week's best solvers of the group (Monday to Sunday), with their right answers. */
  readonly week: ReadonlyArray<{ readonly name: string; readonly right: number }>;
}

/** What the front end does for the daily position: post it (giving its message id), post its result. */
export interface DailyPoster {
  post(chatId: number, cfg: DailyConfig, day: DayRecord, problem: Problem): Promise<number>;
  result(chatId: number, cfg: DailyConfig, result: DayResult, messageId: number | null): Promise<void>;
}

export type DailyAnswer =
  | { readonly kind: 'recorded'; readonly problem: Problem; readonly choice: number }
  | { readonly kind: 'already'; readonly problem: Problem; readonly choice: number }
  | { readonly kind: 'closed' };

const pad = (n: number): string => String(n).padStart(2, '0');

/** The group's date at `at` (ms), for a group `offset` hours from UTC. */
export function localDate(at: number, offset: number): string {
  const d = new Date(at + offset * 3_600_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** The next moment (ms) after `now` when the group's clock shows hour:minute. */
export function nextPost(now: number, cfg: Pick<DailyConfig, 'hour' | 'minute' | 'offset'>): number {
  const local = new Date(now + cfg.offset * 3_600_000);
  let at = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), cfg.hour, cfg.minute) - cfg.offset * 3_600_000;
  if (at <= now) at += 86_400_000;
  return at;
}

/** The moment (ms) of the group's hour:minute on its local `date` (YYYY-MM-DD). */
function slotOn(date: string, cfg: Pick<DailyConfig, 'hour' | 'minute' | 'offset'>): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d, cfg.hour, cfg.minute) - cfg.offset * 3_600_000;
}

/** The day's problem of a game: the same for everyone on that date (a play problem). */
export function dailyProblem(date: string, variant: Variant): Problem {
  // Plays only: a group answers "which play?" (the cube problems are for /puzzle).
  const problems = loadBank(variant).problems.filter((p) => p.kind === 'play');
  const h = createHash('sha256').update(`daily:${variant}:${date}`).digest();
  return problems[h.readUInt32BE(0) % problems.length]!;
}

/** The order of the day's answers on the buttons (the best not always first), from the date. */
export function dailyOrder(date: string, problem: Problem): number[] {
  return hashedOrder(`order:${date}:${problem.id}`, problem.answers.length);
}

/** Monday of the week of a date (YYYY-MM-DD), the key of the week's table. */
export function weekOf(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  const monday = new Date(d.getTime() - ((d.getUTCDay() + 6) % 7) * 86_400_000);
  return `${monday.getUTCFullYear()}-${pad(monday.getUTCMonth() + 1)}-${pad(monday.getUTCDate())}`;
}

export class Daily {
  private poster: DailyPoster | null = null;

  constructor(private readonly deps: { readonly docs: DocStore; readonly timers: TimerStore; readonly now: () => number; readonly warn: (message: string, err: unknown) => void }) {}

  /** The front end that posts (the bot). */
  use(poster: DailyPoster): void {
    this.poster = poster;
  }

  async config(chatId: number): Promise<DailyConfig | null> {
    const doc = await this.deps.docs.get(`daily:cfg:${chatId}`);
    return doc ? (JSON.parse(doc.data) as DailyConfig) : null;
  }

  private async write<T>(key: string, change: (old: T | null) => T | null): Promise<T | null> {
    return (await this.change(key, change)).value;
  }

  /** Compare-and-set: the value now, and whether this change made it. */
  private change<T>(key: string, change: (old: T | null) => T | null): Promise<{ readonly value: T | null; readonly changed: boolean }> {
    return changeDoc(this.deps.docs, key, KEEP_SECONDS, change);
  }

  /**
   * Run `post` for the day once: the instance whose claim is written does it (a claim older than
   * CLAIM_MS belongs to one that died); a failure gives the claim back (the timer fires again).
   */
  private async once(key: string, field: 'posting' | 'resulting', pending: (d: DayRecord) => boolean, post: (d: DayRecord) => Promise<Partial<DayRecord>>): Promise<void> {
    const now = this.deps.now();
    const claim = await this.change<DayRecord>(key, (old) => (old && pending(old) && !(old[field] !== undefined && now - old[field]! < CLAIM_MS) ? { ...old, [field]: now } : null));
    if (!claim.changed || !claim.value) return;
    let done: Partial<DayRecord>;
    try {
      done = await post(claim.value);
    } catch (e) {
      // Given back for the next firing; if even that fails (the store is down), the claim expires by itself.
      await this.write<DayRecord>(key, (old) => (old && old[field] === now ? { ...old, [field]: undefined } : null)).catch((err: unknown) => this.deps.warn(`could not give back the claim of ${key} (it expires in ${CLAIM_MS / 1000} s)`, err));
      throw e;
    }
    await this.write<DayRecord>(key, (old) => (old ? { ...old, ...done } : null));
  }

  /** Turn it on (or change the hour) or off; on: the first post at the next such hour. */
  async set(chatId: number, cfg: DailyConfig): Promise<{ readonly next: number | null }> {
    await this.write<DailyConfig>(`daily:cfg:${chatId}`, () => cfg);
    const timer = `${DAILY_TIMER}${chatId}`;
    if (!cfg.on) {
      await this.deps.timers.clear(timer);
      return { next: null };
    }
    const next = nextPost(this.deps.now(), cfg);
    await this.deps.timers.set(timer, next);
    return { next };
  }

  private dayKey(chatId: number, date: string): string {
    return `daily:day:${chatId}:${date}`;
  }

  async day(chatId: number, date: string): Promise<DayRecord | null> {
    const doc = await this.deps.docs.get(this.dayKey(chatId, date));
    return doc ? (JSON.parse(doc.data) as DayRecord) : null;
  }

  /**
   * The group's timer fired: the open day's result (once), then today's position (once), then
   * the next day's timer. Throws when the front end fails: the timer fires again and goes on
   * from where it stopped.
   */
  async due(chatId: number): Promise<void> {
    const cfg = await this.config(chatId);
    if (!cfg?.on) return;
    // Only the bot's process takes timers, and it registers its poster first: without one the day
    // would be lost, so the timer is left to fire again.
    if (!this.poster) throw new Error('the daily position has no front end to post it');
    const now = this.deps.now();
    const date = localDate(now, cfg.offset);
    // The day before (or the last posted one) gets its result first.
    const open = await this.deps.docs.get(`daily:open:${chatId}`);
    const openDate = open ? (JSON.parse(open.data) as string) : null;
    if (openDate && openDate !== date) await this.finish(chatId, cfg, openDate);
    // Today's position: created once, posted once.
    const problem = dailyProblem(date, cfg.variant);
    const key = this.dayKey(chatId, date);
    await this.write<DayRecord>(key, (old) => old ?? { date, problem: problem.id, order: dailyOrder(date, problem), messageId: null, answers: {}, resultPosted: false });
    const poster = this.poster;
    await this.once(key, 'posting', (d) => d.messageId === null, async (d) => ({ messageId: await poster.post(chatId, cfg, d, problemById(d.problem)!) }));
    await this.write<string>(`daily:open:${chatId}`, () => date);
    // The next day's hour, never today's again, even when this firing came before it (the
    // timer moved by hand, another instance's clock ahead): today's position is posted.
    await this.deps.timers.set(`${DAILY_TIMER}${chatId}`, nextPost(Math.max(now, slotOn(date, cfg)) + 60_000, cfg));
  }

  /** The result of a day, posted once; the week's table counts its right answers. */
  private async finish(chatId: number, cfg: DailyConfig, date: string): Promise<void> {
    await this.once(this.dayKey(chatId, date), 'resulting', (d) => !d.resultPosted, async (day) => {
      await this.result(chatId, cfg, date, day);
      return { resultPosted: true };
    });
  }

  private async result(chatId: number, cfg: DailyConfig, date: string, day: DayRecord): Promise<void> {
    const problem = problemById(day.problem)!;
    const answers = Object.entries(day.answers).sort((a, b) => a[1].at - b[1].at);
    const right = answers.filter(([, a]) => a.choice === 0);
    // The week's table (once per day: its record says which days it holds).
    const weekKey = `daily:week:${chatId}:${weekOf(date)}`;
    const week = await this.write<{ days: string[]; players: Record<string, { name: string; right: number }> }>(weekKey, (old) => {
      const w = old ?? { days: [], players: {} };
      if (w.days.includes(date)) return null;
      const players = { ...w.players };
      for (const [id, a] of answers) players[id] = { name: a.name, right: (players[id]?.right ?? 0) + (a.choice === 0 ? 1 : 0) };
      return { days: [...w.days, date], players };
    });
    const table = Object.values(week?.players ?? {}).filter((p) => p.right > 0).sort((a, b) => b.right - a.right).slice(0, 5);
    await this.poster!.result(chatId, cfg, { date, problem, answered: answers.length, right: right.length, solvers: right.map(([, a]) => a.name), week: table }, day.messageId);
  }

  /** A member's answer to the day's position: the n-th button. One each; none after the result. */
  async answer(chatId: number, date: string, userId: number, name: string, shown: number): Promise<DailyAnswer> {
    const day = await this.day(chatId, date);
    if (!day || day.resultPosted) return { kind: 'closed' };
    const problem = problemById(day.problem)!;
    const choice = day.order[shown];
    if (choice === undefined) return { kind: 'closed' };
    const me = String(userId);
    const r = await this.change<DayRecord>(this.dayKey(chatId, date), (old) => (old && !old.resultPosted && !old.answers[me] ? { ...old, answers: { ...old.answers, [me]: { choice, name, at: this.deps.now() } } } : null));
    if (r.changed) return { kind: 'recorded', problem, choice };
    const mine = r.value && !r.value.resultPosted ? r.value.answers[me] : undefined;
    return mine ? { kind: 'already', problem, choice: mine.choice } : { kind: 'closed' };
  }
}
