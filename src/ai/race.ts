/**
 * Long nardy's races: positions where the two sides no longer meet (every checker of each side
 * has passed every checker of the other), so that each side only runs home and bears off. The
 * main network misjudges some of them (bench:race: its mars chances off by a quarter in a few),
 * so an Evaluator can ask a network of its own there (evaluator.ts, `race`). None is bundled:
 * the one fitted to played-out races (scripts/race-data.ts) judged them no better
 * (docs/levels.md, The networks).
 */

/**
 * Whether some checker of one side has yet to pass some checker of the other: long nardy, both
 * sides in their own numbering from offsets (24 the head, 1 the last point before bearing off).
 * The rearmost checkers, at my p and the other's q, have yet to pass each other when p + q > 24
 * (the encoding's contact input, encode.ts).
 */
export function longContact(me: ArrayLike<number>, mo: number, opp: ArrayLike<number>, oo: number): boolean {
  return rearmost(me, mo) + rearmost(opp, oo) > 24;
}

/** The point of a side's rearmost checker on the board (0 with none left on it). */
function rearmost(side: ArrayLike<number>, o: number): number {
  for (let p = 24; p >= 1; p--) if (side[o + p]! > 0) return p;
  return 0;
}
