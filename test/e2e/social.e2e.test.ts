/**
 * End to end, the social half: a match by link between two private chats, expired and reused
 * links, group leaderboards, an inline invitation accepted by a third user, and an idle claim
 * whose timer ends while the bot is down. The bot runs as a process against the fake Bot API
 * over HTTP with a real redis-server and Telegram's limits on (times scaled by PACE).
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Games, sideOfUser } from '../../src/app/games.js';
import type { GameRecord } from '../../src/app/model.js';
import { Stats } from '../../src/app/stats.js';
import { displayPosition } from '../../src/engine/game.js';
import { renderPosition } from '../../src/render/index.js';
import { renderOptions } from '../../src/bot/view/board.js';
import { translator } from '../../src/bot/view/text.js';
import { createI18n } from '../../src/bot/i18n.js';
import { DEFAULT_SETTINGS } from '../../src/app/model.js';
import { RedisStore } from '../../src/store/index.js';
import { FakeTelegram, type FakeChat, type FakeMessage, type FakeUser } from './fake-telegram.js';
import { acceptLink, board, buttons, choose, inviteByLink, pressAndWait, startBot, type BotProcess, logBotOnFailure } from './harness.js';

const PACE = '0.1';
const ttl = { challengeSeconds: 600, finishedSeconds: 600, idleSeconds: 600 };
let fake: FakeTelegram;
let bot: BotProcess;
logBotOnFailure(() => bot);
let store: RedisStore;

const env = (extra: Record<string, string> = {}): Record<string, string> => ({ PACE_SCALE: PACE, TIMER_TICK_MS: '200', ...(process.env.E2E_LOGS ? { LOG_LEVEL: 'debug' } : {}), ...extra });

beforeAll(async () => {
  fake = new FakeTelegram().scaleLimits(Number(PACE));
  await fake.start();
  bot = await startBot(fake, { redisUrl: inject('redisUrl'), env: env({ LINK_NOTICE_SECONDS: '1' }) });
  store = new RedisStore(inject('redisUrl'), bot.prefix, ttl);
});

afterAll(async () => {
  if (process.env.E2E_LOGS) console.log(bot.logs.join('').split('\n').filter((l) => /"level":(2|3|4|5)0/.test(l)).slice(-80).join('\n'));
  // The processes stop first: a failed expectation must not leave them running.
  const tooMany = [...(fake?.tooManyLog ?? [])];
  await bot?.stop();
  await store?.close();
  await fake?.stop();
  expect(tooMany).toEqual([]);
});

const chatOf = (u: FakeUser): FakeChat => ({ id: u.id, type: 'private', first_name: u.first_name });
const gameIdOf = (msg: FakeMessage): string => buttons(msg).find((b) => b.data.startsWith('g|'))!.data.split('|')[1]!;
const games = (): Games => new Games({ store });

/** The inviter makes an invitation by link through the menu; returns its id. */
const invite = (from: FakeUser, variant: 'long' | 'short', length: number): Promise<string> => inviteByLink(fake, from, variant, length);

/** The friend opens the link and presses Accept; resolves with the game once both boards are up. */
async function accept(by: FakeUser, inviter: FakeUser, id: string): Promise<GameRecord> {
  await acceptLink(fake, by, inviter, id);
  return (await games().get(id))!;
}

/** Whose board has something to press: the one to act. */
function mover(a: FakeUser, b: FakeUser): { user: FakeUser; msg: FakeMessage; data: string } | null {
  for (const u of [a, b]) {
    const msg = board(fake, u.id);
    const data = msg ? choose(msg) : null;
    if (msg && data) return { user: u, msg, data };
  }
  return null;
}

/** Wait until every player's board shows version v of the game. */
async function synced(id: string, v: number, users: FakeUser[]): Promise<void> {
  await fake.waitFor(() => users.every((u) => {
    const b = board(fake, u.id);
    return b && buttons(b).some((x) => x.data.startsWith(`g|${id}|${v}|`));
  }), 15_000, `both boards at v${v}`);
}

const notices = (u: FakeUser): number => fake.calls.filter((c) => c.method === 'sendMessage' && Number(c.params.chat_id) === u.id && /🎲 (Your move|Ваш ход)/.test(String(c.params.text))).length;

