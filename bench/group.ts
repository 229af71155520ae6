/**
 * A group game at a human pace under Telegram's real limits: npm run -s bench:group [-- --minutes 4 --delay 2]
 *
 * Two people play a long-nardy game in a group through the fake Bot API (limits on: twenty
 * messages or edits a minute in a group), each pressing `delay` seconds after the buttons for
 * them appear. Measured: from each press to the next usable keyboard (the board edited so that
 * someone can press again), median and p95; the 429s caused; and at the end that the last
 * board shows the game as stored (nothing lost). Prints one JSON object.
 */
import { Redis } from 'ioredis';
import { FakeTelegram, type FakeChat, type FakeMessage, type FakeUser } from '../test/e2e/fake-telegram.js';
import { board, buttons, choose, startBot } from '../test/e2e/harness.js';
import { startRedis } from '../test/setup/redis.js';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}
const MINUTES = arg('--minutes', 4);
const DELAY = arg('--delay', 2) * 1000;

const redis = await startRedis();
const fake = new FakeTelegram();
await fake.start();
const bot = await startBot(fake, { compiled: true, redisUrl: redis.url, env: { LOG_LEVEL: 'error' } });
const group: FakeChat = { id: -100900, type: 'supergroup', title: 'Club' };
const ann: FakeUser = { id: 9001, first_name: 'Ann', username: 'ann9', language_code: 'en' };
const ben: FakeUser = { id: 9002, first_name: 'Ben', username: 'ben9', language_code: 'en' };

fake.sendText(group, ann, '/play long @ben9');
const ch = await fake.waitFor(() => fake.chatMessages(group.id).find((m) => m.text?.includes('challenges')), 30_000, 'the challenge');
await fake.answerOf(fake.press(ch, ben, buttons(ch).find((b) => b.data.endsWith('|a'))!.data));
let cur: FakeMessage = await fake.waitFor(() => board(fake, group.id), 30_000, 'the board');

const latency: number[] = [];
let presses = 0;
const t0 = Date.now();
const usable = (m: FakeMessage): boolean => choose(m) !== null;
while (Date.now() - t0 < MINUTES * 60_000) {
  const data = choose(cur);
  if (!data) break;
  await new Promise((r) => setTimeout(r, DELAY));
  const who = /(Ann|Ben)[^\n]*$/.exec(cur.caption ?? '')?.[1] === 'Ben' ? ben : ann;
  const edits = cur.edits;
  const at = Date.now();
  fake.press(cur, who, data);
  presses++;
  const next = await fake
    .waitFor(() => {
      const m = fake.messages.get(`${group.id}:${cur.message_id}`);
      return m && m.edits > edits && usable(m) ? m : null;
    }, 60_000, 'the next keyboard')
    .catch(() => null);
  if (!next) break;
  latency.push(Date.now() - at);
  cur = next;
}
// Nothing lost: the board shows the stored game's version.
await new Promise((r) => setTimeout(r, 4000));
const r = new Redis(redis.url);
const key = (await r.keys(`${bot.prefix}game:*`))[0]!;
const stored = JSON.parse((await r.hget(key, 'data'))!) as { v: number };
await r.quit();
const shown = Number(buttons(fake.messages.get(`${group.id}:${cur.message_id}`)).find((b) => b.data.startsWith('g|'))?.data.split('|')[2] ?? -1);
const q = (p: number): number => [...latency].sort((a, b) => a - b)[Math.min(latency.length - 1, Math.floor(p * latency.length))] ?? NaN;
const edits = fake.calls.filter((c) => Number(c.params.chat_id) === group.id && /^(send|edit)/.test(c.method));
console.log(
  JSON.stringify({
    minutes: MINUTES,
    human_delay_s: DELAY / 1000,
    presses,
    next_keyboard_p50_ms: q(0.5),
    next_keyboard_p95_ms: q(0.95),
    messages_and_edits_per_minute: +((edits.length / (Date.now() - t0)) * 60_000).toFixed(1),
    too_many_requests: fake.tooMany,
    board_shows_stored_version: shown === stored.v,
  }),
);
await bot.stop();
await fake.stop();
redis.proc.kill('SIGTERM');
process.exit(0);
