/**
 * A Redis without persistence restarts empty: the bot says so at error level, and an old board
 * pressed then answers that its game no longer exists and loses its buttons.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedis } from '../setup/redis.js';
import { FakeTelegram, type FakeChat, type FakeUser } from './fake-telegram.js';
import { board, buttons, choose, logBotOnFailure, startBot, type BotProcess } from './harness.js';

const PACE = '0.1';
let fake: FakeTelegram;
let redis: Awaited<ReturnType<typeof startRedis>>;
let bot: BotProcess;
logBotOnFailure(() => bot);

beforeAll(async () => {
  redis = await startRedis();
  fake = new FakeTelegram().scaleLimits(Number(PACE));
  await fake.start();
  bot = await startBot(fake, { redisUrl: redis.url, env: { PACE_SCALE: PACE, TIMER_TICK_MS: '200' } });
});
afterAll(async () => {
  await bot?.stop();
  await fake?.stop();
  redis?.proc.kill('SIGKILL');
});

describe('a Redis that restarts empty', () => {
  it('is logged at error level; an old board answers "no longer exists" and loses its buttons', async () => {
    const user: FakeUser = { id: 7301, first_name: 'Wes', language_code: 'en' };
    const chat: FakeChat = { id: user.id, type: 'private', first_name: 'Wes' };
    fake.sendText(chat, user, '/play');
    const menu = await fake.waitFor(() => fake.chatMessages(chat.id).filter((m) => buttons(m).some((b) => b.data === 'pb|long')).at(-1), 10_000, 'the menu');
    await fake.answerOf(fake.press(menu, user, 'pb|long|easy|1'));
    const msg = await fake.waitFor(() => board(fake, chat.id), 15_000, 'the board');
    await new Promise((r) => setTimeout(r, 500));
    // Redis without persistence restarts: everything is gone.
    redis.proc.kill('SIGKILL');
    await new Promise((r) => setTimeout(r, 300));
    redis = await startRedis({ port: redis.port });
    for (let i = 0; i < 100 && !/lost its data/.test(bot.logs.join('')); i++) await new Promise((r) => setTimeout(r, 100));
    const line = bot.logs.join('').split('\n').find((l) => /lost its data/.test(l));
    expect(line).toMatch(/"level":50/);
    const live = fake.messages.get(`${chat.id}:${msg.message_id}`)!;
    const a = await fake.answerOf(fake.press(live, user, choose(live)!));
    expect(a.text).toMatch(/no longer exists/);
    await fake.waitFor(() => buttons(fake.messages.get(`${chat.id}:${msg.message_id}`)).length === 0, 10_000, 'the old board without buttons');
  }, 60_000);
});