describe('a match by link between two private chats', () => {
  const ann: FakeUser = { id: 5101, first_name: 'Ann', language_code: 'en' };
  const ben: FakeUser = { id: 5102, first_name: 'Бен', language_code: 'ru' };
  const eve: FakeUser = { id: 5103, first_name: 'Eve', language_code: 'en' };

  it('played to the end: each sees their own side, buttons only for the one to act, ≤ 1 notice a turn, stats once', async () => {
    const id = await invite(ann, 'short', 1);
    const rec = await accept(ben, ann, id);
    expect(rec.kind).toBe('link');
    // Each board is the renderer's picture of the position from its owner's side.
    for (const u of [ann, ben]) {
      const seat = rec.seats.find((s) => s.chatId === u.id)!;
      expect(seat.viewer).toBe(sideOfUser(rec, u.id));
      const i18n = createI18n('en', async () => seat.lang);
      const expected = await renderPosition(displayPosition(rec.match.game), renderOptions(rec, seat, translator(i18n, seat.lang), DEFAULT_SETTINGS));
      expect(board(fake, u.id)!.png!.equals(expected)).toBe(true);
    }
    expect(rec.seats[0]!.viewer).not.toBe(rec.seats[1]!.viewer);
    // A reused link: the acceptor is told they play it, anyone else that it is taken.
    fake.sendText(chatOf(eve), eve, `/start i_${id}`);
    await fake.waitFor(() => fake.chatMessages(eve.id).find((m) => /already been accepted/.test(m.text ?? '')), 10_000, 'the used-link answer');
    fake.sendText(chatOf(ben), ben, `/start i_${id}`);
    await fake.waitFor(() => fake.chatMessages(ben.id).find((m) => /Вы уже играете/.test(m.text ?? '')), 10_000, 'the own-game answer');

    let turns = 0;
    let last = (await games().get(id))!;
    await synced(id, last.v, [ann, ben]);
    for (let presses = 0; presses < 2000; presses++) {
      const m = mover(ann, ben);
      if (!m) break;
      const other = m.user === ann ? ben : ann;
      // The waiting player's board offers nothing but resigning.
      expect(buttons(board(fake, other.id)).map((b) => b.data.split('|')[3])).toEqual(['Rm']);
      const otherEdits = board(fake, other.id)!.edits;
      const r = await pressAndWait(fake, chatOf(m.user), m.user, m.msg, m.data);
      expect(r.answer ?? '').not.toMatch(/out of date|устарела|not your|не ваш/i);
      const now = (await games().get(id))!;
      const passed = now.match.game.record.length !== last.match.game.record.length;
      if (passed) turns++;
      last = now;
      // The waiting board follows the rolls and the plays, not the mover's steps in progress.
      const step = /\|s\d{4}(\||$)/.test(m.data) && !passed;
      if (!now.finished) await synced(id, now.v, step ? [m.user] : [ann, ben]);
      if (step && !now.finished) {
        await new Promise((r) => setTimeout(r, 300));
        expect(board(fake, other.id)!.edits).toBe(otherEdits);
      }
      if (passed && turns === 2 && !now.finished) {
        // The one to move now waits: one "your move" comes to their chat, none to the other's.
        const next = mover(ann, ben)!.user;
        const [mine, theirs] = [notices(next), notices(next === ann ? ben : ann)];
        await fake.waitFor(() => notices(next) > mine, 10_000, 'the turn notice');
        await new Promise((r) => setTimeout(r, 1500));
        expect(notices(next)).toBe(mine + 1);
        expect(notices(next === ann ? ben : ann)).toBe(theirs);
      }
      if (now.finished) break;
    }
    expect(last.finished).toBe(true);
    // The notices came at most once a turn; each took the one before away, and the last one
    // went when the match ended.
    const sent = notices(ann) + notices(ben);
    expect(sent).toBeGreaterThan(0);
    expect(sent).toBeLessThanOrEqual(turns + 1);
    const left = (): number => [ann, ben].map((u) => fake.chatMessages(u.id).filter((m) => /🎲 (Your move|Ваш ход)/.test(m.text ?? '')).length).reduce((a, b) => a + b);
    await fake.waitFor(() => left() === 0, 10_000, 'the notices gone');
    // Both statistics took the match exactly once.
    const stats = new Stats(store);
    const [sa, sb] = [await stats.of(ann.id), await stats.of(ben.id)];
    expect(sa.short.matches).toBe(1);
    expect(sb.short.matches).toBe(1);
    expect(sa.short.wins + sb.short.wins).toBe(1);
    expect(sa.short.rating).not.toBe(sb.short.rating);
    // /stats: a picture with the numbers in the caption.
    fake.sendText(chatOf(ann), ann, '/stats');
    const st = await fake.waitFor(() => fake.chatMessages(ann.id).find((m) => m.photo && /Statistics of Ann/.test(m.caption ?? '')), 10_000, 'the /stats picture');
    expect(st.caption).toMatch(/Short nardy: rating 1[45]\d\d \(best 1[45]\d\d\)/);
    expect(st.caption).toMatch(/matches 1: [01] won, [01] lost/);
    // A rematch by link: both get a new board, colours swapped.
    const end = board(fake, ann.id)!;
    const re = buttons(end).find((b) => b.data.endsWith('|m'));
    expect(re, `the finished board offers a rematch: ${JSON.stringify(buttons(end))}`).toBeDefined();
    // Ann's press is an offer: nothing starts until Ben presses too.
    const offered = await fake.answerOf(fake.press(end, ann, re!.data));
    expect(offered.text).toMatch(/Rematch offered/);
    const offer = await fake.waitFor(() => {
      const b = board(fake, ben.id);
      return b && /offers a rematch|предлагает реванш/.test(b.caption ?? '') ? b : undefined;
    }, 15_000, `the offer on Ben's board (now: ${board(fake, ben.id)?.caption})`);
    expect(gameIdOf(board(fake, ann.id)!)).toBe(id);
    await fake.answerOf(fake.press(offer, ben, buttons(offer).find((b) => b.data.endsWith('|m'))!.data));
    await fake.waitFor(() => {
      const a = board(fake, ann.id);
      const b = board(fake, ben.id);
      return a && b && gameIdOf(a) !== id && gameIdOf(a) === gameIdOf(b);
    }, 15_000, 'the rematch boards');
    const next = (await games().get(gameIdOf(board(fake, ann.id)!)))!;
    expect(next.kind).toBe('link');
    expect(sideOfUser(next, ann.id)).not.toBe(sideOfUser(last, ann.id));
  }, 300_000);
});

