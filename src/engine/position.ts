import { oppPointOf } from './numbering.js';
import { type Checkers, type Position, type Side, type Variant } from './types.js';

export class PositionError extends Error {}

function emptySide(): number[] {
  return new Array<number>(26).fill(0);
}

/** The starting position of a variant, White to move by default. */
export function startPosition(variant: Variant, turn: Side = 'white'): Position {
  const white = emptySide();
  if (variant === 'long') {
    white[24] = 15;
  } else {
    white[24] = 2;
    white[13] = 5;
    white[8] = 3;
    white[6] = 5;
  }
  return { variant, turn, white, black: [...white] };
}

/** Checkers by point number (`bar` for the bar); whatever is not on the board is borne off. */
export type PointCounts = Partial<Record<number | 'bar', number>>;

/** A position written the way people draw one: each side's checkers by its own point numbers. */
export function positionFromPoints(variant: Variant, turn: Side, white: PointCounts, black: PointCounts): Position {
  const side = (points: PointCounts): number[] => {
    const arr = emptySide();
    let onBoard = 0;
    for (const [k, n] of Object.entries(points)) {
      arr[k === 'bar' ? 25 : Number(k)] = n!;
      onBoard += n!;
    }
    arr[0] = arr[0]! + 15 - onBoard;
    return arr;
  };
  return parsePosition({ variant, turn, white: side(white), black: side(black) });
}

/** Validate untrusted input into a Position (SPEC §2). Unknown keys are ignored. */
export function parsePosition(input: unknown): Position {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new PositionError('position must be an object');
  }
  const o = input as Record<string, unknown>;
  if (o.variant !== 'long' && o.variant !== 'short') throw new PositionError('variant must be "long" or "short"');
  if (o.turn !== 'white' && o.turn !== 'black') throw new PositionError('turn must be "white" or "black"');
  const variant = o.variant;
  const sides: Record<Side, number[]> = { white: [], black: [] };
  for (const side of ['white', 'black'] as const) {
    const arr = o[side];
    if (!Array.isArray(arr)) throw new PositionError(`${side} must be an array of 26 integers`);
    if (arr.length !== 26) throw new PositionError(`${side} must have 26 entries, not ${arr.length}`);
    let sum = 0;
    for (let i = 0; i < 26; i++) {
      const n: unknown = arr[i];
      if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > 15) {
        throw new PositionError(`${side}[${i}] must be an integer from 0 to 15`);
      }
      sum += n;
    }
    if (sum !== 15) throw new PositionError(`${side} must have 15 checkers in all, not ${sum}`);
    if (variant === 'long' && arr[25] !== 0) throw new PositionError(`${side} has checkers on the bar, which long nardy has not`);
    sides[side] = arr.slice() as number[];
  }
  for (let p = 1; p <= 24; p++) {
    if (sides.white[p]! > 0 && sides.black[oppPointOf(variant, p)]! > 0) {
      throw new PositionError(`white's point ${p} is held by both sides`);
    }
  }
  return { variant, turn: o.turn, white: sides.white, black: sides.black };
}

export function positionToJSON(p: Position): { variant: Variant; turn: Side; white: number[]; black: number[] } {
  return { variant: p.variant, turn: p.turn, white: [...p.white], black: [...p.black] };
}

/** Pip count: the pips a side still has to travel to bear everything off. */
export function pipCount(checkers: Checkers): number {
  let pips = 0;
  for (let p = 1; p <= 25; p++) pips += p * checkers[p]!;
  return pips;
}

// ---- Position id -------------------------------------------------------------------------
// Format: one letter for the variant (L/S), one for the side to move (W/B), then 14 characters of
// base64url holding 80 bits: for White then Black, slots 1..25 each as that many 1-bits followed
// by a 0-bit (15 checkers + 25 separators = 40 bits a side), least significant bit first.
// Borne-off checkers are implicit (15 minus the rest). Example: the long start is "LW" + 14 chars.

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

