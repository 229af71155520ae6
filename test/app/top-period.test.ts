/**
 * Tops by period with a fixed clock: this week and this month count only the period's rated
 * matches (wins, then rating gained, at least three), a group sees its own players, and a match
 * told twice counts once.
 */
import { describe, expect, it } from 'vitest';
import { createApp } from '../../src/app/index.js';
import type { GameRecord } from '../../src/app/model.js';
import { periodId } from '../../src/app/stats.js';
import { MemoryStore } from '../../src/store/index.js';

const ttl = { challengeSeconds: 600, finishedSeconds: 86_400, idleSeconds: 86_400 };
const person = (id: number, name: string) => ({ kind: 'human' as const, id, name, lang: 'en' as const });

describe('tops by period', () => {
  it('a week and a month count only their own matches; a group only its players', async () => {
    // Monday 30 November 2026, noon UTC.
    let now = Date.parse('2026-11-30T12:00:00Z');
    const app = createApp(new MemoryStore(ttl, () => now), { defaultLanguage: 'en', now: () => now, warn: () => undefined });
    /** A rated single game in a group (or by link), won by `winner`. */
    const play = async (chatId: number, a: ReturnType<typeof person>, b: ReturnType<typeof person>, winner: 'a' | 'b'): Promise<GameRecord> => {
      const rec = await app.games.start({ kind: 'group', chatId, lang: 'en', white: a, black: b, variant: 'short', length: 1 });
      const loser = winner === 'a' ? b.id : a.id;
      const off = (await app.games.act(rec.id, loser, { kind: 'resign', level: 1 })) as { game: GameRecord };
      const done = (await app.games.act(rec.id, winner === 'a' ? a.id : b.id, { kind: 'press', v: off.game.v, press: { type: 'accept' } })) as { game: GameRecord };
      expect(done.game.finished).toBe(true);
      return done.game;
    };
    const ann = person(1, 'Ann');
    const ben = person(2, 'Ben');
    const cid = person(3, 'Cid');
    // Last week (November): Cid wins four.
    now = Date.parse('2026-11-27T12:00:00Z');
    for (let i = 0; i < 4; i++) await play(-100, cid, ben, 'a');
    // This week (from Monday 30 November; December begins on Tuesday): Ann wins three of three, Ben one of four.
    now = Date.parse('2026-12-02T12:00:00Z');
    for (let i = 0; i < 3; i++) await play(-200, ann, ben, 'a');
    await play(-100, ben, cid, 'a');
    now = Date.parse('2026-12-03T12:00:00Z');
    expect(periodId('week', now)).toBe('2026-W49');
    const week = await app.stats.topOfPeriod('week', 'short', null);
    expect(week.map((r) => [r.name, r.wins, r.games])).toEqual([
      ['Ann', 3, 3],
      ['Ben', 1, 4],
    ]);
    expect(week[0]!.gained).toBeGreaterThan(0);
    // The rating shown is the current one.
    expect(week[0]!.rating).toBe((await app.stats.of(ann.id)).short.rating);
    // The month: December's matches only (Cid's November wins are not in it; Cid has one December match).
    const month = await app.stats.topOfPeriod('month', 'short', null);
    expect(month.map((r) => r.name)).toEqual(['Ann', 'Ben']);
    // November's month had Cid first.
    now = Date.parse('2026-11-29T12:00:00Z');
    expect((await app.stats.topOfPeriod('month', 'short', null)).map((r) => [r.name, r.wins])).toEqual([
      ['Cid', 4],
      ['Ben', 0],
    ]);
    now = Date.parse('2026-12-03T12:00:00Z');
    // Group -200 saw only Ann and Ben; group -100 saw Ben and Cid (Cid has one match this week: too few).
    expect((await app.stats.topOfPeriod('week', 'short', -200)).map((r) => r.name)).toEqual(['Ann', 'Ben']);
    expect((await app.stats.topOfPeriod('week', 'short', -100)).map((r) => r.name)).toEqual(['Ben']);
    // A match told again counts once.
    const again = await play(-200, ann, ben, 'a');
    await app.stats.record(again);
    await app.stats.record(again);
    expect((await app.stats.topOfPeriod('week', 'short', null))[0]).toMatchObject({ name: 'Ann', wins: 4, games: 4 });
    // Next week starts empty.
    now = Date.parse('2026-12-07T01:00:00Z');
    expect(await app.stats.topOfPeriod('week', 'short', null)).toEqual([]);
  });
});

describe('how a match ended, in the last results', () => {
  it('a match left at 0:0 reads as left, not as a 0:0 result; a claim as on time', async () => {
    const app = createApp(new MemoryStore(ttl), { defaultLanguage: 'en', warn: () => undefined });
    const rec = await app.games.start({ kind: 'group', chatId: -300, lang: 'en', white: person(31, 'Ann'), black: person(32, 'Ben'), variant: 'long', length: 3 });
    expect((await app.games.act(rec.id, 31, { kind: 'forfeit' })).kind).toBe('applied');
    expect((await app.stats.of(31)).long.last[0]).toMatchObject({ won: false, how: 'left', score: '0:0' });
    expect((await app.stats.of(32)).long.last[0]).toMatchObject({ won: true, how: 'left' });
    const { botHarness } = await import('../helpers/bot-harness.js');
    const t = botHarness().created.services.t('ru');
    expect(t('stats-result', { won: 'no', score: '0:0', opponent: 'Бен', delta: '−8,0', how: 'left' })).toBe('поражение (выход из матча) — Бен (−8,0)');
    expect(t('stats-result', { won: 'yes', score: '3:1', opponent: 'Бен', delta: '+8,0', how: 'play' })).toBe('победа 3:1 — Бен (+8,0)');
  });
});
