/**
 * What a board shows of a game, read from its stored record alone: the facts the bot turns into
 * words, buttons and pictures (and the Mini App into its page), and the choices of one seat. The
 * bot decides nothing from the engine itself: whose turn it is, the legal steps and plays, the pip
 * counts and the point numbers as another side reads them all come from here.
 */
import { actor, canDouble, currentTurn, displayPosition } from '../../engine/game.js';
import { formatPlay, playersNotation } from '../../engine/notation.js';
import { oppPointOf } from '../../engine/numbering.js';
import { pipCount } from '../../engine/position.js';
import { otherSide, type Die, type Position, type Side, type Step, type Variant } from '../../engine/types.js';
import type { GameRecord } from '../model.js';
import { seatChoices, type SeatChoices, type SeatContext } from './seat.js';

export { resignLevels } from './seat.js';

/** The turn being moved: the dice left, the steps that may come next, the whole plays of the roll. */
export interface TurnFacts {
  readonly dice: readonly [Die, Die];
  readonly remaining: readonly Die[];
  /** The steps taken so far this turn, in the mover's numbering. */
  readonly taken: readonly Step[];
  readonly next: readonly Step[];
  /** The legal plays of the roll (each with its notation, in the mover's numbering). */
  readonly plays: ReadonlyArray<{ readonly moves: readonly Step[]; readonly text: string }>;
  /** The steps taken make a whole legal play: Done may be pressed. */
  readonly complete: boolean;
}

export interface GameFacts {
  /** Who is to act now: the mover, the one answering a double or a resignation (null: nobody). */
  readonly toAct: Side | null;
  /** Whose turn it is in the position (also while the other answers a double). */
  readonly onTurn: Side;
  readonly pips: Readonly<Record<Side, { readonly pips: number; readonly off: number }>>;
  /** The turn in progress (null unless a roll is being moved). */
  readonly turn: TurnFacts | null;
  /** The side on turn may double before rolling. */
  readonly mayDouble: boolean;
  /** The position to draw: the turn's start plus the steps taken so far. */
  readonly position: Position;
}

export interface SeatView {
  readonly facts: GameFacts;
  readonly choices: SeatChoices;
}

// Facts are asked for several times per board (caption, keyboard, picture): records are immutable,
// so each record's facts are worked out once.
const factsOf = new WeakMap<GameRecord, GameFacts>();

export function gameFacts(rec: GameRecord): GameFacts {
  let facts = factsOf.get(rec);
  if (!facts) factsOf.set(rec, (facts = workOut(rec)));
  return facts;
}

function workOut(rec: GameRecord): GameFacts {
  const g = rec.match.game;
  const view = g.phase === 'move' && g.dice ? currentTurn(g) : null;
  const sides = (p: Position, s: Side): readonly number[] => (s === 'white' ? p.white : p.black);
  return {
    toAct: actor(g),
    onTurn: g.position.turn,
    pips: {
      white: { pips: pipCount(sides(g.position, 'white')), off: g.position.white[0]! },
      black: { pips: pipCount(sides(g.position, 'black')), off: g.position.black[0]! },
    },
    turn: view
      ? {
          dice: g.dice!,
          remaining: view.remaining,
          taken: g.steps,
          next: view.next,
          // A play's notation is written only when asked for (a roll of doubles can have hundreds).
          plays: view.plays.map((p) => ({
            moves: p.moves,
            get text(): string {
              return formatPlay(p.moves, g.position);
            },
          })),
          complete: view.complete,
        }
      : null,
    mayDouble: canDouble(g, g.position.turn),
    position: displayPosition(g),
  };
}

/** One person's view of a game: the facts of the board and the choices of their seat. */
export function seatView(rec: GameRecord, userId: number, context: SeatContext | number = {}): SeatView {
  return { facts: gameFacts(rec), choices: seatChoices(rec, userId, context) };
}

/** The other side. */
export const opponentOf: (side: Side) => Side = otherSide;

/** A point of `side`'s numbering as a reader who plays `reader` numbers it (25 the bar, 0 off stay). */
export function pointAsRead(variant: Variant, side: Side, reader: Side, point: number): number {
  return side === reader || point === 0 || point === 25 ? point : oppPointOf(variant, point);
}

/** A play's notation written in the other side's numbering. */
export function renumberPlay(play: string, variant: Variant): string {
  return play.replace(/\d+/g, (n) => String(oppPointOf(variant, Number(n))));
}

/** A play's notation from a position, as players write it (hints, reviews): `24/13`, `8/5(2)`. */
export function playText(moves: readonly Step[], from: Position): string {
  return playersNotation(formatPlay(moves, from));
}
