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

  it('keeps dialogue state with a TTL, and deletes it', async () => {
    expect(await store.dialogues.get('conv:1')).toBeUndefined();
    await store.dialogues.set('conv:1', { a: [1, 'x'] }, 60);
    expect(await store.dialogues.get('conv:1')).toEqual({ a: [1, 'x'] });
    await store.dialogues.delete('conv:1');
    expect(await store.dialogues.get('conv:1')).toBeUndefined();
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
});

describe.each(stores)('%s store: updates', (_name, make) => {
  const store = make();
  afterAll(() => store.close());
  it('an update id is claimed once, whoever claims it', async () => {
    const claims = await Promise.all(Array.from({ length: 5 }, () => store.updates.claim(777)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await store.updates.claim(778)).toBe(true);
  });
});
