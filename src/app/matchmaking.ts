/**
 * Finding an opponent: players wait in one queue that every instance shares (Redis); a pass,
 * run by one instance at a time, pairs them by rating within a window that widens the longer they
 * wait, never a player with themselves nor two players of whom one blocked the other. A pair is
 * taken out of the queue and recorded as pending in one atomic step, and its match (a game by
 * link, rated unless asked otherwise) has an id made from the pair, so a pair is made exactly once
 * even when two instances and a kill race for it. Players who abandon matched games often (lose
 * them by the clock or by leaving) are paired after the others, with a narrower window.
 */
import { createHash } from 'node:crypto';
import type { Store } from '../store/types.js';
import type { Dialogues } from './dialogues.js';
import { releaseLock, takeLock } from './lock.js';
import type { Games } from './games.js';
import type { BotLevel, GameRecord, Human, Lang } from './model.js';
import type { Stats } from './stats.js';
import type { Variant } from '../engine/types.js';

export interface SearchPrefs {
  readonly variant: Variant;
  readonly length: number;
  readonly rated: boolean;
}

export interface Searcher {
  readonly userId: number;
  readonly name: string;
  readonly lang: Lang;
  readonly rating: number;
  readonly wins: number;
  readonly losses: number;
  readonly since: number;
  readonly prefs: SearchPrefs;
  /** Abandoned matched games lately: paired after the others. */
  readonly abandons: number;
  /** Players this searcher blocked (read when the search began). */
  readonly blocked?: readonly number[];
  /** Where the searcher's "looking" message is (the front end edits it). */
  readonly message?: { readonly chatId: number; readonly messageId: number };
  /** When the "looking" message was last brought up to date. */
  readonly shownAt?: number;
}

export type SearchResult =
  | { readonly kind: 'searching'; readonly searcher: Searcher }
  | { readonly kind: 'already'; readonly searcher: Searcher | null }
  | { readonly kind: 'in-game'; readonly game: GameRecord };

export type SearchEvent =
  /** Paired: `game` is the new match; `a` and `b` as they were in the queue. */
  | { readonly kind: 'matched'; readonly a: Searcher; readonly b: Searcher; readonly game: GameRecord }
  /** Nobody was found in time: out of the queue; the bot at `level` is offered. */
  | { readonly kind: 'expired'; readonly searcher: Searcher; readonly level: BotLevel }
  /** Still looking: the message shows for how long. */
  | { readonly kind: 'waiting'; readonly searcher: Searcher; readonly seconds: number };

/** How long a search lasts before the bot is offered. */
export const SEARCH_MS = 3 * 60_000;
/** How often the "looking" message is brought up to date. */
const SHOW_EVERY_MS = 15_000;
/** Abandoned matched games counted over this long. */
const ABANDON_WINDOW_MS = 30 * 86_400_000;
/** From this many abandons in the window a player is paired after the others. */
export const ABANDON_LIMIT = 2;
const BLOCK_MAX = 200;

/** The rating window of a searcher who has waited `ms`: 100 points, +20 a second, at most 1,000; half for an abandoner. */
export function windowOf(s: Searcher, now: number): number {
  const w = Math.min(1000, 100 + 20 * Math.max(0, now - s.since) / 1000);
  return s.abandons >= ABANDON_LIMIT ? w / 2 : w;
}

/** The bot's level nearest a rating. */
export function levelForRating(rating: number): BotLevel {
  return rating < 1450 ? 'easy' : rating < 1650 ? 'medium' : 'hard';
}

const poolOf = (p: SearchPrefs): string => `${p.variant}:${p.length}:${p.rated ? 'r' : 'u'}`;

export function pairIdOf(a: Searcher, b: Searcher): string {
  const [x, y] = a.userId < b.userId ? [a, b] : [b, a];
  const h = createHash('sha256').update(`search:${x.userId}:${x.since}:${y.userId}:${y.since}`).digest('hex');
  return BigInt('0x' + h.slice(0, 16)).toString(36).padStart(10, '0').slice(-10);
}

/**
 * Pair the searchers of one pass (pure): the longest-waiting first (abandoners after everyone),
 * each with the nearest rating in their pool within both windows, not blocked either way.
 */
