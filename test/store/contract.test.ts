/** One contract, two stores: the in-process one and Redis (a real redis-server of the tests' own). */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { MemoryStore, RedisStore, type Store, type StoredGame } from '../../src/store/index.js';

const ttl = { challengeSeconds: 60, finishedSeconds: 120, idleSeconds: 600 };

function game(id: string, chatId = 1, v = 0, extra: Partial<StoredGame> = {}): StoredGame {
  return { id, v, chats: [chatId], finished: false, data: JSON.stringify({ id, v, note: 'start' }), ...extra };
}

const challenge = (id: string): string => JSON.stringify({ id, from: 'A', variant: 'short' });

const stores: Array<[string, () => Store]> = [
  ['memory', () => new MemoryStore(ttl)],
  ['redis', () => new RedisStore(inject('redisUrl'), `test:${randomUUID()}:`, ttl)],
];

describe.each(stores)('%s store', (_name, make) => {
  const store = make();
  afterAll(() => store.close());

  it('answers a ping', async () => {
    await expect(store.ping()).resolves.toBeUndefined();
  });

  it('creates a game once and reads it back', async () => {
    const g = game('g1');
    expect(await store.games.create(g)).toBe(true);
    expect(await store.games.create(g)).toBe(false);
    expect(await store.games.get('g1')).toEqual(g.data);
    expect(await store.games.get('nope')).toBeNull();
  });

  it('compare-and-set: only a save from the current version applies', async () => {
    await store.games.create(game('g2'));
    expect(await store.games.save(game('g2', 1, 1, { data: 'a' }), 0)).toBe('saved');
    expect(await store.games.save(game('g2', 1, 1, { data: 'b' }), 0)).toBe('conflict');
    expect(await store.games.get('g2')).toBe('a');
    expect(await store.games.save(game('missing', 1, 1), 0)).toBe('gone');
  });

  it('of two concurrent saves from the same version, exactly one wins', async () => {
    await store.games.create(game('g3'));
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => store.games.save(game('g3', 1, 1, { data: `k${i}` }), 0)));
    expect(results.filter((r) => r === 'saved')).toHaveLength(1);
  });

  it('indexes active games per chat; finished games leave the index', async () => {
    await store.games.create(game('g4', 42));
    await store.games.create(game('g5', 42));
    expect((await store.games.inChat(42)).sort()).toEqual(['g4', 'g5']);
    await store.games.save(game('g4', 42, 1, { finished: true, data: 'over' }), 0);
    expect(await store.games.inChat(42)).toEqual(['g5']);
    expect(await store.games.get('g4')).toBe('over');
  });

  it('indexes a game under each of its chats', async () => {
    await store.games.create(game('g9', 71, 0, { chats: [71, 72] }));
    expect(await store.games.inChat(71)).toEqual(['g9']);
    expect(await store.games.inChat(72)).toEqual(['g9']);
  });

  it('moves a chat index when a group becomes a supergroup', async () => {
    await store.games.create(game('g6', 50));
    expect(await store.games.moveChat(50, -10050)).toEqual(['g6']);
    expect(await store.games.inChat(50)).toEqual([]);
    expect(await store.games.inChat(-10050)).toEqual(['g6']);
  });

  it('a challenge is taken atomically: of many takers exactly one gets it', async () => {
    await store.challenges.put('c1', 7, challenge('c1'));
    expect(await store.challenges.get('c1')).toEqual(challenge('c1'));
    expect(await store.challenges.inChat(7)).toContain(challenge('c1'));
    const taken = await Promise.all(Array.from({ length: 8 }, () => store.challenges.take('c1')));
    expect(taken.filter(Boolean)).toHaveLength(1);
    expect(await store.challenges.get('c1')).toBeNull();
    expect(await store.challenges.inChat(7)).not.toContain(challenge('c1'));
  });

  it('claiming a challenge creates its game in the same step; of many claimers one wins', async () => {
    await store.challenges.put('c9', 8, challenge('c9'));
    const claims = await Promise.all(Array.from({ length: 6 }, (_, i) => store.challenges.claim('c9', game('c9', 8, 0, { data: `game${i}` }))));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await store.challenges.get('c9')).toBeNull();
    expect(await store.games.get('c9')).toMatch(/^game\d$/);
    expect(await store.games.inChat(8)).toEqual(['c9']);
    // A claim of a challenge that is gone creates nothing.
    expect(await store.challenges.claim('c10', game('c10', 8))).toBe(false);
    expect(await store.games.get('c10')).toBeNull();
  });

  it('keeps where a board message is, per game and chat, apart from the record', async () => {
    expect(await store.boards.get('gx', 3)).toBeNull();
    await store.boards.set('gx', { chatId: 3, messageId: 44 });
    await store.boards.set('gx', { chatId: 4, messageId: 45 });
    expect(await store.boards.get('gx', 3)).toEqual({ chatId: 3, messageId: 44 });
    expect(await store.boards.get('gx', 4)).toEqual({ chatId: 4, messageId: 45 });
    await store.boards.clear('gx', 3);
    expect(await store.boards.get('gx', 3)).toBeNull();
  });

  it("keeps each game's move clock apart, with a lifetime, and deletes it", async () => {
    expect(await store.clocks.get('gk')).toBeUndefined();
    await store.clocks.set('gk', { key: '1.2.turn.white', since: 5 }, 60);
    expect(await store.clocks.get('gk')).toEqual({ key: '1.2.turn.white', since: 5 });
    expect(await store.clocks.get('other')).toBeUndefined();
    await store.clocks.delete('gk');
    expect(await store.clocks.get('gk')).toBeUndefined();
  });

  it('keeps dialogue state with a TTL, and deletes it', async () => {
    expect(await store.dialogues.get('conv:1')).toBeUndefined();
    await store.dialogues.set('conv:1', { a: [1, 'x'] }, 60);
    expect(await store.dialogues.get('conv:1')).toEqual({ a: [1, 'x'] });
    await store.dialogues.delete('conv:1');
    expect(await store.dialogues.get('conv:1')).toBeUndefined();
  });

  it('a value set only if absent is set by one caller of many', async () => {
    const r = await Promise.all(Array.from({ length: 8 }, (_, i) => store.dialogues.setIfAbsent('once:1', { i }, 60)));
    expect(r.filter(Boolean)).toHaveLength(1);
    expect(await store.dialogues.setIfAbsent('once:1', {}, 60)).toBe(false);
  });

  it('an invitation becomes its game in one step; of many claimers one wins; taken once', async () => {
    await store.invitations.put('inv1', 'invitation', 60);
    expect(await store.invitations.get('inv1')).toBe('invitation');
    const claims = await Promise.all(Array.from({ length: 6 }, () => store.invitations.claim('inv1', game('inv1', 501))));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await store.invitations.get('inv1')).toBeNull();
    expect(await store.games.inChat(501)).toEqual(['inv1']);
    await store.invitations.put('inv2', 'x', 60);
    const takes = await Promise.all([store.invitations.take('inv2'), store.invitations.take('inv2')]);
    expect(takes.filter((t) => t !== null)).toEqual(['x']);
    expect(await store.invitations.claim('inv2', game('inv2'))).toBe(false);
  });

  it('stats records are compare-and-set; of concurrent writers from one version one wins', async () => {
    expect(await store.stats.get(77)).toBeNull();
    expect(await store.stats.save(77, 1, 'no')).toBe(false);
    expect(await store.stats.save(77, 0, 'a')).toBe(true);
    expect(await store.stats.save(77, 0, 'b')).toBe(false);
    expect(await store.stats.get(77)).toEqual({ v: 1, data: 'a' });
    const r = await Promise.all(Array.from({ length: 6 }, (_, i) => store.stats.save(77, 1, `c${i}`)));
    expect(r.filter(Boolean)).toHaveLength(1);
    expect((await store.stats.get(77))!.v).toBe(2);
  });

  it('leaderboards: best first, a score set again replaces the old one, places counted from 1', async () => {
    await store.stats.rank('b1', 1, 1500);
    await store.stats.rank('b1', 2, 1520.5);
    await store.stats.rank('b1', 3, 1480);
    await store.stats.rank('b1', 3, 1530);
    expect(await store.stats.top('b1', 2)).toEqual([{ userId: 3, score: 1530 }, { userId: 2, score: 1520.5 }]);
    expect(await store.stats.place('b1', 1)).toBe(3);
    expect(await store.stats.place('b1', 9)).toBeNull();
    expect(await store.stats.top('empty', 5)).toEqual([]);
  });

  it('timers: due ones are taken once, in time order; moved and cleared ones follow', async () => {
    await store.timers.set('t1', 1000);
    await store.timers.set('t2', 500);
    await store.timers.set('t3', 5000);
    await store.timers.set('t4', 800);
    await store.timers.clear('t4');
    await store.timers.set('t3', 900);
    expect(await store.timers.when('t1')).toBe(1000);
    const [a, b] = await Promise.all([store.timers.due(1000, 10, 60_000), store.timers.due(1000, 10, 60_000)]);
    expect([...a, ...b].sort()).toEqual(['t1', 't2', 't3']);
    expect(a.length === 0 || b.length === 0).toBe(true);
    expect([...a, ...b]).toEqual(['t2', 't3', 't1']);
    // Taken ones are leased: not due again until the lease runs out.
    expect(await store.timers.due(60_999, 10, 60_000)).toEqual([]);
    expect(await store.timers.when('t1')).toBe(61_000);
    // t1 is done; t2 was set again meanwhile (its next moment), so done() leaves it; t3's taker died.
    await store.timers.set('t2', 70_000);
    await store.timers.done('t1', 61_000);
    await store.timers.done('t2', 61_000);
    expect(await store.timers.when('t1')).toBeNull();
    expect(await store.timers.due(61_000, 10, 60_000)).toEqual(['t3']);
    expect(await store.timers.due(80_000, 10, 60_000)).toEqual(['t2']);
  });

  it('a period\'s counters: bumped once per mark, read back per user', async () => {
    const board = `week:short:${Math.random().toString(36).slice(2)}`;
    expect(await store.stats.bumpPeriod(board, 'g1:1', 1, true, 10.5, 600)).toBe(true);
    expect(await store.stats.bumpPeriod(board, 'g1:1', 1, true, 10.5, 600)).toBe(false);
    expect(await store.stats.bumpPeriod(board, 'g1:2', 2, false, -10.5, 600)).toBe(true);
    expect(await store.stats.bumpPeriod(board, 'g2:1', 1, false, -3, 600)).toBe(true);
    const rows = (await store.stats.period(board)).sort((a, b) => a.userId - b.userId);
    expect(rows).toEqual([
      { userId: 1, games: 2, wins: 1, gained: 7.5 },
      { userId: 2, games: 1, wins: 0, gained: -10.5 },
    ]);
  });

  it('the search queue: one entry a user; of many pairings of one searcher exactly one is made, pending until done', async () => {
    const base = 900_000 + Math.floor(Math.random() * 10_000) * 10;
    expect(await store.search.add(base + 1, 'a')).toBe(true);
    expect(await store.search.add(base + 1, 'a2')).toBe(false);
    expect(await store.search.update(base + 1, 'a3')).toBe(true);
    expect(await store.search.get(base + 1)).toBe('a3');
    expect(await store.search.update(base + 9, 'x')).toBe(false);
    for (let i = 2; i <= 5; i++) await store.search.add(base + i, `p${i}`);
    // Four pairings race for searcher 1: one wins.
    const made = await Promise.all([2, 3, 4, 5].map((i) => store.search.pair(base + 1, base + i, `pair${base}-${i}`, `{"i":${i}}`)));
    expect(made.filter(Boolean)).toHaveLength(1);
    expect(await store.search.pair(base + 2, base + 2, `self${base}`, '{}')).toBe(false);
    const mine = (await store.search.pending()).filter((p) => p.id.startsWith(`pair${base}-`));
    expect(mine).toHaveLength(1);
    await store.search.done(mine[0]!.id);
    expect((await store.search.pending()).filter((p) => p.id.startsWith(`pair${base}-`))).toHaveLength(0);
    expect((await store.search.all()).filter((e) => e.userId > base && e.userId <= base + 5)).toHaveLength(3);
    expect(await store.search.remove(base + 3)).toBe(true);
    expect(await store.search.remove(base + 3)).toBe(false);
  });

  it('keeps user records', async () => {
    expect(await store.users.get(9)).toBeNull();
    await store.users.put(9, '{"schema":2}');
    expect(await store.users.get(9)).toBe('{"schema":2}');
  });
});

