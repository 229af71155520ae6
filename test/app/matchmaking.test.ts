/**
 * Finding an opponent through the use cases: pairs by rating within a widening window, never a
 * player with themselves or a blocked pair, exactly once when two instances pass at once over one
 * Redis; expiry offers the bot; a search while in a game, or twice, changes nothing.
 */
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createApp } from '../../src/app/index.js';
import type { Searcher } from '../../src/app/matchmaking.js';
import { ABANDON_LIMIT, levelForRating, pairUp, SEARCH_MS, windowOf } from '../../src/app/matchmaking.js';
import type { GameRecord } from '../../src/app/model.js';
import { seededRandom } from '../../src/sim/rng.js';
import { MemoryStore, RedisStore } from '../../src/store/index.js';

const ttl = { challengeSeconds: 600, finishedSeconds: 86_400, idleSeconds: 86_400 };
const prefs = { variant: 'short' as const, length: 3, rated: true };
const who = (id: number) => ({ id, name: `P${id}`, lang: 'en' as const });

function searcher(userId: number, rating: number, since = 0, extra: Partial<Searcher> = {}): Searcher {
  return { userId, name: `P${userId}`, lang: 'en', rating, wins: 0, losses: 0, since, prefs, abandons: 0, ...extra };
}

describe('pairing the queue (pure)', () => {
  it('nearest rating within both windows; the window widens with the wait; pools never mix; nobody twice', () => {
    const rnd = seededRandom(5);
    for (let round = 0; round < 30; round++) {
      const n = 2 + Math.floor(rnd() * 60);
      const list = Array.from({ length: n }, (_, i) => searcher(i + 1, 1200 + Math.floor(rnd() * 800), Math.floor(rnd() * 60_000), { prefs: { ...prefs, length: rnd() < 0.5 ? 3 : 5 } }));
      const now = 60_000;
      const blockedPairs = new Set<string>();
      for (let k = 0; k < n / 4; k++) blockedPairs.add(`${1 + Math.floor(rnd() * n)}:${1 + Math.floor(rnd() * n)}`);
      const blocked = (a: number, b: number): boolean => blockedPairs.has(`${a}:${b}`) || blockedPairs.has(`${b}:${a}`);
      const pairs = pairUp(list, now, blocked);
      const seen = pairs.flat().map((s) => s.userId);
      expect(new Set(seen).size).toBe(seen.length);
      for (const [a, b] of pairs) {
        expect(a.userId).not.toBe(b.userId);
        expect(a.prefs.length).toBe(b.prefs.length);
        expect(blocked(a.userId, b.userId)).toBe(false);
        expect(Math.abs(a.rating - b.rating)).toBeLessThanOrEqual(Math.min(windowOf(a, now), windowOf(b, now)));
      }
    }
    // The window: 100 points at once, +20 a second, at most 1,000; an abandoner's is half.
    expect(windowOf(searcher(1, 1500, 0), 0)).toBe(100);
    expect(windowOf(searcher(1, 1500, 0), 10_000)).toBe(300);
    expect(windowOf(searcher(1, 1500, 0), 600_000)).toBe(1000);
    expect(windowOf(searcher(1, 1500, 0, { abandons: ABANDON_LIMIT }), 10_000)).toBe(150);
    // 300 points apart: not at once, but after ten seconds of waiting.
    expect(pairUp([searcher(1, 1500, 0), searcher(2, 1800, 0)], 0, () => false)).toEqual([]);
    expect(pairUp([searcher(1, 1500, 0), searcher(2, 1800, 0)], 10_000, () => false)).toHaveLength(1);
    // The abandoner waits for the others: of three near ones, the two others pair.
    const [pair] = pairUp([searcher(1, 1500, 0, { abandons: 3 }), searcher(2, 1510, 5), searcher(3, 1520, 6)], 1000, () => false);
    expect(pair!.map((s) => s.userId).sort()).toEqual([2, 3]);
    expect(levelForRating(1300)).toBe('easy');
    expect(levelForRating(1500)).toBe('medium');
    expect(levelForRating(1800)).toBe('hard');
  });
});

