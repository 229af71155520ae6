/**
 * Webhook mode: the bot sets its webhook and takes updates POSTed to it, as Telegram sends them.
 * This suite runs the compiled bot (dist/main.js), as `npm start` does in production.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../setup/redis.js';
import { FakeTelegram } from './fake-telegram.js';
import { startBot, type BotProcess, logBotOnFailure } from './harness.js';

let fake: FakeTelegram;
let bot: BotProcess;
logBotOnFailure(() => bot);
let port: number;
let metricsPort: number;
let nextUpdate = 1;
const secret = 'sekret_1';
const metricsToken = 'metrics_token_0123456789';

beforeAll(async () => {
  fake = new FakeTelegram();
  await fake.start();
  port = await freePort();
  metricsPort = await freePort();
  bot = await startBot(fake, { compiled: true, env: { WEBHOOK_URL: `http://127.0.0.1:${port}/hook`, WEBHOOK_PORT: String(port), WEBHOOK_SECRET: secret, METRICS_PORT: String(metricsPort), METRICS_TOKEN: metricsToken } });
});

afterAll(async () => {
  // The processes stop first: a failed expectation must not leave them running.
  const tooMany = [...(fake?.tooManyLog ?? [])];
  await bot?.stop();
  await fake?.stop();
  expect(tooMany).toEqual([]);
});

function message(chatId: number, text: string, updateId = nextUpdate++): Record<string, unknown> {
  const chat = chatId > 0 ? { id: chatId, type: 'private', first_name: 'W' } : { id: chatId, type: 'group', title: 'G' };
  return { update_id: updateId, message: { message_id: updateId, date: 0, chat, from: { id: Math.abs(chatId), is_bot: false, first_name: 'W', language_code: 'en' }, text, entities: [{ type: 'bot_command', offset: 0, length: text.split(' ')[0]!.length }] } };
}

const post = (body: unknown, headers: Record<string, string> = {}, path = '/hook'): Promise<Response> =>
  fetch(`http://127.0.0.1:${port}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': secret, ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });

describe('the webhook', () => {
  it('registers with its secret and answers a /start sent to it; a wrong secret is refused', async () => {
    const set = await fake.waitFor(() => fake.calls.find((c) => c.method === 'setWebhook'), 20_000, 'setWebhook');
    expect(set.params).toMatchObject({ url: `http://127.0.0.1:${port}/hook`, secret_token: secret });
    const update = message(55, '/start');
    expect((await post(update, { 'x-telegram-bot-api-secret-token': 'nope' })).status).toBe(401);
    expect((await post(update)).status).toBe(200);
    const reply = await fake.waitFor(() => fake.chatMessages(55).find((m) => m.text?.startsWith('Hello, W!')), 10_000, 'the welcome');
    expect(reply.reply_markup).toBeDefined();
  });

  it('answers 200 once an update is taken, even when handling it fails later', async () => {
    fake.inject('sendMessage', { code: 500, description: 'Internal Server Error' }, 5);
    const r = await post(message(56, '/help'));
    expect(r.status).toBe(200);
    await fake.waitFor(() => fake.calls.filter((c) => c.method === 'sendMessage' && Number(c.params.chat_id) === 56).length >= 3, 10_000, 'the tries');
    await new Promise((res) => setTimeout(res, 300));
    (fake as unknown as { injected: Map<string, unknown[]> }).injected.delete('sendMessage');
  });

  it('an update delivered twice is handled once', async () => {
    const update = message(-77, '/play short');
    expect((await post(update)).status).toBe(200);
    expect((await post(update)).status).toBe(200);
    await fake.waitFor(() => fake.chatMessages(-77).find((m) => m.text?.includes('invites anyone')), 10_000, 'the challenge');
    await new Promise((res) => setTimeout(res, 800));
    expect(fake.chatMessages(-77).filter((m) => m.text?.includes('invites anyone'))).toHaveLength(1);
  });

  it('refuses what is not an update: other methods, other paths, huge or broken bodies', async () => {
    expect((await fetch(`http://127.0.0.1:${port}/hook`)).status).toBe(405);
    expect((await post(message(57, '/start'), {}, '/other')).status).toBe(404);
    expect((await post('{"update_id": ')).status).toBe(400);
    expect((await post({ hello: 1 })).status).toBe(400);
    const huge = JSON.stringify({ update_id: 99999, message: { text: 'x'.repeat(3 << 20) } });
    const r = await post(huge).catch(() => null);
    expect(r === null || r.status === 413).toBe(true);
    // Still serving.
    expect((await post(message(58, '/start'))).status).toBe(200);
  });

  it('serves /healthz, and /metrics only with its token or on its own port', async () => {
    const h = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(h.status).toBe(200);
    expect(await h.json()).toEqual({ ok: true, redis: true, telegram: true });
    // The public port hides the metrics from anyone without the token.
    expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: 'Bearer wrong_token_000000000' } })).status).toBe(404);
    const auth = { headers: { authorization: `Bearer ${metricsToken}` } };
    expect((await fetch(`http://127.0.0.1:${metricsPort}/metrics`, auth)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${metricsPort}/healthz`)).status).toBe(200);
    const m = await (await fetch(`http://127.0.0.1:${port}/metrics`, auth)).text();
    expect(m).toMatch(/nardy_updates_total\{kind="message"\} \d+/);
    expect(m).toMatch(/nardy_updates_duplicate_total 1/);
    expect(m).toMatch(/nardy_telegram_calls_total\{method="sendMessage",outcome="ok"\}/);
    // The reviews' line, wired in main.ts: nothing waiting, nothing analysed yet.
    expect(m).toMatch(/^nardy_reviews_waiting 0$/m);
    expect(m).toMatch(/^nardy_reviews_analysing 0$/m);
    expect(m).toMatch(/^# TYPE nardy_review_seconds histogram$/m);
  });
});
