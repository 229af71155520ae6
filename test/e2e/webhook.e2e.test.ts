/** Webhook mode by configuration: the bot sets its webhook and handles updates POSTed to it. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort } from '../setup/redis.js';
import { FakeTelegram } from './fake-telegram.js';
import { startBot, type BotProcess } from './harness.js';

let fake: FakeTelegram;
let bot: BotProcess;
let port: number;

beforeAll(async () => {
  fake = new FakeTelegram();
  await fake.start();
  port = await freePort();
  bot = await startBot(fake, { env: { WEBHOOK_URL: `http://127.0.0.1:${port}/hook`, WEBHOOK_PORT: String(port), WEBHOOK_SECRET: 'sekret_1' } });
});

afterAll(async () => {
  await bot?.stop();
  await fake?.stop();
});

it('registers the webhook with its secret and answers a /start sent to it', async () => {
  const set = await fake.waitFor(() => fake.calls.find((c) => c.method === 'setWebhook'), 20_000, 'setWebhook');
  expect(set.params).toMatchObject({ url: `http://127.0.0.1:${port}/hook`, secret_token: 'sekret_1' });
  const update = { update_id: 1, message: { message_id: 1, date: 0, chat: { id: 55, type: 'private', first_name: 'W' }, from: { id: 55, is_bot: false, first_name: 'W', language_code: 'en' }, text: '/start', entities: [{ type: 'bot_command', offset: 0, length: 6 }] } };
  const wrong = await fetch(`http://127.0.0.1:${port}/hook`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': 'nope' }, body: JSON.stringify(update) });
  expect(wrong.status).toBe(401);
  const ok = await fetch(`http://127.0.0.1:${port}/hook`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': 'sekret_1' }, body: JSON.stringify(update) });
  expect(ok.status).toBe(200);
  const reply = await fake.waitFor(() => fake.chatMessages(55).find((m) => m.text?.startsWith('Hello, W!')), 10_000, 'the welcome');
  expect(reply.reply_markup).toBeDefined();
});
