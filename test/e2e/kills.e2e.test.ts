/**
 * Kills at any moment after a press: the bot is SIGKILLed 30 to 400 ms after a press (in a game
 * against the bot and in a group game), restarted, and every live board catches up with its game
 * within seconds: the version its buttons carry equals the stored game's, nothing left behind.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Games, isBotToAct } from '../../src/app/games.js';
import { RedisStore } from '../../src/store/index.js';
import { startRedis } from '../setup/redis.js';
import { FakeTelegram, type FakeChat, type FakeMessage, type FakeUser } from './fake-telegram.js';
import { board, buttons, choose, logBotOnFailure, startBot, type BotProcess } from './harness.js';

const PACE = '0.1';
const ttl = { challengeSeconds: 600, finishedSeconds: 600, idleSeconds: 600 };
let fake: FakeTelegram;
let redis: Awaited<ReturnType<typeof startRedis>>;
let bot: BotProcess;
let store: RedisStore;
logBotOnFailure(() => bot);

const env = { PACE_SCALE: PACE, TIMER_TICK_MS: '300' };

beforeAll(async () => {
  redis = await startRedis();
  fake = new FakeTelegram().scaleLimits(Number(PACE));
  await fake.start();
  bot = await startBot(fake, { redisUrl: redis.url, env });
  store = new RedisStore(redis.url, bot.prefix, ttl);
});
afterAll(async () => {
  await bot?.stop();
  await store?.close();
  await fake?.stop();
  redis?.proc.kill('SIGKILL');
});

/** The game version a board message's buttons carry (null: no game buttons). */
function shownVersion(msg: FakeMessage | undefined): number | null {
  const d = buttons(msg).find((b) => b.data.startsWith('g|'))?.data;
  return d ? Number(d.split('|')[2]) : null;
}

