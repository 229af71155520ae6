/**
 * End to end: the bot runs as a child process against the fake Bot API over HTTP, with a real
 * redis-server, and is driven by pressing its buttons as users would.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { displayPosition } from '../../src/engine/game.js';
import { renderPosition } from '../../src/render/index.js';
import { HEIGHT, WIDTH } from '../../src/render/layout.js';
import { renderOptions } from '../../src/present/board.js';
import { translator } from '../../src/present/text.js';
import { createI18n } from '../../src/bot/i18n.js';
import { Games } from '../../src/app/games.js';
import { BoardPlaces } from '../../src/app/boards.js';
import { DEFAULT_SETTINGS, type GameRecord } from '../../src/app/model.js';
import { RedisStore } from '../../src/store/index.js';
import { FakeTelegram, type FakeChat, type FakeMessage, type FakeUser } from './fake-telegram.js';
import { advanceToEndgame, board, buttons, choose, pressAndWait, startBot, type BotProcess, logBotOnFailure } from './harness.js';

const ttl = { challengeSeconds: 600, finishedSeconds: 600, idleSeconds: 600 };
let fake: FakeTelegram;
let bot: BotProcess;
logBotOnFailure(() => bot);
let store: RedisStore;

// Whole games are played here: Telegram's limits are on, with all times a tenth of Telegram's in
// the fake and in the bot alike (test/e2e/limits.e2e.test.ts plays at the real ones).
const PACE = '0.1';

beforeAll(async () => {
  fake = new FakeTelegram().scaleLimits(Number(PACE));
  await fake.start();
  bot = await startBot(fake, { redisUrl: inject('redisUrl'), env: { PACE_SCALE: PACE } });
  store = new RedisStore(inject('redisUrl'), bot.prefix, ttl);
});

afterAll(async () => {
  if (process.env.E2E_LOGS) console.log(bot.logs.join("").split("\n").filter((l) => /"level":(3|4|5)0/.test(l)).slice(-40).join("\n"));
  // The bot never went over Telegram's limits.
  // The processes stop first: a failed expectation must not leave them running.
  const tooMany = [...(fake?.tooManyLog ?? [])];
  await bot?.stop();
  await store?.close();
  await fake?.stop();
  expect(tooMany).toEqual([]);
});

/** Poll an async condition until it gives a value. */
async function poll<T>(check: () => Promise<T | null | undefined | false>, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out polling');
    await new Promise((r) => setTimeout(r, 25));
  }
}

const gameIdOf = (msg: FakeMessage): string => buttons(msg).find((b) => b.data.startsWith('g|'))!.data.split('|')[1]!;
const record = async (msg: FakeMessage): Promise<GameRecord> => (await new Games({ store }).get(gameIdOf(msg)))!;

async function startBotGame(user: FakeUser, variant: 'long' | 'short', level: 'easy' | 'medium'): Promise<FakeMessage> {
  const chat: FakeChat = { id: user.id, type: 'private', first_name: user.first_name };
  fake.sendText(chat, user, '/play');
  const menu = await fake.waitFor(() => fake.chatMessages(chat.id).filter((m) => buttons(m).some((b) => b.data === `pb|${variant}`)).at(-1), 10_000, 'the variant menu');
  await fake.answerOf(fake.press(menu, user, `pb|${variant}`));
  await fake.answerOf(fake.press(menu, user, `pb|${variant}|${level}`));
  await fake.answerOf(fake.press(menu, user, `pb|${variant}|${level}|1`));
  return fake.waitFor(() => board(fake, chat.id), 15_000, 'the first board');
}

/** Press through a whole match; `who` says which user presses a given board. */
async function playOut(chat: FakeChat, first: FakeMessage, who: (msg: FakeMessage, rec: GameRecord) => FakeUser): Promise<FakeMessage> {
  let cur = first;
  for (let presses = 0; presses < 3000; presses++) {
    // As a person would: press on the board once it shows the game as it is (a board edit that
    // had nothing to do with the last press, such as the sweep's, can come first).
    let rec = await record(cur);
    for (let i = 0; i < 100 && Number(buttons(cur).find((b) => b.data.startsWith('g|'))?.data.split('|')[2] ?? rec.v) !== rec.v; i++) {
      await new Promise((r) => setTimeout(r, 50));
      cur = board(fake, chat.id) ?? cur;
      rec = await record(cur);
    }
    const data = choose(cur);
    if (!data) break;
    const r = await pressAndWait(fake, chat, who(cur, rec), cur, data);
    expect(r.answer ?? '').not.toMatch(/out of date|устарела|broken|испорчена|not your|не ваш/i);
    cur = r.board!;
  }
  return cur;
}

/**
 * The whole course of a game is played through the buttons in-process (test/bot, test/app); here
 * the game is played on in the store to its end game, and the last of it through the bot: the
 * old board, pressed, is out of date and is redrawn where the game stands; then to the end.
 */
