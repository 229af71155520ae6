/**
 * The social half through the handlers: an invitation by link played in two private chats,
 * inline invitations, statistics, leaderboards and move clocks.
 */
import { describe, expect, it } from 'vitest';
import { inlineInvitationId } from '../../src/app/invitations.js';
import { sideOfUser } from '../../src/app/games.js';
import type { GameRecord } from '../../src/app/model.js';
import { parseCallback } from '../../src/bot/codec.js';
import { actor } from '../../src/engine/game.js';
import { botHarness, GROUP, type BotHarness, type Message, type User } from '../helpers/bot-harness.js';

const ann: User = { id: 81, first_name: 'Ann', language_code: 'en', username: 'ann' };
const ben: User = { id: 82, first_name: 'Бен', language_code: 'ru', username: 'ben' };
const eve: User = { id: 83, first_name: 'Eve', language_code: 'en', username: 'eve' };

function gameButtons(m: Message): string[] {
  return m.buttons.flat().map((b) => b.callback_data ?? '').filter((d) => d.startsWith('g|'));
}

/** Ann invites by link (long, match to 3, no cube); Бен opens the link and accepts. */
async function linkGame(h: BotHarness, variant = 'long', length = 3): Promise<{ rec: GameRecord; id: string }> {
  await h.say(ann, '/start');
  await h.pressLabel(ann, h.last(ann.id), /Play a friend/);
  await h.press(ann, h.last(ann.id), `fr|${variant}`);
  await h.press(ann, h.last(ann.id), `fr|${variant}|${length}`);
  if (length > 1) await h.press(ann, h.last(ann.id), `fr|${variant}|${length}|0`);
  const made = h.last(ann.id);
  const id = /start=i_([0-9a-z]{10})/.exec(made.text)![1]!;
  expect(made.text).toContain(`https://t.me/nardy_bot?start=i_${id}`);
  await h.say(ben, `/start i_${id}`);
  const open = h.last(ben.id);
  expect(open.text).toMatch(/^Ann приглашает вас: /);
  await h.pressLabel(ben, open, /Принять/);
  const rec = (await h.app.games.get(id))!;
  return { rec, id };
}

