/**
 * End to end, finding an opponent: two bot processes in webhook mode behind a round-robin load
 * balancer over one real redis-server, the fake Bot API delivering updates as Telegram does, with
 * its limits on. Two players searching at once through the two instances are paired exactly once
 * and play their match to its end; a blocked pair is never matched again; of three searchers one
 * waits, and when the search's time is up the bot is offered and plays; a search can be stopped;
 * a search while in a game, or twice, is answered and changes nothing.
 */
import type { Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Games } from '../../src/app/games.js';
import type { GameRecord } from '../../src/app/model.js';
import { RedisStore } from '../../src/store/index.js';
import { freePort } from '../setup/redis.js';
import { FakeTelegram, type FakeUser } from './fake-telegram.js';
import { board, buttons, logBotOnFailure, privateChat, startBalancer, startBot, type BotProcess } from './harness.js';

const PACE = '0.1';
const ttl = { challengeSeconds: 600, finishedSeconds: 600, idleSeconds: 600 };
let fake: FakeTelegram;
let balancer: Server;
let store: RedisStore;
const bots: BotProcess[] = [];
logBotOnFailure(() => bots[0]);

const [ann, ben, cid, dan] = ['Ann', 'Ben', 'Cid', 'Dan'].map((n, i): FakeUser => ({ id: 8801 + i, first_name: n, language_code: 'en' })) as [FakeUser, FakeUser, FakeUser, FakeUser];

beforeAll(async () => {
  fake = new FakeTelegram().scaleLimits(Number(PACE));
  await fake.start();
  const ports = [await freePort(), await freePort()];
  const lb = await startBalancer(ports);
  balancer = lb.server;
  const prefix = `e2e-find:${randomUUID().slice(0, 8)}:`;
  for (const port of ports) {
    bots.push(await startBot(fake, { redisUrl: inject('redisUrl'), prefix, env: { WEBHOOK_URL: `http://127.0.0.1:${lb.port}/hook`, WEBHOOK_PORT: String(port), WEBHOOK_SECRET: 'find_secret', PACE_SCALE: PACE, TIMER_TICK_MS: '200', SEARCH_SECONDS: '8' } }));
  }
  store = new RedisStore(inject('redisUrl'), prefix, ttl);
}, 120_000);

afterAll(async () => {
  const tooMany = [...(fake?.tooManyLog ?? [])];
  for (const b of bots) await b.stop();
  balancer?.close();
  await store?.close();
  await fake?.stop();
  expect(tooMany).toEqual([]);
});

const games = (): Games => new Games({ store });
const said = (u: FakeUser, re: RegExp) => fake.chatMessages(u.id).filter((m) => re.test(m.text ?? ''));

/** The loser resigns, the winner accepts, through the table (the bots hear the match end). */
async function finish(id: string, winner: FakeUser, loser: FakeUser): Promise<void> {
  const g = games();
  const r = (await g.act(id, loser.id, { kind: 'resign', level: 1 })) as { game: GameRecord };
  const done = await g.act(id, winner.id, { kind: 'press', v: r.game.v, press: { type: 'accept' } });
  expect(done).toMatchObject({ kind: 'applied', game: { finished: true } });
}

/** The match the search made for these two (by the records' `matched` mark). */
async function matchOf(a: FakeUser, b: FakeUser): Promise<GameRecord[]> {
  const out: GameRecord[] = [];
  for (const m of [...fake.chatMessages(a.id), ...fake.chatMessages(b.id)]) {
    for (const x of buttons(m)) {
      const id = /^g\|([0-9a-z]{10})\|/.exec(x.data)?.[1];
      if (id && !out.some((g) => g.id === id)) {
        const rec = await games().get(id);
        const ids = rec ? [rec.players.white, rec.players.black].map((p) => (p as { id: number }).id) : [];
        if (rec?.matched && ids.includes(a.id) && ids.includes(b.id)) out.push(rec);
      }
    }
  }
  return out;
}

