import { describe, expect, it } from 'vitest';
import {
  parsePosition,
  parsePositionId,
  parsePositionInput,
  pipCount,
  positionId,
  PositionError,
  startPosition,
  textBoard,
} from '../../src/engine/index.js';
import { randomGame } from '../../src/sim/selfplay.js';

const good = () => JSON.parse(JSON.stringify(startPosition('long'))) as Record<string, unknown>;

describe('position JSON (SPEC §2)', () => {
  it('parses a valid position and ignores unknown keys', () => {
    expect(parsePosition({ ...good(), comment: 'x' })).toEqual(startPosition('long'));
  });

  it.each([
    ['not an object', 42, /object/],
    ['bad variant', { ...good(), variant: 'medium' }, /variant/],
    ['bad turn', { ...good(), turn: 'red' }, /turn/],
    ['short array', { ...good(), white: [15] }, /26 entries/],
    ['not integers', { ...good(), white: [...new Array(25).fill(0), 'x'] }, /integer/],
    ['negative count', { ...good(), white: [16, -1, ...new Array(24).fill(0)] }, /integer/],
    ['wrong sum', { ...good(), white: [0, ...new Array(23).fill(0), 14, 0] }, /15 checkers/],
    ['bar in long nardy', { ...good(), white: [0, ...new Array(23).fill(0), 14, 1] }, /bar/],
  ])('rejects %s', (_name, input, message) => {
    expect(() => parsePosition(input)).toThrow(PositionError);
    expect(() => parsePosition(input)).toThrow(message);
  });

  it('rejects a point held by both sides', () => {
    // White's 12 is Black's 24 in long nardy.
    const white = new Array(26).fill(0);
    white[24] = 14;
    white[12] = 1;
    expect(() => parsePosition({ variant: 'long', turn: 'white', white, black: startPosition('long').black })).toThrow(/both sides/);
  });

  it('counts pips', () => {
    expect(pipCount(startPosition('long').white)).toBe(360);
    expect(pipCount(startPosition('short').white)).toBe(167);
  });
});

describe('position id', () => {
  it('round-trips every position of random games of both variants', () => {
    for (const variant of ['long', 'short'] as const) {
      randomGame(variant, 11, undefined, undefined, ({ position }) => {
        const id = positionId(position);
        expect(id).toMatch(/^[LS][WB][A-Za-z0-9_-]{14}$/);
        expect(parsePositionId(id)).toEqual(position);
      });
    }
  });

  it('rejects malformed ids with a clear message', () => {
    expect(() => parsePositionId('XW' + 'A'.repeat(14))).toThrow(/starts with/);
    expect(() => parsePositionId('LW')).toThrow(/16 characters/);
    expect(() => parsePositionId('LW' + '/'.repeat(14))).toThrow(/bad character/);
    expect(() => parsePositionId('LW' + '_'.repeat(14))).toThrow(PositionError);
  });

  it('parsePositionInput takes JSON or an id', () => {
    const p = startPosition('short');
    expect(parsePositionInput(JSON.stringify(p))).toEqual(p);
    expect(parsePositionInput(positionId(p))).toEqual(p);
    expect(() => parsePositionInput('{oops')).toThrow(/JSON/);
  });
});

describe('text board', () => {
  it('shows both sides, the numbering and the side to move', () => {
    const text = textBoard(startPosition('short'));
    expect(text).toContain(' 13 14 15 16 17 18 |');
    expect(text).toContain('X5');
    expect(text).toContain('O5');
    expect(text).toContain('pips 167');
    expect(text).toContain('white) to move');
  });
});
