/**
 * The inbox while Redis is full: an update that cannot be recorded is handled all the same
 * (record reports "full", nothing held back), and is recorded once Redis takes writes again,
 * should its handling still be under way; a finished one is not recorded late.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, isStorageFull } from '../../src/app/index.js';
import { RedisStore } from '../../src/store/index.js';
import { startRedis } from '../setup/redis.js';

let redis: Awaited<ReturnType<typeof startRedis>>;
let store: RedisStore;
let admin: Redis;

beforeAll(async () => {
  redis = await startRedis();
  store = new RedisStore(redis.url, 'full:', { challengeSeconds: 60, finishedSeconds: 60, idleSeconds: 60 });
  admin = new Redis(redis.url);
});
afterAll(async () => {
  await store.close();
  await admin.quit();
  redis.proc.kill('SIGKILL');
});

describe('the inbox on a full Redis', () => {
  it('reports "full", keeps the update in hand, and records it when memory returns', async () => {
    const app = createApp(store, { defaultLanguage: 'en' });
    for (let i = 0; i < 40; i++) await admin.set(`filler:${i}`, 'x'.repeat(50_000));
    await admin.config('SET', 'maxmemory', '1mb');
    const failure = await app.inbox.record([{ update_id: 1 }, { update_id: 2 }]).then(() => null, (e: unknown) => e);
    expect(isStorageFull(failure)).toBe(true);
    expect(app.inbox.unrecorded()).toBe(2);
    // Update 2 is handled (finished) during the outage; 1 is still in hand.
    await app.inbox.finish(2);
    expect(app.inbox.unrecorded()).toBe(1);
    // Still full: the heartbeat fails and keeps it.
    await expect(app.inbox.beat()).rejects.toThrow();
    expect(app.inbox.unrecorded()).toBe(1);
    await admin.config('SET', 'maxmemory', '0');
    await app.inbox.beat();
    expect(app.inbox.unrecorded()).toBe(0);
    const stored = await admin.hkeys('full:inbox');
    expect(stored).toEqual(['1']);
  });
});
