/**
 * Picking a player's next problem: near their rating by each problem's learned rating (the
 * rating that moves with every answer), not only by the bank's starting estimate.
 */
import { describe, expect, it } from 'vitest';
import { Puzzles } from '../../src/app/puzzles/puzzles.js';
import { loadBank } from '../../src/puzzles/bank.js';
import { MemoryStore } from '../../src/store/index.js';

describe('the next problem', () => {
  it('skips problems whose learned rating has moved far from the player', async () => {
    const store = new MemoryStore({ challengeSeconds: 60, finishedSeconds: 600, idleSeconds: 600 });
    const puzzles = new Puzzles(store.docs);
    // Half the problems a new player (1500) would be offered turned out much harder than thought.
    const near = loadBank('short').problems.filter((p) => Math.abs(p.rating - 1500) <= 800);
    const drifted = new Set(near.filter((_, i) => i % 2 === 0).map((p) => p.id));
    for (const id of drifted) {
      await store.docs.save(`puzzle:p:${id}`, 0, JSON.stringify({ rating: { rating: 2700, rd: 60, vol: 0.06 }, attempts: 200, solved: 20 }), 600);
    }
    const picked: string[] = [];
    for (let i = 0; i < 25; i++) picked.push((await puzzles.next(9400 + i, 'short')).problem.id);
    expect(picked.filter((id) => drifted.has(id))).toEqual([]);
    // And a strong player is offered them.
    const strong = 9500;
    await store.docs.save(`puzzle:u:${strong}`, 0, JSON.stringify({ rating: { rating: 2650, rd: 60, vol: 0.06 }, streak: 0, bestStreak: 0, solved: 0, attempts: 0, current: null, recent: [] }), 600);
    const hard = await puzzles.next(strong, 'short');
    expect(drifted.has(hard.problem.id) || hard.problem.rating >= 2000).toBe(true);
  });
});
