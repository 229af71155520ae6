import { describe, expect, it } from 'vitest';
import { legalPlays, startPosition, formatPlay } from '../../src/engine/index.js';
import { moverPoints, short } from '../helpers/board.js';

describe('short nardy (backgammon)', () => {
  it('from the start, 3-1 has 16 plays including 8/5 6/5 (as GNU Backgammon)', () => {
    const plays = legalPlays(startPosition('short'), [3, 1]);
    expect(plays).toHaveLength(16);
    expect(plays.some((p) => moverPoints(p.position, 'white') === '24:2 13:5 8:2 6:4 5:2')).toBe(true);
  });

  it('a blot is hit and goes to the bar', () => {
    // Black's blot on its 20 = white's 5. 6/5* with the 1.
    const p = short('white', { 6: 5, 8: 3, 13: 5, 24: 2 }, { 20: 1, 6: 5, 8: 3, 13: 5, 24: 1 });
    const hit = legalPlays(p, [2, 1]).find((x) => x.position.black[25] === 1);
    expect(hit).toBeDefined();
    expect(formatPlay(hit!.moves, p)).toMatch(/\*/);
  });

  it('a point held by two or more opponent checkers is closed', () => {
    const q = short('white', { 8: 15 }, { 19: 2, 18: 2, 1: 11 });
    // Black's 19 and 18 are white's 6 and 7: 8/7 and 8/6 (via 7) are closed, 8/2 is open.
    const steps = legalPlays(q, [6, 1]).flatMap((x) => x.moves.map(([, t]) => t));
    expect(steps).not.toContain(7);
    expect(steps).not.toContain(6);
    expect(steps).toContain(2);
  });

  it('a checker on the bar must enter before anything else moves', () => {
    const p = short('white', { bar: 1, 13: 14 }, { 24: 15 });
    for (const play of legalPlays(p, [6, 5])) expect(play.moves[0]![0]).toBe(25);
  });

  it('a checker on the bar against a closed board has no play', () => {
    // Black holds its 1..6 (white's entry points 24..19) with two or more each.
    const p = short('white', { bar: 1, 13: 14 }, { 1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 5 });
    for (const d of [1, 2, 3, 4, 5, 6] as const) expect(legalPlays(p, [d, d])).toEqual([]);
    expect(legalPlays(p, [6, 5])).toEqual([]);
  });

  it('bearing off is not allowed with a checker on the bar', () => {
    // Entering with the 5 or the 1 leaves a checker outside home: nothing is borne off.
    const p = short('white', { bar: 1, 1: 14 }, { 12: 15 });
    for (const play of legalPlays(p, [5, 1])) expect(play.moves.some(([, to]) => to === 0)).toBe(false);
  });

  it('only the larger die when either alone can be played (gnubg: most pips)', () => {
    // Black holds white's 8 and 7 (its 17 and 18): the fourteen on 13 cannot move, and the
    // checker on 9 can play 9/3 or 9/4 but never both dice.
    const p = short('white', { 13: 14, 9: 1 }, { 17: 2, 18: 2, 1: 11 });
    const plays = legalPlays(p, [6, 5]).map((x) => x.moves);
    expect(plays).toEqual([[[9, 3]]]);
  });
});
