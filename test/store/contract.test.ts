/** One contract, two stores: the in-process one and Redis (a real redis-server of the tests' own). */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { newMatch } from '../../src/engine/index.js';
import { MemoryStore, RedisStore, type Challenge, type GameRecord, type Store } from '../../src/store/index.js';

const ttl = { challengeSeconds: 60, finishedSeconds: 120, idleSeconds: 600 };

function game(id: string, chatId = 1, v = 0): GameRecord {
  return {
    id,
    v,
    kind: 'bot',
    chatId,
    lang: 'ru',
    players: { white: { kind: 'human', id: 5, name: 'A', lang: 'ru' }, black: { kind: 'bot', level: 'easy' } },
    match: newMatch('long', 1),
    fair: { key: `${id}:1`, seed: '00', hash: 'ab', rolls: '' },
    archive: [],
    note: null,
    createdAt: 0,
    updatedAt: 0,
    finished: false,
  };
}

const challenge = (id: string, chatId = 7): Challenge => ({
  id,
  chatId,
  messageId: 3,
  from: { id: 1, name: 'A', username: 'a', lang: 'en' },
  target: null,
  variant: 'short',
  length: 3,
  createdAt: 0,
});

const stores: Array<[string, () => Store]> = [
  ['memory', () => new MemoryStore(ttl)],
  ['redis', () => new RedisStore(inject('redisUrl'), `test:${randomUUID()}:`, ttl)],
];

describe.each(stores)('%s store', (_name, make) => {
  const store = make();
  afterAll(() => store.close());

  it('creates a game once and reads it back', async () => {
    const g = game('g1');
    expect(await store.createGame(g)).toBe(true);
    expect(await store.createGame(g)).toBe(false);
    expect(await store.getGame('g1')).toEqual(g);
    expect(await store.getGame('nope')).toBeNull();
  });

  it('compare-and-set: only a save from the current version applies', async () => {
    await store.createGame(game('g2'));
    expect(await store.saveGame({ ...game('g2'), v: 1, note: { key: 'a' } }, 0)).toBe(true);
    expect(await store.saveGame({ ...game('g2'), v: 1, note: { key: 'b' } }, 0)).toBe(false);
    expect((await store.getGame('g2'))!.note).toEqual({ key: 'a' });
    expect(await store.saveGame({ ...game('missing'), v: 1 }, 0)).toBe(false);
  });

  it('of two concurrent saves from the same version, exactly one wins', async () => {
    await store.createGame(game('g3'));
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => store.saveGame({ ...game('g3'), v: 1, note: { key: `k${i}` } }, 0)));
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('indexes active games per chat; finished games leave the index', async () => {
    await store.createGame(game('g4', 42));
    await store.createGame(game('g5', 42));
    expect((await store.activeGames(42)).sort()).toEqual(['g4', 'g5']);
    await store.saveGame({ ...game('g4', 42), v: 1, finished: true }, 0);
    expect(await store.activeGames(42)).toEqual(['g5']);
    expect((await store.getGame('g4'))!.finished).toBe(true);
  });

  it('moves a chat index when a group becomes a supergroup', async () => {
    await store.createGame(game('g6', 50));
    expect(await store.moveChat(50, -10050)).toEqual(['g6']);
    expect(await store.activeGames(50)).toEqual([]);
    expect(await store.activeGames(-10050)).toEqual(['g6']);
  });

  it('a challenge is taken atomically: of many takers exactly one gets it', async () => {
    await store.putChallenge(challenge('c1'));
    expect(await store.getChallenge('c1')).toEqual(challenge('c1'));
    expect((await store.chatChallenges(7)).map((c) => c.id)).toContain('c1');
    const taken = await Promise.all(Array.from({ length: 8 }, () => store.takeChallenge('c1')));
    expect(taken.filter(Boolean)).toHaveLength(1);
    expect(await store.getChallenge('c1')).toBeNull();
  });

  it('keeps where a board message is, apart from the record', async () => {
    expect(await store.getBoard('gx')).toBeNull();
    await store.setBoard('gx', { chatId: 3, messageId: 44 });
    expect(await store.getBoard('gx')).toEqual({ chatId: 3, messageId: 44 });
    await store.setBoard('gx', null);
    expect(await store.getBoard('gx')).toBeNull();
  });

  it('keeps dialogue state with a TTL, and deletes it', async () => {
    expect(await store.getState('conv:1')).toBeUndefined();
    await store.setState('conv:1', { a: [1, 'x'] }, 60);
    expect(await store.getState('conv:1')).toEqual({ a: [1, 'x'] });
    await store.deleteState('conv:1');
    expect(await store.getState('conv:1')).toBeUndefined();
  });

  it('keeps user settings', async () => {
    expect(await store.getUser(9)).toBeNull();
    await store.putUser(9, { lang: 'en', orientation: 'white', autoRoll: true, confirm: false, theme: 'dark' });
    expect(await store.getUser(9)).toMatchObject({ lang: 'en', autoRoll: true });
  });
});

describe('expiry', () => {
  it('memory: challenges and finished games expire', async () => {
    let now = 0;
    const store = new MemoryStore(ttl, () => now);
    await store.putChallenge(challenge('c2'));
    await store.createGame(game('g7'));
    await store.saveGame({ ...game('g7'), v: 1, finished: true }, 0);
    now = 61_000;
    expect(await store.getChallenge('c2')).toBeNull();
    expect(await store.getGame('g7')).not.toBeNull();
    now = 121_000;
    expect(await store.getGame('g7')).toBeNull();
  });

  it('redis: keys carry their TTLs', async () => {
    const store = new RedisStore(inject('redisUrl'), `test:${randomUUID()}:`, ttl);
    await store.putChallenge(challenge('c3'));
    await store.createGame(game('g8'));
    await store.saveGame({ ...game('g8'), v: 1, finished: true }, 0);
    const prefix = (store as unknown as { prefix: string }).prefix;
    const cttl = await store.redis.ttl(`${prefix}challenge:c3`);
    const gttl = await store.redis.ttl(`${prefix}game:g8`);
    expect(cttl).toBeGreaterThan(0);
    expect(cttl).toBeLessThanOrEqual(60);
    expect(gttl).toBeGreaterThan(60);
    expect(gttl).toBeLessThanOrEqual(120);
    await store.close();
  });
});
