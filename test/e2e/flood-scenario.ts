/**
 * The flood scenario, as the process meets it (Telegram's limits on, real pace): one user sends
 * 300 /start in 10 s and five members of a group send commands there, while another user (the
 * victim) presses a button of the bot's every 250 ms in a chat of their own. Used by
 * test/e2e/flood.e2e.test.ts (the victim is never queued behind the flood) and bench/flood.ts
 * (the latency figure on a quiet machine: p99 under a second).
 */
import { readFileSync } from 'node:fs';
import { freePort } from '../setup/redis.js';
import { FakeTelegram, type FakeChat, type FakeMessage, type FakeUser } from './fake-telegram.js';
import { startBot, type BotProcess } from './harness.js';

export interface FloodResult {
  readonly victim: number[];
  readonly rssBefore: number;
  readonly rssAfter: number;
  readonly slowDowns: number;
  readonly fake: FakeTelegram;
}

export const rssMb = (pid: number): number => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
export const p99 = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.99))]!;

/** Run the flood (`seconds` long; 10 in the benchmark) against a new bot process on `redisUrl`; `onBot` hears the process (to kill it on failure). */
export async function flood(mode: 'polling' | 'webhook', base: number, redisUrl: string, onBot: (b: BotProcess | undefined) => void = () => undefined, seconds = 10): Promise<FloodResult> {
  const fake = new FakeTelegram();
  await fake.start();
  const port = await freePort();
  const env: Record<string, string> = mode === 'webhook' ? { WEBHOOK_URL: `http://127.0.0.1:${port}/hook`, WEBHOOK_PORT: String(port), WEBHOOK_SECRET: 'flood_secret' } : {};
  const bot = await startBot(fake, { redisUrl, env });
  onBot(bot);
  const flooder: FakeUser = { id: base + 1, first_name: 'Flo', language_code: 'en' };
  const victim: FakeUser = { id: base + 2, first_name: 'Vic', language_code: 'en' };
  const group: FakeChat = { id: -(base + 3), type: 'supergroup', title: 'Busy club' };
  const members: FakeUser[] = Array.from({ length: 5 }, (_, i) => ({ id: base + 10 + i, first_name: `M${i}`, language_code: 'ru' }));
  // The victim's chat has a message of the bot's with buttons to press.
  fake.sendText({ id: victim.id, type: 'private', first_name: 'Vic' }, victim, '/start');
  const menu: FakeMessage = await fake.waitFor(() => fake.chatMessages(victim.id).find((m) => (m.reply_markup?.inline_keyboard ?? []).length > 0), 10_000, 'the menu');
  const rssBefore = rssMb(bot.proc.pid!);
  const times: number[] = [];
  const t0 = Date.now();
  const flooding = (async () => {
    // 30 /start a second from the flooder, half as many commands in the group.
    for (let i = 0; i < 30 * seconds; i++) {
      fake.sendText({ id: flooder.id, type: 'private', first_name: 'Flo' }, flooder, '/start');
      if (i % 2 === 0) fake.sendText(group, members[i % 5]!, i % 4 === 0 ? '/help' : '/rules');
      await new Promise((r) => setTimeout(r, 33));
    }
  })();
  // Meanwhile the victim presses a button every 250 ms: a forged game button (a toast, no message).
  const answered: Array<Promise<void>> = [];
  const pressing = (async () => {
    while (Date.now() - t0 < (seconds + 1) * 1000) {
      const sent = Date.now();
      const id = fake.press(menu, victim, 'g|zzzzzzzzzz|3|r');
      // Unanswered within 15 s counts as 15 s (Telegram gives a press about 15 s).
      answered.push(fake.answerOf(id, 15_000).then((a) => void times.push(a.at - sent), () => void times.push(15_000)));
      await new Promise((r) => setTimeout(r, 250));
    }
  })();
  await Promise.all([flooding, pressing]);
  await Promise.all(answered);
  const rssAfter = rssMb(bot.proc.pid!);
  const slowDowns = fake.chatMessages(flooder.id).filter((m) => /faster than I can answer/.test(m.text ?? '')).length;
  await bot.stop('SIGKILL');
  onBot(undefined);
  await fake.stop();
  return { victim: times, rssBefore, rssAfter, slowDowns, fake };
}
