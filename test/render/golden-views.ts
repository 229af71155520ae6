/** The views behind the golden PNGs (scripts/render-goldens.ts writes them; the test compares). */
import type { RenderOptions } from '../../src/render/index.js';
import type { Position } from '../../src/engine/index.js';
import { short } from '../helpers/board.js';

export const GOLDEN_POSITION: Position = short('white', { 24: 1, 13: 4, 8: 3, 6: 6, 5: 1 }, { 24: 2, 13: 5, 8: 3, 6: 2, 4: 2, bar: 1 });

export const GOLDEN_VIEWS: Record<'wood' | 'dark' | 'review', RenderOptions> = {
  wood: {
    theme: 'wood',
    dice: [6, 4],
    remaining: [4],
    cube: { value: 2, owner: 'black' },
    names: { white: 'Алексей', black: 'Bob' },
    score: { white: 1, black: 2, length: 5 },
    lastPlay: { side: 'black', moves: [[13, 9], [9, 4]] },
    pending: { side: 'white', moves: [[24, 18]] },
    marks: [13, 8],
  },
  dark: {
    theme: 'dark',
    viewer: 'black',
    dice: [3, 3],
    remaining: [3, 3, 3],
    cube: { value: 1, owner: null },
    names: { white: 'Алексей', black: 'Bob' },
    lastPlay: { side: 'black', moves: [[25, 21]] },
  },
  // A review's mistake picture: the play made (red) and the best one (green), as 📊 Review draws it.
  review: {
    theme: 'wood',
    dice: [6, 4],
    turn: 'white',
    names: { white: 'Алексей', black: 'Bob' },
    compare: { played: { side: 'white', moves: [[24, 18], [18, 14]] }, best: { side: 'white', moves: [[13, 7], [8, 4]] } },
    labels: { pips: 'pips', off: 'off', score: 'score', to: 'to' },
  },
};
