/**
 * The first burst after a start: npm run -s bench:burst [-- --users 100 --bursts 2 --text "/play short 7" --compiled]
 *
 * One bot process with its own redis-server, driven through the fake Bot API (Telegram's limits
 * on). As soon as it is up, `users` new users each send `text` in their private chats in one
 * batch; then, once every one is answered, a second batch of as many other new users, and so on.
  --pending N first leaves N games whose boards were never sent
 * (a crash between a game's start and its board), as start-up finds them after a kill.
 * Prints, per burst, the time from the batch to each user's first answer (p50, p95, max) and the
 * 429s caused: the first burst should be answered as fast as any later one.
 */
import { FakeTelegram, type FakeChat, type FakeUser } from '../test/e2e/fake-telegram.js';
import { startBot } from '../test/e2e/harness.js';
import { startRedis } from '../test/setup/redis.js';
import { createApp } from '../src/app/index.js';
import { RedisStore } from '../src/store/index.js';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1]! : fallback;
}
const USERS = Number(arg('--users', '100'));
const BURSTS = Number(arg('--bursts', '2'));
const TEXT = arg('--text', '/play short 7');

const PENDING = Number(arg('--pending', '0'));
const redis = await startRedis();
// --pending N: N games between people in groups whose boards were never sent (their process died
// in between), as after a crash: start-up owes them their boards.
const prefix = `burst:${Date.now()}:`;
if (PENDING > 0) {
  const store = new RedisStore(redis.url, prefix, { challengeSeconds: 600, finishedSeconds: 600, idleSeconds: 600 });
  const app = createApp(store, { defaultLanguage: 'en' });
  for (let i = 0; i < PENDING; i++) {
    const a = { kind: 'human' as const, id: 900_000 + 2 * i, name: `A${i}`, lang: 'en' as const };
    const b = { kind: 'human' as const, id: 900_001 + 2 * i, name: `B${i}`, lang: 'en' as const };
    await app.games.start({ kind: 'group', chatId: -500_000 - i, lang: 'en', white: a, black: b, variant: 'long', length: 1 });
  }
  await new Promise((r) => setTimeout(r, 200));
  await store.close();
}
const fake = new FakeTelegram();
await fake.start();
// --queued: the first batch is sent before the bot starts (it waits at Telegram, as after a
// deploy or a crash restart) and timed from the bot's start.
const QUEUED = process.argv.includes('--queued');
const early: FakeUser[] = QUEUED ? Array.from({ length: USERS }, (_, i) => ({ id: 100_000 + i, first_name: `U0-${i}`, language_code: i % 2 ? 'en' : 'ru' })) : [];
for (const u of early) fake.sendText({ id: u.id, type: 'private', first_name: u.first_name } as FakeChat, u, TEXT);
const started = Date.now();
const bot = await startBot(fake, { compiled: process.argv.includes('--compiled'), redisUrl: redis.url, prefix, env: { LOG_LEVEL: process.env.BENCH_LOG ?? 'warn' } });
const pct = (xs: number[], p: number): number => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;
const results: Array<Record<string, number>> = [];
try {
  for (let b = 0; b < BURSTS; b++) {
    const users: FakeUser[] = Array.from({ length: USERS }, (_, i) => ({ id: 100_000 + b * 10_000 + i, first_name: `U${b}-${i}`, language_code: i % 2 ? 'en' : 'ru' }));
    const t0 = b === 0 && QUEUED ? started : Date.now();
    if (!(b === 0 && QUEUED)) for (const u of users) fake.sendText({ id: u.id, type: 'private', first_name: u.first_name } as FakeChat, u, TEXT);
    const times = await Promise.all(users.map((u) => fake.waitFor(() => fake.chatMessages(u.id)[0], 120_000, `an answer to ${u.id}`).then((m) => m.date * 0 + (fake.calls.find((c) => Number(c.params.chat_id) === u.id)?.at ?? Date.now()) - t0)));
    results.push({ burst: b + 1, p50: pct(times, 0.5), p95: pct(times, 0.95), max: Math.max(...times), tooMany: fake.tooManyLog.length });
  }
} finally {
  await bot.stop();
  await fake.stop();
  redis.proc.kill('SIGKILL');
}
console.log(JSON.stringify({ users: USERS, text: TEXT, ms: results }, null, 1));
