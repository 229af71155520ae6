/**
 * Statistics and ratings. Per person and game (long, short): matches, wins, losses, games,
 * points, marses and koks, the rating (FIBS formula, rating.ts) with its best and its history,
 * the last results; games against the bot are counted apart, by level, and never move a rating.
 *
 * Exactly once: when a match between two people ends, its rating change is computed from both
 * ratings and written into the game record by the same compare-and-set that ends it. Each
 * person's record then takes the match once (it keeps the ids of the matches it has taken), so a
 * press delivered twice, two instances, or a crash in between (a timer retries) change nothing.
 */
import type { Level } from '../ai/player.js';
import type { Variant } from '../engine/types.js';
import type { Store } from '../store/types.js';
import type { GameRecord, PlayerRef } from './model.js';
import { ratingChange, START_RATING } from './rating.js';
import { RecordError } from './records.js';

export interface LastResult {
  readonly at: number;
  readonly opponent: string;
  readonly won: boolean;
  /** The match score, own first. */
  readonly score: string;
  readonly length: number;
  /** Rating change (0 against the bot). */
  readonly delta: number;
  /** How it ended, when not by play: a player left, or lost on time (a claim). */
  readonly how?: 'left' | 'time';
}

export interface VariantStats {
  readonly matches: number;
  readonly wins: number;
  readonly losses: number;
  readonly games: number;
  readonly pointsWon: number;
  readonly pointsLost: number;
  /** Games won / lost by mars (gammon in short nardy), and by koks (backgammon). */
  readonly marsWon: number;
  readonly marsLost: number;
  readonly koksWon: number;
  readonly koksLost: number;
  readonly rating: number;
  readonly best: number;
  readonly experience: number;
  /** The rating after each of the last rated matches, oldest first (30 at most). */
  readonly history: readonly number[];
  readonly last: readonly LastResult[];
}

export interface BotRecord {
  readonly wins: number;
  readonly losses: number;
  readonly pointsWon: number;
  readonly pointsLost: number;
}

export interface UserStats {
  readonly name: string;
  readonly long: VariantStats;
  readonly short: VariantStats;
  readonly bot: Readonly<Record<Variant, Partial<Record<Level, BotRecord>>>>;
  /** Ids of the last matches taken (to take each once). */
  readonly applied: readonly string[];
  /** Tournaments finished and won (ids taken, to take each once). */
  readonly tournaments?: { readonly played: number; readonly won: number; readonly applied: readonly string[] };
}

const HISTORY = 30;

/**
 * The ratings a chart draws: the kept history, from the start rating when it holds every rated
 * match (so that one match is a line from where it began, not a lone dot).
 */
export function chartHistory(v: { readonly history: readonly number[] }): number[] {
  return v.history.length > 0 && v.history.length < HISTORY ? [START_RATING, ...v.history] : [...v.history];
}
const LAST = 10;
const APPLIED = 300;

export function emptyVariant(): VariantStats {
  return { matches: 0, wins: 0, losses: 0, games: 0, pointsWon: 0, pointsLost: 0, marsWon: 0, marsLost: 0, koksWon: 0, koksLost: 0, rating: START_RATING, best: START_RATING, experience: 0, history: [], last: [] };
}

export function emptyStats(name = ''): UserStats {
  return { name, long: emptyVariant(), short: emptyVariant(), bot: { long: {}, short: {} }, applied: [] };
}

const STATS_SCHEMA = 1;

export function decodeStats(raw: string): UserStats {
  let r: unknown;
  try {
    r = JSON.parse(raw);
  } catch {
    throw new RecordError('stats record is not JSON');
  }
  if (typeof r !== 'object' || r === null || (r as { schema?: unknown }).schema !== STATS_SCHEMA) throw new RecordError('stats record of an unknown schema');
  const x = r as Partial<UserStats>;
  const variant = (v: unknown): VariantStats => ({ ...emptyVariant(), ...(typeof v === 'object' && v !== null ? (v as VariantStats) : {}) });
  return { name: typeof x.name === 'string' ? x.name : '', long: variant(x.long), short: variant(x.short), bot: { long: { ...(x.bot?.long ?? {}) }, short: { ...(x.bot?.short ?? {}) } }, applied: Array.isArray(x.applied) ? x.applied : [], ...(x.tournaments && typeof x.tournaments === 'object' ? { tournaments: x.tournaments } : {}) };
}

export function encodeStats(s: UserStats): string {
  return JSON.stringify({ schema: STATS_SCHEMA, ...s });
}

/** Whether a finished match moves ratings: two people (in a group or by link). */
/** A period's counters live a little longer than the period. */
const PERIOD_TTL_SECONDS = 40 * 86_400;
/** The fewest rated matches in a period to be ranked in it. */
export const MIN_PERIOD_GAMES = 3;

export interface PeriodEntry {
  readonly userId: number;
  readonly name: string;
  readonly rating: number;
  readonly games: number;
  readonly wins: number;
  readonly gained: number;
}

