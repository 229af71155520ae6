/**
 * Picking a player's next problem: near their rating by each problem's learned rating (the
 * rating that moves with every answer), not only by the bank's starting estimate.
 */
import { describe, expect, it } from 'vitest';
import { NEW_PROFILE, Puzzles } from '../../src/app/puzzles/puzzles.js';
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
    // A strong player is offered hard problems, the drifted ones among them by their learned rating.
    const learned = (id: string, bank: number): number => (drifted.has(id) ? 2700 : bank);
    const strong: number[] = [];
    for (let i = 0; i < 10; i++) {
      const id = 9500 + i;
      await store.docs.save(`puzzle:u:${id}`, 0, JSON.stringify({ ...NEW_PROFILE, rating: { rating: 2650, rd: 60, vol: 0.06 } }), 600);
      const p = (await puzzles.next(id, 'short')).problem;
      strong.push(learned(p.id, p.rating));
    }
    expect(strong.reduce((a, b) => a + b, 0) / strong.length).toBeGreaterThan(2100);
  });
});
