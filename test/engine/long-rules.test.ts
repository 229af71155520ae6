import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES, legalPlays, startPosition, type Rules } from '../../src/engine/index.js';
import { blockIsLegal } from '../helpers/reference.js';
import { long, moverPoints } from '../helpers/board.js';

const finals = (plays: ReturnType<typeof legalPlays>, mover: 'white' | 'black' = 'white'): string[] =>
  plays.map((p) => moverPoints(p.position, mover)).sort();

describe('long nardy: moving', () => {
  it('from the start, 6-5 moves one checker off the head only', () => {
    const plays = legalPlays(startPosition('long'), [6, 5]);
    // 24/18/13 is the only play: a second checker may not leave the head.
    expect(finals(plays)).toEqual(['24:14 13:1']);
  });

  it('a checker cannot stop on a point that holds any opponent checker', () => {
    // White: head 24:14 and one on 20. Black's single checker on its 14 = white's 2.
    // Black holds white's 18 (its 6) with one checker.
    const p = long('white', { 24: 14, 20: 1 }, { 24: 14, 6: 1 });
    const plays = legalPlays(p, [6, 2]);
    expect(plays.length).toBeGreaterThan(0);
    for (const play of plays) for (const [, to] of play.moves) expect(to).not.toBe(18);
  });

  it('both dice on one checker need an open intermediate point', () => {
    // 6-1 from 20: via 14 (black's 2 holds it) is closed, via 19 is open.
    const open = legalPlays(long('white', { 24: 14, 20: 1 }, { 24: 14, 2: 1 }), [6, 1]);
    expect(finals(open)).toContain('24:14 13:1');
    // Close both intermediates (19 = black's 7, 14 = black's 2): 20 cannot reach 13.
    const closed = legalPlays(long('white', { 24: 14, 20: 1 }, { 24: 13, 7: 1, 2: 1 }), [6, 1]);
    expect(finals(closed)).not.toContain('24:14 13:1');
  });

  it('doubles are played four times', () => {
    const plays = legalPlays(long('white', { 24: 14, 13: 1 }, { 24: 15 }), [2, 2]);
    expect(plays.length).toBeGreaterThan(0);
    for (const play of plays) expect(play.moves).toHaveLength(4);
  });

  it('if only one die can be played, the larger must be played', () => {
    // White's last outside checker on 10; fourteen on 2; black's checker on its 13 = white's 1.
    // 10/4 (six) or 10/7 (three) can each be played, but never both.
    const p = long('white', { 10: 1, 2: 14 }, { 24: 14, 13: 1 });
    expect(legalPlays(p, [6, 3]).map((x) => x.moves)).toEqual([[[10, 4]]]);
  });

  it('a roll with no legal move passes (no plays)', () => {
    // White's only checker that could move is boxed in: 18..12 held by black.
    const p = long('white', { 24: 15 }, { 6: 3, 5: 3, 4: 3, 3: 3, 2: 3 });
    expect(legalPlays(p, [6, 6])).toEqual([]);
  });
});

describe('long nardy: the head rule', () => {
  const afterWhiteOpened = long('black', { 24: 14, 13: 1 }, { 24: 15 });

  it('only one checker leaves the head in a turn', () => {
    const p = long('white', { 24: 14, 13: 1 }, { 24: 14, 13: 1 });
    const plays = legalPlays(p, [5, 5]);
    expect(plays.length).toBeGreaterThan(0);
    for (const play of plays) expect(play.moves.filter(([from]) => from === 24)).toHaveLength(1);
  });

  it("the second player's first 6-6 takes two checkers off the head", () => {
    // 18/12 is closed by White's head (black's 12 = white's 24), so two go to 18 and that is all.
    expect(finals(legalPlays(afterWhiteOpened, [6, 6]), 'black')).toEqual(['24:13 18:2']);
  });

  it("the second player's first 4-4 takes two checkers off the head", () => {
    expect(finals(legalPlays(afterWhiteOpened, [4, 4]), 'black')).toEqual(['24:13 16:2']);
  });

  it("the second player's first 3-3 takes two checkers off the head", () => {
    expect(finals(legalPlays(afterWhiteOpened, [3, 3]), 'black')).toEqual(['24:13 18:2', '24:13 21:1 15:1']);
  });

  it('the exception is for the first turn only', () => {
    const later = long('black', { 24: 13, 13: 2 }, { 24: 14, 20: 1 });
    const plays = legalPlays(later, [6, 6]);
    expect(plays.length).toBeGreaterThan(0);
    for (const play of plays) expect(play.moves.filter(([from]) => from === 24).length).toBeLessThanOrEqual(1);
  });

  it('other first-turn doubles take one checker: 5-5 and 2-2', () => {
    for (const d of [5, 2] as const) {
      const plays = legalPlays(afterWhiteOpened, [d, d]);
      expect(plays.length).toBeGreaterThan(0);
      for (const play of plays) expect(play.moves.filter(([from]) => from === 24)).toHaveLength(1);
    }
  });

  it('option headException "none": no exception at all', () => {
    const rules: Rules = { ...DEFAULT_RULES, headException: 'none' };
    // 6-6: one checker to 18, and 18/12 is closed: a single step is all there is.
    expect(legalPlays(afterWhiteOpened, [6, 6], rules).map((x) => x.moves)).toEqual([[[24, 18]]]);
  });

  it('option headException "any-double": 5-5 also takes two', () => {
    const rules: Rules = { ...DEFAULT_RULES, headException: 'any-double' };
    expect(finals(legalPlays(afterWhiteOpened, [5, 5], rules), 'black')).toContain('24:13 14:2');
  });
});

