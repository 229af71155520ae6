/**
 * The /rules lessons: a board with a `lastPlay` shows the position after that play (its roll
 * beside it); one with `pending` shows a turn in progress.
 * The /rules lessons: for each page a board (drawn by the renderer) and the locale keys of its
 * title and text (locales/*.ftl: lesson-<id>-title, lesson-<id>-text). The same definitions make
 * the picture set in assets/rules (scripts/rules-pictures.ts) and the pages the bot shows.
 */
import { positionFromPoints, startPosition } from '../engine/position.js';
import type { Position, Variant } from '../engine/types.js';
import type { RenderOptions } from '../render/index.js';

export interface Lesson {
  readonly id: string;
  readonly variant: Variant;
  readonly position: Position;
  readonly view: RenderOptions;
}

const pos = positionFromPoints;

const names = { white: 'White', black: 'Black' };

export const LESSONS: Readonly<Record<Variant, readonly Lesson[]>> = {
  long: [
    {
      id: 'long-setup',
      variant: 'long',
      position: startPosition('long'),
      // Both heads marked (Black's in its own numbering), and each side's way round.
      view: { names, marks: [24], otherMarks: [24], paths: ['white', 'black'] },
    },
    {
      id: 'long-opening',
      variant: 'long',
      position: startPosition('long'),
      view: { names, openingDice: { white: 5, black: 3 } },
    },
    {
      id: 'long-moving',
      variant: 'long',
      position: pos('long', 'black', { 24: 14, 13: 1 }, { 24: 15 }),
      view: { names, dice: [6, 5], diceSide: 'white', lastPlay: { side: 'white', moves: [[24, 18], [18, 13]] } },
    },
    {
      id: 'long-head',
      variant: 'long',
      position: pos('long', 'black', { 24: 14, 13: 1 }, { 24: 13, 18: 2 }),
      view: { names, viewer: 'black', dice: [6, 6], remaining: [6, 6], pending: { side: 'black', moves: [[24, 18], [24, 18]] } },
    },
    {
      id: 'long-block',
      variant: 'long',
      // Five in a row (6..2); a checker to 7 would make six with no black checker ahead: not allowed.
      position: pos('long', 'white', { 24: 5, 13: 3, 6: 2, 5: 1, 4: 2, 3: 1, 2: 1 }, { 24: 10, 23: 5 }),
      view: { names, dice: [6, 2], marks: [7] },
    },
    {
      id: 'long-bearoff',
      variant: 'long',
      // White has 7 off; Black, still on its way home, has borne off none.
      position: pos('long', 'black', { 6: 2, 4: 3, 2: 1, 1: 2 }, { 20: 3, 11: 2, 3: 6, 2: 4 }),
      view: { names, dice: [6, 3], diceSide: 'white', lastPlay: { side: 'white', moves: [[6, 0], [4, 1]] } },
    },
    {
      id: 'long-scoring',
      variant: 'long',
      position: pos('long', 'black', {}, { 14: 4, 13: 6, 20: 5 }),
      view: { names },
    },
    {
      id: 'long-cube',
      variant: 'long',
      position: pos('long', 'white', { 24: 2, 19: 3, 16: 2, 13: 2, 8: 3, 5: 3 }, { 24: 4, 21: 3, 15: 2, 9: 3, 6: 3 }),
      view: { names, cube: { value: 2, owner: 'black' }, score: { white: 2, black: 1, length: 5 } },
    },
    {
      id: 'long-presets',
      variant: 'long',
      position: startPosition('long'),
      view: { names },
    },
    {
      id: 'long-mistakes',
      variant: 'long',
      position: pos('long', 'white', { 24: 12, 19: 1, 17: 1, 13: 1 }, { 24: 13, 20: 1, 16: 1 }),
      view: { names, dice: [5, 3], marks: [24, 19, 17, 13] },
    },
  ],
  short: [
    { id: 'short-setup', variant: 'short', position: startPosition('short'), view: { names, paths: ['white', 'black'] } },
    {
      id: 'short-opening',
      variant: 'short',
      position: startPosition('short'),
      view: { names, openingDice: { white: 3, black: 1 } },
    },
    {
      id: 'short-moving',
      variant: 'short',
      position: pos('short', 'black', { 24: 2, 13: 5, 8: 2, 6: 4, 5: 2 }, { 24: 2, 13: 5, 8: 3, 6: 5 }),
      view: { names, dice: [3, 1], diceSide: 'white', lastPlay: { side: 'white', moves: [[8, 5], [6, 5]] } },
    },
    {
      id: 'short-hit',
      variant: 'short',
      // White's 6-1: 13/7* 8/7 hits the blot on 7 and makes the point.
      position: pos('short', 'black', { 24: 2, 13: 4, 8: 2, 7: 2, 6: 5 }, { bar: 1, 24: 1, 13: 5, 8: 3, 6: 5 }),
      view: { names, dice: [6, 1], diceSide: 'white', lastPlay: { side: 'white', moves: [[13, 7], [8, 7]] } },
    },
    {
      id: 'short-bar',
      variant: 'short',
      // Black rolled 5-2 with a checker on the bar: White's 5 point (Black's 20) is closed, so the 2
      // has entered on Black's 23; the 5 is left for another checker. Drawn from Black's side so
      // that the numbers on the board are the ones the text uses.
      position: pos('short', 'black', { 24: 2, 13: 3, 8: 2, 6: 3, 5: 2, 4: 2, 3: 1 }, { 23: 1, 24: 1, 13: 5, 8: 3, 6: 5 }),
      view: { names, viewer: 'black', dice: [5, 2], remaining: [5], pending: { side: 'black', moves: [[25, 23]] }, otherMarks: [5] },
    },
    {
      id: 'short-bearoff',
      variant: 'short',
      position: pos('short', 'black', { 6: 3, 5: 3, 4: 2, 2: 2 }, { 6: 4, 5: 4, 3: 3, 22: 1 }),
      view: { names, dice: [6, 4], diceSide: 'white', lastPlay: { side: 'white', moves: [[6, 0], [4, 0]] } },
    },
    {
      id: 'short-scoring',
      variant: 'short',
      // Black has borne off nothing and still has a checker on the bar and one in White's home.
      position: pos('short', 'black', {}, { 6: 5, 3: 4, bar: 1, 22: 1, 13: 4 }),
      view: { names },
    },
    {
      id: 'short-cube',
      variant: 'short',
      position: pos('short', 'white', { 6: 4, 5: 4, 4: 3, 3: 2, 13: 2 }, { 24: 2, 18: 3, 13: 6, 8: 4 }),
      view: { names, cube: { value: 2, owner: 'white' } },
    },
    {
      id: 'short-presets',
      variant: 'short',
      position: startPosition('short'),
      view: { names, cube: { value: 1, owner: null } },
    },
    {
      id: 'short-mistakes',
      variant: 'short',
      position: pos('short', 'white', { 24: 2, 13: 5, 8: 3, 6: 5 }, { 24: 2, 13: 5, 8: 2, 6: 5, 11: 1 }),
      view: { names, dice: [6, 4], marks: [24, 13, 8, 6] },
    },
  ],
};

export function lessonsOf(variant: Variant): readonly Lesson[] {
  return LESSONS[variant];
}