/** The ISO week (2026-W49) or the month (2026-12) of a moment, UTC. */
export function periodId(period: 'week' | 'month', at: number): string {
  const d = new Date(at);
  if (period === 'month') return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  // ISO 8601: the week with the year's first Thursday is week 1; weeks start on Monday.
  const day = (d.getUTCDay() + 6) % 7;
  const thursday = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - day + 3));
  const firstThursday = new Date(Date.UTC(thursday.getUTCFullYear(), 0, 4));
  const week = 1 + Math.round(((thursday.getTime() - firstThursday.getTime()) / 86_400_000 - 3 + ((firstThursday.getUTCDay() + 6) % 7)) / 7);
  return `${thursday.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

function periodBoard(period: 'week' | 'month', variant: Variant, at: number): string {
  return `${period}:${variant}:${periodId(period, at)}`;
}

export function isRated(rec: GameRecord): boolean {
  return rec.players.white.kind === 'human' && rec.players.black.kind === 'human' && rec.rated !== false;
}

function nameOf(p: PlayerRef): string {
  return p.kind === 'human' ? p.name : `bot:${p.level}`;
}

export interface LeaderEntry {
  readonly userId: number;
  readonly name: string;
  readonly rating: number;
  readonly matches: number;
}

export class Stats {
  constructor(
    private readonly store: Store,
    private readonly now: () => number = Date.now,
  ) {}

  private async read(userId: number): Promise<{ v: number; stats: UserStats }> {
    const raw = await this.store.stats.get(userId);
    if (!raw) return { v: 0, stats: emptyStats() };
    try {
      return { v: raw.v, stats: decodeStats(raw.data) };
    } catch (e) {
      if (e instanceof RecordError) return { v: raw.v, stats: emptyStats() };
      throw e;
    }
  }

  async of(userId: number): Promise<UserStats> {
    return (await this.read(userId)).stats;
  }

  /** The rating change of a match between two people that has just ended (before it is saved). */
  async rate(rec: GameRecord): Promise<GameRecord['rating']> {
    const winner = rec.match.winner;
    if (!isRated(rec) || !winner) return undefined;
    const v = rec.match.variant;
    const w = rec.players[winner] as { id: number };
    const loserSide = winner === 'white' ? 'black' : 'white';
    const l = rec.players[loserSide] as { id: number };
    const [ws, ls] = await Promise.all([this.of(w.id), this.of(l.id)]);
    const change = ratingChange(ws[v], ls[v], rec.match.length);
    const round = (x: number): number => Math.round(x * 100) / 100;
    const entry = (before: number, d: number) => ({ before: round(before), after: round(before + d) });
    return { [winner]: entry(ws[v].rating, change.winner), [loserSide]: entry(ls[v].rating, change.loser) } as NonNullable<GameRecord['rating']>;
  }

  /** Take a finished match into each person's statistics, once. */
  async record(rec: GameRecord): Promise<void> {
    if (!rec.finished || !rec.match.winner) return;
    for (const side of ['white', 'black'] as const) {
      const p = rec.players[side];
      if (p.kind !== 'human') continue;
      await this.take(p.id, rec, side);
      // The week's and the month's counters (rated matches), once per match and player.
      if (isRated(rec)) {
        const gained = rec.rating ? Math.round((rec.rating[side].after - rec.rating[side].before) * 100) / 100 : 0;
        for (const period of ['week', 'month'] as const) {
          await this.store.stats.bumpPeriod(periodBoard(period, rec.match.variant, rec.updatedAt), `${rec.id}:${p.id}`, p.id, rec.match.winner === side, gained, PERIOD_TTL_SECONDS);
        }
      }
    }
  }

  /**
   * The best of a period (this week, this month) by its rated results: wins, then rating gained,
   * among those with at least `minGames` matches in it; in a group, its own players only. The
   * rating shown is the current one.
   */
  async topOfPeriod(period: 'week' | 'month', variant: Variant, chatId: number | null, n = 10, minGames = MIN_PERIOD_GAMES): Promise<PeriodEntry[]> {
    let rows = (await this.store.stats.period(periodBoard(period, variant, this.now()))).filter((r) => r.games >= minGames);
    if (chatId !== null) {
      const members = new Set((await this.store.stats.top(`chat:${chatId}:${variant}`, 10_000)).map((r) => r.userId));
      rows = rows.filter((r) => members.has(r.userId));
    }
    rows.sort((a, b) => b.wins - a.wins || b.gained - a.gained || a.games - b.games || a.userId - b.userId);
    return Promise.all(
      rows.slice(0, n).map(async (r) => {
        const st = await this.of(r.userId);
        return { userId: r.userId, name: st.name || String(r.userId), rating: st[variant].rating, games: r.games, wins: r.wins, gained: Math.round(r.gained * 10) / 10 };
      }),
    );
  }

  private async take(userId: number, rec: GameRecord, side: 'white' | 'black'): Promise<void> {
    for (let attempt = 0; attempt < 10; attempt++) {
      const { v, stats } = await this.read(userId);
      if (stats.applied.includes(rec.id)) return;
      const next = this.apply(stats, rec, side);
      if (await this.store.stats.save(userId, v, encodeStats(next))) {
        if (isRated(rec)) {
          const rating = next[rec.match.variant].rating;
          await this.store.stats.rank(`global:${rec.match.variant}`, userId, rating);
          if (rec.kind === 'group') await this.store.stats.rank(`chat:${rec.seats[0]!.chatId}:${rec.match.variant}`, userId, rating);
        }
        return;
      }
    }
    throw new Error(`could not record match ${rec.id} for user ${userId}`);
  }

  /** A finished tournament into a player's statistics, once. */
  async recordTournament(userId: number, name: string, tournamentId: string, won: boolean): Promise<void> {
    for (let attempt = 0; attempt < 10; attempt++) {
      const { v, stats } = await this.read(userId);
      const t = stats.tournaments ?? { played: 0, won: 0, applied: [] };
      if (t.applied.includes(tournamentId)) return;
      const next: UserStats = { ...stats, name: stats.name || name, tournaments: { played: t.played + 1, won: t.won + (won ? 1 : 0), applied: [...t.applied, tournamentId].slice(-APPLIED) } };
      if (await this.store.stats.save(userId, v, encodeStats(next))) return;
    }
    throw new Error(`could not record tournament ${tournamentId} for user ${userId}`);
  }

  /** The statistics after one more match. */
  apply(stats: UserStats, rec: GameRecord, side: 'white' | 'black'): UserStats {
    const m = rec.match;
    const other = side === 'white' ? 'black' : 'white';
    const me = rec.players[side];
    const won = m.winner === side;
    const results = rec.results ?? [];
    const count = (pred: (r: (typeof results)[number]) => boolean): number => results.filter(pred).length;
    const points = (who: 'white' | 'black'): number => results.filter((r) => r.winner === who).reduce((a, r) => a + r.points, 0);
    const big = (kinds: readonly string[], who: 'white' | 'black'): number => count((r) => r.winner === who && kinds.includes(r.kind));
    const name = me.kind === 'human' ? me.name : stats.name;
    const base = { ...stats, name, applied: [...stats.applied, rec.id].slice(-APPLIED) };
    const opp = rec.players[other];
    if (!isRated(rec)) {
      if (opp.kind !== 'bot') return base;
      const cur = stats.bot[m.variant][opp.level] ?? { wins: 0, losses: 0, pointsWon: 0, pointsLost: 0 };
      const entry: BotRecord = { wins: cur.wins + (won ? 1 : 0), losses: cur.losses + (won ? 0 : 1), pointsWon: cur.pointsWon + points(side), pointsLost: cur.pointsLost + points(other) };
      return { ...base, bot: { ...stats.bot, [m.variant]: { ...stats.bot[m.variant], [opp.level]: entry } } };
    }
    const v = stats[m.variant];
    const rating = rec.rating?.[side].after ?? v.rating;
    const delta = rec.rating ? rating - rec.rating[side].before : 0;
    const ended = rec.events.some((e) => e.type === 'claimed') ? 'time' : results.at(-1)?.reason === 'forfeit' ? 'left' : null;
    const last: LastResult = { at: this.now(), opponent: nameOf(opp), won, score: `${m.score[side]}:${m.score[other]}`, length: m.length, delta: Math.round(delta * 100) / 100, ...(ended ? { how: ended } : {}) };
    const next: VariantStats = {
      ...v,
      matches: v.matches + 1,
      wins: v.wins + (won ? 1 : 0),
      losses: v.losses + (won ? 0 : 1),
      games: v.games + results.length,
      pointsWon: v.pointsWon + points(side),
      pointsLost: v.pointsLost + points(other),
      marsWon: v.marsWon + big(['mars', 'gammon'], side),
      marsLost: v.marsLost + big(['mars', 'gammon'], other),
      koksWon: v.koksWon + big(['backgammon'], side),
      koksLost: v.koksLost + big(['backgammon'], other),
      rating: Math.round((v.rating + delta) * 100) / 100,
      best: Math.max(v.best, Math.round((v.rating + delta) * 100) / 100),
      experience: v.experience + m.length,
      history: [...v.history, Math.round((v.rating + delta) * 100) / 100].slice(-HISTORY),
      last: [last, ...v.last].slice(0, LAST),
    };
    return { ...base, [m.variant]: next };
  }

  /** A leaderboard: a group's (chatId) or everyone's (null). */
  async top(chatId: number | null, variant: Variant, n = 10): Promise<LeaderEntry[]> {
    const rows = await this.store.stats.top(chatId === null ? `global:${variant}` : `chat:${chatId}:${variant}`, n);
    return Promise.all(
      rows.map(async (r) => {
        const s = await this.of(r.userId);
        return { userId: r.userId, name: s.name || String(r.userId), rating: r.score, matches: s[variant].matches };
      }),
    );
  }

  async place(chatId: number | null, variant: Variant, userId: number): Promise<number | null> {
    return this.store.stats.place(chatId === null ? `global:${variant}` : `chat:${chatId}:${variant}`, userId);
  }
}
