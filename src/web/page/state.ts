/**
 * What the Mini App's API answers, shared by the server (src/web/webapp) and the page (this
 * folder): types only, no code, so the page's bundle and the bot's build both read them (the
 * palette's type is the renderer's theme, read as a type).
 */

import type { Theme } from '../../render/theme.js';

export type Side = 'white' | 'black';

/** A tap zone of the board, in the viewer's numbering: `p1`…`p24`, `bar`, `off`. */
export type ZoneId = string;

/** One point's stack (null: empty). */
export interface Stack {
  readonly n: number;
  readonly side: Side;
}

/** The board as the page draws it, from the viewer's side (its home is points 1–6). */
export interface BoardData {
  readonly variant: 'long' | 'short';
  /** Whose home is points 1–6 of the drawing. */
  readonly viewer: Side;
  /** Index v − 1 holds the viewer's point v. */
  readonly points: ReadonlyArray<Stack | null>;
  readonly bar: Readonly<Record<Side, number>>;
  readonly off: Readonly<Record<Side, number>>;
  /** Whose turn the board marks (null: nobody, the game is over). */
  readonly turn: Side | null;
  /** The roll on the board, whose it is, and the dice not used yet. */
  readonly dice: { readonly side: Side; readonly values: readonly [number, number]; readonly remaining: readonly number[] } | null;
  /** The doubling cube (null: the game has none); `offered`: a double waits for its answer. */
  readonly cube: { readonly value: number; readonly owner: Side | null; readonly offered: boolean } | null;
  /** The last play and the steps taken so far this turn, as zone pairs. */
  readonly last: { readonly side: Side; readonly moves: ReadonlyArray<readonly [ZoneId, ZoneId]> } | null;
  readonly pending: { readonly side: Side; readonly moves: ReadonlyArray<readonly [ZoneId, ZoneId]> } | null;
  /** The result across the board at the end. */
  readonly result: string | null;
}

/** One player as the page's head shows them, in words. */
export interface PlayerLine {
  readonly side: Side;
  readonly name: string;
  /** "167 pips", "3 off" in the reader's language. */
  readonly pips: string;
  readonly off: string;
  /** Match points won (matches only). */
  readonly score: number | null;
  readonly toAct: boolean;
}

/** The board's colours (the player's theme in /settings): the chat picture's own. */
export type Palette = Pick<Theme, 'name' | 'frame' | 'field' | 'pointA' | 'pointB' | 'bar' | 'tray' | 'numbers' | 'white' | 'black' | 'die' | 'cube' | 'lastPlay' | 'pending' | 'toMove' | 'banner' | 'bannerText'>;

export interface StepChoice {
  /** The step in the mover's numbering (what the server takes back). */
  readonly step: readonly [number, number];
  readonly from: ZoneId;
  readonly to: ZoneId;
}

export interface Choices {
  readonly roll: boolean;
  readonly double: boolean;
  readonly undo: boolean;
  readonly done: boolean;
  readonly take: boolean;
  readonly drop: boolean;
  readonly accept: boolean;
  readonly decline: boolean;
  readonly resign: readonly number[];
  readonly next: boolean;
  readonly rematch: 'offer' | 'accept' | 'waiting' | null;
  readonly claim: boolean;
  readonly hint: boolean;
  readonly review: boolean;
  readonly checkDice: boolean;
}

/** One game as a person's seat sees it (GET api/state). */
export interface GameState {
  readonly id: string;
  readonly v: number;
  readonly kind: string;
  readonly variant: 'long' | 'short';
  readonly finished: boolean;
  readonly rematched: boolean;
  readonly lang: string;
  readonly theme: string;
  readonly side: Side | null;
  readonly watching: boolean;
  readonly viewer: Side;
  readonly toAct: Side | null;
  /** The opponent first, then the reader (for a watcher: the board's top side first). */
  readonly players: readonly [PlayerLine, PlayerLine];
  /** "Match to 5 · game 2", "Short nardy". */
  readonly title: string;
  /** The cube or the Crawford game, in words (null: nothing to say). */
  readonly cubeLine: string | null;
  /** Whose turn and what they may do, in one line. */
  readonly status: string;
  /** What happened since the reader last acted (plays, rolls, offers), oldest first. */
  readonly news: readonly string[];
  /** How the other side's plays are numbered (said once per game by the page). */
  readonly numbering: string | null;
  readonly board: BoardData;
  readonly palette: Palette;
  readonly steps: readonly StepChoice[];
  readonly choices: Choices;
  readonly labels: Readonly<Record<string, string>>;
  readonly words: Readonly<Record<string, string>>;
  /** After the match: where the review and the export are (the bot's private chat). */
  readonly after: { readonly review: string | null; readonly export: string | null } | null;
}

/** A puzzle as the page shows it (GET api/puzzle; POST api/puzzle with act next). */
export interface PuzzleView {
  readonly id: string;
  readonly lang: string;
  readonly title: string;
  readonly board: BoardData;
  readonly palette: Palette;
  /** The answers, in this player's order (answer n is the n-th). */
  readonly answers: readonly string[];
  readonly words: Readonly<Record<string, string>>;
}

/** An answer told (POST api/puzzle with act answer). */
export interface PuzzleAnswer {
  readonly result: 'solved' | 'missed' | 'stale';
  readonly message: string;
  /** Right or not, every play with what it loses, why, the rating and streak. */
  readonly lines: readonly string[];
  /** The board with the best play (the last-play colour) and the one chosen (the pending colour). */
  readonly board: BoardData | null;
}

/** GET api/games. */
export interface GamesList {
  readonly lang: string;
  readonly words: Readonly<Record<string, string>>;
  readonly games: ReadonlyArray<{ readonly id: string; readonly variant: string; readonly title: string; readonly updatedAt: number }>;
  /** Levels a new game against the bot may take. */
  readonly levels: ReadonlyArray<{ readonly id: string; readonly label: string }>;
}
