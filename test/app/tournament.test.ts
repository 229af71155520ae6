/**
 * Tournaments through the use cases (no Telegram): a Swiss, a knockout and a round robin played to
 * their end by real matches of the table; bad requests change nothing; and pairing properties over
 * random tournaments (4–128 players, random results and withdrawals).
 */
import { describe, expect, it } from 'vitest';
import blossom from 'edmonds-blossom-fixed';
import { createApp, type App } from '../../src/app/index.js';
import type { GameRecord } from '../../src/app/model.js';
import type { Tournament, TournamentSettings } from '../../src/app/tournament/model.js';
import { nextDraw, roundsFor } from '../../src/app/tournament/pairing.js';
import { pairKey, standings } from '../../src/app/tournament/standings.js';
import { podium } from '../../src/app/tournament/tournaments.js';
import { seededRandom } from '../../src/sim/rng.js';
import { MemoryStore } from '../../src/store/index.js';

const ttl = { challengeSeconds: 600, finishedSeconds: 86_400, idleSeconds: 86_400 };
const GROUP = -7001;

function setup() {
  let t = 10_000_000;
  const clock = { now: () => t, advance: (ms: number) => (t += ms) };
  const store = new MemoryStore(ttl, clock.now);
  const app = createApp(store, { defaultLanguage: 'en', now: clock.now, warn: () => undefined, chanceOfWhite: async () => 0.7 });
  return { app, store, clock };
}

const settings = (over: Partial<TournamentSettings> = {}): TournamentSettings => ({ variant: 'short', format: 'swiss', length: 1, cube: false, rated: true, moveSeconds: 3600, roundSeconds: 86_400, maxPlayers: 32, startAt: null, grow: false, rounds: null, ...over });
const people = (n: number) => Array.from({ length: n }, (_, i) => ({ id: 500 + i, name: `P${i + 1}`, lang: 'en' as const }));

/** Play every unfinished match of the current round: the loser (by `pick`) resigns, the winner accepts. */
async function playRound(app: App, id: string, pick: (a: number, b: number) => number): Promise<void> {
  const t = (await app.tournaments.get(id))!;
  const round = t.rounds.at(-1)!;
  for (const p of round.pairings) {
    if (p.result || p.b === null) continue;
    expect(p.game).toBeTruthy();
    const rec = (await app.games.get(p.game!))!;
    expect(rec.tournament).toEqual({ id, round: round.no });
    expect(rec.kind).toBe('link');
    const winner = pick(p.a, p.b);
    const loser = winner === p.a ? p.b : p.a;
    // Game after game of the match, the loser resigns and the winner accepts.
    let g = rec;
    for (let k = 0; k < 30 && !g.finished; k++) {
      if (g.match.game.phase === 'over') g = ((await app.games.act(rec.id, winner, { kind: 'press', v: g.v, press: { type: 'next' } })) as { game: GameRecord }).game;
      const offered = await app.games.act(rec.id, loser, { kind: 'resign', level: 1 });
      expect(offered.kind).toBe('applied');
      const done = await app.games.act(rec.id, winner, { kind: 'press', v: (offered as { game: GameRecord }).game.v, press: { type: 'accept' } });
      expect(done.kind).toBe('applied');
      g = (done as { game: GameRecord }).game;
    }
    expect(g.finished).toBe(true);
  }
}