export function pairUp(searchers: readonly Searcher[], now: number, blocked: (a: number, b: number) => boolean): Array<[Searcher, Searcher]> {
  const pools = new Map<string, Searcher[]>();
  for (const s of searchers) {
    const k = poolOf(s.prefs);
    let list = pools.get(k);
    if (!list) pools.set(k, (list = []));
    list.push(s);
  }
  const out: Array<[Searcher, Searcher]> = [];
  for (const list of pools.values()) {
    const byRating = [...list].sort((x, y) => x.rating - y.rating || x.userId - y.userId);
    const at = new Map(byRating.map((s, i) => [s.userId, i]));
    const taken = new Set<number>();
    const order = [...list].sort((x, y) => Number(x.abandons >= ABANDON_LIMIT) - Number(y.abandons >= ABANDON_LIMIT) || x.since - y.since || x.userId - y.userId);
    for (const s of order) {
      if (taken.has(s.userId)) continue;
      const i = at.get(s.userId)!;
      const w = windowOf(s, now);
      let best: Searcher | null = null;
      // Outwards from the searcher's place by rating, nearest first, while within its window; an
      // abandoner only when nobody else is in range.
      for (let lo = i - 1, hi = i + 1; lo >= 0 || hi < byRating.length; ) {
        const dl = lo >= 0 ? s.rating - byRating[lo]!.rating : Infinity;
        const dh = hi < byRating.length ? byRating[hi]!.rating - s.rating : Infinity;
        if (Math.min(dl, dh) > w) break;
        const c = dl <= dh ? byRating[lo--]! : byRating[hi++]!;
        if (taken.has(c.userId) || c.userId === s.userId) continue;
        if (Math.abs(c.rating - s.rating) > windowOf(c, now)) continue;
        if (blocked(s.userId, c.userId)) continue;
        if (c.abandons < ABANDON_LIMIT) {
          best = c;
          break;
        }
        best ??= c;
      }
      if (!best) continue;
      taken.add(s.userId);
      taken.add(best.userId);
      out.push([s, best]);
    }
  }
  return out;
}

/** Run `f` over `items`, `size` at a time, keeping their order. */
async function inBatches<T, R>(items: readonly T[], size: number, f: (x: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await Promise.all(items.slice(i, i + size).map(f))));
  return out;
}

export interface MatchmakingDeps {
  readonly store: Store;
  readonly games: Games;
  readonly stats: Stats;
  readonly dialogues: Dialogues;
  readonly now: () => number;
  /** This instance (the pass's lock holder). */
  readonly owner: string;
  readonly alive: (owner: string) => Promise<boolean>;
  /** How long a search lasts (SEARCH_MS by default). */
  readonly searchMs?: number;
}

export class Matchmaking {
  /** How long a search lasts before the bot is offered. */
  readonly searchMs: number;

  constructor(private readonly deps: MatchmakingDeps) {
    this.searchMs = deps.searchMs ?? SEARCH_MS;
  }

  private decode(data: string | null): Searcher | null {
    if (!data) return null;
    try {
      const s = JSON.parse(data) as Searcher;
      return typeof s.userId === 'number' && s.prefs ? s : null;
    } catch {
      return null;
    }
  }

  async get(userId: number): Promise<Searcher | null> {
    return this.decode(await this.deps.store.search.get(userId));
  }

  /** Start looking: refused while the player has a game in progress, or is looking already. */
  async search(who: { id: number; name: string; lang: Lang }, prefs: SearchPrefs): Promise<SearchResult> {
    const busy = (await this.deps.games.userGamesInChat(who.id, who.id))[0];
    if (busy) return { kind: 'in-game', game: busy };
    const st = await this.deps.stats.of(who.id);
    const v = st[prefs.variant];
    const blocked = await this.blockedBy(who.id);
    const searcher: Searcher = { userId: who.id, name: who.name, lang: who.lang, rating: v.rating, wins: v.wins, losses: v.losses, since: this.deps.now(), prefs, abandons: await this.abandons(who.id), ...(blocked.length ? { blocked } : {}) };
    if (!(await this.deps.store.search.add(who.id, JSON.stringify(searcher)))) return { kind: 'already', searcher: await this.get(who.id) };
    return { kind: 'searching', searcher };
  }

  /** The searcher's message (the front end keeps it up to date). */
  async setMessage(userId: number, message: { chatId: number; messageId: number }): Promise<void> {
    const s = await this.get(userId);
    if (s) await this.deps.store.search.update(userId, JSON.stringify({ ...s, message, shownAt: this.deps.now() }));
  }

  /** Stop looking (true when the player was in the queue). */
  cancel(userId: number): Promise<boolean> {
    return this.deps.store.search.remove(userId);
  }

  async blockedBy(userId: number): Promise<number[]> {
    const raw = await this.deps.dialogues.read(`search-block:${userId}`);
    return Array.isArray(raw) ? (raw.filter((x) => typeof x === 'number') as number[]) : [];
  }

  /** "Don't pair me with this player again", from a matched game the user played against them. */
  async block(userId: number, gameId: string): Promise<{ kind: 'blocked'; other: string } | { kind: 'not-allowed' }> {
    const rec = await this.deps.games.get(gameId);
    if (!rec?.matched) return { kind: 'not-allowed' };
    const me = (['white', 'black'] as const).find((s) => rec.players[s].kind === 'human' && (rec.players[s] as Human).id === userId);
    if (!me) return { kind: 'not-allowed' };
    const other = rec.players[me === 'white' ? 'black' : 'white'] as Human;
    const list = await this.blockedBy(userId);
    if (!list.includes(other.id)) await this.deps.dialogues.write(`search-block:${userId}`, [...list, other.id].slice(-BLOCK_MAX), 365 * 86_400);
    return { kind: 'blocked', other: other.name };
  }

