/**
 * What a person asks of a game (an intent) and what came of it (an outcome): the one vocabulary of
 * the table's entry `act(gameId, userId, intent)`. A board's act is written as a short code, the
 * same from a chat button and from the Mini App (one parser, `decodeAct`):
 *   r roll, s<ff><tt> step, P<fftt...> a whole play, u undo, d done, D double, t take, p pass,
 *   R1-R3 resign, Rm resign menu, Rb back, a accept, x decline, n next game, m rematch.
 */
import type { GameAction, GameErrorCode, ResignLevel } from '../../engine/game.js';
import type { Side } from '../../engine/types.js';
import type { GameRecord, MatchDice, TurnStamp } from '../model.js';

/** What a person can press on a board: the engine's actions, with dice left to the server, plus "next game". */
export type Press =
  | { readonly type: 'roll' }
  | Extract<GameAction, { type: 'step' | 'play' | 'undo' | 'done' | 'double' | 'take' | 'drop' | 'resign' | 'accept' | 'decline' }>
  | { readonly type: 'next' };

/** A board's act: a press, or what only changes the board (the resign menu) or starts a new match. */
export type BoardAct = Press | { readonly type: 'resign-menu' } | { readonly type: 'back' } | { readonly type: 'rematch' };

/** What a person asks of a game. */
export type Intent =
  /** A press on a board of version v (turn: which turn that board showed, so a board a little behind still applies). */
  | { readonly kind: 'press'; readonly v: number; readonly press: Press; readonly turn?: TurnStamp }
  /** A resignation offered from its own message, whoever is on move (no board version). */
  | { readonly kind: 'resign'; readonly level: ResignLevel }
  /** The waiting player claims the match whose mover's clock ran out (key: the clock's turn). */
  | { readonly kind: 'claim'; readonly key: string }
  /** A rematch pressed on the finished board of version v; dice: the presser's committed chain. */
  | { readonly kind: 'rematch'; readonly v: number; readonly dice?: MatchDice }
  /** Give up the match (the /cancel of a game against the bot). */
  | { readonly kind: 'forfeit' };

/** What came of an intent. Every kind but `gone` carries the game as it is now. */
export type Outcome =
  | { readonly kind: 'applied'; readonly game: GameRecord; readonly botToAct: boolean }
  /** A rematch started: `game` is the new match. */
  | { readonly kind: 'started'; readonly game: GameRecord }
  /** A rematch between people offered by the presser (it starts when the other presses too). */
  | { readonly kind: 'offered'; readonly game: GameRecord }
  | { readonly kind: 'offered-already'; readonly game: GameRecord }
  /** The board pressed is out of date (or the claim no longer stands). */
  | { readonly kind: 'stale'; readonly game: GameRecord }
  | { readonly kind: 'gone' }
  | { readonly kind: 'not-player'; readonly game: GameRecord }
  | { readonly kind: 'not-your-turn'; readonly game: GameRecord; readonly waitingFor: Side | null }
  | { readonly kind: 'refused'; readonly game: GameRecord; readonly code: GameErrorCode };

export type OutcomeKind = Outcome['kind'];

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** A board's act as its short code. */
export function encodeAct(act: BoardAct): string {
  switch (act.type) {
    case 'roll': return 'r';
    case 'step': return `s${pad(act.step[0])}${pad(act.step[1])}`;
    case 'play': return `P${act.moves.map(([f, t]) => pad(f) + pad(t)).join('')}`;
    case 'undo': return 'u';
    case 'done': return 'd';
    case 'double': return 'D';
    case 'take': return 't';
    case 'drop': return 'p';
    case 'resign': return `R${act.level}`;
    case 'resign-menu': return 'Rm';
    case 'back': return 'Rb';
    case 'accept': return 'a';
    case 'decline': return 'x';
    case 'next': return 'n';
    case 'rematch': return 'm';
  }
}

const SIMPLE_ACTS: ReadonlyMap<string, BoardAct> = new Map<string, BoardAct>([
  ['r', { type: 'roll' }], ['u', { type: 'undo' }], ['d', { type: 'done' }], ['D', { type: 'double' }], ['t', { type: 'take' }], ['p', { type: 'drop' }],
  ['R1', { type: 'resign', level: 1 }], ['R2', { type: 'resign', level: 2 }], ['R3', { type: 'resign', level: 3 }],
  ['Rm', { type: 'resign-menu' }], ['Rb', { type: 'back' }], ['a', { type: 'accept' }], ['x', { type: 'decline' }], ['n', { type: 'next' }], ['m', { type: 'rematch' }],
]);

/** A point of a move: from 1..25 (25: the bar), to 0..24 (0: off), always downwards. */
function move(from: number, to: number): [number, number] | null {
  return from >= 1 && from <= 25 && to >= 0 && to <= 24 && to < from ? [from, to] : null;
}

/** A board's act from its short code, strictly (anything else: null). */
export function decodeAct(s: unknown): BoardAct | null {
  if (typeof s !== 'string' || s.length > 20) return null;
  const simple = SIMPLE_ACTS.get(s);
  if (simple) return simple;
  const play = /^P((?:\d{4}){1,4})$/.exec(s);
  if (play) {
    const moves: Array<[number, number]> = [];
    for (let i = 0; i < play[1]!.length; i += 4) {
      const m = move(Number(play[1]!.slice(i, i + 2)), Number(play[1]!.slice(i + 2, i + 4)));
      if (!m) return null;
      moves.push(m);
    }
    return { type: 'play', moves };
  }
  const m = /^s(\d\d)(\d\d)$/.exec(s);
  const step = m ? move(Number(m[1]), Number(m[2])) : null;
  return step ? { type: 'step', step } : null;
}