async function toEndgame(chat: FakeChat, user: FakeUser, first: FakeMessage): Promise<FakeMessage> {
  await advanceToEndgame(store, gameIdOf(first));
  const r = await pressAndWait(fake, chat, user, first, choose(first)!);
  expect(r.answer).toMatch(/out of date|устарела/i);
  const now = await record(r.board!);
  const g = now.match.game;
  expect(Math.max(g.position.white[0]!, g.position.black[0]!)).toBeGreaterThanOrEqual(11);
  return r.board!;
}

describe('a private match against the bot', () => {
  it.each([
    ['easy', 'short'],
    ['medium', 'long'],
  ] as const)('%s bot, %s nardy: played to the end by pressing buttons', async (level, variant) => {
    const user: FakeUser = { id: level === 'easy' ? 1001 : 1002, first_name: 'Алиса', language_code: 'ru' };
    const chat: FakeChat = { id: user.id, type: 'private', first_name: 'Алиса' };
    const first = await startBotGame(user, variant, level);
    const last = await playOut(chat, await toEndgame(chat, user, first), () => user);
    const rec = await record(last);
    expect(rec.finished).toBe(true);
    expect(rec.match.winner).not.toBeNull();
    // A single game: the winner and the result in words, no "match".
    expect(last.caption).toMatch(/Победа — (Алиса|Бот \((лёгкий|средний)\)): (ойн|марс|кокс|простая победа), \d+ очк/);
    expect(last.caption).not.toMatch(/🏆|матч/);
    expect(buttons(last).map((b) => b.text)).toEqual(['🔁 Реванш', 'Новая игра', '📊 Разбор', '💾 Файл партии', '🎲 Проверить кости']);
    // The seed is revealed and verifies.
    fake.sendText(chat, user, `/fair ${rec.id}`);
    const fair = await fake.waitFor(() => fake.chatMessages(chat.id).find((m) => m.text?.includes('✅')), 10_000, 'the /fair answer');
    expect(fair.text).toContain(rec.fair.seed);
    // 📊 Разбор: the analysis runs in the bot's review thread and posts its summary.
    const review = buttons(last).find((b) => b.text === '📊 Разбор')!;
    await fake.answerOf(fake.press(last, user, review.data));
    const summary = await fake.waitFor(() => fake.chatMessages(chat.id).find((m) => m.text?.startsWith('Разбор:')), 60_000, 'the review');
    expect(summary.text).toMatch(/Алиса: ошибки \d+,\d/);
  }, 240_000);
});

describe('the "other length" dialogue (@grammyjs/conversations, state in Redis)', () => {
  it('asks for a number, refuses a bad answer, survives a restart, then starts the match', async () => {
    const user: FakeUser = { id: 1010, first_name: 'Кира', language_code: 'ru' };
    const chat: FakeChat = { id: user.id, type: 'private', first_name: 'Кира' };
    fake.sendText(chat, user, '/play');
    const menu = await fake.waitFor(() => fake.chatMessages(chat.id).find((m) => buttons(m).some((b) => b.data === 'pb|long')), 10_000, 'the menu');
    await fake.answerOf(fake.press(menu, user, 'pb|long'));
    await fake.answerOf(fake.press(menu, user, 'pb|long|easy'));
    await fake.answerOf(fake.press(menu, user, 'pb|long|easy|other'));
    await fake.waitFor(() => fake.messages.get(`${chat.id}:${menu.message_id}`)?.text?.includes('от 1 до 25'), 10_000, 'the question');
    fake.sendText(chat, user, 'сорок');
    await fake.waitFor(() => fake.chatMessages(chat.id).find((m) => m.text?.includes('«сорок» — не длина матча')), 10_000, 'the refusal');
    // The dialogue's state is in Redis: a crash and a restart do not lose it.
    await bot.stop('SIGKILL');
    bot = await startBot(fake, { redisUrl: inject('redisUrl'), prefix: bot.prefix, env: { PACE_SCALE: PACE } });
    fake.sendText(chat, user, '9');
    const first = await fake.waitFor(() => board(fake, chat.id), 15_000, 'the board');
    expect(first.caption).toContain('матч до 9');
  }, 60_000);
});

describe('the board is a real PNG of the right position', () => {
  it('matches the renderer exactly for the stored game', async () => {
    const user: FakeUser = { id: 1003, first_name: 'Bob', language_code: 'en' };
    const msg = await startBotGame(user, 'long', 'easy');
    const rec = await record(msg);
    const meta = await sharp(msg.png!).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', WIDTH, HEIGHT]);
    const i18n = createI18n('ru', async () => 'en');
    const seat = rec.seats[0]!;
    const expected = await renderPosition(displayPosition(rec.match.game), renderOptions(rec, seat, translator(i18n, seat.lang), DEFAULT_SETTINGS));
    expect(msg.png!.equals(expected)).toBe(true);
    expect(msg.caption).toContain('Long nardy');
  });
});

