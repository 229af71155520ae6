/** Games by link, statistics and ratings, move clocks: the use cases over the in-process store. */
import { describe, expect, it } from 'vitest';
import { createPlayer } from '../../src/ai/player.js';
import { inProcess } from '../../src/ai/thinker.js';
import { sideOfUser } from '../../src/app/games.js';
import { createApp } from '../../src/app/index.js';
import type { GameRecord } from '../../src/app/model.js';
import type { InviteUser } from '../../src/app/invitations.js';
import { seededRandom } from '../../src/sim/rng.js';
import { MemoryStore } from '../../src/store/index.js';

const ttl = { challengeSeconds: 600, finishedSeconds: 600, idleSeconds: 6000 };
const ann: InviteUser = { id: 11, name: 'Ann', lang: 'en' };
const ben: InviteUser = { id: 12, name: 'Бен', lang: 'ru' };
const eve: InviteUser = { id: 13, name: 'Eve', lang: 'en' };

function setup() {
  let t = 1_000_000;
  const clock = { now: () => t, advance: (ms: number) => (t += ms) };
  const store = new MemoryStore(ttl, clock.now);
  const app = createApp(store, { defaultLanguage: 'en', now: clock.now, moveLimits: { group: 300, link: 3600, notice: 20 }, invitationSeconds: 600, player: (l) => inProcess(createPlayer(l, seededRandom(3))) });
  return { app, store, clock };
}

/** Resign the match for `loser` (and accept): one game per press pair until it ends. */
async function resignMatch(app: ReturnType<typeof setup>['app'], rec: GameRecord, loser: number, level: 1 | 2 | 3 = 1): Promise<GameRecord> {
  for (let i = 0; i < 30 && !rec.finished; i++) {
    if (rec.match.game.phase === 'over') {
      const r = await app.games.press(rec.id, rec.v, loser, { type: 'next' });
      rec = (r as { game: GameRecord }).game;
      continue;
    }
    let r = await app.games.resign(rec.id, loser, level);
    rec = (r as { game: GameRecord }).game;
    const winner = rec.players.white.kind === 'human' && rec.players.white.id === loser ? rec.players.black : rec.players.white;
    r = await app.games.press(rec.id, rec.v, (winner as { id: number }).id, { type: 'accept' });
    rec = (r as { game: GameRecord }).game;
  }
  return rec;
}

describe('invitations by link', () => {
  it('open, own, accepted once, then used; the game has a board in each private chat, each from its side', async () => {
    const { app } = setup();
    const inv = await app.invitations.create(ann, 'long', 3, true);
    expect((await app.invitations.view(inv.id, ann.id)).kind).toBe('own');
    expect((await app.invitations.view(inv.id, ben.id)).kind).toBe('open');
    const [a, b] = await Promise.all([app.invitations.accept(inv.id, ben, 'p1'), app.invitations.accept(inv.id, eve, 'p2')]);
    const started = [a, b].find((r) => r.kind === 'started') as Extract<typeof a, { kind: 'started' }>;
    expect([a.kind, b.kind].sort()).toEqual(['started', 'used']);
    const rec = started.game;
    expect(rec.kind).toBe('link');
    expect(rec.match.rules.cube).toBe(true);
    const acceptor = sideOfUser(rec, ben.id) ? ben : eve;
    expect(rec.seats.map((s) => s.chatId).sort()).toEqual([ann.id, acceptor.id].sort());
    for (const seat of rec.seats) expect(sideOfUser(rec, seat.owner!)).toBe(seat.viewer);
    expect(rec.dice.commit).toBe(inv.dice.commit);
    expect(await app.invitations.view(inv.id, eve.id)).toMatchObject({ kind: 'used', mine: acceptor === eve });
    expect((await app.games.inChat(ann.id)).map((g) => g.id)).toEqual([inv.id]);
  });

  it('expires, can be cancelled by the inviter only, declined by anyone else; a forged id is gone', async () => {
    const { app, clock } = setup();
    const inv = await app.invitations.create(ann, 'short', 1, true);
    expect(inv.cube).toBe(false);
    expect((await app.invitations.end(inv.id, ben.id, 'cancel')).kind).toBe('not-allowed');
    expect((await app.invitations.end(inv.id, ann.id, 'decline')).kind).toBe('not-allowed');
    expect((await app.invitations.end(inv.id, ann.id, 'cancel')).kind).toBe('done');
    expect((await app.invitations.accept(inv.id, ben, 'p')).kind).toBe('gone');
    const late = await app.invitations.create(ann, 'short', 1, false);
    clock.advance(601_000);
    expect((await app.invitations.view(late.id, ben.id)).kind).toBe('gone');
    expect((await app.invitations.view('../../etc', ben.id)).kind).toBe('gone');
  });
});