describe('finding an opponent across two instances', () => {
  it('two searching at once are paired exactly once, play to the end, and one blocks the other', async () => {
    fake.sendText(privateChat(ann), ann, '/find short 1 rated');
    fake.sendText(privateChat(ben), ben, '/find short 1 rated');
    await fake.waitFor(() => said(ann, /Opponent found: Ben/).length && said(ben, /Opponent found: Ann/).length, 20_000, 'both told');
    // Each has the board of the one match, in their private chat.
    const a = await fake.waitFor(() => board(fake, ann.id), 15_000, "Ann's board");
    await fake.waitFor(() => board(fake, ben.id), 15_000, "Ben's board");
    const id = buttons(a).find((b) => b.data.startsWith('g|'))!.data.split('|')[1]!;
    const rec = (await games().get(id))!;
    expect(rec).toMatchObject({ kind: 'link', matched: true });
    expect(rec.match.length).toBe(1);
    // Both saw the other's rating and record before the first roll.
    expect(said(ann, /Opponent found: Ben — rating 1500, 0 wins, 0 losses/)).toHaveLength(1);
    expect(await matchOf(ann, ben)).toHaveLength(1);
    await finish(id, ann, ben);
    const offer = await fake.waitFor(() => said(ben, /The match with Ann is over/).at(-1), 20_000, 'the block offer');
    await fake.waitFor(() => said(ann, /The match with Ben is over/).length, 20_000, "Ann's offer");
    const block = buttons(offer).find((b) => b.data.startsWith('fd|b|'))!.data;
    expect((await fake.answerOf(fake.press(offer, ben, block))).text).toMatch(/not again/);
    // A forged block of a game Cid did not play changes nothing.
    expect((await fake.answerOf(fake.press(offer, cid, block))).text).toMatch(/broken or forged/);
    // The match counted once: Ann won one rated match.
    const { Stats } = await import('../../src/app/stats.js');
    for (let i = 0; i < 100 && (await new Stats(store).of(ann.id)).short.matches < 1; i++) await new Promise((r) => setTimeout(r, 50));
    expect((await new Stats(store).of(ann.id)).short).toMatchObject({ matches: 1, wins: 1 });
  }, 60_000);

  it('three searchers: the blocked pair is not matched, one waits, and when time is up the bot is offered and plays', async () => {
    const before = { ann: fake.messageCount(ann.id), ben: fake.messageCount(ben.id) };
    for (const u of [ann, ben, cid]) fake.sendText(privateChat(u), u, '/find short 1 rated');
    // Cid is paired with Ann or Ben; Ben blocked Ann, so the other one waits.
    await fake.waitFor(() => said(cid, /Opponent found/).length, 20_000, 'Cid paired');
    const partner = said(cid, /Opponent found: Ann/).length ? ann : ben;
    const waiting = partner === ann ? ben : ann;
    expect(fake.chatMessagesSince(waiting.id, before[waiting === ann ? 'ann' : 'ben']).some((m) => /Opponent found/.test(m.text ?? ''))).toBe(false);
    // Its search runs out (8 s here): the bot is offered at the nearest level.
    const expired = await fake.waitFor(() => fake.chatMessagesSince(waiting.id, before[waiting === ann ? 'ann' : 'ben']).find((m) => /Nobody was found/.test(m.text ?? '')) ?? fake.chatMessages(waiting.id).find((m) => /Nobody was found/.test(m.text ?? '') && m.edits > 0), 25_000, 'the expiry');
    const play = buttons(expired).find((b) => b.data.startsWith('pb|'))!;
    expect(play.text).toMatch(/Play the bot \(medium\)/);
    await fake.answerOf(fake.press(expired, waiting, play.data));
    await fake.waitFor(() => {
      const b = board(fake, waiting.id);
      return b && /bot/i.test(b.caption ?? '') ? b : null;
    }, 20_000, 'a game against the bot');
    expect(await matchOf(ann, ben)).toHaveLength(1);
  }, 60_000);

  it('a search can be stopped; a search while in a game, or twice, is answered and changes nothing', async () => {
    const mark = fake.messageCount(dan.id);
    fake.sendText(privateChat(dan), dan, '/find long 3 unrated');
    const looking = await fake.waitFor(() => fake.chatMessagesSince(dan.id, mark).find((m) => /Looking for an opponent: Long nardy, a match to 3, unrated/.test(m.text ?? '')), 15_000, 'looking');
    fake.sendText(privateChat(dan), dan, '/find long 3');
    await fake.waitFor(() => fake.chatMessagesSince(dan.id, mark).find((m) => /already looking/.test(m.text ?? '')), 15_000, 'twice');
    const stop = buttons(looking).find((b) => b.data === 'fd|x')!.data;
    expect((await fake.answerOf(fake.press(looking, dan, stop))).text).toMatch(/Search closed/);
    expect((await fake.answerOf(fake.press(looking, dan, stop))).text).toMatch(/not looking/);
    // Cid is in a match (from the test before): a search is refused.
    const c = fake.messageCount(cid.id);
    fake.sendText(privateChat(cid), cid, '/find');
    await fake.waitFor(() => fake.chatMessagesSince(cid.id, c).find((m) => /game in progress/.test(m.text ?? '')), 15_000, 'in a game');
    // Forged find buttons.
    expect((await fake.answerOf(fake.press(looking, dan, 'fd|long|4'))).text).toMatch(/broken or forged/);
    expect((await fake.answerOf(fake.press(looking, dan, 'fd|b|../etc/pwd'))).text).toMatch(/broken or forged/);
  }, 60_000);
});