describe('a tournament through the use cases', () => {
  it('a Swiss of 3 rounds with 5 players: one bye a round, never twice to one player, no pair twice, to the podium', async () => {
    const { app } = setup();
    const made = await app.tournaments.create(GROUP, 'en', { id: 500, name: 'P1' }, settings({ rounds: 3 }));
    expect(made.kind).toBe('created');
    const id = (made as { tournament: Tournament }).tournament.id;
    // A second tournament in the same group is refused while this one lives.
    expect((await app.tournaments.create(GROUP, 'en', { id: 501, name: 'P2' }, settings())).kind).toBe('exists');
    for (const p of people(5)) expect((await app.tournaments.join(id, p)).kind).toBe('joined');
    expect((await app.tournaments.join(id, people(1)[0]!)).kind).toBe('already');
    // Only the creator (or an admin) starts it.
    expect((await app.tournaments.start(id, 502, false)).kind).toBe('not-allowed');
    expect((await app.tournaments.start(id, 500, false)).kind).toBe('done');
    expect((await app.tournaments.join(id, { id: 999, name: 'Late', lang: 'en' })).kind).toBe('joined'); // a Swiss takes late joiners in its first half
    for (let r = 0; r < 3; r++) await playRound(app, id, (a, b) => Math.min(a, b));
    const t = (await app.tournaments.get(id))!;
    expect(t.status).toBe('finished');
    expect(t.rounds).toHaveLength(3);
    const byes = t.rounds.flatMap((r) => r.pairings.filter((p) => p.b === null).map((p) => p.a));
    expect(new Set(byes).size).toBe(byes.length);
    const pairs = t.rounds.flatMap((r) => r.pairings.filter((p) => p.b !== null).map((p) => pairKey(p.a, p.b!)));
    expect(new Set(pairs).size).toBe(pairs.length);
    const table = standings(t);
    expect(table[0]!.id).toBe(500);
    expect(podium(t).map((p) => p.place)).toEqual([1, 2, 3]);
    // The group and the players are free again; the champion's statistics count the tournament.
    expect(await app.tournaments.active(GROUP)).toBeNull();
    expect((await app.stats.of(500)).tournaments).toMatchObject({ played: 1, won: 1 });
    expect((await app.stats.of(503)).tournaments).toMatchObject({ played: 1, won: 0 });
    // Rated matches: the champion's rating moved.
    expect((await app.stats.of(500)).short.rating).toBeGreaterThan(1500);
  });

  it('a knockout of 5 with byes to the top seeds, and a round robin of 4, both to their end', async () => {
    const { app } = setup();
    const ko = ((await app.tournaments.create(GROUP, 'en', { id: 500, name: 'P1' }, settings({ format: 'knockout', grow: true, rated: false }))) as { tournament: Tournament }).tournament.id;
    for (const p of people(5)) await app.tournaments.join(ko, p);
    await app.tournaments.start(ko, 500, false);
    let t = (await app.tournaments.get(ko))!;
    expect(t.rounds[0]!.pairings.filter((p) => p.b === null)).toHaveLength(3);
    for (let r = 0; r < 3 && t.status === 'running'; r++) {
      await playRound(app, ko, (a, b) => Math.max(a, b));
      t = (await app.tournaments.get(ko))!;
    }
    expect(t.status).toBe('finished');
    expect(t.rounds.map((r) => r.length)).toEqual([1, 3, 5]);
    expect(podium(t)[0]!.id).toBe(504);
    // Unrated: no rating moved.
    expect((await app.stats.of(504)).short.rating).toBe(1500);

    const rr = ((await app.tournaments.create(GROUP, 'en', { id: 500, name: 'P1' }, settings({ format: 'roundrobin', variant: 'long' }))) as { tournament: Tournament }).tournament.id;
    for (const p of people(4)) await app.tournaments.join(rr, p);
    await app.tournaments.start(rr, 500, false);
    for (let r = 0; r < 3; r++) await playRound(app, rr, (a, b) => Math.min(a, b));
    t = (await app.tournaments.get(rr))!;
    expect(t.status).toBe('finished');
    const pairs = t.rounds.flatMap((r) => r.pairings.map((p) => pairKey(p.a, p.b!)));
    expect(new Set(pairs).size).toBe(6);
    expect(standings(t).map((s) => s.points)).toEqual([3, 2, 1, 0]);
  });

  it('the round deadline: a level match goes to the bot\'s chances, a lead decides, both idle lose; a withdrawal forfeits', async () => {
    const { app, clock } = setup();
    const id = ((await app.tournaments.create(GROUP, 'en', { id: 500, name: 'P1' }, settings({ roundSeconds: 7200, rounds: 2 }))) as { tournament: Tournament }).tournament.id;
    for (const p of people(6)) await app.tournaments.join(id, p);
    await app.tournaments.start(id, 500, false);
    let t = (await app.tournaments.get(id))!;
    const [p1, p2, p3] = t.rounds[0]!.pairings;
    // p1: someone acts (a resignation offered and declined), so not idle; level score: the chances decide.
    const g1 = (await app.games.get(p1!.game!))!;
    const off = (await app.games.act(g1.id, p1!.a, { kind: 'resign', level: 1 })) as { game: GameRecord };
    expect((await app.games.act(g1.id, p1!.b!, { kind: 'press', v: off.game.v, press: { type: 'decline' } })).kind).toBe('applied');
    // p2: a player withdraws: the other wins at once.
    expect((await app.tournaments.leave(id, p2!.b!)).kind).toBe('done');
    // p3: nobody acts.
    clock.advance(7200_000 + 1000);
    await app.tick();
    t = (await app.tournaments.get(id))!;
    const r1 = t.rounds[0]!.pairings;
    const white = (await app.games.get(p1!.game!))!.players.white as { id: number };
    expect(r1[0]!.result).toMatchObject({ how: 'adjudicated', winner: white.id, chance: 0.7 });
    expect(r1[1]!.result).toMatchObject({ how: 'forfeit', winner: p2!.a });
    expect(r1[2]!.result).toMatchObject({ how: 'both-idle', winner: null });
    // The games were ended; round 2 is paired without the player who left.
    expect((await app.games.get(p1!.game!))!.finished).toBe(true);
    expect(t.rounds).toHaveLength(2);
    expect(t.rounds[1]!.pairings.some((p) => p.a === p2!.b || p.b === p2!.b)).toBe(false);
  });

  it('bad requests change nothing: joining a closed or full one, managing without the right, a forged id', async () => {
    const { app } = setup();
    const id = ((await app.tournaments.create(GROUP, 'en', { id: 500, name: 'P1' }, settings({ maxPlayers: 3 }))) as { tournament: Tournament }).tournament.id;
    for (const p of people(3)) await app.tournaments.join(id, p);
    expect((await app.tournaments.join(id, { id: 900, name: 'X', lang: 'en' })).kind).toBe('full');
    expect((await app.tournaments.join('zzzzzzzzzz', { id: 900, name: 'X', lang: 'en' })).kind).toBe('gone');
    expect((await app.tournaments.join('../../etc', { id: 900, name: 'X', lang: 'en' })).kind).toBe('gone');
    expect((await app.tournaments.cancel(id, 501, false)).kind).toBe('not-allowed');
    expect((await app.tournaments.start(id, 500, false)).kind).toBe('done');
    expect((await app.tournaments.start(id, 500, false)).kind).toBe('wrong-state');
    const v = (await app.tournaments.get(id))!.v;
    expect((await app.tournaments.pause(id, 502, false, true)).kind).toBe('not-allowed');
    expect((await app.tournaments.get(id))!.v).toBe(v);
    // An admin may cancel: the matches are decided and the tournament ends.
    expect((await app.tournaments.cancel(id, 777, true)).kind).toBe('done');
    expect((await app.tournaments.get(id))!.status).toBe('cancelled');
    expect((await app.tournaments.join(id, { id: 901, name: 'Y', lang: 'en' })).kind).toBe('closed');
  });
});