/** Wait until the chat's live board shows the stored game's newest version. */
async function caughtUp(chatId: number, gameId: string, games: Games, what: string): Promise<void> {
  const end = Date.now() + 20_000;
  let last = '';
  while (Date.now() < end) {
    const rec = await games.get(gameId);
    const live = board(fake, chatId);
    const shown = shownVersion(live ? fake.messages.get(`${chatId}:${live.message_id}`) : undefined);
    last = `board v${shown}, game v${rec?.v}${rec && isBotToAct(rec) ? ' (bot to act)' : ''}`;
    if (rec && !isBotToAct(rec) && shown === rec.v) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what}: the board never caught up (${last})`);
}

async function killAfter(ms: number): Promise<void> {
  await new Promise((r) => setTimeout(r, ms));
  await bot.stop('SIGKILL');
  bot = await startBot(fake, { redisUrl: redis.url, prefix: bot.prefix, env });
}

describe('killed at any moment after a press', () => {
  it('a game against the bot: the board catches up after each kill', async () => {
    const games = new Games({ store });
    const user: FakeUser = { id: 7501, first_name: 'Kim', language_code: 'en' };
    const chat: FakeChat = { id: user.id, type: 'private', first_name: 'Kim' };
    fake.sendText(chat, user, '/play');
    const menu = await fake.waitFor(() => fake.chatMessages(chat.id).filter((m) => buttons(m).some((b) => b.data === 'pb|short')).at(-1), 10_000, 'the menu');
    await fake.answerOf(fake.press(menu, user, 'pb|short|easy|1'));
    const first = await fake.waitFor(() => board(fake, chat.id), 15_000, 'the board');
    const gameId = buttons(first).find((b) => b.data.startsWith('g|'))!.data.split('|')[1]!;
    await caughtUp(chat.id, gameId, games, 'the first board');
    for (const ms of [30, 250, 400]) {
      const live = fake.messages.get(`${chat.id}:${board(fake, chat.id)!.message_id}`)!;
      const data = choose(live);
      if (!data) break;
      fake.press(live, user, data);
      await killAfter(ms);
      await caughtUp(chat.id, gameId, games, `killed ${ms} ms after a press`);
    }
  }, 120_000);

  it('the press answered and its update done, the board\'s drawing dies with the process: another start draws it', async () => {
    const games = new Games({ store });
    const user: FakeUser = { id: 7521, first_name: 'Lou', language_code: 'en' };
    const chat: FakeChat = { id: user.id, type: 'private', first_name: 'Lou' };
    fake.sendText(chat, user, '/play');
    const menu = await fake.waitFor(() => fake.chatMessages(chat.id).filter((m) => buttons(m).some((b) => b.data === 'pb|long')).at(-1), 10_000, 'the menu');
    await fake.answerOf(fake.press(menu, user, 'pb|long|easy|1'));
    const first = await fake.waitFor(() => board(fake, chat.id), 15_000, 'the board');
    const gameId = buttons(first).find((b) => b.data.startsWith('g|'))!.data.split('|')[1]!;
    await caughtUp(chat.id, gameId, games, 'the first board');
    const live = fake.messages.get(`${chat.id}:${first.message_id}`)!;
    const before = (await games.get(gameId))!.v;
    // Telegram never answers the board's edit: the drawing is in flight when the bot dies.
    fake.inject('editMessageMedia', { code: 0, description: '', hang: true }, 1);
    const edits = fake.calls.filter((c) => c.method === 'editMessageMedia').length;
    const pressId = fake.press(live, user, choose(live)!);
    const updateId = (fake as unknown as { callbackUpdate: Map<string, number> }).callbackUpdate.get(pressId)!;
    const answered = await fake.answerOf(pressId);
    expect(answered.text ?? '').not.toMatch(/out of date|no longer/);
    await fake.waitFor(() => fake.calls.filter((c) => c.method === 'editMessageMedia').length > edits, 10_000, 'the edit on its way');
    // The update is done (out of the inbox): only the board's own note can bring it back.
    const r = new Redis(redis.url);
    for (let i = 0; i < 100 && (await r.hexists(`${bot.prefix}inbox`, String(updateId))); i++) await new Promise((res) => setTimeout(res, 50));
    expect(await r.hexists(`${bot.prefix}inbox`, String(updateId))).toBe(0);
    await r.quit();
    expect((await games.get(gameId))!.v).toBeGreaterThan(before);
    await bot.stop('SIGKILL');
    bot = await startBot(fake, { redisUrl: redis.url, prefix: bot.prefix, env });
    await caughtUp(chat.id, gameId, games, 'the board whose drawing died');

  }, 60_000);

  it('a group game: both players\' shared board catches up after each kill', async () => {
    const games = new Games({ store });
    const group: FakeChat = { id: -100750, type: 'group', title: 'Kills' };
    const ann: FakeUser = { id: 7511, first_name: 'Ann', username: 'ann75', language_code: 'en' };
    const ben: FakeUser = { id: 7512, first_name: 'Ben', username: 'ben75', language_code: 'en' };
    fake.sendText(group, ann, '/play');
    const ch = await fake.waitFor(() => fake.chatMessages(group.id).find((m) => m.text?.includes('invites anyone')), 10_000, 'the challenge');
    await fake.answerOf(fake.press(ch, ben, buttons(ch).find((b) => b.data.endsWith('|a'))!.data));
    const first = await fake.waitFor(() => board(fake, group.id), 15_000, 'the board');
    const gameId = buttons(first).find((b) => b.data.startsWith('g|'))!.data.split('|')[1]!;
    await caughtUp(group.id, gameId, games, 'the first board');
    for (const ms of [60, 300]) {
      const rec = (await games.get(gameId))!;
      const side = rec.match.game.position.turn;
      const p = rec.players[side];
      const user = p.kind === 'human' && p.id === ann.id ? ann : ben;
      const live = fake.messages.get(`${group.id}:${board(fake, group.id)!.message_id}`)!;
      const data = choose(live);
      if (!data) break;
      fake.press(live, user, data);
      await killAfter(ms);
      await caughtUp(group.id, gameId, games, `killed ${ms} ms after a press`);
    }
  }, 120_000);
});