describe('expiry', () => {
  it('memory: challenges and finished games expire', async () => {
    let now = 0;
    const store = new MemoryStore(ttl, () => now);
    await store.challenges.put('c2', 7, challenge('c2'));
    await store.games.create(game('g7'));
    await store.games.save(game('g7', 1, 1, { finished: true }), 0);
    now = 61_000;
    expect(await store.challenges.get('c2')).toBeNull();
    expect(await store.games.get('g7')).not.toBeNull();
    now = 121_000;
    expect(await store.games.get('g7')).toBeNull();
  });

  it('redis: keys carry their TTLs', async () => {
    const prefix = `test:${randomUUID()}:`;
    const store = new RedisStore(inject('redisUrl'), prefix, ttl);
    await store.challenges.put('c3', 7, challenge('c3'));
    await store.games.create(game('g8'));
    await store.games.save(game('g8', 1, 1, { finished: true }), 0);
    const cttl = await store.redis.ttl(`${prefix}challenge:{c3}`);
    const gttl = await store.redis.ttl(`${prefix}game:{g8}`);
    expect(cttl).toBeGreaterThan(0);
    expect(cttl).toBeLessThanOrEqual(60);
    expect(gttl).toBeGreaterThan(60);
    expect(gttl).toBeLessThanOrEqual(120);
    await store.close();
  });

  it('redis: a broken or foreign stored value reads as nothing, not as a wrong shape', async () => {
    const prefix = `test:${randomUUID()}:`;
    const store = new RedisStore(inject('redisUrl'), prefix, ttl);
    await store.boards.set('gb', { chatId: 5, messageId: 50 });
    const boardKey = (await store.redis.keys(`${prefix}board:*`))[0]!;
    for (const bad of ['{"chatId":"5","messageId":50}', '[1,2]', 'not json', '{"chatId":5}']) {
      await store.redis.set(boardKey, bad);
      expect(await store.boards.get('gb', 5)).toBeNull();
    }
    await store.challenges.put('c9', 7, challenge('c9'));
    await store.redis.set(`${prefix}challenge:{c9}`, '{"chatId":7}');
    expect(await store.challenges.get('c9')).toBeNull();
    expect(await store.challenges.take('c9')).toBeNull();
    await store.close();
  });
});

