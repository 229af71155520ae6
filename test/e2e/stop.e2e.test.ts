/** A clean stop (SIGTERM, SIGINT) is quiet: no line at error level, exit 0, in both modes. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../setup/redis.js';
import { FakeTelegram, type FakeChat, type FakeUser } from './fake-telegram.js';
import { startBot } from './harness.js';

let fake: FakeTelegram;
beforeAll(async () => {
  fake = new FakeTelegram();
  await fake.start();
});
afterAll(async () => {
  await fake?.stop();
});

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 50));
  expect(check()).toBe(true);
}

const errorLines = (logs: string[]): string[] => logs.join('').split('\n').filter((l) => /"level":(5|6)0/.test(l));

describe('a clean stop', () => {
  it('`npm start` (the README\'s command) stops its bot on SIGTERM: the signal reaches node, which stops cleanly', async () => {
    const { spawn } = await import('node:child_process');
    const logs: string[] = [];
    const npm = spawn('npm', ['start'], { cwd: process.cwd(), env: { PATH: process.env.PATH, HOME: process.env.HOME, BOT_TOKEN: fake.token, TELEGRAM_API_ROOT: fake.url, LOG_LEVEL: 'info' }, stdio: ['ignore', 'pipe', 'pipe'] });
    npm.stdout!.on('data', (d: Buffer) => logs.push(d.toString()));
    npm.stderr!.on('data', (d: Buffer) => logs.push(d.toString()));
    const exited = new Promise<number | null>((r) => npm.once('exit', (code) => r(code)));
    await until(() => /is up \(long polling\)/.test(logs.join('')));
    npm.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(logs.join('')).toMatch(/"msg":"stopped"/);
  }, 30_000);

  it('long polling, after some work: exit 0, no error line', async () => {
    const bot = await startBot(fake);
    await until(() => /is up \(long polling\)/.test(bot.logs.join('')));
    const user: FakeUser = { id: 8101, first_name: 'Sam', language_code: 'en' };
    const chat: FakeChat = { id: user.id, type: 'private', first_name: 'Sam' };
    fake.sendText(chat, user, '/start');
    await fake.waitFor(() => fake.chatMessages(chat.id).length > 0, 10_000, 'the answer');
    expect(await bot.stop('SIGTERM')).toBe(0);
    expect(errorLines(bot.logs)).toEqual([]);
    expect(bot.logs.join('')).toMatch(/"msg":"stopped"/);
    // Without Redis the operator is told what a restart loses, and how to keep it.
    expect(bot.logs.join('')).toMatch(/REDIS_URL is not set: everything is kept in memory, and a restart loses it all: the games in play, ratings and statistics, settings/);
    expect(bot.logs.join('')).toMatch(/docker compose up -d/);
  }, 30_000);

  it('webhook with the Mini App: exit 0, no error line', async () => {
    const port = await freePort();
    const bot = await startBot(fake, { env: { WEBHOOK_URL: `http://127.0.0.1:${port}/hook`, WEBHOOK_PORT: String(port), WEBHOOK_SECRET: 'stop_secret', WEBAPP_URL: `http://127.0.0.1:${port}/app` } });
    await until(() => /is up \(webhook\)/.test(bot.logs.join('')));
    expect(await bot.stop('SIGINT')).toBe(0);
    expect(errorLines(bot.logs)).toEqual([]);
    fake.webhook = null;
  }, 30_000);
});