// ---- pairing properties ---------------------------------------------------------------------------

function blank(n: number, format: Tournament['settings']['format'], rnd: () => number): Tournament {
  return {
    schema: 1, id: 'prop000000', chatId: 1, lang: 'en', creator: { id: 1, name: 'c' }, settings: settings({ format }), status: 'running',
    players: Array.from({ length: n }, (_, i) => ({ id: i + 1, name: `p${i}`, lang: 'en' as const, rating: 1300 + Math.floor(rnd() * 400), joinedAt: i })),
    rounds: [], totalRounds: roundsFor(format, n), messages: { announce: null, pairings: {} }, createdAt: 0, updatedAt: 0,
  };
}

function play(t: Tournament, rnd: () => number): Tournament {
  const draw = nextDraw(t);
  const pairings = draw.map((d) => ({ ...d, result: d.b === null ? { winner: d.a, a: 0, b: 0, how: 'bye' as const } : (() => { const w = rnd() < 0.5 ? d.a : d.b!; return { winner: w, a: w === d.a ? 1 : 0, b: w === d.b ? 1 : 0, how: 'played' as const }; })() }));
  return { ...t, rounds: [...t.rounds, { no: t.rounds.length + 1, length: 1, startedAt: 0, deadline: 0, pairings }] };
}

