import { positionFromPoints, type Position, type Side } from '../../src/engine/index.js';

/**
 * Draw a position in the test: each side's checkers by its own point numbers (`bar` for the
 * bar); whatever is not on the board is borne off.
 */
export const board = positionFromPoints;

export const long = (turn: Side, white: Parameters<typeof board>[2], black: Parameters<typeof board>[3]): Position => board('long', turn, white, black);
export const short = (turn: Side, white: Parameters<typeof board>[2], black: Parameters<typeof board>[3]): Position => board('short', turn, white, black);

/** A play's final position as "point:count" pairs of the mover, e.g. "24:13 18:2". */
export function moverPoints(p: Position, mover: Side): string {
  const arr = mover === 'white' ? p.white : p.black;
  const parts: string[] = [];
  for (let i = 25; i >= 1; i--) if (arr[i]! > 0) parts.push(`${i === 25 ? 'bar' : i}:${arr[i]}`);
  return parts.join(' ');
}