describe('a group challenge', () => {
  it('accepted and played to the end by two users', async () => {
    const group: FakeChat = { id: -100200, type: 'group', title: 'Club' };
    const ann: FakeUser = { id: 2001, first_name: 'Ann', username: 'ann', language_code: 'en' };
    const ben: FakeUser = { id: 2002, first_name: 'Ben', username: 'ben', language_code: 'ru' };
    const eve: FakeUser = { id: 2003, first_name: 'Eve', username: 'eve', language_code: 'en' };
    fake.sendText(group, ann, '/play short @ben');
    const ch = await fake.waitFor(() => fake.chatMessages(group.id).find((m) => m.text?.includes('challenges')), 10_000, 'the challenge');
    const accept = buttons(ch).find((b) => b.data.endsWith('|a'))!.data;
    // The challenger cannot accept; someone else cannot take a challenge meant for Ben.
    expect((await fake.answerOf(fake.press(ch, ann, accept))).text).toMatch(/own challenge/);
    expect((await fake.answerOf(fake.press(ch, eve, accept))).text).toMatch(/someone else/);
    // Ben accepts (twice at once: the first valid Accept wins, the second finds it gone).
    const [a1, a2] = await Promise.all([fake.answerOf(fake.press(ch, ben, accept)), fake.answerOf(fake.press(ch, ben, accept))]);
    expect([a1.text, a2.text].sort()).toEqual(['Вызов принят!', 'Этот вызов уже не действует.'].sort());
    const first = await fake.waitFor(() => board(fake, group.id), 15_000, 'the group board');
    expect(fake.chatMessages(group.id).filter((m) => m.photo)).toHaveLength(1);
    const users = { 2001: ann, 2002: ben } as Record<number, FakeUser>;
    const last = await playOut(group, await toEndgame(group, ann, first), (msg, rec) => {
      const g = rec.match.game;
      const side = g.phase === 'double' ? (g.position.turn === 'white' ? 'black' : 'white') : g.position.turn;
      const p = rec.players[side];
      return p.kind === 'human' ? users[p.id]! : ann;
    });
    const rec = await record(last);
    expect(rec.finished).toBe(true);
    expect(rec.kind).toBe('group');
  }, 240_000);
});

