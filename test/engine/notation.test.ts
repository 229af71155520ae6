import { describe, expect, it } from 'vitest';
import { formatPlay, NotationError, parsePlay, playersNotation } from '../../src/engine/index.js';
import { short } from '../helpers/board.js';

describe('notation', () => {
  it('formats steps with bar and off', () => {
    expect(formatPlay([[24, 18], [18, 13]])).toBe('24/18 18/13');
    expect(formatPlay([[25, 20], [6, 0]])).toBe('bar/20 6/off');
  });

  it('marks hits when given the start position', () => {
    const p = short('white', { 13: 15 }, { 18: 1, 1: 14 }); // black's 18 = white's 7
    expect(formatPlay([[13, 7]], p)).toBe('13/7*');
  });

  it('parses plain, chained, repeated, hit-marked and numeric forms', () => {
    expect(parsePlay('24/18 13/8')).toEqual([[24, 18], [13, 8]]);
    expect(parsePlay('bar/20* 6/off')).toEqual([[25, 20], [6, 0]]);
    expect(parsePlay('24/18/13')).toEqual([[24, 18], [18, 13]]);
    expect(parsePlay('13/11(2)')).toEqual([[13, 11], [13, 11]]);
    expect(parsePlay('25/22 6/0')).toEqual([[25, 22], [6, 0]]);
    expect(parsePlay('')).toEqual([]);
  });

  it.each(['24-18', '24/30', 'off/3', '3/bar', '5/7', '1/2/3', '6/5 6/5 6/5 6/5 6/5', '13/11(9)'])('rejects %s', (text) => {
    expect(() => parsePlay(text)).toThrow(NotationError);
  });

  it.each([
    ['24/21 21/19', '24/19'],
    ['24/20 20/16 16/12 12/8', '24/8'],
    ['24/21* 21/19', '24/21*/19'],
    ['13/7* 7/1*', '13/7*/1*'],
    ['13/10 13/10 10/7 10/7', '13/7(2)'],
    ['24/18 24/18 13/7 13/7', '24/18(2) 13/7(2)'],
    ['13/8 24/18', '24/18 13/8'],
    ['6/3 3/off', '6/off'],
    ['6/off 5/off', '6/off 5/off'],
    ['8/5 6/5', '8/5 6/5'],
    ['13/11 bar/22', 'bar/22 13/11'],
    ['24/18 24/18 18/12 12/6', '24/18 24/6'],
    ['', ''],
  ])('writes %j for players as %j (each checker once, equal moves counted, highest first)', (steps, written) => {
    expect(playersNotation(steps)).toBe(written);
    // The same play: the checkers leave and reach the same points.
    const net = (text: string): Record<number, number> => {
      const d: Record<number, number> = {};
      for (const [from, to] of parsePlay(text)) {
        d[from] = (d[from] ?? 0) - 1;
        d[to] = (d[to] ?? 0) + 1;
      }
      return Object.fromEntries(Object.entries(d).filter(([, n]) => n !== 0));
    };
    expect(net(written)).toEqual(net(steps));
  });
});
