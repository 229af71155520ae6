/**
 * One clock: of two instances, one whose wall clock runs 90 s ahead of Redis's never ends a
 * player's time early, though the turn was started by the other. The move clocks follow Redis's
 * TIME; the skewed instance says that its clock is off.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisStore } from '../../src/store/index.js';
import { startRedis } from '../setup/redis.js';
import { FakeTelegram, type FakeChat, type FakeUser } from './fake-telegram.js';
import { board, buttons, logBotOnFailure, startBot, type BotProcess } from './harness.js';

const PACE = '0.1';
const PRELOAD = fileURLToPath(new URL('./skew-preload.mjs', import.meta.url));
let fake: FakeTelegram;
let redis: Awaited<ReturnType<typeof startRedis>>;
let bot: BotProcess;
let skewed: BotProcess;
logBotOnFailure(() => skewed);

beforeAll(async () => {
  redis = await startRedis();
  fake = new FakeTelegram().scaleLimits(Number(PACE));
  await fake.start();
  bot = await startBot(fake, { redisUrl: redis.url, env: { PACE_SCALE: PACE, GROUP_MOVE_SECONDS: '10', TIMER_TICK_MS: '250' } });
});

afterAll(async () => {
  await bot?.stop();
  await skewed?.stop();
  await fake?.stop();
  redis?.proc.kill('SIGKILL');
});

describe('an instance whose clock runs 90 s ahead', () => {
  it('times a group move by Redis\'s clock: no early "out of time", the real one on time', async () => {
    const group: FakeChat = { id: -100900, type: 'group', title: 'Skew' };
    const ann: FakeUser = { id: 9101, first_name: 'Ann', username: 'ann9', language_code: 'en' };
    const ben: FakeUser = { id: 9102, first_name: 'Ben', username: 'ben9', language_code: 'en' };
    fake.sendText(group, ann, '/play');
    const ch = await fake.waitFor(() => fake.chatMessages(group.id).find((m) => m.text?.includes('invites anyone')), 10_000, 'the challenge');
    await fake.answerOf(fake.press(ch, ben, buttons(ch).find((b) => b.data.endsWith('|a'))!.data));
    await fake.waitFor(() => board(fake, group.id), 15_000, 'the board');
    const started = Date.now();
    // The second instance, 90 s ahead, runs the shared timers beside the first.
    skewed = await startBot(fake, { redisUrl: redis.url, prefix: bot.prefix, nodeArgs: ['--import', PRELOAD], env: { PACE_SCALE: PACE, NARDY_TEST_SKEW_MS: '90000', GROUP_MOVE_SECONDS: '10', TIMER_TICK_MS: '250' } });
    const outOfTime = (): boolean => fake.chatMessages(group.id).some((m) => /out of time/.test(m.text ?? '') || buttons(m).some((b) => b.data.startsWith('cl|')));
    // Before the fix the claim came 0.4 s after the start: the instance thought 90 s had passed.
    await new Promise((r) => setTimeout(r, Math.max(0, 6000 - (Date.now() - started))));
    expect(outOfTime()).toBe(false);
    // The clock does run: the 10 s limit ends on Redis's time, counted from the turn's start as
    // Redis stamped it (this machine's clock is Redis's: the same machine).
    const gameId = buttons(board(fake, group.id)).find((b) => b.data.startsWith('g|'))!.data.split('|')[1]!;
    const store = new RedisStore(redis.url, bot.prefix, { challengeSeconds: 60, finishedSeconds: 60, idleSeconds: 60 });
    const since = ((await store.clocks.get(gameId)) as { since: number }).since;
    await store.close();
    await fake.waitFor(() => outOfTime(), 15_000, 'the real end of the move time');
    // Not before the limit (a little slack for the offset's measure: half a local round trip).
    expect(Date.now() - since).toBeGreaterThanOrEqual(10_000 - 50);
    expect(skewed.logs.join('')).toMatch(/clock is 90\.\d s ahead of Redis's/);
  }, 60_000);
});
