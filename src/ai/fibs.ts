/**
 * FIBS "boardstyle 3" board lines, as GNU Backgammon sends them to an external player:
 *   board:<player>:<opponent>:<match length>:<player score>:<opponent score>:<26 cells>:<turn>:
 *   <player dice x2>:<opponent dice x2>:<cube>:<player may double>:<opponent may double>:
 *   <was doubled>:<colour>:<direction>:<home>:<bar>:<player off>:<opponent off>:
 *   <player on bar>:<opponent on bar>:<can move>:<forced move>:<did crawford>:<redoubles>
 * gnubg 1.07 fills the last two fields its own way (seen in its lines, and as its own reader of
 * FIBS boards takes them): both are 0 in the Crawford game; after it "did crawford" is 1, and
 * the last field is 1 in every other game. So the Crawford game is a game with a side one point
 * away and both fields 0.
 *
 * gnubg 1.07 also writes the rest by its own players 0 and 1, not by who gets the line (its
 * FIBSBoard call in play.c; checked on the lines of real matches, with the external player as
 * either player): `colour` is always 1 and `turn` is 1 when its player 1 is on roll, -1 when
 * player 0 is; the board is player 1's (positive cells, cell i its point i, its bar cell 25;
 * player 0's checkers negative, its point p in cell 25 - p, its bar cell 0); "player may double"
 * is player 1's flag and "opponent may double" player 0's. The two scores come in the order
 * (player 0, player 1) when the line asks for a move or a double, and (player 1, player 0) when
 * it asks for a take; so the receiver's own score is first exactly when `turn` is -1. The
 * external player is the side on roll, or the side doubled when "was doubled" is set: player 1
 * when `turn` is 1 without a double, or -1 with one. Reading the first score as the receiver's
 * (as FIBS itself means it) gave the bot its opponent's score in every move.
 */
import { parsePosition } from '../engine/position.js';
import { isDie, type Dice, type Position, type Step } from '../engine/types.js';

export class FibsError extends Error {}

export interface FibsBoard {
  /** Short nardy, the player on roll as White (its own numbering), the opponent as Black. */
  readonly position: Position;
  readonly dice: Dice | null;
  readonly matchLength: number;
  readonly score: { readonly player: number; readonly opponent: number };
  readonly cube: number;
  readonly mayDouble: boolean;
  readonly oppMayDouble: boolean;
  readonly wasDoubled: boolean;
  /** This game is the Crawford game: a side is one point away, and the last two fields are 0. */
  readonly crawford: boolean;
}

export function parseFibsBoard(line: string): FibsBoard {
  const f = line.trim().split(':');
  if (f[0] !== 'board' || f.length < 52) throw new FibsError('not a FIBS board line');
  const int = (i: number): number => {
    const v = Number(f[i]);
    if (!Number.isInteger(v)) throw new FibsError(`field ${i} ("${f[i]}") is not a whole number`);
    return v;
  };
  const colour = int(41);
  const direction = int(42);
  const turn = int(32);
  if ((colour !== 1 && colour !== -1) || (direction !== 1 && direction !== -1) || (turn !== 1 && turn !== -1)) throw new FibsError('bad colour, direction or turn');
  const wasDoubled = int(40) !== 0;
  // Which of gnubg's players gets the line: the one on roll, or the one doubled.
  const playerOneOnRoll = turn * colour > 0;
  const playerOne = playerOneOnRoll !== wasDoubled;
  // The receiver's checkers carry the sign of `colour` as player 1, the other sign as player 0.
  const sign = playerOne ? colour : -colour;
  const dir = playerOne ? direction : -direction;
  const me = new Array<number>(26).fill(0);
  const opp = new Array<number>(26).fill(0);
  for (let i = 1; i <= 24; i++) {
    const v = int(6 + i);
    const point = dir === -1 ? i : 25 - i;
    if (v * sign > 0) me[point] = Math.abs(v);
    else if (v !== 0) opp[25 - point] = Math.abs(v);
  }
  // Checkers on the bar: in the bar cells (`bar` names player 1's, 25 in gnubg's lines); FIBS
  // itself also has the counts in the on-bar fields (0 in gnubg's). Take whichever says more.
  const barCell = (int(44) === 0) === playerOne ? 0 : 25;
  me[25] = Math.max(Math.abs(int(6 + barCell)), Math.abs(int(playerOne ? 47 : 48)));
  opp[25] = Math.max(Math.abs(int(6 + 25 - barCell)), Math.abs(int(playerOne ? 48 : 47)));
  me[0] = 15 - me.reduce((a, b) => a + b, 0);
  opp[0] = 15 - opp.reduce((a, b) => a + b, 0);
  let position: Position;
  try {
    position = parsePosition({ variant: 'short', turn: 'white', white: me, black: opp });
  } catch (e) {
    throw new FibsError(`the board does not make a position: ${(e as Error).message}`);
  }
  const a = int(33);
  const b = int(34);
  const matchLength = int(3);
  // The scores come as (player 0, player 1) when player 1 is on roll, else the other way round.
  const score = playerOneOnRoll ? { player: int(5), opponent: int(4) } : { player: int(4), opponent: int(5) };
  const oneAway = matchLength > 0 && (score.player === matchLength - 1 || score.opponent === matchLength - 1);
  const crawford = oneAway && int(51) === 0 && (f.length < 53 || int(52) === 0);
  return {
    position,
    dice: isDie(a) && isDie(b) ? [a, b] : null,
    matchLength,
    score,
    cube: int(37),
    mayDouble: int(playerOne ? 38 : 39) === 1,
    oppMayDouble: int(playerOne ? 39 : 38) === 1,
    wasDoubled,
    crawford,
  };
}

/** A play for gnubg: steps in the player's numbering, 25 for the bar and 0 for off ("25/20 6/0"). */
export function formatFibsMove(moves: readonly Step[]): string {
  return moves.map(([from, to]) => `${from}/${to}`).join(' ');
}
