/**
 * What one person may do at a game now, read from the stored record alone: the choices of their
 * seat (a board's buttons, the Mini App's controls), each of which is one press of the use case
 * `Games.press` (or `Games.rematch`). Nothing here decides a rule: the engine's turn view gives
 * the legal steps; this only says which of the actions are this seat's to take now.
 */
import { canDouble, currentTurn, type ResignLevel } from '../../engine/game.js';
import { toAct as toActNow } from '../games.js';
import type { Side, Step, Variant } from '../../engine/types.js';
import type { GameRecord, HintMode } from '../model.js';
import { turnKey } from '../clocks.js';
import { hintsOffered } from '../hints.js';
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
  /** The opening roll is this seat's to press (a board shared by both players). */
  readonly opening: boolean;
  /** The opponent ran out of time: this seat may claim (the clock's turn key goes with the claim). */
  readonly claim: { readonly idle: Side; readonly key: string } | null;
  /** A hint may be asked (against the bot, as the player's setting allows, on their move). */
  readonly hint: boolean;
  /** The match is over: a new game, the review and the export are offered. */
  readonly afterMatch: boolean;
  /** A game is over: its dice may be checked (the seed is revealed). */
  readonly checkDice: boolean;
}

/** What a seat's choices depend on beyond the record: the time, the move clock, the player's hint setting. */
export interface SeatContext {
  readonly now?: number;
  /** The game's move clock when the idle side may be claimed against (null: it may not). */
  readonly claimable?: { readonly side: Side; readonly key: string } | null;
  readonly hints?: HintMode;
}

const NONE: Omit<SeatChoices, 'side' | 'toAct'> = { roll: false, double: null, steps: [], plays: [], undo: false, done: false, take: null, drop: false, accept: null, resign: [], next: false, rematch: null, opening: false, claim: null, hint: false, afterMatch: false, checkDice: false };

/** The resign levels of a variant: 1 and 2 (mars / gammon), in short nardy also 3 (koks). */
export function resignLevels(variant: Variant): ResignLevel[] {
  return variant === 'long' ? [1, 2] : [1, 2, 3];
}

/**
 * Every choice one person has at a game now, one rule each (both front ends render these and
 * decide nothing themselves; the table checks every press again):
 *
 *   - roll, double, the steps and whole plays, undo, done: on their own turn, in its phase;
 *   - take or pass a double, accept or decline a resignation: when it is offered to them;
 *   - resign: while a roll or a move is awaited, on their own turn, and between people also while
 *     the other thinks (never while a double or a resignation waits for its answer);
 *   - the opening roll, the next game of a match: either player;
 *   - claim: the waiting player, once the idle one's move clock has run out (its turn key);
 *   - a hint: against the bot, on their move, as their setting allows;
 *   - after the match: rematch (offer, accept the other's offer, or wait), a new game, the review,
 *     the export; checking the dice once a game is over.
 */
export function seatChoices(rec: GameRecord, userId: number, context: SeatContext | number = {}): SeatChoices {
  const ctx: SeatContext = typeof context === 'number' ? { now: context } : context;
  const now = ctx.now ?? Date.now();
  const side = seatOf(rec, userId);
  const toAct = toActNow(rec);
  if (!side) return { side, toAct, ...NONE };
  const m = rec.match;
  const g = m.game;
  if (m.winner) {
    const base = { side, toAct, ...NONE, afterMatch: true, checkDice: true };
    if (rec.events.some((e) => e.type === 'rematched')) return base;
    const offer = bothHuman(rec) ? liveRematchOffer(rec, now) : null;
    return { ...base, rematch: offer ? (offer.by === side ? 'waiting' : 'accept') : 'offer' };
  }
  if (g.phase === 'over') return { side, toAct, ...NONE, next: true, checkDice: true };
  const claimable = ctx.claimable && rec.kind !== 'bot' && ctx.claimable.side !== side && ctx.claimable.key === turnKey(rec) ? { idle: ctx.claimable.side, key: ctx.claimable.key } : null;
  const common = { side, toAct, ...NONE, claim: claimable };
  if (g.phase === 'opening') return { ...common, opening: true };
  const levels = resignLevels(g.variant);
  const mine = toAct === side;
  const resign = (g.phase === 'roll' || g.phase === 'move') && (mine || rec.kind !== 'bot') ? levels : [];
  if (!mine) return { ...common, resign };
  switch (g.phase) {
    case 'roll':
      return { ...common, roll: true, double: canDouble(g, side) ? g.cube.value * 2 : null, resign };
    case 'move': {
      const view = currentTurn(g);
      return { ...common, steps: view.next, plays: g.steps.length === 0 ? view.plays.map((p) => p.moves) : [], undo: g.steps.length > 0, done: view.complete, resign, hint: hintsOffered(rec, ctx.hints ?? 'auto') };
    }
    case 'double':
      return { ...common, take: g.cube.value * 2, drop: true };
    case 'resign':
      return { ...common, accept: g.pendingResign!.level * g.cube.value };
    default:
      return common;
  }
}
