/**
 * Search benchmark: N players searching at once (ratings spread as a club's, 1,100–2,100; a mix of
 * games, lengths and rated or not, waits of 0–60 s) paired by one instance's pass over the shared
 * queue, on a real Redis when REDIS_URL is given (else in memory): the pass's time, how many were
 * paired, and the rating gaps of the pairs.
 *
 *   npm run -s bench:search [-- --players 2000] [REDIS_URL=redis://127.0.0.1:6379]
 */
import { performance } from 'node:perf_hooks';
import { createApp } from '../src/app/index.js';
import type { Searcher } from '../src/app/matchmaking.js';
import { seededRandom } from '../src/sim/rng.js';
import { MemoryStore, RedisStore } from '../src/store/index.js';
import type { Store } from '../src/store/types.js';

const arg = (name: string, dflt: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : dflt;
};
const N = arg('players', 2000);
const rnd = seededRandom(7);
const ttl = { challengeSeconds: 600, finishedSeconds: 600, idleSeconds: 600 };
const now = 1_800_000_000_000;
const store: Store = process.env.REDIS_URL ? new RedisStore(process.env.REDIS_URL, `bench-search:${Date.now()}:`, ttl) : new MemoryStore(ttl, () => now);
const app = createApp(store, { defaultLanguage: 'en', now: () => now, warn: () => undefined });
// Straight into the queue (as /find leaves them), each with their own rating and wait.
for (let i = 0; i < N; i++) {
  const s: Searcher = {
    userId: 1_000_000 + i,
    name: `p${i}`,
    lang: 'en',
    rating: Math.round(1100 + 1000 * (rnd() + rnd() + rnd()) / 3),
    wins: 0,
    losses: 0,
    since: now - Math.floor(rnd() * 60_000),
    prefs: { variant: rnd() < 0.5 ? 'long' : 'short', length: [1, 3, 5, 7][Math.floor(rnd() * 4)]!, rated: rnd() < 0.8 },
    abandons: rnd() < 0.05 ? 3 : 0,
  };
  await store.search.add(s.userId, JSON.stringify(s));
}
// The pairing alone (the pure function a pass runs), then the whole pass: pairs taken out of the
// shared queue and every match made.
const { pairUp } = await import('../src/app/matchmaking.js');
const queue = (await store.search.all()).map((e) => JSON.parse(e.data) as Searcher);
const p0 = performance.now();
pairUp(queue, now, () => false);
const pairMs = performance.now() - p0;
const t0 = performance.now();
const events = await app.matchmaking.pass();
const ms = performance.now() - t0;
const matched = events.filter((e) => e.kind === 'matched') as Array<{ a: Searcher; b: Searcher }>;
const gaps = matched.map((m) => Math.abs(m.a.rating - m.b.rating)).sort((a, b) => a - b);
const q = (p: number): number => gaps[Math.min(gaps.length - 1, Math.floor(p * gaps.length))] ?? 0;
console.log(JSON.stringify({ store: store.kind, searchers: N, pairingMs: Math.round(pairMs), passMs: Math.round(ms), pairs: matched.length, paired: matched.length * 2, left: N - matched.length * 2, ratingGap: { median: q(0.5), p90: q(0.9), max: gaps.at(-1) ?? 0 } }));
await store.close();
process.exit(0);
