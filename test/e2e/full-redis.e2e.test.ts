/**
 * A full Redis (maxmemory reached, nothing can be written): every press and command is answered
 * "storage is full" within a second, instead of being held back; nothing is lost, and once
 * memory is freed the same press applies.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../setup/redis.js';
import { FakeTelegram, type FakeChat, type FakeUser } from './fake-telegram.js';
import { board, buttons, choose, logBotOnFailure, pressAndWait, startBot, type BotProcess } from './harness.js';

const PACE = '0.1';
let fake: FakeTelegram;
let redisProc: ChildProcess;
let url = '';
let bot: BotProcess;
logBotOnFailure(() => bot);

beforeAll(async () => {
  const port = await freePort();
  redisProc = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--maxmemory', '8mb', '--maxmemory-policy', 'noeviction'], { stdio: 'ignore' });
  url = `redis://127.0.0.1:${port}`;
  const probe = new Redis(url, { lazyConnect: true, retryStrategy: () => null });
  probe.on('error', () => undefined);
  for (let i = 0; i < 100 && !(await probe.connect().then(() => true, () => false)); i++) await new Promise((r) => setTimeout(r, 50));
  await probe.quit();
  fake = new FakeTelegram().scaleLimits(Number(PACE));
  await fake.start();
  bot = await startBot(fake, { redisUrl: url, env: { PACE_SCALE: PACE, TIMER_TICK_MS: '500' } });
});

afterAll(async () => {
  await bot?.stop();
  await fake?.stop();
  redisProc?.kill('SIGKILL');
});

describe('a full Redis', () => {
  it('presses and commands are answered "storage is full" at once; after memory is freed the press applies', async () => {
    const user: FakeUser = { id: 7101, first_name: 'Fay', language_code: 'en' };
    const chat: FakeChat = { id: user.id, type: 'private', first_name: 'Fay' };
    fake.sendText(chat, user, '/play');
    const menu = await fake.waitFor(() => fake.chatMessages(chat.id).filter((m) => buttons(m).some((b) => b.data === 'pb|long')).at(-1), 10_000, 'the menu');
    await fake.answerOf(fake.press(menu, user, 'pb|long'));
    await fake.answerOf(fake.press(menu, user, 'pb|long|easy'));
    await fake.answerOf(fake.press(menu, user, 'pb|long|easy|1'));
    const msg = await fake.waitFor(() => board(fake, chat.id), 15_000, 'the first board');
    await new Promise((r) => setTimeout(r, 500));
    const live = fake.messages.get(`${chat.id}:${msg.message_id}`)!;
    const data = choose(live)!;
    const edits = live.edits;

    // Fill Redis past its maxmemory with someone else's keys: 4 MB, then a limit of 2 MB.
    const filler = new Redis(url);
    for (let i = 0; i < 80; i++) await filler.set(`filler:${i}`, 'x'.repeat(50_000));
    await filler.config('SET', 'maxmemory', '2mb');
    expect(await filler.set('one-more', '1').catch((e: Error) => e.message)).toMatch(/OOM/);

    const presses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const at = Date.now();
      const a = await fake.answerOf(fake.press(live, user, data), 10_000);
      presses.push(a.at - at);
      expect(a.text).toMatch(/storage is full/);
    }
    const count = fake.messageCount(chat.id);
    fake.sendText(chat, user, '/start');
    const reply = await fake.waitFor(() => fake.chatMessagesSince(chat.id, count).find((m) => /storage is full/.test(m.text ?? '')), 5000, 'the "storage is full" reply');
    expect(reply).toBeTruthy();
    // Every press answered within a second of being sent.
    expect(Math.max(...presses)).toBeLessThan(1000);
    expect(fake.messages.get(`${chat.id}:${msg.message_id}`)!.edits).toBe(edits);

    // Memory back: the same press applies, once.
    for (let i = 0; i < 80; i++) await filler.del(`filler:${i}`);
    await filler.config('SET', 'maxmemory', '8mb');
    await filler.quit();
    await new Promise((r) => setTimeout(r, 1000));
    const r = await pressAndWait(fake, chat, user, fake.messages.get(`${chat.id}:${msg.message_id}`)!, data);
    expect(r.answer ?? '').toBe('');
    expect(fake.messages.get(`${chat.id}:${msg.message_id}`)!.edits).toBeGreaterThan(edits);
    expect(bot.logs.join('')).toMatch(/storage is full/);
  }, 90_000);
});
