/** The two sides. White moves first only when it wins the opening roll. */
export type Side = 'white' | 'black';
export type Variant = 'long' | 'short';
export type Die = 1 | 2 | 3 | 4 | 5 | 6;
export type Dice = readonly [Die, Die];

/** Index 0 = borne off, 1..24 = own points, 25 = bar (always 0 in long nardy). */
export type Checkers = readonly number[];

/** A position in the format of SPEC §2. Immutable by convention. */
export interface Position {
  readonly variant: Variant;
  readonly turn: Side;
  readonly white: Checkers;
  readonly black: Checkers;
}

/** One single-checker step in the mover's numbering: 25 = bar, 0 = borne off. */
export type Step = readonly [from: number, to: number];

export interface Play {
  /** The steps in the order they were found legal. */
  readonly moves: readonly Step[];
  /** The position after the play, with the turn passed. */
  readonly position: Position;
}

export function otherSide(side: Side): Side {
  return side === 'white' ? 'black' : 'white';
}

/** A side's checkers and the other's, each in its own numbering. */
export function sidesOf(p: Position, side: Side = p.turn): { readonly me: Checkers; readonly opp: Checkers } {
  return side === 'white' ? { me: p.white, opp: p.black } : { me: p.black, opp: p.white };
}

/** The 21 distinct rolls, each with its weight out of 36 (2 for a non-double). */
export const ROLLS: ReadonlyArray<{ readonly dice: Dice; readonly weight: 1 | 2 }> = (() => {
  const out: Array<{ dice: Dice; weight: 1 | 2 }> = [];
  for (let a = 1; a <= 6; a++) for (let b = a; b <= 6; b++) out.push({ dice: [a as Die, b as Die], weight: a === b ? 1 : 2 });
  return out;
})();

export function isDie(n: unknown): n is Die {
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= 6;
}
