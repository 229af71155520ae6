/**
 * Faults that once broke the bot, each played against the real process: a Redis outage,
 * a crash right after Accept, failed button answers, forged and foreign presses, a storm of
 * 5xx, keys without lifetimes. Telegram's limits are on (at a tenth of their times).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Games } from '../../src/app/games.js';
import { RedisStore } from '../../src/store/index.js';
import { startRedis } from '../setup/redis.js';
import { FakeTelegram, type FakeChat, type FakeMessage, type FakeUser } from './fake-telegram.js';
import { board, buttons, choose, pressAndWait, startBot, type BotProcess, logBotOnFailure } from './harness.js';

const PACE = '0.1';
let fake: FakeTelegram;
let redis: Awaited<ReturnType<typeof startRedis>>;
let dir: string;
let bot: BotProcess;
logBotOnFailure(() => bot);

async function restartBot(): Promise<void> {
  bot = await startBot(fake, { redisUrl: redis.url, prefix: bot.prefix, env: { PACE_SCALE: PACE } });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'nardy-faults-'));
  redis = await startRedis({ dir });
  fake = new FakeTelegram().scaleLimits(Number(PACE));
  await fake.start();
  bot = await startBot(fake, { redisUrl: redis.url, env: { PACE_SCALE: PACE } });
});

afterAll(async () => {
  // The processes stop first: a failed expectation must not leave them running.
  const tooMany = [...(fake?.tooManyLog ?? [])];
  await bot?.stop();
  await fake?.stop();
  redis?.proc.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
  expect(tooMany).toEqual([]);
});

async function startBotGame(user: FakeUser, variant: 'long' | 'short' = 'long'): Promise<FakeMessage> {
  const chat: FakeChat = { id: user.id, type: 'private', first_name: user.first_name };
  fake.sendText(chat, user, '/play');
  const menu = await fake.waitFor(() => fake.chatMessages(chat.id).filter((m) => buttons(m).some((b) => b.data === `pb|${variant}`)).at(-1), 10_000, 'the menu');
  await fake.answerOf(fake.press(menu, user, `pb|${variant}`));
  await fake.answerOf(fake.press(menu, user, `pb|${variant}|easy`));
  await fake.answerOf(fake.press(menu, user, `pb|${variant}|easy|1`));
  return fake.waitFor(() => board(fake, chat.id), 15_000, 'the first board');
}

describe('a Redis outage', () => {
  it('every press is answered "try again"; when Redis is back the press applies once; the outage is logged once', async () => {
    const user: FakeUser = { id: 5001, first_name: 'Ola', language_code: 'en' };
    const chat: FakeChat = { id: user.id, type: 'private', first_name: 'Ola' };
    const msg = await startBotGame(user);
    const data = choose(msg)!;
    const before = msg.edits;
    // Redis goes down once the board's place is stored (else the bot rightly sends a new one).
    const r0 = new Redis(redis.url);
    const gameId = buttons(msg).find((b) => b.data.startsWith('g|'))!.data.split('|')[1]!;
    for (let i = 0; i < 100 && !(await r0.exists(`${bot.prefix}board:{${gameId}}:${chat.id}`)); i++) await new Promise((res) => setTimeout(res, 50));
    await r0.quit();
    redis.proc.kill('SIGKILL');
    await new Promise((r) => setTimeout(r, 300));
    for (let i = 0; i < 3; i++) {
      const a = await fake.answerOf(fake.press(msg, user, data), 15_000);
      expect(a.text).toMatch(/cannot reach its storage.*try again/);
    }
    redis = await startRedis({ port: redis.port, dir });
    // Reconnected: the same press now applies, once.
    await new Promise((r) => setTimeout(r, 2500));
    const r = await pressAndWait(fake, chat, user, msg, data);
    expect(r.answer ?? '').toBe('');
    expect(r.board!.edits).toBe(before + 1);
    const again = await fake.answerOf(fake.press(msg, user, data));
    expect(again.text).toBe('This board is out of date.');
    const logs = bot.logs.join('');
    expect(logs.match(/Redis is unreachable/g)?.length).toBe(1);
    expect(logs).toMatch(/Redis is reachable again/);
    expect(logs).not.toMatch(/Unhandled error event/);
  }, 60_000);
});

describe('a crash right after Accept', () => {
  it('the game keeps its challenge\'s place: its board arrives when the bot is back, and Accept pressed again brings it too', async () => {
    const group: FakeChat = { id: -100500, type: 'group', title: 'G' };
    const ann: FakeUser = { id: 5101, first_name: 'Ann', username: 'ann5', language_code: 'en' };
    const ben: FakeUser = { id: 5102, first_name: 'Ben', username: 'ben5', language_code: 'en' };
    fake.sendText(group, ann, '/play');
    const ch = await fake.waitFor(() => fake.chatMessages(group.id).find((m) => m.text?.includes('invites anyone')), 10_000, 'the challenge');
    // The board never gets out (Telegram failing), and the bot dies: a game with no board.
    fake.inject('sendPhoto', { code: 500, description: 'Internal Server Error' }, 50);
    const accept = buttons(ch).find((b) => b.data.endsWith('|a'))!.data;
    expect((await fake.answerOf(fake.press(ch, ben, accept))).text).toBe('Accepted!');
    await fake.waitFor(() => fake.calls.filter((c) => c.method === 'sendPhoto').length > 0, 10_000, 'a try to send the board');
    await bot.stop('SIGKILL');
    fake.inject('sendPhoto', { code: 500, description: 'x' }, 0);
    (fake as unknown as { injected: Map<string, unknown[]> }).injected.delete('sendPhoto');
    await restartBot();
    const first = await fake.waitFor(() => board(fake, group.id), 15_000, 'the board after the restart');
    expect(fake.chatMessages(group.id).filter((m) => m.photo)).toHaveLength(1);
    // Pressing Accept again changes nothing more: the board is there already.
    const a2 = await fake.answerOf(fake.press(ch, ben, accept));
    expect(a2.text).toMatch(/no longer open/);
    await new Promise((r) => setTimeout(r, 500));
    expect(fake.chatMessages(group.id).filter((m) => m.photo)).toHaveLength(1);
    expect(first.caption).toMatch(/Ann/);
  }, 60_000);
});

describe('killed in the middle of an update', () => {
  it('the update is taken at least once: after a restart its press is finished and the board redrawn', async () => {
    const user: FakeUser = { id: 5403, first_name: 'Vic', language_code: 'en' };
    const chat: FakeChat = { id: user.id, type: 'private', first_name: 'Vic' };
    const msg = await startBotGame(user);
    const store = new RedisStore(redis.url, bot.prefix, { challengeSeconds: 60, finishedSeconds: 600, idleSeconds: 600 });
    const games = new Games({ store });
    const id = buttons(msg).find((b) => b.data.startsWith('g|'))!.data.split('|')[1]!;
    const before = await games.get(id);
    // The board as it is now, not the copy the first board came in: its edits counted and its
    // button pressed from the same state.
    const live = fake.messages.get(`${chat.id}:${msg.message_id}`)!;
    const edits = live.edits;
    // Telegram hangs on the press's answer: the bot is in the middle of the update when it dies.
    // Only this press's answer hangs: an earlier test's update that the bot is still handling
    // again (its instance was killed) must not take the hang and stand in for it.
    let pressId = '';
    fake.inject('answerCallbackQuery', { code: 0, description: '', hang: true, when: (p) => p.callback_query_id === pressId }, 1);
    pressId = fake.press(live, user, choose(live)!);
    await fake.waitFor(() => fake.calls.some((c) => c.method === 'answerCallbackQuery' && c.params.callback_query_id === pressId), 10_000, 'the press being answered');
    await bot.stop('SIGKILL');
    await restartBot();
    // Another instance (here: the restarted one) finishes what the dead one took.
    await fake.waitFor(() => {
      const now = fake.messages.get(`${chat.id}:${msg.message_id}`);
      return (now && now.edits > edits) || fake.messageCount(chat.id) > 2;
    }, 30_000, 'the board redrawn after the restart');
    const after = await games.get(id);
    expect(after!.v).toBeGreaterThan(before!.v);
    // Its log line comes down the process's stdout, a channel apart from the redraw's HTTP call:
    // it may be read a moment after the redraw; and where the dead process had drawn the board
    // before it died, the update is handled again only once its beat has run out, which on a
    // loaded machine (the suite's processor-bound files beside it) takes as long as the redraw may.
    await fake.waitFor(() => /handling an update again/.test(bot.logs.join('')), 30_000, 'the log of the update handled again');
    await store.close();
  }, 60_000);
});

describe('a kill while a board is being sent', () => {
  it('Telegram posted the board but the bot died before hearing its id: after the restart one board is live, the lost one has no buttons', async () => {
    const user: FakeUser = { id: 5404, first_name: 'Wes', language_code: 'en' };
    const chat: FakeChat = { id: user.id, type: 'private', first_name: 'Wes' };
    fake.sendText(chat, user, '/play');
    const menu = await fake.waitFor(() => fake.chatMessages(chat.id).filter((m) => buttons(m).some((b) => b.data === 'pb|short')).at(-1), 10_000, 'the menu');
    await fake.answerOf(fake.press(menu, user, 'pb|short'));
    await fake.answerOf(fake.press(menu, user, 'pb|short|easy'));
    // The first board is posted, and its answer lost: the bot is killed before it hears it.
    fake.inject('sendPhoto', { code: 0, description: '', lost: true }, 1);
    const photos = (): FakeMessage[] => fake.chatMessages(chat.id).filter((m) => m.photo);
    fake.press(menu, user, 'pb|short|easy|1');
    await fake.waitFor(() => photos().length === 1, 15_000, 'the board posted');
    await bot.stop('SIGKILL');
    // Meanwhile the player writes; the restarted bot answers that too (its message may come
    // between the lost board and the new one, and keeps its buttons).
    fake.sendText(chat, user, 'hello?');
    await restartBot();
    await fake.waitFor(() => photos().length === 2, 30_000, 'the board sent again');
    const reply = await fake.waitFor(() => fake.chatMessages(chat.id).find((m) => !m.photo && m.from?.is_bot && /\/play|\/help/.test(m.text ?? '')), 15_000, 'the answer to the message');
    // The one the bot knows is live; the lost one has lost its buttons.
    const live = (): FakeMessage[] => photos().filter((m) => buttons(m).some((b) => b.data.startsWith('g|')));
    await fake.waitFor(() => live().length === 1, 10_000, 'one live board');
    expect(live()[0]!.message_id).toBe(photos()[1]!.message_id);
    expect(JSON.stringify(fake.messages.get(`${chat.id}:${reply.message_id}`)?.reply_markup ?? null)).toBe(JSON.stringify(reply.reply_markup ?? null));
    // And it plays.
    const r = await pressAndWait(fake, chat, user, live()[0]!, choose(live()[0]!)!);
    expect(r.answer ?? '').not.toMatch(/out of date|broken/i);
  }, 60_000);
});

describe('button answers that fail', () => {
  it('a press whose answer Telegram refuses (too old) is still applied and shown', async () => {
    const user: FakeUser = { id: 5201, first_name: 'Pia', language_code: 'en' };
    const msg = await startBotGame(user);
    // The refusal is for this press's answer (not for another update's the bot may be handling).
    let pressId = '';
    let refused = false;
    fake.inject('answerCallbackQuery', { code: 400, description: 'Bad Request: query is too old and response timeout expired or query ID is invalid', when: (p) => (refused = p.callback_query_id === pressId) });
    pressId = fake.press(msg, user, choose(msg)!);
    await fake.waitFor(() => refused, 10_000, 'the press\'s answer refused');
    await fake.waitFor(() => (fake.messages.get(`${user.id}:${msg.message_id}`)?.edits ?? 0) > msg.edits, 10_000, 'the board after a refused answer');
  });
});

describe('presses that name something else', () => {
  it('a forged challenge payload and a stale press naming another game never touch the pressed board', async () => {
    const user: FakeUser = { id: 5301, first_name: 'Rex', language_code: 'en' };
    const other: FakeUser = { id: 5302, first_name: 'Sam', language_code: 'en' };
    const mine = await startBotGame(user);
    const theirs = await startBotGame(other);
    const theirId = buttons(theirs).find((b) => b.data.startsWith('g|'))!.data.split('|')[1]!;
    const snapshot = (): string => JSON.stringify(fake.messages.get(`${user.id}:${mine.message_id}`)?.reply_markup);
    const before = snapshot();
    const edits = fake.messages.get(`${user.id}:${mine.message_id}`)!.edits;
    for (const data of ['c|zzzzzzzzzz|a', `c|${theirId}|a`, `g|${theirId}|0|r`, `g|${theirId}|0|Rm`]) await fake.answerOf(fake.press(mine, user, data));
    await new Promise((r) => setTimeout(r, 500));
    expect(snapshot()).toBe(before);
    expect(fake.messages.get(`${user.id}:${mine.message_id}`)!.edits).toBe(edits);
  });
});

describe('a storm of 5xx', () => {
  it('is tried a bounded number of times, and the chat\'s other updates are answered meanwhile', async () => {
    const user: FakeUser = { id: 5401, first_name: 'Tia', language_code: 'en' };
    const chat: FakeChat = { id: user.id, type: 'private', first_name: 'Tia' };
    const msg = await startBotGame(user);
    const calls = (): number => fake.calls.filter((c) => c.method === 'editMessageMedia').length;
    const n0 = calls();
    fake.inject('editMessageMedia', { code: 502, description: 'Bad Gateway' }, 100);
    const t0 = Date.now();
    await fake.answerOf(fake.press(msg, user, choose(msg)!));
    fake.sendText(chat, user, '/help');
    await fake.waitFor(() => fake.chatMessages(chat.id).find((m) => m.text?.startsWith('How to play')), 10_000, 'the help');
    expect(Date.now() - t0).toBeLessThan(8000);
    await new Promise((r) => setTimeout(r, 3000));
    expect(calls() - n0).toBeLessThanOrEqual(3);
    (fake as unknown as { injected: Map<string, unknown[]> }).injected.delete('editMessageMedia');
  });
});

describe('a second of 5xx on the board', () => {
  it('the board the player waits for arrives once Telegram answers again', async () => {
    const user: FakeUser = { id: 5402, first_name: 'Ugo', language_code: 'en' };
    const chat: FakeChat = { id: user.id, type: 'private', first_name: 'Ugo' };
    const msg = await startBotGame(user);
    const edits = msg.edits;
    // More failures than one call's own retries: the edit fails as a whole, then Telegram is back.
    fake.inject('editMessageMedia', { code: 500, description: 'Internal Server Error' }, 5);
    await fake.answerOf(fake.press(msg, user, choose(msg)!));
    await fake.waitFor(() => {
      const now = fake.messages.get(`${chat.id}:${msg.message_id}`);
      return (now && now.edits > edits) || fake.messageCount(chat.id) > 2;
    }, 30_000, 'the board redrawn after the 5xx');
    expect((fake as unknown as { injected: Map<string, unknown[]> }).injected.get('editMessageMedia') ?? []).toEqual([]);
  }, 60_000);
});

describe('what Redis holds', () => {
  it('every key has a lifetime', async () => {
    const r = new Redis(redis.url);
    const keys = await r.keys(`${bot.prefix}*`);
    expect(keys.length).toBeGreaterThan(5);
    const ttls = await Promise.all(keys.map(async (k) => [k, await r.ttl(k)] as const));
    // TTL -1: the key exists with no expiry. (-2: it went away since KEYS, e.g. a short lock released.)
    expect(ttls.filter(([, t]) => t === -1).map(([k]) => k)).toEqual([]);
    await r.quit();
  });
});