describe('pairing properties over random tournaments', () => {
  it('Swiss: everyone active is paired once a round, at most one bye each, a pair meets again only when nothing else pairs them, standings recompute', () => {
    const rnd = seededRandom(77);
    for (const n of [4, 5, 7, 8, 13, 16, 31, 64, 128]) {
      let t = blank(n, 'swiss', rnd);
      for (let r = 0; r < t.totalRounds; r++) {
        // Now and then a player withdraws.
        if (r > 0 && rnd() < 0.3) {
          const live = t.players.filter((p) => !p.out);
          const who = live[Math.floor(rnd() * live.length)]!;
          t = { ...t, players: t.players.map((p) => (p.id === who.id ? { ...p, out: 'withdrew' as const } : p)) };
        }
        const met = new Set(t.rounds.flatMap((x) => x.pairings.filter((p) => p.b !== null).map((p) => pairKey(p.a, p.b!))));
        t = play(t, rnd);
        const round = t.rounds.at(-1)!;
        // A pair meets again only when no pairing of these players avoids it (checked by a maximum
        // matching over the pairs not yet met).
        const repeats = round.pairings.filter((p) => p.b !== null && met.has(pairKey(p.a, p.b))).length;
        if (repeats > 0) {
          const ids = round.pairings.filter((p) => p.b !== null).flatMap((p) => [p.a, p.b!]);
          const edges: Array<[number, number, number]> = [];
          for (let i = 0; i < ids.length; i++) for (let j = i + 1; j < ids.length; j++) if (!met.has(pairKey(ids[i]!, ids[j]!))) edges.push([i, j, 1]);
          const mate = edges.length ? blossom(edges, true) : [];
          expect(mate.filter((m) => m >= 0).length).toBeLessThan(ids.length);
        }
        const seen = round.pairings.flatMap((p) => (p.b === null ? [p.a] : [p.a, p.b]));
        expect(new Set(seen).size).toBe(seen.length);
        expect(seen.sort((a, b) => a - b)).toEqual(t.players.filter((p) => !p.out).map((p) => p.id).sort((a, b) => a - b));
        expect(round.pairings.filter((p) => p.b === null).length).toBe(seen.length % 2);
      }
      const byes = t.rounds.flatMap((r) => r.pairings.filter((p) => p.b === null).map((p) => p.a));
      if (t.totalRounds <= Math.ceil(n / 2)) expect(new Set(byes).size).toBe(byes.length);
      // Standings are a pure function of the stored results: recomputed from a copy, the same.
      expect(standings(JSON.parse(JSON.stringify(t)) as Tournament)).toEqual(standings(t));
      const s = standings(t);
      for (let i = 1; i < s.length; i++) expect(s[i - 1]!.points >= s[i]!.points).toBe(true);
      // Points equal wins plus byes.
      for (const row of s) expect(row.points).toBe(row.wins);
    }
  });

  it('knockout: a bracket of log2 rounds, byes only in round one (to the top seeds), one champion', () => {
    const rnd = seededRandom(78);
    for (const n of [4, 5, 6, 9, 16, 33, 100, 128]) {
      let t = blank(n, 'knockout', rnd);
      const rounds = Math.ceil(Math.log2(n));
      for (let r = 0; r < rounds; r++) t = play(t, rnd);
      const first = t.rounds[0]!.pairings;
      const byes = first.filter((p) => p.b === null).map((p) => p.a);
      expect(byes.length).toBe(2 ** rounds - n);
      const bySeed = [...t.players].sort((x, y) => y.rating - x.rating || x.joinedAt - y.joinedAt).map((p) => p.id);
      expect(new Set(byes)).toEqual(new Set(bySeed.slice(0, byes.length)));
      for (const r of t.rounds.slice(1)) expect(r.pairings.every((p) => p.b !== null)).toBe(true);
      expect(t.rounds.at(-1)!.pairings).toHaveLength(1);
    }
  });

  it('round robin: every pair exactly once', () => {
    const rnd = seededRandom(79);
    for (const n of [3, 4, 7, 12]) {
      let t = blank(n, 'roundrobin', rnd);
      for (let r = 0; r < t.totalRounds; r++) t = play(t, rnd);
      const pairs = t.rounds.flatMap((r) => r.pairings.filter((p) => p.b !== null).map((p) => pairKey(p.a, p.b!)));
      expect(new Set(pairs).size).toBe(pairs.length);
      expect(pairs.length).toBe((n * (n - 1)) / 2);
    }
  });
});
