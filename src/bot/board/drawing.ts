/**
 * Drawing one seat's board: what it shows (by link, the waiting player sees the turn as it
 * began), its caption, keyboard and picture options, and a fingerprint of all that (an edit that
 * would change nothing is skipped). Pure but for the picture itself, which `picture` renders.
 */
import type { GameEvent, GameRecord, Seat, UserSettings } from '../../app/model.js';
import { gameFacts } from '../../app/table/view.js';
import type { Position } from '../../engine/types.js';
import { renderPosition, type RenderOptions } from '../../render/index.js';
import { caption } from '../../present/caption.js';
import { gameKeyboard, type KeyboardOptions } from '../view/keyboard.js';
import { renderOptions, viewerOf } from '../../present/board.js';
import type { Translate } from '../../present/text.js';
import type { InlineKeyboard } from 'grammy';

/**
 * What a seat's board shows. By link, the waiting player's board shows the turn as it began
 * (dice rolled, no steps yet): the mover's steps in progress are not sent to the other chat
 * (each would be an edit there, and link games' boards share Telegram's global cap); the played
 * turn arrives whole.
 */
export function shownTo(rec: GameRecord, seat: Seat, turnEvents?: readonly GameEvent[]): GameRecord {
  const g = rec.match.game;
  if (!waitingSeat(rec, seat) || g.phase !== 'move' || g.steps.length === 0) return rec;
  // The caption's news as the turn began (a step's own version has none).
  return { ...rec, events: turnEvents ?? rec.events, match: { ...rec.match, game: { ...g, steps: [] } } };
}

/** The roll a board shows: the steps of one turn share it. */
export function turnOf(rec: GameRecord): string {
  return `${rec.match.gameNo}.${rec.match.game.rolls}`;
}

/** A board of one's own (by link) while the other player is to act. */
export function waitingSeat(rec: GameRecord, seat: Seat): boolean {
  if (rec.kind !== 'link' || rec.finished) return false;
  const facts = gameFacts(rec);
  const p = rec.players[facts.toAct ?? facts.onTurn];
  return !(p.kind === 'human' && p.id === seat.owner);
}

/** One seat's board, ready to send. */
export interface DrawnBoard {
  /** The record as this seat sees it (see shownTo). */
  readonly shown: GameRecord;
  readonly text: string;
  readonly markup: InlineKeyboard;
  readonly options: RenderOptions;
  readonly position: Position;
  /** Everything the message would show: equal looks need no edit. */
  readonly look: string;
}

/**
 * Draw a seat's board. `turnEvents`: the news its board showed at the start of this turn (by
 * link, the waiting player's board keeps them while the other moves).
 */
export function drawBoard(rec: GameRecord, seat: Seat, t: Translate, settings: UserSettings, keyboard: KeyboardOptions, turnEvents?: readonly GameEvent[]): DrawnBoard {
  const shown = shownTo(rec, seat, turnEvents);
  const text = caption(shown, seat, t, settings);
  const markup = gameKeyboard(shown, t, { viewer: viewerOf(rec, seat, settings), variant: rec.match.variant }, keyboard);
  const options = renderOptions(shown, seat, t, settings);
  // A waiting board's buttons (Resign…) work a version behind, so a new version alone is no
  // reason to edit it.
  const keys = waitingSeat(rec, seat) ? JSON.stringify(markup).replaceAll(`|${rec.v}|`, '|v|') : markup;
  const position = gameFacts(shown).position;
  return { shown, text, markup, options, position, look: JSON.stringify([text, keys, options, position]) };
}

/** The board's picture. */
export function picture(board: DrawnBoard): Promise<Buffer> {
  return renderPosition(board.position, board.options);
}
