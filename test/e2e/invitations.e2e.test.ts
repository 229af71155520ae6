/**
 * End to end, the social half beside social.e2e.test.ts: an inline invitation accepted by a
 * third user, expired links, an idle claim whose timer ends while the bot is down, and group
 * leaderboards. The bot runs as a process against the fake Bot API over HTTP with a real
 * redis-server and Telegram's limits on (social-fixture.ts).
 */
import { describe, expect, it } from 'vitest';
import { sideOfUser } from '../../src/app/games.js';
import { Stats } from '../../src/app/stats.js';
import type { FakeChat, FakeUser } from './fake-telegram.js';
import { board, buttons } from './harness.js';
import { accept, bot, chatOf, fake, gameIdOf, games, invite, mover, socialEnv, socialFile, startAgain, store } from './social-fixture.js';

socialFile();

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
    const short = socialEnv({ LINK_MOVE_SECONDS: '10', INVITATION_TTL_SECONDS: '10' });
    await startAgain(short);
    const stale = await invite(sam, 'short', 1);
    const id = await invite(quin, 'long', 1);
    const rec = await accept(rosa, quin, id);
    const m = mover(quin, rosa)!;
    const waiting = m.user === quin ? rosa : quin;
    const before = await games().get(id);
    // The bot dies; the move limit runs out while it is down.
    expect(await bot.stop('SIGKILL')).toBeNull();
    await new Promise((r) => setTimeout(r, 11_000));
    await startAgain(short);
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
    expect((await fake.answerOf(fake.press(claimBoard, m.user, claim))).text).toMatch(/It is your move/);
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

// Last: the claimed match by link above is a rated match outside the group.
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
    // Players of rated matches outside the group (the claimed match above) are not on it.
    expect(text).not.toMatch(/Quin|Rosa/);
    fake.sendText(chatOf(mia), mia, '/top');
    const global = await fake.waitFor(() => fake.chatMessages(mia.id).find((m) => /Leaderboard of all players/.test(m.text ?? '')), 10_000, 'the global leaderboard');
    expect(global.text).toMatch(/Kim/);
    expect(global.text).toMatch(/Quin/);
    expect(global.text).toMatch(/Rosa/);
  }, 120_000);
});