describe('a game by link', () => {
  it('each player has a board in their own chat, from their side; only the one to act has the game\'s buttons', async () => {
    const h = botHarness();
    const { rec, id } = await linkGame(h);
    expect(rec.kind).toBe('link');
    expect(rec.seats.map((s) => s.chatId).sort()).toEqual([ann.id, ben.id].sort());
    const a = h.board(ann.id);
    const b = h.board(ben.id);
    expect(a.text).toContain('Ann');
    expect(b.text).toMatch(/Длинные нарды/);
    const mover = actor(rec.match.game) ?? rec.match.game.position.turn;
    const moverUser = sideOfUser(rec, ann.id) === mover ? ann : ben;
    const other = moverUser === ann ? ben : ann;
    expect(gameButtons(h.board(moverUser.id)).some((d) => /\|(r|P\d+|s\d{4})(\||$)/.test(d))).toBe(true);
    expect(gameButtons(h.board(other.id)).map((d) => parseCallback(d)).map((c) => c?.kind === 'game' && c.act.type)).toEqual(['resign-menu']);
    // The inviter heard of the acceptance; the acceptor's menu message became the start note.
    expect(h.in(ann.id).some((m) => /accepted your invitation/.test(m.text))).toBe(true);
    // The dice's commitment is in the inviter's chat once: in the invitation, before the first roll;
    // the acceptance adds only the seed mixed in.
    const commit = rec.dice.commit;
    expect(h.in(ann.id).filter((m) => `${m.text}`.includes(commit)).map((m) => /accepted your invitation/.test(m.text))).toEqual([false]);
    expect(h.in(ann.id).find((m) => /accepted your invitation/.test(m.text))!.text).toContain(`the seed ${rec.dice.client}`);
    expect(await h.app.invitations.view(id, eve.id)).toMatchObject({ kind: 'used', mine: false });
  });

  it("the waiting player's board is not edited for the mover's steps in progress, only for the turn played", async () => {
    const h = botHarness();
    const { id } = await linkGame(h);
    let checked = false;
    for (let turn = 0; turn < 12 && !checked; turn++) {
      const rec = (await h.app.games.get(id))!;
      const mover = (actor(rec.match.game) ?? rec.match.game.position.turn) === sideOfUser(rec, ann.id) ? ann : ben;
      const other = mover === ann ? ben : ann;
      let board = h.board(mover.id);
      const roll = gameButtons(board).find((d) => /\|r$/.test(d));
      if (roll) await h.press(mover, board, roll);
      board = h.board(mover.id);
      const step = gameButtons(board).find((d) => /\|s\d{4}(\||$)/.test(d));
      if (step) {
        const before = h.board(other.id).history.length;
        await h.press(mover, board, step);
        expect(h.board(mover.id).history.length).toBeGreaterThan(0);
        expect(h.board(other.id).history.length).toBe(before);
        // Its Resign button, a version behind now, still opens the menu.
        const waiting = h.board(other.id);
        const resign = gameButtons(waiting).find((d) => /\|Rm$/.test(d))!;
        expect(await h.press(other, waiting, resign)).not.toMatch(/stale|устарел/i);
        const menu = gameButtons(h.board(other.id));
        expect(menu.some((d) => /\|Rb$/.test(d))).toBe(true);
        await h.press(other, h.board(other.id), menu.find((d) => /\|Rb$/.test(d))!);
        checked = true;
      }
      // Finish the turn: the rest of the steps, then Done; the other board then shows it.
      for (let i = 0; i < 6; i++) {
        board = h.board(mover.id);
        const next = gameButtons(board).find((d) => /\|(P\d+|s\d{4}|d)(\||$)/.test(d));
        if (!next) break;
        const before = h.board(other.id).history.length;
        await h.press(mover, board, next);
        if (/\|d(\||$)/.test(next) || /\|P\d+/.test(next)) expect(h.board(other.id).history.length).toBeGreaterThan(before);
      }
    }
    expect(checked).toBe(true);
  });

  it('a whole match: at most one "your move" per turn, each in the chat of the one to act', async () => {
    // "Your move" as soon as the turn passes (LINK_NOTICE_SECONDS=0), when the timers run.
    const h = botHarness({ moveLimits: { group: 300, link: 3600, notice: 0 } });
    let { rec } = await linkGame(h, 'short', 1);
    const users = [ann, ben];
    let turns = 0;
    for (let i = 0; i < 400 && !rec.finished; i++) {
      const who = actor(rec.match.game) ?? rec.match.game.position.turn;
      const u = users.find((x) => sideOfUser(rec, x.id) === who)!;
      const board = h.board(u.id);
      const data = gameButtons(board).find((d) => /\|(r|P\d+|s\d{4}|d|t)(\||$)/.test(d));
      if (!data) throw new Error(`nothing to press for ${u.first_name}: ${h.labels(board).join(', ')}`);
      const before = rec.match.game.record.length;
      await h.press(u, board, data);
      await h.created.tick();
      await h.created.settled();
      rec = (await h.app.games.get(rec.id))!;
      if (rec.match.game.record.length !== before) turns++;
    }
    expect(rec.finished).toBe(true);
    const notices = (u: User): number => h.calls.filter((c) => c.method === 'sendMessage' && c.payload.chat_id === u.id && /Your move|Ваш ход/.test(String(c.payload.text))).length;
    expect(notices(ann) + notices(ben)).toBeLessThanOrEqual(turns + 1);
    expect(notices(ann) + notices(ben)).toBeGreaterThan(turns / 3);
    // Only the newest notice stays in each chat (older ones are deleted).
    const deleted = h.calls.filter((c) => c.method === 'deleteMessage').length;
    expect(deleted).toBeGreaterThanOrEqual(notices(ann) + notices(ben) - 2);
    // Both players' statistics took the match once.
    const sa = await h.app.stats.of(ann.id);
    const sb = await h.app.stats.of(ben.id);
    expect(sa.short.matches + sb.short.matches).toBe(2);
    expect(sa.short.wins + sb.short.wins).toBe(1);
  });

  it('own, used, expired and forged links each get a clear answer', async () => {
    const h = botHarness();
    const { id } = await linkGame(h, 'long', 1);
    await h.say(ann, `/start i_${id}`);
    expect(h.last(ann.id).text).toMatch(/You are already playing/);
    await h.say(eve, `/start i_${id}`);
    expect(h.last(eve.id).text).toMatch(/already been accepted/);
    await h.say(eve, '/start i_zzzzzzzzzz');
    expect(h.last(eve.id).text).toMatch(/no longer open/);
    await h.say(eve, '/start i_../../x');
    expect(h.in(eve.id).at(-2)!.text).toMatch(/not valid any more/);
    // Ann's own new invitation, opened by herself, then cancelled and opened by Eve.
    const inv = await h.app.invitations.create({ id: ann.id, name: 'Ann', lang: 'en' }, 'short', 1, false);
    await h.say(ann, `/start i_${inv.id}`);
    expect(h.last(ann.id).text).toMatch(/your own invitation/);
    await h.app.invitations.end(inv.id, ann.id, 'cancel');
    await h.say(eve, `/start i_${inv.id}`);
    expect(h.last(eve.id).text).toMatch(/no longer open/);
  });

  it('declining tells the inviter; only the inviter can cancel', async () => {
    const h = botHarness();
    const inv = await h.app.invitations.create({ id: ann.id, name: 'Ann', lang: 'en' }, 'long', 1, false);
    await h.say(ben, `/start i_${inv.id}`);
    await h.pressLabel(ben, h.last(ben.id), /Отклонить/);
    expect(h.in(ann.id).some((m) => /Бен declined your invitation/.test(m.text))).toBe(true);
    expect((await h.app.invitations.view(inv.id, ben.id)).kind).toBe('gone');
  });
});

