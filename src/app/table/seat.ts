/**
 * What one person may do at a game now, read from the stored record alone: the choices of their
 * seat (a board's buttons, the Mini App's controls), each of which is one press of the use case
 * `Games.press` (or `Games.rematch`). Nothing here decides a rule: the engine's turn view gives
 * the legal steps; this only says which of the actions are this seat's to take now.
 */
import { canDouble, currentTurn, type ResignLevel } from '../../engine/game.js';
import { toAct as toActNow } from '../games.js';
import type { Side, Step, Variant } from '../../engine/types.js';
import type { GameRecord } from '../model.js';
import { bothHuman, liveRematchOffer, seatOf } from './rights.js';

export interface SeatChoices {
  /** The side this person plays (null: they do not play in this game; no choices then). */
  readonly side: Side | null;
  /** Who is to act now (null: nobody, the game or the match is over). */
  readonly toAct: Side | null;
  readonly roll: boolean;
  /** The value a double would offer (null: no double now). */
  readonly double: number | null;
  /** The legal next steps of the turn in progress, in the mover's numbering (25 bar, 0 off). */
  readonly steps: readonly Step[];
  /** The whole legal plays of the roll (before any step; empty when it is not this seat's turn). */
  readonly plays: ReadonlyArray<readonly Step[]>;
  readonly undo: boolean;
  readonly done: boolean;
  /** A double offered to this seat: take (the new value) or pass. */
  readonly take: number | null;
  readonly drop: boolean;
  /** A resignation offered to this seat: its points, to accept or decline. */
  readonly accept: number | null;
  /** The resign levels open to this seat now. */
  readonly resign: readonly ResignLevel[];
  /** The game is over and the match goes on: the next game. */
  readonly next: boolean;
  /** The match is over: offer a rematch, accept the other's offer, or wait for the other. */
  readonly rematch: 'offer' | 'accept' | 'waiting' | null;
}

const NONE: Omit<SeatChoices, 'side' | 'toAct'> = { roll: false, double: null, steps: [], plays: [], undo: false, done: false, take: null, drop: false, accept: null, resign: [], next: false, rematch: null };

/** The resign levels of a variant: 1 and 2 (mars / gammon), in short nardy also 3 (koks). */
export function resignLevels(variant: Variant): ResignLevel[] {
  return variant === 'long' ? [1, 2] : [1, 2, 3];
}

export function seatChoices(rec: GameRecord, userId: number, now: number = Date.now()): SeatChoices {
  const side = seatOf(rec, userId);
  const toAct = toActNow(rec);
  if (!side) return { side, toAct, ...NONE };
  const m = rec.match;
  const g = m.game;
  if (m.winner) {
    if (rec.events.some((e) => e.type === 'rematched')) return { side, toAct, ...NONE };
    const offer = bothHuman(rec) ? liveRematchOffer(rec, now) : null;
    return { side, toAct, ...NONE, rematch: offer ? (offer.by === side ? 'waiting' : 'accept') : 'offer' };
  }
  if (g.phase === 'over') return { side, toAct, ...NONE, next: true };
  const levels = resignLevels(g.variant);
  const mine = toAct === side;
  // Resigning is open on one's own turn; by link (each at a board of their own) also while the
  // other player thinks; never while a double or a resignation waits for its answer.
  const resign = (g.phase === 'roll' || g.phase === 'move') && (mine || rec.kind === 'link') ? levels : [];
  if (!mine) return { side, toAct, ...NONE, resign };
  switch (g.phase) {
    case 'roll':
      return { side, toAct, ...NONE, roll: true, double: canDouble(g, side) ? g.cube.value * 2 : null, resign };
    case 'move': {
      const view = currentTurn(g);
      return { side, toAct, ...NONE, steps: view.next, plays: g.steps.length === 0 ? view.plays.map((p) => p.moves) : [], undo: g.steps.length > 0, done: view.complete, resign };
    }
    case 'double':
      return { side, toAct, ...NONE, take: g.cube.value * 2, drop: true };
    case 'resign':
      return { side, toAct, ...NONE, accept: g.pendingResign!.level * g.cube.value };
    default:
      return { side, toAct, ...NONE };
  }
}