describe('group leaderboards', () => {
  it('after three rated matches in a group, /top lists its members by rating; in private, the global board', async () => {
    const group: FakeChat = { id: -100777, type: 'group', title: 'Club' };
    const kim: FakeUser = { id: 5201, first_name: 'Kim', username: 'kim', language_code: 'en' };
    const lev: FakeUser = { id: 5202, first_name: 'Lev', username: 'lev', language_code: 'en' };
    const mia: FakeUser = { id: 5203, first_name: 'Mia', username: 'mia', language_code: 'en' };
    for (const [winner, loser] of [[kim, lev], [kim, mia], [mia, lev]] as const) {
      const count = fake.messageCount(group.id);
      fake.sendText(group, winner, `/play long @${loser.username}`);
      const ch = await fake.waitFor(() => fake.chatMessagesSince(group.id, count).find((m) => /challenges/.test(m.text ?? '')), 10_000, 'the challenge');
      await fake.answerOf(fake.press(ch, loser, buttons(ch).find((b) => b.data.endsWith('|a'))!.data));
      const first = await fake.waitFor(() => fake.chatMessagesSince(group.id, count).filter((m) => m.photo && buttons(m).some((b) => b.data.startsWith('g|'))).at(-1), 15_000, 'the board');
      const gid = gameIdOf(first);
      // The loser resigns: the board's Resign gives a menu for them alone.
      fake.sendText(group, loser, '/resign');
      const menu = await fake.waitFor(() => fake.chatMessages(group.id).find((m) => buttons(m).some((b) => b.data.startsWith(`rs|${gid}|`) && b.data.endsWith('|1'))), 10_000, 'the resign menu');
      await fake.answerOf(fake.press(menu, loser, buttons(menu).find((b) => b.data.endsWith('|1'))!.data));
      // The winner accepts the resignation on the board.
      const offered = await fake.waitFor(() => {
        const b = board(fake, group.id);
        return b && gameIdOf(b) === gid && buttons(b).find((x) => x.data.endsWith('|a')) ? b : null;
      }, 15_000, 'the offered resignation');
      await fake.answerOf(fake.press(offered, winner, buttons(offered).find((x) => x.data.endsWith('|a'))!.data));
      for (let i = 0; i < 100 && !(await games().get(gid))?.finished; i++) await new Promise((r) => setTimeout(r, 50));
      expect((await games().get(gid))!.match.winner).toBe(sideOfUser((await games().get(gid))!, winner.id));
    }
    const stats = new Stats(store);
    for (let i = 0; i < 100 && (await stats.of(lev.id)).long.matches < 2; i++) await new Promise((r) => setTimeout(r, 50));
    const count = fake.messageCount(group.id);
    fake.sendText(group, lev, '/top');
    const top = await fake.waitFor(() => fake.chatMessagesSince(group.id, count).find((m) => /Leaderboard of this group/.test(m.text ?? '')), 10_000, 'the group leaderboard');
    const text = top.text!;
    expect(text).toMatch(/1\. Kim — 15\d\d \(2 matches\)/);
    expect(text.indexOf('Kim')).toBeLessThan(text.indexOf('Mia'));
    expect(text.indexOf('Mia')).toBeLessThan(text.indexOf('Lev'));
    expect(text).not.toMatch(/Ann|Бен/);
    fake.sendText(chatOf(mia), mia, '/top');
    const global = await fake.waitFor(() => fake.chatMessages(mia.id).find((m) => /Leaderboard of all players/.test(m.text ?? '')), 10_000, 'the global leaderboard');
    expect(global.text).toMatch(/Kim/);
  }, 120_000);
});

