/** Move clocks in words: a reminder never says more time is left than there is. */
import { describe, expect, it } from 'vitest';
import { timeLeft } from '../../src/bot/features/clock.js';
import { botHarness } from '../helpers/bot-harness.js';

describe('time left', () => {
  it('rounds down: 40 s is 40 s, 150 s is 2 min, 5,400 s is 1 h', () => {
    const h = botHarness();
    const en = h.created.services.t('en');
    const ru = h.created.services.t('ru');
    expect(timeLeft(en, 40_000)).toBe('40 s');
    expect(timeLeft(en, 59_999)).toBe('59 s');
    expect(timeLeft(en, 150_000)).toBe('2 min');
    expect(timeLeft(en, 5_400_000)).toBe('1 h');
    expect(timeLeft(ru, 40_000)).toBe('40 с');
    expect(timeLeft(ru, 3_599_000)).toBe('59 мин');
    expect(en('remind-group', { name: 'Ann', variant: 'long nardy', opponent: 'Ben', left: timeLeft(en, 40_000) })).toBe('Ann, your move in long nardy against Ben: 40 s left.');
  });
});