export function positionId(p: Position): string {
  const bytes = new Uint8Array(10);
  let bit = 0;
  const put = (one: boolean): void => {
    if (one) bytes[bit >> 3]! |= 1 << (bit & 7);
    bit++;
  };
  for (const side of [p.white, p.black]) {
    for (let slot = 1; slot <= 25; slot++) {
      for (let i = 0; i < side[slot]!; i++) put(true);
      put(false);
    }
  }
  return (p.variant === 'long' ? 'L' : 'S') + (p.turn === 'white' ? 'W' : 'B') + encode64(bytes);
}

function encode64(bytes: Uint8Array): string {
  let out = '';
  let acc = 0;
  let n = 0;
  for (const b of bytes) {
    acc |= b << n;
    n += 8;
    while (n >= 6) {
      out += B64[acc & 63];
      acc >>= 6;
      n -= 6;
    }
  }
  if (n > 0) out += B64[acc & 63];
  return out;
}

export function parsePositionId(id: string): Position {
  if (typeof id !== 'string' || id.length !== 16) throw new PositionError('a position id has 16 characters');
  const variant = id[0] === 'L' ? 'long' : id[0] === 'S' ? 'short' : null;
  const turn = id[1] === 'W' ? 'white' : id[1] === 'B' ? 'black' : null;
  if (!variant || !turn) throw new PositionError('a position id starts with L or S, then W or B');
  const bits: number[] = [];
  for (const ch of id.slice(2)) {
    const v = B64.indexOf(ch);
    if (v < 0) throw new PositionError(`bad character "${ch}" in position id`);
    for (let i = 0; i < 6; i++) bits.push((v >> i) & 1);
  }
  let bit = 0;
  const sides: number[][] = [];
  for (let s = 0; s < 2; s++) {
    const arr = emptySide();
    let total = 0;
    for (let slot = 1; slot <= 25; slot++) {
      while (bits[bit] === 1) {
        arr[slot]!++;
        total++;
        bit++;
        if (total > 15) throw new PositionError('position id has more than 15 checkers a side');
      }
      bit++;
    }
    arr[0] = 15 - total;
    sides.push(arr);
  }
  const position = parsePosition({ variant, turn, white: sides[0], black: sides[1] });
  // One id per position: the unused bits must be zero (else several ids would name one position).
  if (positionId(position) !== id) throw new PositionError('position id is not in its canonical form');
  return position;
}

/** Accept either the JSON of SPEC §2 (as text or value) or a position id. */
export function parsePositionInput(input: string): Position {
  const text = input.trim();
  if (text.startsWith('{')) {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw new PositionError('position is not valid JSON');
    }
    return parsePosition(value);
  }
  return parsePositionId(text);
}

// ---- Text board ---------------------------------------------------------------------------

/**
 * A board for the terminal, seen by `viewer`: its points 13..24 along the top (left to right),
 * 12..1 along the bottom, so its home is at the bottom right. X = viewer, O = opponent.
 */
export function textBoard(p: Position, viewer: Side = p.turn): string {
  const mine = viewer === 'white' ? p.white : p.black;
  const theirs = viewer === 'white' ? p.black : p.white;
  const cell = (pt: number): string => {
    const a = mine[pt]!;
    const b = theirs[oppPointOf(p.variant, pt)]!;
    if (a > 0) return `X${a}`.padStart(3);
    if (b > 0) return `O${b}`.padStart(3);
    return '  .';
  };
  const row = (pts: number[]): string => pts.slice(0, 6).map(cell).join('') + ' |' + pts.slice(6).map(cell).join('');
  const nums = (pts: number[]): string =>
    pts.slice(0, 6).map((n) => String(n).padStart(3)).join('') + ' |' + pts.slice(6).map((n) => String(n).padStart(3)).join('');
  const top = [13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24];
  const bottom = [12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1];
  const mover = p.turn === viewer ? 'X' : 'O';
  const lines = [
    nums(top),
    row(top),
    '',
    row(bottom),
    nums(bottom),
    `X=${viewer} pips ${pipCount(mine)} off ${mine[0]}${mine[25] ? ` bar ${mine[25]}` : ''}   ` +
      `O=${viewer === 'white' ? 'black' : 'white'} pips ${pipCount(theirs)} off ${theirs[0]}${theirs[25] ? ` bar ${theirs[25]}` : ''}`,
    `${p.variant} nardy, ${mover} (${p.turn}) to move, id ${positionId(p)}`,
  ];
  return lines.join('\n');
}