describe('an inline invitation', () => {
  it('typed in a chat without the bot, accepted by a third user, played in private chats', async () => {
    const ola: FakeUser = { id: 5301, first_name: 'Ola', language_code: 'en' };
    const pat: FakeUser = { id: 5302, first_name: 'Pat', language_code: 'en' };
    const results = await fake.inlineResults(fake.inlineQuery(ola, 'long'));
    expect(results).toHaveLength(1);
    const sent = fake.sendInlineResult(results[0]!);
    expect(sent.text).toMatch(/^Ola invites you to a game of long nardy/);
    const data = sent.reply_markup!.inline_keyboard[0]![0]!.callback_data!;
    // The inviter's own press is refused; the third user's opens the private chat with the invitation.
    expect((await fake.answerOf(fake.pressInline(sent, ola, data))).text).toMatch(/own invitation/);
    const answer = await fake.answerOf(fake.pressInline(sent, pat, data));
    const id = /^https:\/\/t\.me\/nardy_test_bot\?start=i_([0-9a-z]{10})$/.exec(answer.url ?? '')![1]!;
    const rec = await accept(pat, ola, id);
    expect(rec.kind).toBe('link');
    expect(rec.match.variant).toBe('long');
    await fake.waitFor(() => fake.inlineMessages.get(sent.id)!.edits > 0, 10_000, 'the inline message edited');
    expect(fake.inlineMessages.get(sent.id)!.text).toMatch(/Pat accepted/);
    expect(fake.inlineMessages.get(sent.id)!.reply_markup).toBeUndefined();
  }, 60_000);
});

describe('expired links and idle claims, with the bot down when the time ran out', () => {
  it('an expired link says so; the waiting player claims the game after a restart', async () => {
    const quin: FakeUser = { id: 5401, first_name: 'Quin', language_code: 'en' };
    const rosa: FakeUser = { id: 5402, first_name: 'Rosa', language_code: 'en' };
    const sam: FakeUser = { id: 5403, first_name: 'Sam', language_code: 'en' };
    // Short clocks for this part: ten seconds a move by link, invitations open ten seconds.
    await bot.stop();
    const short = env({ LINK_MOVE_SECONDS: '10', INVITATION_TTL_SECONDS: '10' });
    bot = await startBot(fake, { redisUrl: inject('redisUrl'), prefix: bot.prefix, env: short });
    const stale = await invite(sam, 'short', 1);
    const id = await invite(quin, 'long', 1);
    const rec = await accept(rosa, quin, id);
    const m = mover(quin, rosa)!;
    const waiting = m.user === quin ? rosa : quin;
    const before = await games().get(id);
    // The bot dies; the move limit runs out while it is down.
    expect(await bot.stop('SIGKILL')).toBeNull();
    await new Promise((r) => setTimeout(r, 11_000));
    bot = await startBot(fake, { redisUrl: inject('redisUrl'), prefix: bot.prefix, env: short });
    fake.sendText(chatOf(rosa), rosa, `/start i_${stale}`);
    await fake.waitFor(() => fake.chatMessages(rosa.id).find((x) => /no longer open/.test(x.text ?? '')), 10_000, 'the expired-link answer');
    // The ticker of the new process finds the timer: the waiting player hears and gets the button.
    await fake.waitFor(() => fake.chatMessages(waiting.id).find((x) => /out of time/.test(x.text ?? '')), 15_000, 'the claim notice');
    const claimBoard = await fake.waitFor(() => {
      const b = board(fake, waiting.id);
      return b && buttons(b).some((x) => x.data.startsWith('cl|')) ? b : null;
    }, 10_000, 'the claim button');
    expect(await games().get(id)).toEqual(before);
    const claim = buttons(claimBoard).find((x) => x.data.startsWith('cl|'))!.data;
    // The idle player cannot claim; the waiting one can, once.
    expect((await fake.answerOf(fake.press(claimBoard, m.user, claim))).text).toMatch(/cannot|not/i);
    await fake.answerOf(fake.press(claimBoard, waiting, claim));
    for (let i = 0; i < 200 && !(await games().get(id))?.finished; i++) await new Promise((r) => setTimeout(r, 50));
    const over = (await games().get(id))!;
    expect(over.finished).toBe(true);
    expect(over.match.winner).toBe(sideOfUser(over, waiting.id));
    expect(over.events).toEqual([expect.objectContaining({ type: 'claimed', side: sideOfUser(over, waiting.id) })]);
    const st = new Stats(store);
    for (let i = 0; i < 100 && (await st.of(waiting.id)).long.matches < 1; i++) await new Promise((r) => setTimeout(r, 50));
    expect((await st.of(waiting.id)).long.wins).toBe(1);
    expect((await st.of(m.user.id)).long.losses).toBe(1);
    expect(rec.kind).toBe('link');
  }, 90_000);
});
