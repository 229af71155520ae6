/**
 * Bot load: npm run -s bench:bot [-- --games 200 --rate 50 --seconds 30]
 * One bot process (the real one, as a child) with its own redis-server, driven through the fake
 * Bot API by `games` concurrent private games against the bot, at `rate` button presses per
 * second for `seconds`. Prints one JSON object: updates_per_s, callback answer and board times
 * (from the moment getUpdates hands the update to the bot), the bot's peak RSS and Redis bytes
 * per game (MEMORY USAGE of the game and board keys).
 */
import { readFileSync } from 'node:fs';
import { Redis } from 'ioredis';
import { FakeTelegram, type FakeChat, type FakeMessage, type FakeUser } from '../test/e2e/fake-telegram.js';
import { board, buttons, choose, startBot } from '../test/e2e/harness.js';
import { startRedis } from '../test/setup/redis.js';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}
const GAMES = arg('--games', 200);
const RATE = arg('--rate', 50);
const SECONDS = arg('--seconds', 30);

const redis = await startRedis();
const fake = new FakeTelegram();
await fake.start();
const bot = await startBot(fake, { redisUrl: redis.url, env: { LOG_LEVEL: process.env.BENCH_LOG ?? 'error', MEMORY_LOG_SECONDS: '5' } });

interface Player {
  user: FakeUser;
  chat: FakeChat;
  busy: boolean;
  pending: { cb: string; update: number; edits: number; messages: number } | null;
}
const players: Player[] = [];
for (let i = 0; i < GAMES; i++) {
  const user: FakeUser = { id: 10_000 + i, first_name: `Player ${i}`, language_code: i % 2 ? 'en' : 'ru' };
  players.push({ user, chat: { id: user.id, type: 'private', first_name: user.first_name }, busy: false, pending: null });
}

// Set up every game through the menus (not measured).
await Promise.all(
  players.map(async (p) => {
    fake.sendText(p.chat, p.user, '/play');
    const menu = await fake.waitFor(() => fake.chatMessages(p.chat.id).find((m) => buttons(m).some((b) => b.data === 'pb|long')), 60_000, 'menu');
    const variant = p.user.id % 2 ? 'short' : 'long';
    await fake.answerOf(fake.press(menu, p.user, `pb|${variant}`), 60_000);
    await fake.answerOf(fake.press(menu, p.user, `pb|${variant}|medium`), 60_000);
    await fake.answerOf(fake.press(menu, p.user, `pb|${variant}|medium|7`), 60_000);
    await fake.waitFor(() => board(fake, p.chat.id), 60_000, 'board');
  }),
);

const answerMs: number[] = [];
const boardMs: number[] = [];
let sent = 0;
let rssPeak = 0;
const statusOf = (): Record<string, number> => {
  const out: Record<string, number> = {};
  for (const line of readFileSync(`/proc/${bot.proc.pid}/status`, 'utf8').split('\n')) {
    const m = /^(RssAnon|RssFile|RssShmem|Threads|VmHWM):\s+(\d+)/.exec(line);
    if (m) out[m[1]!] = m[1] === 'Threads' ? Number(m[2]) : Math.round(Number(m[2]) / 1024);
  }
  return out;
};
const rssOf = (): number => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${bot.proc.pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : 0;
};

function current(p: Player): FakeMessage | undefined {
  return board(fake, p.chat.id) ?? fake.chatMessages(p.chat.id).filter((m) => m.photo).at(-1);
}

async function pressOnce(p: Player): Promise<void> {
  const msg = current(p);
  if (!msg) return;
  const data = choose(msg) ?? buttons(msg).find((b) => b.data.endsWith('|m'))?.data;
  if (!data) return;
  p.busy = true;
  const messages = fake.messageCount(p.chat.id);
  const cb = fake.press(msg, p.user, data);
  const update = fake.callbackUpdate.get(cb)!;
  sent++;
  try {
    const ans = await fake.answerOf(cb, 30_000);
    answerMs.push(ans.at - fake.delivered.get(update)!);
    await fake.waitFor(
      () => {
        const now = fake.messages.get(`${p.chat.id}:${msg.message_id}`);
        return (now && now.edits > msg.edits) || fake.messageCount(p.chat.id) > messages;
      },
      30_000,
      'board',
    );
    boardMs.push(Date.now() - fake.delivered.get(update)!);
  } catch {
    // A press that changed nothing (e.g. a stale board) gives no new board: not counted.
  } finally {
    p.busy = false;
  }
}

const start = Date.now();
const inflight: Array<Promise<void>> = [];
let next = 0;
const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssOf())), 500);
while (Date.now() - start < SECONDS * 1000) {
  const due = start + (sent * 1000) / RATE;
  if (Date.now() < due) {
    await new Promise((r) => setTimeout(r, Math.max(0, due - Date.now())));
    continue;
  }
  // The next idle player presses.
  let p: Player | undefined;
  for (let k = 0; k < players.length && !p; k++) {
    const cand = players[(next + k) % players.length]!;
    if (!cand.busy) p = cand;
  }
  next++;
  if (!p) {
    await new Promise((r) => setTimeout(r, 5));
    continue;
  }
  inflight.push(pressOnce(p));
}
await Promise.all(inflight);
const elapsed = (Date.now() - start) / 1000;
clearInterval(sampler);
rssPeak = Math.max(rssPeak, rssOf());

// Redis bytes per game: the game hash and its board key.
const r = new Redis(redis.url);
const gameKeys = await r.keys(`${bot.prefix}game:*`);
let bytes = 0;
for (const key of gameKeys) {
  bytes += Number(await r.memory('USAGE', key)) || 0;
  bytes += Number(await r.memory('USAGE', key.replace(':game:', ':board:'))) || 0;
}
await r.quit();

const q = (a: number[], p: number): number => [...a].sort((x, y) => x - y)[Math.min(a.length - 1, Math.floor(p * a.length))] ?? NaN;
console.log(
  JSON.stringify({
    games: GAMES,
    seconds: +elapsed.toFixed(1),
    updates_per_s: +(sent / elapsed).toFixed(1),
    callback_answer_p50_ms: q(answerMs, 0.5),
    callback_answer_p99_ms: q(answerMs, 0.99),
    board_p50_ms: q(boardMs, 0.5),
    board_p99_ms: q(boardMs, 0.99),
    boards: boardMs.length,
    rss_mb: +rssPeak.toFixed(1),
    redis_bytes_per_game: Math.round(bytes / Math.max(1, gameKeys.length)),
    ...(process.env.BENCH_LOG ? { proc_status_mb: statusOf() } : {}),
  }),
);
if (process.env.BENCH_LOG) console.error(bot.logs.join('').split('\n').filter((l) => l.includes('memory')).join('\n'));
await bot.stop();
await fake.stop();
redis.proc.kill('SIGTERM');
process.exit(0);
