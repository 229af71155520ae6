import { parsePosition, type Position, type Side, type Variant } from '../../src/engine/index.js';

type Points = Partial<Record<number | 'bar', number>>;

function side(points: Points): number[] {
  const arr = new Array<number>(26).fill(0);
  let onBoard = 0;
  for (const [k, n] of Object.entries(points)) {
    const i = k === 'bar' ? 25 : Number(k);
    arr[i] = n!;
    onBoard += n!;
  }
  arr[0] = arr[0]! + 15 - onBoard;
  return arr;
}

/**
 * Draw a position in the test: each side's checkers by its own point numbers (`bar` for the
 * bar); whatever is not on the board is borne off.
 */
export function board(variant: Variant, turn: Side, white: Points, black: Points): Position {
  return parsePosition({ variant, turn, white: side(white), black: side(black) });
}

export const long = (turn: Side, white: Points, black: Points): Position => board('long', turn, white, black);
export const short = (turn: Side, white: Points, black: Points): Position => board('short', turn, white, black);

/** A play's final position as "point:count" pairs of the mover, e.g. "24:13 18:2". */
export function moverPoints(p: Position, mover: Side): string {
  const arr = mover === 'white' ? p.white : p.black;
  const parts: string[] = [];
  for (let i = 25; i >= 1; i--) if (arr[i]! > 0) parts.push(`${i === 25 ? 'bar' : i}:${arr[i]}`);
  return parts.join(' ');
}