describe('presses that must change nothing', () => {
  it('one button pressed twice at the same moment: exactly one step applied', async () => {
    const user: FakeUser = { id: 3001, first_name: 'Dan', language_code: 'en' };
    const chat: FakeChat = { id: user.id, type: 'private', first_name: 'Dan' };
    let msg = await startBotGame(user, 'short', 'easy');
    while (!buttons(msg).some((b) => /\|s\d{4}(\|[0-9a-z.]+)?$/.test(b.data))) msg = (await pressAndWait(fake, chat, user, msg, choose(msg)!)).board!;
    const step = buttons(msg).find((b) => /\|s\d{4}(\|[0-9a-z.]+)?$/.test(b.data))!.data;
    const before = await record(msg);
    const [x, y] = await Promise.all([fake.answerOf(fake.press(msg, user, step)), fake.answerOf(fake.press(msg, user, step))]);
    const rec = await poll(async () => {
      const r = await record(msg);
      return r.v > before.v ? r : null;
    });
    expect(rec.v).toBe(before.v + 1);
    expect(rec.match.game.steps.length + (rec.match.game.phase === 'move' ? 0 : 1)).toBeGreaterThanOrEqual(1);
    if (rec.match.game.phase === 'move') expect(rec.match.game.steps).toHaveLength(1);
    expect([x.text ?? '', y.text ?? ''].filter((t) => /out of date/.test(t))).toHaveLength(1);
  });

  it('a stranger, an old board and a forged payload: each gets its toast, nothing changes', async () => {
    const user: FakeUser = { id: 3002, first_name: 'Fay', language_code: 'en' };
    const stranger: FakeUser = { id: 3999, first_name: 'Zed', language_code: 'en' };
    const chat: FakeChat = { id: user.id, type: 'private', first_name: 'Fay' };
    const old = await startBotGame(user, 'long', 'easy');
    const oldData = choose(old)!;
    const next = (await pressAndWait(fake, chat, user, old, oldData)).board!;
    const before = await record(next);

    const s = await fake.answerOf(fake.press(next, stranger, choose(next)!));
    expect(s.text).toMatch(/not your game.*It is Fay's turn/);
    const o = await fake.answerOf(fake.press({ ...old, reply_markup: old.reply_markup }, user, oldData));
    expect(o.text).toBe('This board is out of date.');
    for (const forged of ['g|zzzzzzzzzz|0|r', 'g|' + before.id + '|' + before.v + '|s2531', 'g|' + before.id + '|x|r', 'totally bogus', 'g|' + before.id + '|' + before.v + '|s0009']) {
      const f = await fake.answerOf(fake.press(next, user, forged));
      expect(f.text).toMatch(/broken or forged|no longer exists|not part of any legal play/);
    }
    const after = await record(next);
    // The old-board refresh may only re-send the same board; the game itself did not change.
    expect(after.match).toEqual(before.match);
  });
});

describe('restarts and errors', () => {
  it('SIGKILL in the middle of a game: after a restart the game goes on and the old buttons work', async () => {
    const user: FakeUser = { id: 4001, first_name: 'Gus', language_code: 'en' };
    const chat: FakeChat = { id: user.id, type: 'private', first_name: 'Gus' };
    let msg = await startBotGame(user, 'short', 'medium');
    for (let i = 0; i < 6; i++) msg = (await pressAndWait(fake, chat, user, msg, choose(msg)!)).board!;
    const before = await record(msg);
    const code = await bot.stop('SIGKILL');
    expect(code).toBeNull();
    bot = await startBot(fake, { redisUrl: inject('redisUrl'), prefix: bot.prefix, env: { PACE_SCALE: PACE } });
    expect(await record(msg)).toEqual(before);
    const r = await pressAndWait(fake, chat, user, msg, choose(msg)!);
    expect(r.answer ?? '').toBe('');
    expect((await record(r.board!)).v).toBeGreaterThan(before.v);
  }, 60_000);

  it('SIGTERM: the bot finishes, closes Redis and exits with 0; started again, it goes on', async () => {
    expect(await bot.stop('SIGTERM')).toBe(0);
    expect(bot.logs.join('')).toMatch(/"msg":"stopped"/);
    bot = await startBot(fake, { redisUrl: inject('redisUrl'), prefix: bot.prefix, env: { PACE_SCALE: PACE } });
  }, 60_000);

  it('a 429 from the server: the board still arrives', async () => {
    const user: FakeUser = { id: 4002, first_name: 'Hal', language_code: 'en' };
    const chat: FakeChat = { id: user.id, type: 'private', first_name: 'Hal' };
    const msg = await startBotGame(user, 'long', 'easy');
    fake.inject('editMessageMedia', { code: 429, description: 'Too Many Requests: retry after 1', retryAfter: 1 });
    const t0 = Date.now();
    const r = await pressAndWait(fake, chat, user, msg, choose(msg)!);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(900);
    expect(r.board!.edits).toBeGreaterThan(msg.edits);
    expect(fake.calls.filter((c) => c.method === 'editMessageMedia').length).toBeGreaterThan(1);
  });

  it('a 403 (the user blocked the bot) is logged, nothing breaks, the next press works', async () => {
    const user: FakeUser = { id: 4004, first_name: 'Joe', language_code: 'en' };
    const chat: FakeChat = { id: user.id, type: 'private', first_name: 'Joe' };
    const msg = await startBotGame(user, 'long', 'easy');
    const before = await record(msg);
    fake.inject('editMessageMedia', { code: 403, description: 'Forbidden: bot was blocked by the user' });
    const edits = fake.calls.filter((c) => c.method === 'editMessageMedia').length;
    const id = fake.press(msg, user, choose(msg)!);
    expect((await fake.answerOf(id)).text ?? '').toBe('');
    await poll(async () => (await record(msg)).v > before.v);
    // The board's edit was refused with the 403.
    await fake.waitFor(() => fake.calls.filter((c) => c.method === 'editMessageMedia').length > edits, 10_000, 'the refused edit');
    // The game moved on in the store; a press on the (now old) board answers so and brings it up to date.
    const r = await pressAndWait(fake, chat, user, msg, choose(msg)!);
    expect(r.answer).toBe('This board is out of date.');
    expect(r.board!.edits).toBeGreaterThan(msg.edits);
    expect(bot.logs.join('')).toMatch(/bot was blocked by the user/);
  });

  it('"message to edit not found": a fresh board is sent and remembered', async () => {
    const user: FakeUser = { id: 4003, first_name: 'Ida', language_code: 'en' };
    const chat: FakeChat = { id: user.id, type: 'private', first_name: 'Ida' };
    const msg = await startBotGame(user, 'long', 'easy');
    fake.messages.delete(`${chat.id}:${msg.message_id}`);
    const id = fake.press(msg, user, choose(msg)!);
    await fake.answerOf(id);
    const fresh = await fake.waitFor(() => board(fake, chat.id), 10_000, 'a fresh board');
    expect(fresh.message_id).not.toBe(msg.message_id);
    await poll(async () => (await new BoardPlaces(store).where(gameIdOf(fresh), chat.id))?.messageId === fresh.message_id);
  });
});