  private async abandons(userId: number): Promise<number> {
    const raw = await this.deps.dialogues.read(`search-abandons:${userId}`);
    const now = this.deps.now();
    return Array.isArray(raw) ? raw.filter((t) => typeof t === 'number' && now - t < ABANDON_WINDOW_MS).length : 0;
  }

  /** A matched game ended: a loss by the clock or by leaving counts as an abandon (the `matchOver` listener). */
  async matchOver(rec: GameRecord): Promise<void> {
    if (!rec.matched || !rec.finished || !rec.match.winner) return;
    const last = rec.results?.at(-1);
    const abandoned = rec.events.some((e) => e.type === 'claimed' || e.type === 'forfeit') || last?.reason === 'forfeit';
    if (!abandoned) return;
    const loser = rec.players[rec.match.winner === 'white' ? 'black' : 'white'];
    if (loser.kind !== 'human') return;
    const raw = await this.deps.dialogues.read(`search-abandons:${loser.id}`);
    const now = this.deps.now();
    const list = (Array.isArray(raw) ? (raw as number[]) : []).filter((t) => now - t < ABANDON_WINDOW_MS);
    await this.deps.dialogues.write(`search-abandons:${loser.id}`, [...list, now].slice(-20), ABANDON_WINDOW_MS / 1000);
  }

  /**
   * One pass over the queue, by one instance at a time: pairs left pending by a kill are made, the
   * searchers whose time is up leave with the bot offered, the rest are paired, and the messages
   * of those still looking are due an update. The events are for the front end to show.
   */
  async pass(): Promise<SearchEvent[]> {
    const d = this.deps.dialogues;
    const lock = 'search-pass';
    if (!(await takeLock(d, lock, this.deps.owner, 10, this.deps.alive))) return [];
    try {
      const out: SearchEvent[] = [];
      const now = this.deps.now();
      // Pairs a kill left without their game.
      for (const p of await this.deps.store.search.pending()) out.push(...(await this.make(p.id, p.data)));
      const all = (await this.deps.store.search.all()).map((e) => this.decode(e.data)).filter((s): s is Searcher => s !== null);
      const live: Searcher[] = [];
      for (const s of all) {
        if (now - s.since >= this.searchMs) {
          if (await this.deps.store.search.remove(s.userId)) out.push({ kind: 'expired', searcher: s, level: levelForRating(s.rating) });
        } else live.push(s);
      }
      const blocks = new Map(live.map((s) => [s.userId, new Set(s.blocked ?? [])]));
      const blocked = (a: number, b: number): boolean => !!blocks.get(a)?.has(b) || !!blocks.get(b)?.has(a);
      const paired = new Set<number>();
      // Each pair taken out of the queue atomically (a pair another instance took meanwhile is
      // skipped), then the matches made, a few at a time.
      const taken = await inBatches(pairUp(live, now, blocked), 64, async ([a, b]) => {
        const id = pairIdOf(a, b);
        const data = JSON.stringify({ a, b });
        return (await this.deps.store.search.pair(a.userId, b.userId, id, data)) ? { id, data, a, b } : null;
      });
      for (const t of taken) if (t) paired.add(t.a.userId).add(t.b.userId);
      for (const made of await inBatches(taken.filter((t) => t !== null), 16, (t) => this.make(t.id, t.data))) out.push(...made);
      for (const s of live) {
        if (paired.has(s.userId) || (s.shownAt !== undefined && now - s.shownAt < SHOW_EVERY_MS)) continue;
        if (await this.deps.store.search.update(s.userId, JSON.stringify({ ...s, shownAt: now }))) out.push({ kind: 'waiting', searcher: s, seconds: Math.round((now - s.since) / 1000) });
      }
      return out;
    } finally {
      await releaseLock(d, lock, this.deps.owner);
    }
  }

  /** The match of a pending pair: made (its id fixed by the pair, so a second try finds it), then the pair is done. */
  private async make(id: string, data: string): Promise<SearchEvent[]> {
    let pair: { a: Searcher; b: Searcher };
    try {
      pair = JSON.parse(data) as { a: Searcher; b: Searcher };
    } catch {
      await this.deps.store.search.done(id);
      return [];
    }
    const { a, b } = pair;
    let game = await this.deps.games.get(id);
    if (!game) {
      const human = (s: Searcher): Human => ({ kind: 'human', id: s.userId, name: s.name, lang: s.lang });
      try {
        game = await this.deps.games.start({ id, kind: 'link', chatId: a.userId, lang: a.lang, white: human(a), black: human(b), variant: a.prefs.variant, length: a.prefs.length, cube: a.prefs.variant === 'short' && a.prefs.length > 1, colours: 'random', rated: a.prefs.rated, matched: true });
      } catch (e) {
        game = await this.deps.games.get(id);
        if (!game) throw e;
      }
    }
    // Told once: by whoever takes the pair off the pending list (two passes may make it at once).
    return (await this.deps.store.search.done(id)) ? [{ kind: 'matched', a, b, game }] : [];
  }
}
