/**
 * End to end, the social half: a match by link between two private chats played to its end,
 * with reused links, turn notices, statistics and a rematch (the rest of the social half, in
 * invitations.e2e.test.ts, runs beside it). The bot runs as a process against the fake Bot API
 * over HTTP with a real redis-server and Telegram's limits on (social-fixture.ts).
 */
import { describe, expect, it } from 'vitest';
import { sideOfUser } from '../../src/app/games.js';
import { Stats } from '../../src/app/stats.js';
import { displayPosition } from '../../src/engine/game.js';
import { renderPosition } from '../../src/render/index.js';
import { renderOptions } from '../../src/present/board.js';
import { translator } from '../../src/present/text.js';
import { createI18n } from '../../src/bot/i18n.js';
import { DEFAULT_SETTINGS } from '../../src/app/model.js';
import type { FakeUser } from './fake-telegram.js';
import { board, buttons, pressAndWait } from './harness.js';
import { accept, chatOf, fake, gameIdOf, games, invite, mover, socialFile, store } from './social-fixture.js';

socialFile({ LINK_NOTICE_SECONDS: '1' });

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
    // A later step's waiting board, checked at the next press: still as it was before the step.
    let stepped: { user: FakeUser; edits: number } | null = null;
    for (let presses = 0; presses < 2000; presses++) {
      const m = mover(ann, ben);
      if (!m) break;
      if (stepped) expect(board(fake, stepped.user.id)!.edits).toBe(stepped.edits);
      stepped = null;
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
        // A while after the step (the first turns; later ones are checked the same way below,
        // by the next press, to keep the game quick), the waiting board is still as it was.
        if (turns < 4) await new Promise((r) => setTimeout(r, 300));
        expect(board(fake, other.id)!.edits).toBe(otherEdits);
        stepped = { user: other, edits: otherEdits };
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
    expect(st.caption).toMatch(/1 match: [01] won, [01] lost/);
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
