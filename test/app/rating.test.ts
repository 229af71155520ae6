/** The FIBS rating formula against worked examples (FIBS "help formula", K. Bastian's article). */
import { describe, expect, it } from 'vitest';
import { experienceFactor, ratingChange, upsetChance } from '../../src/app/rating.js';

const veteran = (rating: number) => ({ rating, experience: 1000 });

describe('FIBS ratings', () => {
  it('equal experienced players, 1-point match: the winner gains exactly 2, the loser loses 2', () => {
    expect(ratingChange(veteran(1500), veteran(1500), 1)).toEqual({ winner: 2, loser: -2 });
  });

  it('the favourite\'s chance matches the published table (100 points apart: .529, .550, .564, .576 for 1, 3, 5, 7)', () => {
    const fav = (d: number, n: number): number => 1 - upsetChance(1500 + d, 1500, n);
    expect([1, 3, 5, 7].map((n) => fav(100, n).toFixed(3))).toEqual(['0.529', '0.550', '0.564', '0.576']);
    expect(fav(400, 11).toFixed(3)).toBe('0.822');
  });

  it('a longer match moves ratings by √n; an upset pays more than a favourite\'s win', () => {
    expect(ratingChange(veteran(1500), veteran(1500), 9).winner).toBeCloseTo(6, 10);
    const fav = ratingChange(veteran(1850), veteran(1750), 5);
    const upset = ratingChange(veteran(1750), veteran(1850), 5);
    // 4·√5·0.4360 and 4·√5·0.5640
    expect(fav.winner).toBeCloseTo(4 * Math.sqrt(5) * upsetChance(1850, 1750, 5), 10);
    expect(fav.winner).toBeCloseTo(3.90, 2);
    expect(upset.winner).toBeCloseTo(5.04, 2);
    expect(upset.loser).toBeCloseTo(-5.04, 2);
  });

  it('newcomers move five times as fast, down to once as fast at 400 experience', () => {
    expect([0, 100, 250, 400, 2000].map(experienceFactor)).toEqual([5, 4, 2.5, 1, 1]);
    expect(ratingChange({ rating: 1500, experience: 0 }, { rating: 1500, experience: 500 }, 1)).toEqual({ winner: 10, loser: -2 });
  });
});
