/** Reviews analysed in worker threads (ReviewThreads): the same analysis as on the main thread. */
import { afterAll, describe, expect, it } from 'vitest';
import { analyse } from '../../src/ai/analysis.js';
import { analyserHere, ReviewThreads } from '../../src/app/reviews.js';
import { parseExport, type GameExport } from '../../src/engine/gamefile.js';

function exported(record: string[]): GameExport {
  return parseExport({ format: 'nardy-game', version: 1, id: 'test000001', variant: 'short', rules: {}, length: 1, players: { white: 'Ann', black: 'Ben' }, games: [{ number: 1, score: { white: 0, black: 0 }, crawford: false, postCrawford: false, record, result: null }] });
}

const GAME = exported(['opening 3-1', 'W 31: 13/10 6/5', 'B 64: 24/18 13/9', 'W 52: 13/8 13/11', 'B 33: 13/10(2) 6/3(2)', 'W 61: 13/7 8/7']);
const threads: ReviewThreads[] = [];
afterAll(async () => {
  await Promise.all(threads.map((t) => t.close()));
});

describe('ReviewThreads', () => {
  it('analyses a game in a worker thread exactly as the main thread does, telling its progress', async () => {
    const t = new ReviewThreads(1);
    threads.push(t);
    const shares: number[] = [];
    const there = await t.analyse(GAME, async (s) => void shares.push(s));
    const here = await analyse(GAME);
    expect(there).toEqual(here);
    // At the Review's depth: the look two plies ahead was taken (13/10 6/5 loses more than 0.02).
    expect(there.secondLook).not.toBeNull();
    expect(there.decisions.length).toBeGreaterThan(4);
    expect(shares.length).toBeGreaterThan(2);
    expect(shares).toEqual([...shares].sort((a, b) => a - b));
    expect(shares.at(-1)).toBe(1);
  }, 60_000);

  it('analyses at the depth it is given, as the main thread and the in-process analyser do at that depth', async () => {
    const t = new ReviewThreads(1, 60_000, { plies: 0 });
    threads.push(t);
    const there = await t.analyse(GAME, async () => undefined);
    const here = await analyse(GAME, { plies: 0 });
    expect(there).toEqual(here);
    expect(await analyserHere({ plies: 0 })(GAME, async () => undefined)).toEqual(here);
    // Not the Review's depth (1 ply with a second look), which the worker would give without it.
    expect([there.plies, there.secondLook]).toEqual([0, null]);
  }, 60_000);

  // The threads' life (failures, idling, closing) at 0 ply: the depth is the tests' above.
  it('fails a game that cannot be analysed with its reason, and goes on with the next', async () => {
    const t = new ReviewThreads(1, 60_000, { plies: 0 });
    threads.push(t);
    await expect(t.analyse(exported(['opening 3-1', 'W 31: 13/10 13/12']), async () => undefined)).rejects.toThrow(/not a legal play/);
    const a = await t.analyse(GAME, async () => undefined);
    expect(a.decisions.length).toBeGreaterThan(4);
  }, 60_000);

  it('stops an idle worker (its memory given back) and starts one again for the next game', async () => {
    const t = new ReviewThreads(1, 100, { plies: 0 });
    threads.push(t);
    expect(t.started).toBe(0);
    const first = await t.analyse(GAME, async () => undefined);
    expect(t.started).toBe(1);
    for (let i = 0; i < 100 && t.started; i++) await new Promise((r) => setTimeout(r, 20));
    expect(t.started).toBe(0);
    expect(await t.analyse(GAME, async () => undefined)).toEqual(first);
  }, 60_000);

  it('fails the analyses in hand when it is closed, and refuses new ones', async () => {
    const t = new ReviewThreads(2, 60_000, { plies: 0 });
    threads.push(t);
    const running = t.analyse(GAME, async () => undefined);
    await t.close();
    await expect(running).rejects.toThrow(/review thread stopped/);
    await expect(t.analyse(GAME, async () => undefined)).rejects.toThrow(/closed/);
  }, 60_000);
});