describe('inline invitations', () => {
  it('@bot offers both games; Accept opens the private chat with the invitation, which starts the game', async () => {
    const h = botHarness({ defaultLanguage: 'en' });
    await h.say(ann, '/start');
    const results = await h.inline(ann, 'short 5');
    expect(results).toHaveLength(1);
    const r = results[0]!;
    const text = String((r.input_message_content as { message_text: string }).message_text);
    expect(text).toMatch(/^Ann invites you to a match to 5 of short nardy with the cube/);
    const data = ((r.reply_markup as { inline_keyboard: Array<Array<{ callback_data: string }>> }).inline_keyboard[0]![0]!).callback_data;
    expect(data.length).toBeLessThanOrEqual(64);
    expect((await h.inline(ann, '')).length).toBe(2);
    // Ann cannot accept her own; Eve's press opens the bot with the invitation.
    expect((await h.pressInline(ann, 'IM-1', data))!.text).toMatch(/own invitation/);
    const answer = await h.pressInline(eve, 'IM-1', data);
    const id = /start=i_([0-9a-z]{10})$/.exec(String(answer!.url))![1]!;
    expect((await h.pressInline(eve, 'IM-1', data))!.url).toBe(answer!.url);
    await h.say(eve, `/start i_${id}`);
    await h.pressLabel(eve, h.last(eve.id), /Accept/);
    const rec = (await h.app.games.get(id))!;
    expect(rec.kind).toBe('link');
    expect(rec.match).toMatchObject({ variant: 'short', length: 5 });
    expect(rec.match.rules.cube).toBe(true);
    // The commitment shown in the inline message is the one the match uses.
    expect(text).toContain(rec.dice.commit);
    expect(h.calls.some((c) => c.method === 'editMessageText' && c.payload.inline_message_id === 'IM-1')).toBe(true);
    expect((await h.pressInline(ben, 'IM-1', data))!.text).toMatch(/уже принято|already been accepted/);
  });

  it("a forged Accept naming another user starts nothing in their name", async () => {
    const h = botHarness({ defaultLanguage: 'en' });
    await h.say(ann, '/start');
    const commit = (await h.app.players.nextCommit(ann.id)).slice(0, 12);
    // The first version's button carried the sender's id: forged with Ann's id, it is refused.
    const forged = `ia|s|25|1|${ann.id.toString(36)}|${commit}`;
    expect((await h.pressInline(eve, 'IM-7', forged))!.text).toMatch(/no longer valid/);
    expect((await h.pressInline(eve, 'IM-7', 'ia|abcdefghij'))!.text).toMatch(/no longer valid/);
    expect(await h.app.invitations.get(inlineInvitationId('IM-7'))).toBeNull();
    expect(await h.app.games.get(inlineInvitationId('IM-7'))).toBeNull();
    expect((await h.app.players.nextCommit(ann.id)).slice(0, 12)).toBe(commit);
  });

  it('the "Send to a chat" query of an invitation by link sends it with an Accept link', async () => {
    const h = botHarness({ defaultLanguage: 'en' });
    const inv = await h.app.invitations.create({ id: ann.id, name: 'Ann', lang: 'en' }, 'long', 3, false);
    const [r] = await h.inline(ann, `i_${inv.id}`);
    expect(JSON.stringify(r!.reply_markup)).toContain(`https://t.me/nardy_bot?start=i_${inv.id}`);
    expect(await h.inline(eve, `i_${inv.id}`)).toEqual([]);
  });
});