describe('statistics and ratings', () => {
  it('a rated match is taken once into both players\' records, with FIBS changes, even if recorded again', async () => {
    const { app } = setup();
    const inv = await app.invitations.create(ann, 'long', 1, false);
    const r = await app.invitations.accept(inv.id, ben, 'p');
    let rec = (r as { game: GameRecord }).game;
    rec = await resignMatch(app, rec, ben.id, 2);
    expect(rec.finished).toBe(true);
    // Newcomers (K = 5), equal ratings, 1 point: ±10.
    const annSide = sideOfUser(rec, ann.id)!;
    expect(rec.rating![annSide]).toEqual({ before: 1500, after: 1510 });
    await app.games.recordMatch(rec);
    await app.games.recordMatch(rec);
    const a = await app.stats.of(ann.id);
    const b = await app.stats.of(ben.id);
    expect(a.long).toMatchObject({ matches: 1, wins: 1, losses: 0, rating: 1510, best: 1510, experience: 1, pointsWon: 2, marsWon: 1, history: [1510] });
    expect(b.long).toMatchObject({ matches: 1, wins: 0, losses: 1, rating: 1490, best: 1500, pointsLost: 2, marsLost: 1 });
    expect(b.long.last[0]).toMatchObject({ opponent: 'Ann', won: false, score: '0:2', delta: -10 });
    expect(await app.stats.top(null, 'long')).toEqual([
      { userId: ann.id, name: 'Ann', rating: 1510, matches: 1 },
      { userId: ben.id, name: 'Бен', rating: 1490, matches: 1 },
    ]);
  });

  it('games against the bot are counted apart by level and move no rating', async () => {
    const { app } = setup();
    const rec = await app.games.start({ kind: 'bot', chatId: ann.id, lang: 'en', white: { kind: 'human', ...ann }, black: { kind: 'bot', level: 'easy' }, variant: 'short', length: 1 });
    const out = await app.games.forfeit(rec.id, ann.id);
    expect(out.kind).toBe('applied');
    const over = (out as { game: GameRecord }).game;
    expect(over.rating).toBeUndefined();
    const s = await app.stats.of(ann.id);
    expect(s.bot.short.easy).toEqual({ wins: 0, losses: 1, pointsWon: 0, pointsLost: 0 });
    expect(s.short.matches).toBe(0);
    expect(s.short.rating).toBe(1500);
  });

  it('a crash between the last save and the statistics: the rate timer takes it later, once', async () => {
    const { app, store, clock } = setup();
    const inv = await app.invitations.create(ann, 'short', 1, false);
    let rec = ((await app.invitations.accept(inv.id, ben, 'p')) as { game: GameRecord }).game;
    // The statistics are down for the last save: the match ends, its record waits.
    const real = store.stats.save.bind(store.stats);
    store.stats.save = async () => { throw new Error('down'); };
    rec = await resignMatch(app, rec, ann.id);
    store.stats.save = real;
    expect((await app.stats.of(ben.id)).short.matches).toBe(0);
    clock.advance(61_000);
    await app.tick();
    await app.tick();
    expect((await app.stats.of(ben.id)).short).toMatchObject({ matches: 1, wins: 1 });
    expect((await app.stats.of(ann.id)).short).toMatchObject({ matches: 1, losses: 1 });
  });

  it('a group\'s leaderboard lists who finished a rated match there', async () => {
    const { app } = setup();
    const play = async (w: typeof ann, b: typeof ann, loser: number): Promise<void> => {
      const rec = await app.games.start({ kind: 'group', chatId: -700, lang: 'en', white: { kind: 'human', ...w }, black: { kind: 'human', ...b }, variant: 'long', length: 1 });
      await resignMatch(app, rec, loser);
    };
    await play(ann, ben, ben.id);
    await play(ann, eve, ann.id);
    await play(ben, eve, ben.id);
    const top = await app.stats.top(-700, 'long');
    expect(top.map((e) => e.name)).toEqual(['Eve', 'Ann', 'Бен']);
    expect(await app.stats.top(-701, 'long')).toEqual([]);
    expect(await app.stats.place(-700, 'long', ben.id)).toBe(3);
  });
});