describe('long nardy: the six-block rule', () => {
  // White holds 23, 22, 2, 1 and its head 24; a step to 3 would make 3-2-1-24-23-22,
  // six in a row along Black's path (Black goes ... 3, 2, 1, then 24, 23, 22 ...).
  const wrap = (blackAhead: boolean) =>
    long('white', { 24: 8, 23: 1, 22: 1, 10: 2, 5: 1, 2: 1, 1: 1 }, blackAhead ? { 24: 12, 20: 2, 5: 1 } : { 24: 13, 20: 2 });

  const holdsWrap = (p: ReturnType<typeof legalPlays>[number]): boolean => [3, 2, 1, 24, 23, 22].every((pt) => p.position.white[pt]! > 0);

  it('a six-block that wraps the 24/1 corner is refused when no opponent checker is ahead of it', () => {
    const plays = legalPlays(wrap(false), [2, 6]);
    expect(plays.length).toBeGreaterThan(0);
    expect(plays.some(holdsWrap)).toBe(false);
  });

  it('the same block is allowed when an opponent checker is ahead of it', () => {
    // Black's checker on its 5 (white's 17) is past the block on Black's way home.
    expect(legalPlays(wrap(true), [2, 6]).some(holdsWrap)).toBe(true);
  });

  it('my 12 and 13 are not neighbours for the rule (they are where Black starts and finishes)', () => {
    const pointsOf = (pts: number[]): number[] => {
      const a = new Array<number>(26).fill(0);
      for (const p of pts) a[p] = 1;
      a[0] = 15 - pts.length;
      return a;
    };
    const blackAllOff = [15, ...new Array<number>(25).fill(0)];
    // 15-14-13 and 12-11-10 are six in a row in my numbering, not along Black's path.
    expect(blockIsLegal('long', pointsOf([15, 14, 13, 12, 11, 10]), blackAllOff)).toBe(true);
    // 3-2-1 and 24-23-22 are six in a row along Black's path.
    expect(blockIsLegal('long', pointsOf([3, 2, 1, 24, 23, 22]), blackAllOff)).toBe(false);
    expect(blockIsLegal('long', pointsOf([18, 17, 16, 15, 14, 13]), blackAllOff)).toBe(false);
  });

  // Black holds white's 12 and 11; White has 6-5-4-3-2 and a checker on 13.
  const temporary = long('white', { 24: 5, 13: 3, 6: 3, 5: 1, 4: 1, 3: 1, 2: 1 }, { 24: 10, 23: 5 });

  it('a temporary block inside a turn is refused', () => {
    // 13/7/5 would pass through 7, making 7..2 a six-block for a moment; 13/11 is closed.
    const plays = legalPlays(temporary, [6, 2]);
    expect(plays.length).toBeGreaterThan(0);
    for (const play of plays) expect(moverPoints(play.position, 'white')).not.toBe('24:5 13:2 6:3 5:2 4:1 3:1 2:1');
  });

  it('option block "end-of-turn" allows it, and "off" allows a standing block too', () => {
    const eot = legalPlays(temporary, [6, 2], { ...DEFAULT_RULES, block: 'end-of-turn' });
    expect(finals(eot)).toContain('24:5 13:2 6:3 5:2 4:1 3:1 2:1');
    const off = legalPlays(temporary, [6, 2], { ...DEFAULT_RULES, block: 'off' });
    // 13/7 24/22 keeps 7..2 standing: only legal with the rule off.
    expect(finals(off)).toContain('24:4 22:1 13:2 7:1 6:3 5:1 4:1 3:1 2:1');
    expect(finals(eot)).not.toContain('24:4 22:1 13:2 7:1 6:3 5:1 4:1 3:1 2:1');
  });
});

describe('long nardy: bearing off', () => {
  it('is not allowed until all fifteen are home', () => {
    // 10/9/7 or 10/8/7 still leaves the checker outside home.
    const p = long('white', { 10: 1, 3: 14 }, { 24: 15 });
    const plays = legalPlays(p, [2, 1]);
    expect(plays.length).toBeGreaterThan(0);
    for (const play of plays) for (const [, to] of play.moves) expect(to).not.toBe(0);
  });

  it('bears off from the point of the die, else from the highest point when nothing is higher', () => {
    const p = long('white', { 5: 1, 2: 1 }, { 24: 15 });
    expect(finals(legalPlays(p, [6, 1]))).toEqual(['1:1', '2:1']);
  });

  it('small die first, then the large one from the new highest point', () => {
    // 5/4 with the 1, then the 6 bears off from 4, now the highest point.
    const p = long('white', { 5: 1, 2: 1 }, { 24: 15 });
    const play = legalPlays(p, [6, 1]).find((x) => moverPoints(x.position, 'white') === '2:1');
    expect(play).toBeDefined();
    expect(play!.moves).toEqual([[5, 4], [4, 0]]);
  });

  it('must move inside home when a higher point holds a checker', () => {
    // A 3 with checkers on 4 and 1: point 3 is empty and 4 is higher, so the first 3 moves 4/1;
    // then the 3s bear off from 1, now the highest point.
    const p = long('white', { 4: 1, 1: 1 }, { 24: 15 });
    expect(legalPlays(p, [3, 3]).map((x) => x.moves)).toEqual([[[4, 1], [1, 0], [1, 0]]]);
  });

  it('bearing off is never compulsory when a move inside home exists', () => {
    // 3-1 with checkers on 6 and 3: 3/off 6/5, or 6/3 3/2 keeping both on the board.
    const p = long('white', { 6: 1, 3: 1 }, { 24: 15 });
    expect(finals(legalPlays(p, [3, 1]))).toEqual(['3:1 2:1', '5:1']);
  });
});
