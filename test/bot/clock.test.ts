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
    expect(en('remind-group', { name: 'Ann', variant: 'long nardy', opponent: 'Ben', left: timeLeft(en, 40_000), match: 'no' })).toBe('Ann, your move in long nardy against Ben: 40 s left — then Ben may claim the game.');
  });

  it('in a match, the reminder and the claim say that the match is at stake, in both languages', () => {
    const h = botHarness();
    const en = h.created.services.t('en');
    const ru = h.created.services.t('ru');
    expect(ru('remind-link', { variant: 'Короткие нарды', opponent: 'Бен', left: timeLeft(ru, 12 * 3_600_000), match: 'yes' })).toBe('⏰ Ваш ход (Короткие нарды, соперник — Бен): осталось 12 ч — потом соперник сможет забрать матч.');
    expect(en('remind-link', { variant: 'Short nardy', opponent: 'Ben', left: timeLeft(en, 12 * 3_600_000), match: 'yes' })).toBe('⏰ Your move in Short nardy against Ben: 12 h left — then your opponent may claim the match.');
    expect(ru('btn-claim', { name: 'Бен', match: 'yes' })).toBe('⏰ Забрать матч (время вышло: Бен)');
    expect(en('btn-claim', { name: 'Ben', match: 'yes' })).toBe('⏰ Claim the match (Ben is out of time)');
    expect(en('btn-claim', { name: 'Ben', match: 'no' })).toBe('⏰ Claim the win (Ben is out of time)');
    expect(ru('claim-ready-link', { idle: 'Бен', match: 'yes' })).toBe('⏰ Время вышло (Бен): вы можете забрать матч кнопкой на своей доске.');
    expect(en('claim-ready-group', { idle: 'Ben', waiting: 'Ann', match: 'yes' })).toBe('Ben is out of time: Ann may claim the match with the button on the board.');
    expect(en('toast-claim-your-move')).toMatch(/^It is your move/);
    expect(ru('toast-claim-your-move')).toMatch(/^Сейчас ваш ход/);
  });
});

describe('numbers in words', () => {
  it('Russian writes a decimal comma and the unit, counts with plural forms; English a point', async () => {
    const { decimal } = await import('../../src/present/text.js');
    const h = botHarness();
    const en = h.created.services.t('en');
    const ru = h.created.services.t('ru');
    expect(ru('review-mistake', { n: '1', total: '3', game: '1', mark: ru('mark-bad'), loss: decimal(ru, 0.756, 3) })).toMatch(/потеряно 0,756 очка$/);
    expect(en('review-mistake', { n: '1', total: '3', game: '1', mark: en('mark-bad'), loss: decimal(en, 0.756, 3) })).toMatch(/0\.756 points lost$/);
    expect(decimal(ru, -0.0425, 3, true)).toBe('−0,043');
    expect(decimal(en, 0.5, 2, true)).toBe('+0.50');
    const line = (t: typeof ru, matches: number, wins: number, losses: number): string =>
      t('stats-variant', { game: 'long', variant: 'x', rating: '1500', best: '1500', place: '', matches, wins, losses, pointsWon: 0, pointsLost: 1, marsWon: 0, marsLost: 0, koksWon: 0, koksLost: 0 });
    expect(line(ru, 1, 0, 1)).toMatch(/1 матч: 0 побед, 1 поражение/);
    expect(line(ru, 3, 2, 1)).toMatch(/3 матча: 2 победы, 1 поражение/);
    expect(line(ru, 5, 5, 0)).toMatch(/5 матчей: 5 побед, 0 поражений/);
    expect(line(en, 1, 1, 0)).toMatch(/1 match: 1 won, 0 lost/);
    // A plain win is "a single win", not "a single game".
    expect(en('banner-win', { name: 'Ann', kind: en('result-single'), points: 1 })).toBe('Ann wins: a single win, 1 point');
  });
});