describe('move clocks', () => {
  it('remind once half way, then the waiting player may claim: the idle side loses the whole match', async () => {
    const { app, clock } = setup();
    const inv = await app.invitations.create(ann, 'long', 3, false);
    const rec = ((await app.invitations.accept(inv.id, ben, 'p')) as { game: GameRecord }).game;
    expect(await app.tick()).toEqual([]);
    // Twenty seconds without a move: the notice (once); half the limit: the reminder (once).
    clock.advance(20_000);
    expect(await app.tick()).toEqual([expect.objectContaining({ kind: 'notice', side: rec.match.game.position.turn })]);
    expect(await app.tick()).toEqual([]);
    clock.advance(1_781_000);
    const [remind] = await app.tick();
    expect(remind).toMatchObject({ kind: 'remind', side: rec.match.game.position.turn });
    expect(await app.tick()).toEqual([]);
    clock.advance(1_800_000);
    const [claim] = await app.tick();
    expect(claim).toMatchObject({ kind: 'claimable', side: remind!.side });
    const idle = (rec.players[claim!.side] as { id: number }).id;
    const waiting = idle === ann.id ? ben.id : ann.id;
    expect((await app.games.claim(rec.id, idle, (claim as { key: string }).key)).kind).toBe('stale');
    expect((await app.games.claim(rec.id, waiting, 'wrong')).kind).toBe('stale');
    const r = await app.games.claim(rec.id, waiting, (claim as { key: string }).key);
    expect(r.kind).toBe('applied');
    const after = (r as { game: GameRecord }).game;
    // A match to 3: not one game but the match ends, scored as a match loss of the idle side, rated once.
    expect(after.finished).toBe(true);
    expect(after.match.winner).toBe(sideOfUser(after, waiting));
    expect(after.match.game.result).toMatchObject({ reason: 'forfeit', winner: sideOfUser(after, waiting) });
    expect(after.events.at(-1)).toMatchObject({ type: 'claimed' });
    const [sw, si] = [await app.stats.of(waiting), await app.stats.of(idle)];
    expect([sw.long.matches, sw.long.wins, si.long.matches, si.long.wins]).toEqual([1, 1, 1, 0]);
    expect((await app.games.claim(rec.id, waiting, (claim as { key: string }).key)).kind).toBe('stale');
    expect((await app.stats.of(waiting)).long.matches).toBe(1);
  });

  it('no "your move" notice for a player who has already acted in the turn', async () => {
    const { app, clock } = setup();
    const { actor, currentTurn } = await import('../../src/engine/game.js');
    const inv = await app.invitations.create(ann, 'long', 1, false);
    let rec = ((await app.invitations.accept(inv.id, ben, 'p')) as { game: GameRecord }).game;
    // A second after the turn passed, the player to act rolls or steps; until a press leaves
    // the turn with the one who pressed (a press that ends the turn starts the other's).
    let acted = false;
    for (let i = 0; i < 20 && !acted; i++) {
      clock.advance(1000);
      const g = rec.match.game;
      const side = actor(g) ?? g.position.turn;
      const user = (rec.players[side] as { id: number }).id;
      const press = g.phase === 'roll' ? { type: 'roll' as const } : { type: 'step' as const, step: currentTurn(g).next[0]! };
      const r = await app.games.press(rec.id, rec.v, user, press);
      expect(r.kind).toBe('applied');
      rec = (r as { game: GameRecord }).game;
      acted = (actor(rec.match.game) ?? rec.match.game.position.turn) === side && rec.match.game.phase === 'move';
    }
    expect(acted).toBe(true);
    clock.advance(25_000);
    expect((await app.tick()).filter((e) => e.kind === 'notice')).toEqual([]);
  });

  it('a move in time restarts the clock; games with the bot have none', async () => {
    const { app, clock, store } = setup();
    const g = await app.games.start({ kind: 'group', chatId: -9, lang: 'en', white: { kind: 'human', ...ann }, black: { kind: 'human', ...ben }, variant: 'long', length: 1 });
    const first = await app.clocks.state(g.id);
    expect(first).not.toBeNull();
    clock.advance(100_000);
    const mover = g.match.game.position.turn === 'white' ? ann.id : ben.id;
    const r = await app.games.resign(g.id, mover, 1);
    const st = await app.clocks.state(g.id);
    expect(st!.since).toBe(first!.since + 100_000);
    expect(st!.side).not.toBe(first!.side);
    void r;
    const bot = await app.games.start({ kind: 'bot', chatId: ann.id, lang: 'en', white: { kind: 'human', ...ann }, black: { kind: 'bot', level: 'easy' }, variant: 'long', length: 1 });
    expect(await app.clocks.state(bot.id)).toBeNull();
    expect(await store.timers.when(`idle:${bot.id}`)).toBeNull();
  });
});

describe('a stored clock is decoded, never trusted', () => {
  it('a broken or forged clock record is no clock: nothing can be claimed from it', async () => {
    const { decodeClock } = await import('../../src/app/clocks.js');
    expect(decodeClock({ key: '1.2.turn.white', side: 'white', since: 5, reminded: false, claimable: true })).toMatchObject({ claimable: true });
    for (const bad of [null, 'x', {}, { key: '1.2.turn.white', side: 'red', since: 5, reminded: false, claimable: true }, { key: 'drop table', side: 'white', since: 5, reminded: false, claimable: true }, { key: '1.2.turn.white', side: 'white', since: 'now', reminded: false, claimable: true }, { key: '1.2.turn.white', side: 'white', since: 5, reminded: 0, claimable: 1 }]) {
      expect(decodeClock(bad)).toBeNull();
    }
  });
});