describe('the search through the use cases', () => {
  it('three searchers: two are paired into a rated match by link, one waits; expiry offers the bot', async () => {
    let now = 1_800_000_000_000;
    const app = createApp(new MemoryStore(ttl, () => now), { defaultLanguage: 'en', now: () => now, warn: () => undefined });
    for (const id of [11, 12, 13]) expect((await app.matchmaking.search(who(id), prefs)).kind).toBe('searching');
    expect((await app.matchmaking.search(who(11), prefs)).kind).toBe('already');
    const events = await app.matchmaking.pass();
    const matched = events.filter((e) => e.kind === 'matched');
    expect(matched).toHaveLength(1);
    const game = (matched[0] as { game: GameRecord }).game;
    expect(game).toMatchObject({ kind: 'link', matched: true });
    expect(game.match.length).toBe(3);
    const players = [game.players.white, game.players.black].map((p) => (p as { id: number }).id).sort();
    const left = [11, 12, 13].find((id) => !players.includes(id))!;
    expect((await app.matchmaking.get(left))?.userId).toBe(left);
    // A paired player cannot search while the match is on.
    expect((await app.matchmaking.search(who(players[0]!), prefs)).kind).toBe('in-game');
    // The third waits, then its time is up: out of the queue, the bot offered at the nearest level.
    now += SEARCH_MS + 1;
    const later = await app.matchmaking.pass();
    expect(later).toEqual([expect.objectContaining({ kind: 'expired', level: 'medium', searcher: expect.objectContaining({ userId: left }) })]);
    expect(await app.matchmaking.get(left)).toBeNull();
    expect(await app.matchmaking.cancel(left)).toBe(false);
  });

  it('a blocked pair is never matched; starting another game leaves the queue', async () => {
    const now = 1_800_000_000_000;
    const app = createApp(new MemoryStore(ttl, () => now), { defaultLanguage: 'en', now: () => now, warn: () => undefined });
    await app.matchmaking.search(who(21), prefs);
    await app.matchmaking.search(who(22), prefs);
    const first = (await app.matchmaking.pass()).find((e) => e.kind === 'matched') as { game: GameRecord };
    // 21 ends the match by leaving it; then blocks 22.
    expect((await app.games.act(first.game.id, 21, { kind: 'forfeit' })).kind).toBe('applied');
    expect((await app.matchmaking.block(21, first.game.id)).kind).toBe('blocked');
    expect((await app.matchmaking.block(23, first.game.id)).kind).toBe('not-allowed');
    await app.matchmaking.search(who(21), prefs);
    await app.matchmaking.search(who(22), prefs);
    expect((await app.matchmaking.pass()).filter((e) => e.kind === 'matched')).toHaveLength(0);
    // The leaver's abandon is counted.
    expect((await app.matchmaking.get(21))?.abandons).toBe(1);
    // A game against the bot takes 21 out of the queue.
    await app.games.start({ kind: 'bot', chatId: 21, lang: 'en', white: { kind: 'human', ...who(21) }, black: { kind: 'bot', level: 'easy' }, variant: 'short', length: 1 });
    expect(await app.matchmaking.get(21)).toBeNull();
    expect(await app.matchmaking.get(22)).not.toBeNull();
  });
});

describe('two instances over one Redis', () => {
  const stores: RedisStore[] = [];
  afterAll(async () => {
    for (const s of stores) await s.close();
  });
  it('passes at once on both: every pair is made exactly once', async () => {
    const prefix = `mm${Math.random().toString(36).slice(2, 8)}:`;
    const make = () => {
      const store = new RedisStore(inject('redisUrl'), prefix, ttl);
      stores.push(store);
      return createApp(store, { defaultLanguage: 'en', warn: () => undefined });
    };
    const a = make();
    const b = make();
    for (let i = 0; i < 40; i++) await (i % 2 ? a : b).matchmaking.search(who(3000 + i), prefs);
    const games = new Set<string>();
    await a.inbox.beat();
    await b.inbox.beat();
    for (let k = 0; k < 5; k++) {
      const [x, y] = await Promise.all([a.matchmaking.pass(), b.matchmaking.pass()]);
      for (const e of [...x, ...y]) if (e.kind === 'matched') {
        expect(games.has(e.game.id)).toBe(false);
        games.add(e.game.id);
      }
    }
    expect(games.size).toBe(20);
    // Every searcher is in exactly one game.
    const inGames: number[] = [];
    for (const id of games) {
      const g = (await a.games.get(id))!;
      inGames.push((g.players.white as { id: number }).id, (g.players.black as { id: number }).id);
    }
    expect(new Set(inGames).size).toBe(40);
  });
});
