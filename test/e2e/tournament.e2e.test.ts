/**
 * End to end, a tournament in a group: the bot runs as a process against the fake Bot API over
 * HTTP, with a real redis-server and Telegram's limits on. Five players (an odd number) join by
 * the deep link, a Swiss of 3 rounds and then a knockout are played to the podium (each match
 * ended by a resignation through the table, as other e2e tests start games near their end); the
 * group gets one pairing message and one standings picture per round and never a 429.
 */
import { describe, expect, it } from 'vitest';
import type { Tournament } from '../../src/app/tournament/model.js';
import { Tournaments } from '../../src/app/tournament/tournaments.js';
import { dialoguesOf } from '../../src/app/dialogues.js';
import { Stats } from '../../src/app/stats.js';
import type { GameRecord } from '../../src/app/model.js';
import type { FakeChat, FakeUser } from './fake-telegram.js';
import { buttons, privateChat } from './harness.js';
import { bot, fake, games, socialEnv, socialFile, startAgain, store } from './social-fixture.js';
import { gameIdOf } from '../../src/app/tournament/tournaments.js';

socialFile();

const group: FakeChat = { id: -4_400_001, type: 'group', title: 'Club' };
const players: FakeUser[] = ['Ann', 'Ben', 'Cid', 'Dan', 'Eve'].map((n, i) => ({ id: 7701 + i, first_name: n, language_code: 'en' }));
const [ann] = players as [FakeUser];

const tournaments = (): Tournaments => new Tournaments({ store, games: games(), stats: new Stats(store), dialogues: dialoguesOf(store), now: Date.now, warn: () => undefined });

async function current(id: string): Promise<Tournament> {
  return (await tournaments().get(id))!;
}

/** Poll the store until `check` gives a value (fake.waitFor follows Bot API calls, synchronously). */
async function until<T>(check: () => Promise<T | null | undefined | false>, ms: number, what: string): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The loser resigns the match's game and the winner accepts, through the table (the bot hears the match end). */
async function finish(gameId: string, winner: number, loser: number): Promise<void> {
  const g = games();
  const r = await g.act(gameId, loser, { kind: 'resign', level: 1 });
  expect(r.kind).toBe('applied');
  const done = await g.act(gameId, winner, { kind: 'press', v: (r as { game: GameRecord }).game.v, press: { type: 'accept' } });
  expect(done).toMatchObject({ kind: 'applied', game: { finished: true } });
}

