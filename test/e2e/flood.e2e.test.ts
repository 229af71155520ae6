/**
 * Fairness between chats under a flood (test/e2e/flood-scenario.ts): one user sends 150 /start in
 * 5 s and five members of a group send commands there, while another user presses buttons in a
 * chat of their own. The other user is never queued behind the flood: every press is answered
 * long before the flood's five seconds are through (in arrival order they would wait seconds), in
 * long polling and with a webhook; the flooding chats get at most one "slow down" each, and the
 * process's memory stays bounded. The latency figure itself (p99 under a second on a quiet
 * machine) is a benchmark, `npm run -s bench:flood`: here the suite's other files share the
 * processor.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedis } from '../setup/redis.js';
import { flood, p99 } from './flood-scenario.js';
import { logBotOnFailure, type BotProcess } from './harness.js';

let redis: Awaited<ReturnType<typeof startRedis>>;
let bot: BotProcess | undefined;
logBotOnFailure(() => bot);

beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await bot?.stop('SIGKILL');
  redis?.proc.kill('SIGKILL');
});

describe('a flood from one chat and one group', () => {
  for (const [mode, base] of [['polling', 810_000], ['webhook', 820_000]] as const) {
    it(`every other chat's press is answered without waiting behind the flood (${mode})`, async () => {
      // Five seconds of flood (bench:flood runs ten): the same rates, half the suite's time.
      const r = await flood(mode, base, redis.url, (b) => (bot = b), 5);
      console.log(`flood (${mode}): victim presses ${r.victim.length}, p99 ${p99(r.victim)} ms, max ${Math.max(...r.victim)} ms; RSS ${r.rssBefore.toFixed(0)} -> ${r.rssAfter.toFixed(0)} MB; "slow down" ${r.slowDowns}`);
      expect(r.victim.length).toBeGreaterThan(18);
      // Served in arrival order behind 225 updates and their replies, the later presses would wait seconds.
      expect(p99(r.victim)).toBeLessThan(2500);
      expect(r.slowDowns).toBeLessThanOrEqual(1);
      expect(r.rssAfter - r.rssBefore).toBeLessThan(150);
      expect(r.fake.tooManyLog).toEqual([]);
    }, 60_000);
  }
});
