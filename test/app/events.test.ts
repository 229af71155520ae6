/**
 * The table's events across instances (two apps over one real Redis, as two bot processes): each
 * durable event of a change is heard once per listener, whichever instance takes it; a listener
 * that throws does not stop the others and is tried again; a process that dies between a save and
 * telling its events leaves a guard that another instance's tick turns into the events, once.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createApp, type App } from '../../src/app/index.js';
import type { GameRecord } from '../../src/app/model.js';
import type { DurableEvent } from '../../src/app/table/events.js';
import { RedisStore } from '../../src/store/index.js';

const ttl = { challengeSeconds: 600, finishedSeconds: 600, idleSeconds: 600 };
const ann = { id: 9301, name: 'Ann', lang: 'en' as const };
const ben = { id: 9302, name: 'Ben', lang: 'en' as const };
const stores: RedisStore[] = [];

afterAll(async () => {
  for (const s of stores) await s.close();
});

function instance(prefix: string, now?: () => number): { app: App; store: RedisStore } {
  const store = new RedisStore(inject('redisUrl'), prefix, ttl);
  stores.push(store);
  return { app: createApp(store, { defaultLanguage: 'en', ...(now ? { now } : {}) }), store };
}

async function resignMatch(app: App, rec: GameRecord, loser: number): Promise<GameRecord> {
  for (let i = 0; i < 30 && !rec.finished; i++) {
    if (rec.match.game.phase === 'over') {
      rec = ((await app.games.press(rec.id, rec.v, loser, { type: 'next' })) as { game: GameRecord }).game;
      continue;
    }
    rec = ((await app.games.resign(rec.id, loser, 1)) as { game: GameRecord }).game;
    const winner = rec.players.white.kind === 'human' && rec.players.white.id === loser ? rec.players.black : rec.players.white;
    rec = ((await app.games.press(rec.id, rec.v, (winner as { id: number }).id, { type: 'accept' })) as { game: GameRecord }).game;
  }
  return rec;
}

/** A listener on both instances counting what it hears, by event. */
function counting(apps: App[], name: string, fail?: (e: DurableEvent) => boolean): Map<string, number> {
  const heard = new Map<string, number>();
  for (const app of apps) {
    app.events.on(name, ['gameOver', 'matchOver', 'rematched'], async (e) => {
      if (fail?.(e)) throw new Error('listener down');
      const k = `${e.type}:${e.game}${e.type === 'gameOver' ? `:${e.gameNo}` : ''}`;
      heard.set(k, (heard.get(k) ?? 0) + 1);
    });
  }
  return heard;
}

describe('the table\'s events across two instances', () => {
  let prefix: string;
  beforeAll(() => {
    prefix = `events:${randomUUID().slice(0, 8)}:`;
  });

  it('each game over, match over and rematch is heard once per listener, whichever instance pumps', async () => {
    const a = instance(prefix);
    const b = instance(prefix);
    const heard = counting([a.app, b.app], 'counter');
    await Promise.all([a.app.events.ready(), b.app.events.ready()]);
    let rec = await a.app.games.start({ kind: 'group', chatId: -930, lang: 'en', white: { kind: 'human', ...ann }, black: { kind: 'human', ...ben }, variant: 'long', length: 3 });
    rec = await resignMatch(a.app, rec, ann.id);
    expect(rec.finished).toBe(true);
    const r = await b.app.games.rematch(rec.id, rec.v, ben.id);
    const again = await a.app.games.rematch(rec.id, (r as { game: GameRecord }).game.v, ann.id);
    expect(again.kind).toBe('started');
    // Both instances take what the stream holds: nothing runs twice.
    for (let i = 0; i < 3; i++) await Promise.all([a.app.events.pump(), b.app.events.pump()]);
    const games = [...heard.keys()].filter((k) => k.startsWith('gameOver')).length;
    expect(games).toBeGreaterThanOrEqual(2);
    expect(heard.get(`matchOver:${rec.id}`)).toBe(1);
    expect(heard.get(`rematched:${rec.id}`)).toBe(1);
    expect([...heard.values()].every((n) => n === 1)).toBe(true);
    // The statistics, a listener too, counted the match once.
    expect((await a.app.stats.of(ben.id)).long).toMatchObject({ matches: 1, wins: 1 });
  });

  it('a listener that throws does not stop the others and is tried again, once it can', async () => {
    const p2 = `${prefix}2:`;
    const a = instance(p2);
    const b = instance(p2);
    let down = true;
    const flaky = counting([a.app, b.app], 'flaky', () => down);
    const steady = counting([a.app, b.app], 'steady');
    await Promise.all([a.app.events.ready(), b.app.events.ready()]);
    const rec = await resignMatch(a.app, await a.app.games.start({ kind: 'group', chatId: -931, lang: 'en', white: { kind: 'human', ...ann }, black: { kind: 'human', ...ben }, variant: 'short', length: 1 }), ben.id);
    expect(steady.get(`matchOver:${rec.id}`)).toBe(1);
    expect(flaky.size).toBe(0);
    down = false;
    await b.app.events.pump();
    await a.app.events.pump();
    expect(flaky.get(`matchOver:${rec.id}`)).toBe(1);
    expect(steady.get(`matchOver:${rec.id}`)).toBe(1);
  });

  it('a process that dies between the save and telling its events: another instance\'s tick tells them, once', async () => {
    const p3 = `${prefix}3:`;
    let t = Date.now();
    const now = (): number => t;
    const a = instance(p3, now);
    const b = instance(p3, now);
    const heard = counting([a.app, b.app], 'counter');
    await Promise.all([a.app.events.ready(), b.app.events.ready()]);
    // Instance a's stream is cut after its save: its events never get out (as if it died there).
    const real = a.store.events.add.bind(a.store.events);
    a.store.events.add = async () => {
      throw new Error('killed');
    };
    const rec = await resignMatch(a.app, await a.app.games.start({ kind: 'group', chatId: -932, lang: 'en', white: { kind: 'human', ...ann }, black: { kind: 'human', ...ben }, variant: 'short', length: 1 }), ann.id);
    a.store.events.add = real;
    expect(rec.finished).toBe(true);
    expect(heard.size).toBe(0);
    t += 31_000;
    await b.app.tick();
    await b.app.tick();
    await a.app.tick();
    expect(heard.get(`matchOver:${rec.id}`)).toBe(1);
    expect(heard.get(`gameOver:${rec.id}:1`)).toBe(1);
    expect((await b.app.stats.of(ben.id)).short).toMatchObject({ matches: 1, wins: 1 });
  });
});