async function play(format: string, rounds: number): Promise<Tournament> {
  const before = fake.messageCount(group.id);
  fake.sendText(group, ann, `/tournament short ${format} 1${format === 'swiss' ? ' rounds 3' : ''}`);
  const announce = await fake.waitFor(() => fake.chatMessagesSince(group.id, before).find((m) => /Players \(0\/32\)/.test(m.text ?? '')), 15_000, 'the announcement');
  const join = (announce.reply_markup?.inline_keyboard ?? []).flat().find((b) => b.url)!;
  const id = /start=tj_([0-9a-z]{10})$/.exec(join.url!)![1]!;
  // Each player opens the deep link in the private chat.
  for (const p of players) {
    const mark = fake.messageCount(p.id);
    fake.sendText(privateChat(p), p, `/start tj_${id}`);
    await fake.waitFor(() => fake.chatMessagesSince(p.id, mark).find((m) => /You are in/.test(m.text ?? '')), 15_000, `${p.first_name} joined`);
  }
  await fake.waitFor(() => /Players \(5\/32\)/.test(fake.messages.get(`${group.id}:${announce.message_id}`)?.text ?? ''), 15_000, 'the announcement lists five');
  // Someone else's Start is refused; the creator's starts it.
  const start = buttons(fake.messages.get(`${group.id}:${announce.message_id}`)).find((b) => b.data.startsWith('tn|s|'))!.data;
  expect((await fake.answerOf(fake.press(announce, players[2]!, start))).text).toMatch(/Only the tournament's creator/);
  await fake.answerOf(fake.press(announce, ann, start));
  let t = await current(id);
  for (let r = 1; r <= rounds; r++) {
    t = (await until(async () => {
      const x = await current(id);
      return x.rounds.length >= r && x.rounds[r - 1]!.pairings.every((p) => p.b === null || p.game || p.result) ? x : null;
    }, 20_000, `round ${r} paired`)) as Tournament;
    await fake.waitFor(() => fake.chatMessagesSince(group.id, before).find((m) => new RegExp(`round ${r} of`).test(m.text ?? '')), 15_000, `round ${r}'s pairings in the group`);
    for (const p of t.rounds[r - 1]!.pairings) {
      if (p.b === null || p.result) continue;
      // Each player was told of the match in the private chat, and has its board there.
      for (const u of [p.a, p.b]) await fake.waitFor(() => fake.chatMessages(u).find((m) => new RegExp(`round ${r}: your match against`).test(m.text ?? '')), 15_000, `${u} told of round ${r}`);
      await finish(p.game!, Math.min(p.a, p.b), Math.max(p.a, p.b));
    }
    await fake.waitFor(() => fake.chatMessagesSince(group.id, before).filter((m) => m.photo && new RegExp(`after round ${r}$`).test(m.caption ?? '')).length === 1, 20_000, `round ${r}'s standings picture`);
  }
  await fake.waitFor(() => fake.chatMessagesSince(group.id, before).find((m) => /is over!/.test(m.text ?? '')), 20_000, 'the podium');
  t = await current(id);
  // One pairing message and one standings picture per round; the pairings message shows every result.
  const posted = fake.chatMessagesSince(group.id, before);
  for (let r = 1; r <= rounds; r++) {
    expect(posted.filter((m) => new RegExp(`round ${r} of`).test(m.text ?? ''))).toHaveLength(1);
    expect(posted.filter((m) => m.photo && new RegExp(`after round ${r}$`).test(m.caption ?? ''))).toHaveLength(1);
  }
  expect(posted.filter((m) => /is over!/.test(m.text ?? ''))).toHaveLength(1);
  expect(posted.some((m) => m.photo && buttons(m).some((b) => b.data.startsWith('g|')))).toBe(false);
  return t;
}

describe('a tournament in a group', () => {
  it('five players: a Swiss of 3 rounds to the podium, then a knockout', async () => {
    const swiss = await play('swiss', 3);
    expect(swiss.status).toBe('finished');
    const byes = swiss.rounds.flatMap((r) => r.pairings.filter((p) => p.b === null).map((p) => p.a));
    expect(byes).toHaveLength(3);
    expect(new Set(byes).size).toBe(3);
    // The lowest id wins every match it plays: Ann is first.
    const podium = fake.chatMessages(group.id).find((m) => /is over!/.test(m.text ?? ''))!;
    expect(podium.text).toMatch(/🥇 Ann/);
    expect((await new Stats(store).of(ann.id)).tournaments).toMatchObject({ played: 1, won: 1 });
    // A second tournament may start now that the first is over; a knockout of five.
    const ko = await play('knockout', 3);
    expect(ko.status).toBe('finished');
    expect(ko.rounds[0]!.pairings.filter((p) => p.b === null)).toHaveLength(3);
    expect(fake.chatMessages(group.id).filter((m) => m.photo && /the bracket after round/.test(m.caption ?? ''))).toHaveLength(3);
  }, 180_000);

  it('bad input: in a private chat, an unknown option, a second tournament, a forged button — a clear answer, nothing changed', async () => {
    const mark = fake.messageCount(ann.id);
    fake.sendText(privateChat(ann), ann, '/tournament');
    await fake.waitFor(() => fake.chatMessagesSince(ann.id, mark).find((m) => /held in groups/.test(m.text ?? '')), 10_000, 'the private answer');
    const g = fake.messageCount(group.id);
    fake.sendText(group, ann, '/tournament short swiss 3 purple');
    await fake.waitFor(() => fake.chatMessagesSince(group.id, g).find((m) => /did not understand “purple”/.test(m.text ?? '')), 10_000, 'the unknown option');
    fake.sendText(group, ann, '/tournament long');
    const ann2 = await fake.waitFor(() => fake.chatMessagesSince(group.id, g).find((m) => /Players \(0\/32\)/.test(m.text ?? '')), 10_000, 'a new announcement');
    fake.sendText(group, players[1]!, '/tournament short');
    await fake.waitFor(() => fake.chatMessagesSince(group.id, g).find((m) => /already has a tournament/.test(m.text ?? '')), 10_000, 'the second refused');
    expect((await fake.answerOf(fake.press(ann2, ann, 'tn|s|zzzzzzzzzz'))).text).toMatch(/cannot be done now/);
    expect((await fake.answerOf(fake.press(ann2, ann, 'tn|q|zzzzzzzzzz'))).text).toMatch(/no longer|button/i);
    // Too few to start; the creator cancels.
    const start = buttons(ann2).find((b) => b.data.startsWith('tn|s|'))!.data;
    expect((await fake.answerOf(fake.press(ann2, ann, start))).text).toMatch(/At least 3 players/);
    fake.admins.add(players[3]!.id);
    const cancel = buttons(ann2).find((b) => b.data.startsWith('tn|x|'))!.data;
    expect((await fake.answerOf(fake.press(ann2, players[1]!, cancel))).text).toMatch(/Only/);
    expect((await fake.answerOf(fake.press(ann2, players[3]!, cancel))).text).toMatch(/Done/);
    await fake.waitFor(() => fake.chatMessagesSince(group.id, g).find((m) => /was cancelled/.test(m.text ?? '')), 10_000, 'the cancellation');
  }, 90_000);
});

describe('a kill during a round change', () => {
  it('the next round starts exactly once (one pairing, one game per pair), and its messages and notices come after the restart', async () => {
    const before = fake.messageCount(group.id);
    fake.sendText(group, ann, '/tournament long swiss 1 rounds 3');
    const announce = await fake.waitFor(() => fake.chatMessagesSince(group.id, before).find((m) => /Players \(0\/32\)/.test(m.text ?? '')), 15_000, 'the announcement');
    const id = /start=tj_([0-9a-z]{10})$/.exec((announce.reply_markup?.inline_keyboard ?? []).flat().find((b) => b.url)!.url!)![1]!;
    for (const p of players) {
      const mark = fake.messageCount(p.id);
      fake.sendText(privateChat(p), p, `/start tj_${id}`);
      await fake.waitFor(() => fake.chatMessagesSince(p.id, mark).find((m) => /You are in/.test(m.text ?? '')), 15_000, `${p.first_name} joined`);
    }
    await until(async () => (await current(id))?.players.length === 5, 10_000, 'five in');
    const start = buttons(fake.messages.get(`${group.id}:${announce.message_id}`)).find((b) => b.data.startsWith('tn|s|'))!.data;
    await fake.answerOf(fake.press(announce, ann, start));
    for (const [r, delay] of [[1, 250]] as const) {
      const t = (await until(async () => {
        const x = await current(id);
        return x.rounds.length >= r && x.rounds[r - 1]!.pairings.every((p) => p.b === null || p.game || p.result) ? x : null;
      }, 20_000, `round ${r} paired`)) as Tournament;
      // The round's pairings reach the group and each player (after a restart too), then its matches end.
      await fake.waitFor(() => fake.chatMessagesSince(group.id, before).find((m) => new RegExp(`round ${r} of`).test(m.text ?? '')), 20_000, `round ${r}'s pairings`);
      for (const p of t.rounds[r - 1]!.pairings) {
        if (p.b === null) continue;
        for (const u of [p.a, p.b]) await fake.waitFor(() => fake.chatMessages(u).find((m) => new RegExp(`round ${r}: your match against`).test(m.text ?? '')), 20_000, `${u} told of round ${r}`);
      }
      for (const p of t.rounds[r - 1]!.pairings) if (p.b !== null && !p.result) await finish(p.game!, Math.min(p.a, p.b), Math.max(p.a, p.b));
      // The round's last result is in the table's event stream: the bot dies while it takes it.
      await new Promise((res) => setTimeout(res, delay));
      expect(await bot.stop('SIGKILL')).toBeNull();
      await startAgain(socialEnv());
    }
    const t = (await until(async () => {
      const x = await current(id);
      return x.rounds.length === 2 && x.rounds[1]!.pairings.every((p) => p.b === null || p.game) ? x : null;
    }, 30_000, 'round 2 paired')) as Tournament;
    // Every pairing's game is the one its place names: made once, whoever made it.
    t.rounds.forEach((r) => r.pairings.forEach((p, i) => p.b !== null && expect(p.game).toBe(gameIdOf(id, r.no, i))));
    // Posting is at least once (a kill between Telegram's taking a message and its being marked
    // posted repeats it); what a killed instance left is done at the restart (wakeAll).
    await fake.waitFor(() => fake.chatMessagesSince(group.id, before).find((m) => /round 2 of/.test(m.text ?? '')), 20_000, 'round 2\'s pairings');
    for (const p of t.rounds[1]!.pairings) {
      if (p.b === null) continue;
      for (const u of [p.a, p.b]) await fake.waitFor(() => fake.chatMessages(u).find((m) => /round 2: your match against/.test(m.text ?? '')), 20_000, `${u} told of round 2`);
    }
    expect(fake.chatMessagesSince(group.id, before).filter((m) => m.photo && /after round 1$/.test(m.caption ?? '')).length).toBeGreaterThanOrEqual(1);
    // Clean up for the other tests of this file: the creator cancels.
    const cancel = buttons(fake.messages.get(`${group.id}:${announce.message_id}`)).find((b) => b.data.startsWith('tn|x|'))!.data;
    await fake.answerOf(fake.press(announce, ann, cancel));
  }, 120_000);
});