describe.each(stores)('%s store: updates', (_name, make) => {
  const store = make();
  afterAll(() => store.close());
  it('an update id is claimed once, whoever claims it', async () => {
    const claims = await Promise.all(Array.from({ length: 5 }, () => store.updates.claim(777)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await store.updates.claim(778)).toBe(true);
  });

  it('the inbox keeps an update until it is finished; a re-delivery keeps its first taker; one taker takes it over', async () => {
    const base = 9_000_000 + Math.floor(Math.random() * 100_000);
    await store.updates.record('a', [{ update_id: base, message: { text: 'hi' } } as { update_id: number }, { update_id: base + 1 }]);
    await store.updates.record('b', [{ update_id: base }]);
    const mine = (await store.updates.unfinished()).filter((e) => e.update.update_id >= base && e.update.update_id <= base + 1);
    expect(mine.map((e) => [e.update.update_id, e.owner]).sort()).toEqual([[base, 'a'], [base + 1, 'a']]);
    expect(mine.find((e) => e.update.update_id === base)!.update).toMatchObject({ message: { text: 'hi' } });
    await store.updates.finish(base + 1);
    const takes = await Promise.all(Array.from({ length: 4 }, () => store.updates.take(base)));
    expect(takes.filter(Boolean)).toHaveLength(1);
    expect((await store.updates.unfinished()).some((e) => e.update.update_id === base || e.update.update_id === base + 1)).toBe(false);
  });

  it("finish with an owner takes the entry out only where it is that owner's (a duplicate delivery leaves the first taker's)", async () => {
    const base = 9_200_000 + Math.floor(Math.random() * 100_000);
    await store.updates.record('first', [{ update_id: base }]);
    await store.updates.record('second', [{ update_id: base + 1 }]);
    await store.updates.finish(base, 'second');
    await store.updates.finish(base + 1, 'second');
    await store.updates.finish(base + 2, 'second'); // none there: nothing to do
    const left = (await store.updates.unfinished()).filter((e) => e.update.update_id >= base && e.update.update_id <= base + 2);
    expect(left.map((e) => [e.update.update_id, e.owner])).toEqual([[base, 'first']]);
    await store.updates.finish(base, 'first');
    expect((await store.updates.unfinished()).some((e) => e.update.update_id === base)).toBe(false);
  });

  it('an instance is alive while it beats', async () => {
    expect(await store.updates.alive('nobody')).toBe(false);
    await store.updates.beat('someone', 5);
    expect(await store.updates.alive('someone')).toBe(true);
  });
});