describe('statistics and leaderboards', () => {
  it('/stats is a picture with the numbers in the caption; /top lists a group\'s rated players', async () => {
    const h = botHarness({ defaultLanguage: 'en' });
    await h.say(ann, '/stats');
    expect(h.last(ann.id).text).toMatch(/No finished games yet/);
    for (const [w, l] of [[ann, ben], [ann, eve], [eve, ben]] as const) {
      await h.say(w, '/play', GROUP, { from: l });
      await h.pressLabel(l, h.last(GROUP.id), /Accept|Принять/);
      const id = parseCallback(h.board(GROUP.id).buttons.flat().find((b) => b.callback_data?.startsWith('g|'))!.callback_data)! as { id: string };
      await h.app.games.resign(id.id, l.id, 1);
      const rec = (await h.app.games.get(id.id))!;
      await h.app.games.press(rec.id, rec.v, w.id, { type: 'accept' });
    }
    await h.say(ann, '/stats');
    const st = h.last(ann.id);
    expect(st.photo).toBe(true);
    expect(st.text).toMatch(/Long nardy: rating 15\d\d \(best 15\d\d\), place 1\n2 matches: 2 won, 0 lost/);
    await h.say(ann, '/top', GROUP);
    const top = h.last(GROUP.id).text;
    expect(top).toMatch(/Leaderboard of this group/);
    expect(top).toMatch(/1\. Ann — 15\d\d \(2 matches\)/);
    expect(top.indexOf('Ann')).toBeLessThan(top.indexOf('Eve'));
    expect(top.indexOf('Eve')).toBeLessThan(top.lastIndexOf('Бен'));
    await h.say(eve, '/top');
    expect(h.last(eve.id).text).toMatch(/Leaderboard of all players/);
  });
});

describe('move clocks', () => {
  it('in a group, the reminder goes to the group in its language and to the idle player privately in theirs', async () => {
    const h = botHarness({ defaultLanguage: 'en', moveLimits: { group: 60, link: 60, notice: 3600 } });
    const bo = { kind: 'human' as const, id: 6101, name: 'Bo', lang: 'en' as const };
    const ana = { kind: 'human' as const, id: 6102, name: 'Ана', lang: 'ru' as const };
    let rec = await h.app.games.start({ kind: 'group', chatId: -6100, lang: 'en', white: bo, black: ana, variant: 'long', length: 3, colours: 'given' });
    // Ана to act: Bo resigns one point and Ана is asked (a decision with a clock).
    if ((actor(rec.match.game) ?? rec.match.game.position.turn) !== 'black') rec = ((await h.app.games.act(rec.id, bo.id, { kind: 'resign', level: 1 })) as { game: typeof rec }).game;
    expect(actor(rec.match.game) ?? rec.match.game.position.turn).toBe('black');
    const st = (await h.app.clocks.state(rec.id))!;
    await h.store.clocks.set(rec.id, { ...st, since: st.since - 31_000 }, 3600);
    await h.store.timers.set(`idle:${rec.id}`, 0);
    expect(await h.created.tick()).toBe(1);
    await h.created.settled();
    expect(h.in(-6100).filter((m) => /^Ана, your move in Long nardy against Bo: \d+ s left — then Bo may claim the match\.$/.test(m.text))).toHaveLength(1);
    expect(h.in(ana.id).filter((m) => /^⏰ Ваш ход в партии в группе \(Длинные нарды, соперник — Bo\): осталось \d+ с — потом соперник сможет забрать матч\.$/.test(m.text))).toHaveLength(1);
  });

  it('a reminder once, then the waiting player claims the game with the button', async () => {
    const h = botHarness({ defaultLanguage: 'en', moveLimits: { group: 60, link: 60, notice: 3600 } });
    const { rec } = await linkGame(h, 'long', 1);
    const mover = actor(rec.match.game) ?? rec.match.game.position.turn;
    const idle = sideOfUser(rec, ann.id) === mover ? ann : ben;
    const waiting = idle === ann ? ben : ann;
    // Time passes: move the clock back instead of waiting.
    const st = (await h.app.clocks.state(rec.id))!;
    await h.store.clocks.set(rec.id, { ...st, since: st.since - 31_000 }, 3600);
    await h.store.timers.set(`idle:${rec.id}`, 0);
    expect(await h.created.tick()).toBe(1);
    expect(h.last(idle.id).text).toMatch(/⏰ (Your move|Ваш ход)/);
    await h.store.clocks.set(rec.id, { ...(await h.app.clocks.state(rec.id))!, since: st.since - 61_000 }, 3600);
    await h.store.timers.set(`idle:${rec.id}`, 0);
    expect(await h.created.tick()).toBe(1);
    await h.created.settled();
    expect(h.in(waiting.id).some((m) => /out of time|Время вышло/.test(m.text))).toBe(true);
    const board = h.board(waiting.id);
    const claim = board.buttons.flat().find((b) => b.callback_data?.startsWith('cl|'))!;
    expect(claim.text).toMatch(/⏰/);
    expect(await h.press(idle, h.board(idle.id), claim.callback_data!)).toMatch(/your move|ваш ход/);
    await h.press(waiting, board, claim.callback_data!);
    const over = (await h.app.games.get(rec.id))!;
    expect(over.finished).toBe(true);
    expect(over.match.winner).toBe(sideOfUser(over, waiting.id));
  });
});
